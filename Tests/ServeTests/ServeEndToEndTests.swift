import Foundation
import Testing
import IndexSiteTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `indexsite serve SITE --port 0` as a user would and talks to it over 127.0.0.1 with a raw socket
/// (so paths like `/../` are sent exactly as written): pages, types, refusals, live reload, the error page, Ctrl-C.
@Suite(.offThePool) struct ServeEndToEndTests {
    static let repository = TestSupport.repository
    static var binary: URL { TestSupport.binary }

    static let books = "title,author\nDune,Frank Herbert\nEmma,Jane Austen\n"

    @Test func servesRebuildsReloadsShowsErrorsAndStopsCleanly() async throws {
        let root = TestSupport.processFolder.appendingPathComponent("indexsite-serve-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site"), temporary = root.appendingPathComponent("tmp")
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let booksFile = content.appendingPathComponent("books.csv")
        try Self.books.write(to: booksFile, atomically: true, encoding: .utf8)
        // What a preview killed with SIGKILL left (its process, 4194304, is past Linux's largest id): removed at start.
        let stale = temporary.appendingPathComponent("indexsite-serve-pid4194304-stale/site")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)

        let server = try ServeProcess(site: site, temporary: temporary, logs: root)
        defer { server.kill() }
        let port = try await server.waitForAddress()
        let process = server.process
        #expect(server.output().contains("Serving \(site.path) at http://127.0.0.1:\(port)/ (Ctrl-C to stop)"))

        // A page: HTML as UTF-8, with the reload script; the built file has none.
        let page = try HTTPProbe.get("/books/", port: port)
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.body.contains("Dune"))
        #expect(page.body.contains("<script data-indexsite-live-reload>"))
        #expect(page.body.contains(LiveReloadScriptPath.events))
        let built = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(built.count == 1 && built[0].hasPrefix("indexsite-serve-pid"), "\(built)")
        let builtPage = try String(contentsOf: temporary.appendingPathComponent(built[0]).appendingPathComponent("site/books/index.html"), encoding: .utf8)
        #expect(!builtPage.contains("data-indexsite-live-reload"))
        #expect(try HTTPProbe.get("/", port: port).status == 200)
        #expect(try HTTPProbe.get("/books", port: port).status == 302)
        let css = try HTTPProbe.get("/assets/indexsite.css", port: port)
        #expect(css.status == 200)
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(!css.body.contains("data-indexsite-live-reload"))
        #expect(try HTTPProbe.get("/books/entries.json", port: port).headers["content-type"] == "application/json; charset=utf-8")

        // Another host name for this address (DNS rebinding) is refused; localhost is fine.
        #expect(try HTTPProbe.get("/books/", port: port, host: "evil.example:\(port)").status == 400)
        #expect(try HTTPProbe.get("/books/", port: port, host: "localhost:\(port)").status == 200)

        // Paths out of the output folder.
        for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/books/..%2f..%2f..%2fetc/passwd", "/..%5c..%5cetc%5cpasswd", "/.indexsite-output"] {
            let response = try HTTPProbe.get(path, port: port)
            #expect(response.status == 404, "\(path)")
            #expect(!response.body.contains("root:"), "\(path)")
        }

        // Live reload: save a content file and time until the waiting page is told, then until it gets the new page.
        let clock = ContinuousClock()
        let first = try #require(Self.version(in: page.body))
        let saved = clock.now
        async let event = HTTPProbe.waitForNextVersion(after: first, port: port)
        try (Self.books + "Zebra Crossing,Anon\n").write(to: booksFile, atomically: true, encoding: .utf8)
        let second = try #require(try await event)
        let told = clock.now
        let reloaded = try HTTPProbe.get("/books/", port: port)
        let shown = clock.now
        #expect(reloaded.body.contains("Zebra Crossing"))
        #expect(Self.version(in: reloaded.body) == second)
        print("indexsite serve: saved → reload signal \(Self.milliseconds(told - saved)) ms, → new page served \(Self.milliseconds(shown - saved)) ms")
        // How soon is measured by Benchmarks/serve-idle.sh, not bounded here: on a loaded machine running the suite in
        // parallel it took 1.1 s once; the wait for the reload is bounded by the long poll's own timeout.

        // A content error: the page becomes the error page, with file:line:column and code, and comes back when fixed.
        async let failing = HTTPProbe.waitForNextVersion(after: second, port: port)
        try "title,author\nDune,Frank Herbert\n\"Open <b>,Nobody\n".write(to: booksFile, atomically: true, encoding: .utf8)
        let third = try #require(try await failing)
        let errorPage = try HTTPProbe.get("/books/", port: port)
        #expect(errorPage.status == 500)
        #expect(errorPage.headers["content-type"] == "text/html; charset=utf-8")
        #expect(errorPage.body.contains("Content/books.csv:3:1"))
        #expect(errorPage.body.contains("[csv-unterminated-quote]"))
        #expect(errorPage.body.contains("data-indexsite-live-reload"))
        #expect(!errorPage.body.contains("Zebra Crossing"))
        // The terminal counts what the failed build found, as `build` does.
        #expect(server.output().contains("Build failed: 1 error ("), "\(server.output())")
        async let fixed = HTTPProbe.waitForNextVersion(after: third, port: port)
        try Self.books.write(to: booksFile, atomically: true, encoding: .utf8)
        _ = try #require(try await fixed)
        let back = try HTTPProbe.get("/books/", port: port)
        #expect(back.status == 200)
        #expect(back.body.contains("Emma"))

        // Ctrl-C: a clean exit and no temporary folder left behind.
        kill(process.processIdentifier, SIGINT)
        for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        #expect(!Self.isListening(port: port))
    }

    /// `--bind 0.0.0.0` answers requests whatever name they come by (a container's, a phone's), and says it is open;
    /// the default 127.0.0.1 refuses a name that is not this machine's loopback (DNS rebinding).
    @Test func bindFollowsTheAddressAndTheHostCheckFollowsTheBind() async throws {
        let root = TestSupport.processFolder.appendingPathComponent("indexsite-serve-bind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site"), temporary = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try Self.books.write(to: site.appendingPathComponent("Content/books.csv"), atomically: true, encoding: .utf8)

        let everywhere = try ServeProcess(site: site, temporary: temporary, logs: root, arguments: ["--bind", "0.0.0.0"])
        defer { everywhere.kill() }
        let port = try await everywhere.waitForAddress()
        #expect(try HTTPProbe.get("/books/index.html", port: port, host: "192.0.2.10:\(port)").status == 200)
        #expect(try HTTPProbe.get("/books/index.html", port: port, host: "preview.example:\(port)").status == 200)
        #expect(everywhere.errors().contains("warning: the preview listens on 0.0.0.0"))
        everywhere.kill()

        let logs = root.appendingPathComponent("loopback")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let loopback = try ServeProcess(site: site, temporary: temporary, logs: logs)
        defer { loopback.kill() }
        let loopbackPort = try await loopback.waitForAddress()
        #expect(try HTTPProbe.get("/books/index.html", port: loopbackPort, host: "preview.example:\(loopbackPort)").status == 400)
        #expect(try HTTPProbe.get("/books/index.html", port: loopbackPort).status == 200)
        #expect(!loopback.errors().contains("warning"))
        #expect(try CLIRun.run([Self.binary.path, "serve", site.path, "--bind", "example.org"]).status == 64)
    }

    @Test func sigtermStopsCleanly() async throws {
        let root = TestSupport.processFolder.appendingPathComponent("indexsite-serve-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let temporary = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let server = try ServeProcess(site: Self.repository.appendingPathComponent("Tests/CLITests/Sites/good"), temporary: temporary, logs: root)
        defer { server.kill() }
        let port = try await server.waitForAddress()
        #expect(try HTTPProbe.get("/fruit/", port: port).status == 200)
        Foundation.kill(server.process.processIdentifier, SIGTERM)
        for _ in 0..<100 where server.process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!server.process.isRunning)
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test func aPortInUseOrOutOfRangeIsAnError() async throws {
        let holder = try HTTPProbe.listeningSocket()
        defer { close(holder.descriptor) }
        let taken = try CLIRun.run([Self.binary.path, "serve", Self.repository.appendingPathComponent("Tests/CLITests/Sites/good").path, "--port", "\(holder.port)"])
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("cannot listen on 127.0.0.1:\(holder.port)"))
        #expect(taken.stderr.contains("--port 0"))
        #expect(try CLIRun.run([Self.binary.path, "serve", "--port", "70000"]).status == 64)
    }

    static func version(in html: String) -> String? {
        html.firstMatch(of: /var version = "([^"]+)";/).map { String($0.1) }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    static func isListening(port: UInt16) -> Bool {
        (try? HTTPProbe.get("/", port: port, timeout: 1)) != nil
    }
}

/// `indexsite serve SITE --port 0` running in the background, its temporary folder under `temporary` (through TMPDIR)
/// and its output in files under `logs`.
struct ServeProcess {
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    init(site: URL, temporary: URL, logs: URL, arguments: [String] = []) throws {
        process.executableURL = ServeEndToEndTests.binary
        process.arguments = ["serve", site.path, "--port", "0"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        stdoutPath = logs.appendingPathComponent("stdout.txt").path
        stderrPath = logs.appendingPathComponent("stderr.txt").path
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
    }

    func output() -> String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    func errors() -> String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// The port of the address it prints once the first build is done; waits at most 60 seconds.
    func waitForAddress() async throws -> UInt16 {
        for _ in 0..<1200 where process.isRunning {
            if let match = output().firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//), let port = UInt16(match.1) { return port }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HTTPProbe.Failure(description: "no address printed; stdout: \(output()) stderr: \(errors())")
    }

    /// Ends it if a test failed before stopping it.
    func kill() {
        if process.isRunning { process.terminate() }
    }
}

/// The endpoint the reload script waits on (kept here as text: the test checks what a browser would see).
enum LiveReloadScriptPath {
    static let events = "/__indexsite/events"
}

/// Runs a command to its end, with its output.
enum CLIRun {
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

/// A minimal HTTP/1.1 client over a blocking loopback socket, with timeouts: one request per connection.
enum HTTPProbe {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func get(_ path: String, port: UInt16, host: String? = nil, timeout: Int = 30) throws -> Response {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(descriptor) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port): errno \(errno)") }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n".utf8)
        guard send(descriptor, request, request.count, 0) == request.count else { throw Failure(description: "send failed") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 { throw Failure(description: "recv: errno \(errno) (timed out?)") }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if let response = parse(bytes) { return response }
        }
        guard let response = parse(bytes) else { throw Failure(description: "incomplete response to \(path)") }
        return response
    }

    /// Waits on the reload endpoint as the page's script does; returns the new version, or nil when none came. The
    /// long poll blocks its thread for up to 30 s: a thread of its own, not one of the cooperative pool's.
    static func waitForNextVersion(after tag: String, port: UInt16) async throws -> String? {
        try await TestSupport.offThePool {
            let response = try get("/__indexsite/events?version=\(tag)", port: port)
            guard response.status == 200, let match = response.body.firstMatch(of: /"version":"([^"]+)"/) else { return nil }
            let version = String(match.1)
            return version == tag ? nil : version
        }
    }

    /// A complete response (headers and a body as long as Content-Length says), or nil when more is to come.
    static func parse(_ bytes: [UInt8]) -> Response? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2, let status = Int(statusLine.split(separator: " ")[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let headerBytes = text[..<split.upperBound].utf8.count
        let length = headers["content-length"].flatMap(Int.init) ?? (bytes.count - headerBytes)
        guard bytes.count - headerBytes >= length else { return nil }
        return Response(status: status, headers: headers, body: String(decoding: bytes[headerBytes..<headerBytes + length], as: UTF8.self))
    }

    /// A socket listening on a free loopback port, to make that port busy.
    static func listeningSocket() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && listen(descriptor, 1) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "cannot take a port") }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

import Foundation
@testable import IndexSiteServer
import Testing
import IndexSiteTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Slow and idle clients against the preview server, in-process with short limits (issue 17, item 11: connections
/// were never capped and slow clients never timed out, so idle sockets could hold every file descriptor).
@Suite struct ServeConnectionLimitTests {
    /// A running preview of `RouterTests`' output folder with the given limits; `stop` ends it.
    struct Preview {
        let server: PreviewServer
        let port: UInt16
        let root: URL

        init(maxConnections: Int = 256, clientTimeout: Duration) async throws {
            let (root, output) = try RouterTests.makeOutput()
            self.root = root
            server = try PreviewServer(router: PreviewRouter(outputFolder: output), channel: ReloadChannel(state: RouterTests.ok), port: 0,
                                       maxConnections: maxConnections, clientTimeout: clientTimeout)
            port = try await server.start()
        }

        func stop() async {
            await server.stop()
            try? FileManager.default.removeItem(at: root)
        }
    }

    /// Runs `body` against a preview with these limits, and stops it afterwards whatever happened.
    static func withPreview(maxConnections: Int = 256, clientTimeout: Duration, _ body: (Preview) async throws -> Void) async throws {
        let preview = try await Preview(maxConnections: maxConnections, clientTimeout: clientTimeout)
        do {
            try await body(preview)
        } catch {
            await preview.stop()
            throw error
        }
        await preview.stop()
    }

    /// A connected loopback socket whose reads give up after `seconds`.
    static func connect(port: UInt16, seconds: Int = 20) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = HTTPProbe.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HTTPProbe.Failure(description: "connect: errno \(errno)") }
        return descriptor
    }

    /// What the server sends before it closes the connection: "" when it closed without a word; nil when it kept
    /// the connection open for the socket's whole read timeout.
    static func readUntilClosed(_ descriptor: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            if count < 0 { return errno == ECONNRESET ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += buffer[0..<count]
        }
    }

    static func send(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        return Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }

    /// A client that connects and sends nothing is closed once the timeout has passed, without a response.
    @Test func aClientThatSendsNothingIsClosed() async throws {
        try await Self.withPreview(clientTimeout: .milliseconds(500)) { preview in
            let idle = try Self.connect(port: preview.port)
            defer { close(idle) }
            #expect((try await TestSupport.offThePool { Self.readUntilClosed(idle) }) == "")
            #expect(try await TestSupport.offThePool { try HTTPProbe.get("/books/", port: preview.port, timeout: 10).status } == 200)
        }
    }

    /// A client that keeps sending header lines, a little at a time, is closed too: the time limit is on the whole
    /// head, not on each read.
    @Test func aClientThatDribblesItsHeadIsClosed() async throws {
        try await Self.withPreview(clientTimeout: .milliseconds(500)) { preview in
            let slow = try Self.connect(port: preview.port, seconds: 1)
            defer { close(slow) }
            #expect(Self.send("GET /books/ HTTP/1.1\r\nHost: 127.0.0.1\r\n", to: slow))
            var closed = false
            // Ten lines over about two seconds, four times the limit; the server must end the connection on the way.
            for line in 0..<10 where !closed {
                try await Task.sleep(for: .milliseconds(200))
                closed = !Self.send("X-Line-\(line): still coming\r\n", to: slow)
            }
            if !closed { closed = (try await TestSupport.offThePool { Self.readUntilClosed(slow) }) != nil }
            #expect(closed)
        }
    }

    /// Past the cap, a connection waits in the queue; once a slot frees it is served, and the server goes on
    /// answering. The idle connections here are closed by the client, so nothing depends on the timeout.
    @Test func connectionsPastTheCapWaitAndAreServedWhenOneCloses() async throws {
        try await Self.withPreview(maxConnections: 2, clientTimeout: .seconds(60)) { preview in
            let first = try Self.connect(port: preview.port), second = try Self.connect(port: preview.port)
            defer { close(second) }
            let waiting = try Self.connect(port: preview.port, seconds: 1)
            defer { close(waiting) }
            #expect(Self.send("GET /books/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", to: waiting))
            // Both slots are taken by idle clients: the request is not answered (the read gives up after a second)...
            #expect(try await TestSupport.offThePool {
                var buffer = [UInt8](repeating: 0, count: 64)
                return recv(waiting, &buffer, buffer.count, 0)
            } < 0)
            // ...until one of them goes.
            close(first)
            var time = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(waiting, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            let answer = try #require((try await TestSupport.offThePool { Self.readUntilClosed(waiting) }))
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(answer.contains("Books"))
            // One slot is free again (the waiting client's connection closed after its answer): the server goes on.
            #expect(try await TestSupport.offThePool { try HTTPProbe.get("/", port: preview.port, timeout: 10).status } == 200)
        }
    }

    /// Keep-alive: requests one after the other on one connection, and two sent at once (pipelined), are answered
    /// in order; a HEAD has the GET's length and no body.
    @Test func keepAliveAndPipelinedRequestsAreAnsweredInOrder() async throws {
        try await Self.withPreview(clientTimeout: .seconds(5)) { preview in
            let client = try Self.connect(port: preview.port)
            defer { close(client) }
            #expect(Self.send("GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\nHEAD /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "GET /books/entries.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", to: client))
            let answers = try #require((try await TestSupport.offThePool { Self.readUntilClosed(client) })).components(separatedBy: "HTTP/1.1 ").dropFirst()
            #expect(answers.count == 3)
            #expect(answers.first?.hasSuffix("Content-Length: 2\r\n\r\nok") == true)
            #expect(answers.dropFirst().first?.hasSuffix("Content-Length: 2\r\n\r\n") == true)
            #expect(answers.last?.contains("Connection: close\r\n\r\n[]") == true)
        }
    }

    /// Heads that are not HTTP/1.x, too long, or ambiguous about the host are answered 400 or 431 and closed.
    @Test func badHeadsAreRefused() async throws {
        try await Self.withPreview(clientTimeout: .seconds(5)) { preview in
            let start = "GET /books/ HTTP/1.1\r\nHost: localhost\r\nX: "
            let tooLong = start + String(repeating: "a", count: PreviewHTTPServer.Limits.maxHeadBytes - start.utf8.count)
            let heads = [
                "GARBAGE\r\n\r\n": "400",
                "GET /books/ HTTP/2.0\r\nHost: localhost\r\n\r\n": "400",
                "GET /books/ HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n": "400",
                "GET /books/ HTTP/1.1\r\nHost: localhost\r\n folded: line\r\n\r\n": "400",
                // Exactly as long as a head may be, with no end in it: all of it is read, so the answer is not lost to a reset.
                tooLong: "431",
            ]
            for (head, status) in heads {
                let client = try Self.connect(port: preview.port)
                defer { close(client) }
                _ = Self.send(head, to: client)
                #expect((try await TestSupport.offThePool { Self.readUntilClosed(client) })?.hasPrefix("HTTP/1.1 \(status) ") == true, "\(head.prefix(60))")
            }
        }
    }

    @Test func requestHeadsParse() {
        let head = Array("\r\nGET http://localhost:8000/a%20b/?version=k3.4&x=%C3%A9+f#frag HTTP/1.1\r\nHost: localhost:8000\r\nX-Empty:\r\n\r\n".utf8)
        let end = PreviewRequest.headEnd(in: head)
        #expect(end == head.count)
        let request = PreviewRequest.parse(head[...])
        #expect(request?.method == "GET")
        #expect(request?.path == "/a%20b/")
        #expect(request?.query.map(\.name) == ["version", "x"])
        #expect(request?.query.map(\.value) == ["k3.4", "é f"])
        #expect(request?.header("host") == "localhost:8000")
        #expect(request?.header("x-empty") == "")
        #expect(request?.keepsAlive == true)
        #expect(PreviewRequest.headEnd(in: Array("GET / HTTP/1.0\n\nrest".utf8)) == 16)
        #expect(PreviewRequest.headEnd(in: Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == nil)
        #expect(PreviewRequest.parse(Array("GET / HTTP/1.0\r\nHost: x\r\n\r\n".utf8)[...])?.keepsAlive == false)
        #expect(PreviewRequest.parse(Array("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\n".utf8)[...])?.keepsAlive == false)
        for bad in ["GET  / HTTP/1.1", "GET / HTTP/1.1 extra", "G(T / HTTP/1.1", "GET relative HTTP/1.1", "GET /a\u{7F} HTTP/1.1",
                    "GET / HTTP/1.1\r\nBad Name: x", "GET / HTTP/1.1\r\n: empty", "GET / HTTP/1.1\r\nX: a\u{1}b"] {
            #expect(PreviewRequest.parse(Array((bad + "\r\n\r\n").utf8)[...]) == nil, "\(bad)")
        }
        #expect(PreviewRequest.parse([0xFF, 0x0D, 0x0A, 0x0D, 0x0A][...]) == nil)
    }
}

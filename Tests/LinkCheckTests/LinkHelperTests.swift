import Foundation
import IndexSite
@testable import IndexSiteLinkCheck
import IndexSiteTestSupport
import Testing

/// `indexsite-links`, the program `check --links` runs to ask the servers: the messages over its pipes, a request it
/// cannot read, and `indexsite` without it.
@Suite(.offThePool) struct LinkHelperTests {
    /// The helper SwiftPM built beside the `indexsite` the tests run.
    static var helperURL: URL { TestSupport.binary.deletingLastPathComponent().appendingPathComponent(LinkProbe.helperName) }

    /// Runs the helper with `input` on its standard input.
    static func runHelper(_ input: Data) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = helperURL
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test func aRequestWrittenByHandIsAnsweredALinePerURL() async throws {
        let server = LinkServer { method, path, _ in
            switch path {
            case "/ok": return .status(200)
            case "/moved": return .status(301, headers: [("Location", "/ok")])
            case "/teapot": return .status(418)
            default: return .status(404)
            }
        }
        try await server.start()
        defer { Task { await server.stop() } }
        // The wire format as the two programs write it: the request's keys, and the settings' own.
        let request = """
        {"version": 1, "urls": ["\(server.url("/ok"))", "\(server.url("/moved"))", "\(server.url("/gone"))", "\(server.url("/teapot"))"],
         "anchorsWanted": [], "userAgent": "IndexSite/test (helper test)", "trustedCertificatesPEM": [],
         "settings": {"timeout": 2, "retries": 0, "retryDelay": 0, "maximumRetryAfter": 1, "concurrency": 2, "perHost": 2,
                      "accept": [], "hosts": {"127.0.0.1": {"perHost": 1, "accept": [418]}}}}
        """
        let run = try Self.runHelper(Data(request.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        let replies = try lines.map { try JSONDecoder().decode(LinkProbeReply.self, from: Data($0.utf8)) }
        let outcomes = Dictionary(uniqueKeysWithValues: replies.map { ($0.url, $0.outcome) })
        #expect(outcomes[server.url("/ok")]?.working == true && outcomes[server.url("/ok")]?.status == 200)
        #expect(outcomes[server.url("/moved")]?.movedTo == server.url("/ok"))
        #expect(outcomes[server.url("/gone")]?.working == false && outcomes[server.url("/gone")]?.problem == "404 Not Found")
        // The host's rule came through: 418 accepted there, one request at a time, with the user agent sent.
        #expect(outcomes[server.url("/teapot")]?.working == true)
        #expect(server.maximumOpen == 1)
        #expect(server.userAgents == ["IndexSite/test (helper test)"])
    }

    @Test func theRunnerGetsEveryOutcomeAndCountsThem() async throws {
        let server = LinkServer { _, path, _ in path.hasPrefix("/dead") ? .status(410) : .status(200) }
        try await server.start()
        defer { Task { await server.stop() } }
        let urls = (0..<20).map { server.url($0 % 5 == 0 ? "/dead/\($0)" : "/page/\($0)") }
        let request = LinkProbeRequest(urls: urls, settings: LinkProbeSettings(LinkCheckerTests.quickSettings), userAgent: SiteLinkCheck.userAgent)
        let counts = Counts()
        let outcomes = try await LinkHelper(executable: Self.helperURL).probe(request) { counts.add($0) }.get()
        #expect(outcomes.count == 20 && outcomes.values.count { !$0.working } == 4)
        #expect(outcomes[server.url("/dead/5")]?.status == 410)
        #expect(counts.values == Array(1...20))
    }

    @Test func aRequestOfAnotherVersionOrNoneIsRefused() throws {
        let settings = LinkProbeSettings(LinkSettings())
        let future = try JSONEncoder().encode(LinkProbeRequest(urls: [], settings: settings, userAgent: "x", version: LinkProbe.version + 1))
        let mismatch = try Self.runHelper(future)
        #expect(mismatch.status == 2 && mismatch.stdout.isEmpty)
        #expect(mismatch.stderr.contains("indexsite-links speaks link-check version \(LinkProbe.version), and indexsite sent version \(LinkProbe.version + 1)"))
        let garbage = try Self.runHelper(Data("{\"urls\": 3}".utf8))
        #expect(garbage.status == 2 && garbage.stderr.contains("is not a link-check request"))
        // A helper that stops early is named with how far it got, not taken for an answer.
        let runner = LinkHelper(executable: URL(fileURLWithPath: "/bin/false"))
        let failed = runner.probeWaiting(LinkProbeRequest(urls: ["http://127.0.0.1:9/"], settings: settings, userAgent: "x"), answered: nil)
        #expect(failed == .failure(.failed(executable: "/bin/false", status: 1, answered: 0, asked: 1)))
    }

    @Test func theHelperIsFoundBesideThePATHOrNamed() throws {
        let folder = try TestSupport.temporaryFolder("helper")
        let bin = folder.appendingPathComponent("bin"), other = folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let program = bin.appendingPathComponent("indexsite")
        // Nowhere: the message names each place, in order, and how to get it.
        let missing = LinkHelper.locate(environment: ["PATH": other.path + ":/nonexistent"], runningProgram: [program])
        guard case .failure(let failure) = missing else { Issue.record("found a helper in empty folders"); return }
        #expect(failure == .missing(looked: [bin.appendingPathComponent("indexsite-links").path, other.appendingPathComponent("indexsite-links").path,
                                             "/nonexistent/indexsite-links"], variable: nil))
        #expect(failure.message.contains("it is in the release tarball beside indexsite (bin/indexsite-links), and `make install` installs both"))
        // On the PATH; then beside the program, which comes first.
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/bin/true"), to: other.appendingPathComponent("indexsite-links"))
        let onPath = try LinkHelper.locate(environment: ["PATH": other.path], runningProgram: [program]).get()
        #expect(onPath.executable.path == other.appendingPathComponent("indexsite-links").path)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/bin/true"), to: bin.appendingPathComponent("indexsite-links"))
        #expect(try LinkHelper.locate(environment: ["PATH": other.path], runningProgram: [program]).get().executable.path
                == bin.appendingPathComponent("indexsite-links").path)
        // The variable wins, and a wrong one is said to be wrong rather than passed over.
        let named = LinkHelper.locate(environment: ["INDEXSITE_LINKS_HELPER": folder.appendingPathComponent("nope").path, "PATH": other.path],
                                      runningProgram: [program])
        #expect(named == .failure(.missing(looked: [folder.appendingPathComponent("nope").path], variable: folder.appendingPathComponent("nope").path)))
    }

    @Test func checkWithoutTheHelperSaysWhereItLookedAndFails() async throws {
        let server = LinkServer { _, _, _ in .status(200) }
        try await server.start()
        defer { Task { await server.stop() } }
        let folder = try TestSupport.site("no-helper", texts: ["Content/a.md": "# A\n\n- [x](\(server.url("/x"))) - X.\n"])
        var environment = ProcessInfo.processInfo.environment
        environment["INDEXSITE_LINKS_HELPER"] = folder.appendingPathComponent("indexsite-links").path
        let run = try await TestSupport.run(["check", "--links", "."], in: folder, environment: environment)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: INDEXSITE_LINKS_HELPER names '\(folder.path)/indexsite-links', which is not an executable file"), "\(run.stderr)")
        #expect(server.count("/x") == 0)
        let github = try await TestSupport.run(["build", "--links", "--diagnostics", "github", "."], in: folder, environment: environment)
        #expect(github.status == 1 && github.stderr.contains("::error title=indexsite-links::INDEXSITE_LINKS_HELPER names"))
        // With nothing to ask (no external links), no helper is needed.
        try "# A\n\n- [x](../a/) - X.\n".write(to: folder.appendingPathComponent("Content/a.md"), atomically: true, encoding: .utf8)
        #expect(try await TestSupport.run(["check", "--links", "."], in: folder, environment: environment).status == 0)
    }

    /// The counts the runner reported, in order.
    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [Int] = []
        func add(_ count: Int) { lock.withLock { seen.append(count) } }
        var values: [Int] { lock.withLock { seen } }
    }
}

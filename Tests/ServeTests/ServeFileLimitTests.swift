import Foundation
import Testing
import IndexSiteTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `serve` at its open-file limit (issue 17, item 11): FlyingFox's accept loop ended on the first EMFILE and the port
/// refused connections forever, silently. The preview must say so and accept again once descriptors are free.
/// Runs `indexsite serve` in a child shell with `ulimit -n` lowered; loopback only; bounded in time.
@Suite(.offThePool) struct ServeFileLimitTests {
    @Test func theListenerComesBackAfterTheOpenFileLimitWasReached() async throws {
        let root = TestSupport.processFolder.appendingPathComponent("indexsite-serve-limit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site"), temporary = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try ServeEndToEndTests.books.write(to: site.appendingPathComponent("Content/books.csv"), atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 64 && exec \"$0\" serve \"$1\" --port 0", ServeEndToEndTests.binary.path, site.path]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let stdoutPath = root.appendingPathComponent("stdout.txt").path, stderrPath = root.appendingPathComponent("stderr.txt").path
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func output() -> String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
        func errors() -> String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

        var port: UInt16?
        for _ in 0..<1200 where port == nil && process.isRunning {
            if let match = output().firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//) { port = UInt16(match.1) }
            try await Task.sleep(for: .milliseconds(50))
        }
        let listening = try #require(port, "no address printed; stderr: \(errors())")
        #expect(try HTTPProbe.get("/books/", port: listening, timeout: 10).status == 200)

        // More idle connections than the server may open files: its accept fails with EMFILE.
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<100 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { break }
            idle.append(descriptor)
            var address = HTTPProbe.loopback(port: listening)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var told = false
        for _ in 0..<200 where !told {
            told = errors().contains("serve: the server stopped accepting connections on 127.0.0.1:\(listening)")
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(told, "the listener's end was not reported; stderr: \(errors())")

        // Once the idle connections are gone, pages are served again on the same port.
        idle.forEach { close($0) }
        idle = []
        var served = false
        for _ in 0..<60 where !served {
            served = (try? HTTPProbe.get("/books/", port: listening, timeout: 2))?.status == 200
            if !served { try await Task.sleep(for: .milliseconds(250)) }
        }
        #expect(served, "the preview did not come back; stderr: \(errors())")
        #expect(errors().contains("serve: accepting connections again on 127.0.0.1:\(listening)"), "\(errors())")
        #expect(process.isRunning)
    }
}

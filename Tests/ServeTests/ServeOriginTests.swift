import Foundation
@testable import IndexSiteServer
import Testing
import IndexSiteTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 34, item 13: `serve` handed a split list's `search.js` (a script, which any page may load) and every other
/// response to any origin, so a page the author visited while previewing could read unpublished drafts. Requests
/// another site's page makes are refused; the author's own pages, typed addresses and links followed to a page are not.
@Suite struct ServeOriginTests {
    /// The whole answer to a GET with these headers. The socket blocks, so it is read on a thread of its own: blocked
    /// on one of the few threads tasks run on, it would keep the server (and the other suites' servers) from answering.
    static func get(_ path: String, headers: [String], port: UInt16) async throws -> String {
        let socket = try ServeConnectionLimitTests.connect(port: port)
        defer { close(socket) }
        let head = (["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        #expect(ServeConnectionLimitTests.send(head, to: socket))
        return try await TestSupport.offThePool { ServeConnectionLimitTests.readUntilClosed(socket) ?? "" }
    }

    @Test func requestsFromOtherSitesPagesAreRefused() async throws {
        try await ServeConnectionLimitTests.withPreview(clientTimeout: .seconds(10)) { preview in
            let port = preview.port
            let refused: [[String]] = [
                ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: script"],
                // Another port of localhost is the same site, but another origin.
                ["Sec-Fetch-Site: same-site", "Sec-Fetch-Mode: cors", "Sec-Fetch-Dest: empty", "Origin: http://localhost:3000"],
                ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: iframe"],
                ["Origin: https://evil.example"],
            ]
            for headers in refused {
                let answer = try await Self.get("/books/entries.json", headers: headers, port: port)
                #expect(answer.hasPrefix("HTTP/1.1 403 "), "\(headers): \(answer.prefix(80))")
                #expect(!answer.contains("[]"), "\(headers)")
            }
            let allowed: [[String]] = [
                [], ["Sec-Fetch-Site: none", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document"],
                ["Sec-Fetch-Site: same-origin", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: script"],
                ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document"],
                ["Origin: http://127.0.0.1:\(port)"],
            ]
            for headers in allowed {
                let answer = try await Self.get("/books/entries.json", headers: headers, port: port)
                #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(headers): \(answer.prefix(80))")
                #expect(answer.lowercased().contains("cross-origin-resource-policy: same-origin"), "\(answer.prefix(300))")
            }
        }
    }

    // Issue 34, items 12 and 21: `serve` read each requested file whole into memory (about twice: 8 parallel downloads
    // of a 300 MB file took it to 4.9 GB), and closed a response that took longer than the client timeout in all, so
    // a slow client got a truncated file under `200 OK`. In this suite, so that the slow client runs alone.

    @Test func aLargeFileIsSentFromTheFileNotFromMemory() throws {
        let (root, output) = try RouterTests.makeOutput()
        defer { try? FileManager.default.removeItem(at: root) }
        let size = PreviewResponse.streamedFileSize * 3 + 5
        try Data(repeating: 7, count: size).write(to: output.appendingPathComponent("assets/video.mp4"))
        let response = PreviewRouter(outputFolder: output).respond(to: "/assets/video.mp4", state: RouterTests.ok, tag: "t.1")
        #expect(response.status == 200 && response.body.isEmpty)
        #expect(response.bodyFile?.length == size)
        #expect(String(decoding: response.encoded(forHead: false, closing: true), as: UTF8.self).contains("Content-Length: \(size)\r\n"))
    }

    /// A client that reads a 16 MB file slowly, but steadily, gets all of it although it takes longer than the
    /// client timeout (1.5 s here).
    @Test func aSlowClientThatKeepsReadingGetsTheWholeFile() async throws {
        let size = 16 << 20
        try await ServeConnectionLimitTests.withPreview(clientTimeout: .milliseconds(1500)) { preview in
            let output = preview.root.appendingPathComponent("site")
            try Data(repeating: 65, count: size).write(to: output.appendingPathComponent("assets/big.bin"))
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var small: Int32 = 32 << 10
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            var time = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            var address = HTTPProbe.loopback(port: preview.port)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(connected == 0)
            #expect(ServeConnectionLimitTests.send("GET /assets/big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", to: socket))
            let started = ContinuousClock.now
            // The slow reads block: on a thread of their own, not one of the few the server's tasks run on.
            let received = try await TestSupport.offThePool {
                var received = 0
                var buffer = [UInt8](repeating: 0, count: 32 << 10)
                while true {
                    let count = recv(socket, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    received += count
                    usleep(8_000) // a reader slower than the server: the pace, not a wait for anything
                }
                return received
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed > .milliseconds(1500), "the read was not slower than the timeout: \(elapsed)")
            #expect(received > size && received < size + 1000, "received \(received) of \(size) bytes and the head in \(elapsed)")
        }
    }
}

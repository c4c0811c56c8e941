import Foundation
import IndexSite
import IndexSiteLinkCheck
import IndexSiteLinks
import IndexSiteTestSupport
import NIOHTTP1
import NIOSSL
import Testing

/// The link checker against local servers that act out every way a link can work or fail. Nothing leaves 127.0.0.1:
/// the one unknown host is a reserved `.invalid` name, which the checker never sends to a resolver.
@Suite struct LinkCheckerTests {
    /// Settings quick enough for tests: half-second timeouts, retries after 50 ms.
    static var quickSettings: LinkSettings {
        var settings = LinkSettings()
        settings.timeout = 0.5
        settings.retries = 2
        settings.retryDelay = 0.05
        settings.perHost = 4
        return settings
    }

    /// The network half of `settings`, with the user agent `indexsite` sends.
    static func checker(_ settings: LinkSettings) -> LinkChecker {
        LinkChecker(settings: LinkProbeSettings(settings), userAgent: SiteLinkCheck.userAgent)
    }

    /// A server with one path per case.
    static func caseServer() async throws -> LinkServer {
        let server = LinkServer { method, path, earlier in
            switch path {
            case "/ok": return .status(200)
            case "/moved": return .status(301, headers: [("Location", "/ok")])
            case "/moved-308": return .status(308, headers: [("Location", "/temp")])
            case "/temp": return .status(302, headers: [("Location", "/temp-2")])
            case "/temp-2": return .status(307, headers: [("Location", "/ok")])
            case "/loop-a": return .status(301, headers: [("Location", "/loop-b")])
            case "/loop-b": return .status(302, headers: [("Location", "/loop-a")])
            case "/missing": return .status(404)
            case "/gone": return .status(410)
            case "/no-head": return method == .HEAD ? .status(403) : .status(200)
            case "/head-lies": return method == .HEAD ? .status(404) : .status(200)
            case "/busy": return earlier == 0 ? .status(429, headers: [("Retry-After", "1")]) : .status(200)
            case "/flaky": return earlier < 2 ? .status(earlier == 0 ? 500 : 503) : .status(200)
            case "/down": return .status(502)
            case "/slow": return .status(200, delay: 3)
            case "/reset": return .reset
            default: return .status(404)
            }
        }
        try await server.start()
        return server
    }

    @Test func everyCaseComesToItsVerdict() async throws {
        let server = try await Self.caseServer()
        defer { Task { await server.stop() } }
        let unknownHost = "http://links.indexsite.invalid/page"
        let paths = ["/ok", "/moved", "/moved-308", "/temp", "/loop-a", "/missing", "/gone", "/no-head", "/head-lies", "/busy", "/flaky",
                     "/down", "/slow", "/reset"]
        let start = Date()
        let outcomes = await Self.checker(Self.quickSettings).check(paths.map { server.url($0) } + [unknownHost])
        let elapsed = Date().timeIntervalSince(start)
        func outcome(_ path: String) -> LinkOutcome { outcomes[server.url(path)]! }

        #expect(outcome("/ok") == LinkOutcome(working: true, status: 200, checkedAt: outcome("/ok").checkedAt))
        #expect(outcome("/moved").working && outcome("/moved").movedTo == server.url("/ok"))
        // A permanent hop then temporary ones: the page moved for good, to the end of the chain.
        #expect(outcome("/moved-308").working && outcome("/moved-308").movedTo == server.url("/ok"))
        #expect(outcome("/temp").working && outcome("/temp").movedTo == nil)
        #expect(!outcome("/loop-a").working && outcome("/loop-a").problem?.hasPrefix("redirect loop") == true)
        #expect(!outcome("/missing").working && outcome("/missing").status == 404 && outcome("/missing").problem == "404 Not Found")
        #expect(!outcome("/gone").working && outcome("/gone").status == 410)
        #expect(outcome("/no-head").working && server.count(.HEAD, "/no-head") == 1 && server.count(.GET, "/no-head") == 1)
        #expect(outcome("/head-lies").working)
        // 429 with Retry-After: 1 waited a second, then the page answered.
        #expect(outcome("/busy").working && server.count("/busy") == 2)
        #expect(elapsed >= 1)
        #expect(outcome("/flaky").working && server.count("/flaky") == 3)
        #expect(!outcome("/down").working && outcome("/down").problem == "502 Bad Gateway (after 3 tries)" && server.count("/down") == 6) // HEAD, then GET, each try
        #expect(!outcome("/slow").working && outcome("/slow").problem?.hasPrefix("timed out after 0.5 s") == true && outcome("/slow").status == nil)
        #expect(!outcome("/reset").working && outcome("/reset").status == nil)
        #expect(outcome("/reset").problem?.contains("after 3 tries") == true)
        #expect(!outcomes[unknownHost]!.working && outcomes[unknownHost]!.problem?.hasPrefix("host 'links.indexsite.invalid' not found") == true)
        // Every request said what sent it; none was made twice where once was enough.
        #expect(server.count("/ok") == 4) // itself, and the ends of /moved, /moved-308 and /temp's chains
        #expect(server.userAgents.count == 1 && server.userAgents.first?.hasPrefix("IndexSite/") == true)
    }

    @Test func retryAfterLongerThanAllowedIsNotWaitedFor() async throws {
        let server = LinkServer { _, _, _ in .status(429, headers: [("Retry-After", "3600")]) }
        try await server.start()
        defer { Task { await server.stop() } }
        let start = Date()
        let outcome = await Self.checker(Self.quickSettings).check([server.url("/limited")])[server.url("/limited")]!
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(!outcome.working && outcome.status == 429 && outcome.problem?.contains("wait 3600 s") == true)
    }

    @Test func noHostGetsMoreThanItsLimit() async throws {
        let server = LinkServer { _, _, _ in .status(200, delay: 0.1) }
        try await server.start()
        defer { Task { await server.stop() } }
        var settings = Self.quickSettings
        settings.perHost = 3
        let urls = (0..<30).map { server.url("/page/\($0)") }
        let outcomes = await Self.checker(settings).check(urls)
        #expect(outcomes.count == 30 && outcomes.values.allSatisfy(\.working))
        #expect(server.maximumOpen == 3)
        // A host rule lowers it for that host alone.
        let ruled = LinkServer { _, _, _ in .status(200, delay: 0.1) }
        try await ruled.start()
        defer { Task { await ruled.stop() } }
        settings.hosts["127.0.0.1"] = LinkSettings.HostRule(perHost: 1)
        _ = await Self.checker(settings).check((0..<6).map { ruled.url("/page/\($0)") })
        #expect(ruled.maximumOpen == 1)
    }

    @Test func acceptedCodesWork() async throws {
        let server = LinkServer { _, path, _ in path == "/robots-wall" ? .status(403) : .status(404) }
        try await server.start()
        defer { Task { await server.stop() } }
        var settings = Self.quickSettings
        settings.accept = [403]
        let outcomes = await Self.checker(settings).check([server.url("/robots-wall"), server.url("/nothing")])
        #expect(outcomes[server.url("/robots-wall")]!.working)
        #expect(!outcomes[server.url("/nothing")]!.working)
    }

    @Test func selfSignedTLSWorksOnlyWhenTrusted() async throws {
        let folder = try TestSupport.temporaryFolder("tls")
        let key = folder.appendingPathComponent("key.pem").path, certificate = folder.appendingPathComponent("cert.pem").path
        // Making the key takes a while: waited for on a thread of its own, not one of the cooperative pool's.
        let status = try await TestSupport.offThePool {
            let openssl = Process()
            openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                                 "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
            openssl.standardError = FileHandle.nullDevice
            try openssl.run()
            openssl.waitUntilExit()
            return openssl.terminationStatus
        }
        #expect(status == 0)
        let pem = try String(contentsOfFile: certificate, encoding: .utf8)
        let context = try NIOSSLContext(configuration: .makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem))))
        let server = LinkServer { _, _, _ in .status(200) }
        try await server.start(tls: context)
        defer { Task { await server.stop() } }
        let url = server.url("/secure", scheme: "https")

        let untrusted = await Self.checker(Self.quickSettings).check([url])[url]!
        #expect(!untrusted.working && untrusted.problem?.hasPrefix("TLS failed") == true)
        var checker = Self.checker(Self.quickSettings)
        checker.extraTrustedCertificatesPEM = [pem]
        #expect(await checker.check([url])[url]!.working)
    }
}

import Foundation
import IndexSite
import IndexSiteLinkCheck
import IndexSiteTestSupport
import Testing

/// A site's links checked end to end: found in Markdown items, descriptions and CSV rows, reported at the URL's own
/// line and column, cached between runs, and printed by `indexsite check --links` in each diagnostic format.
@Suite struct SiteLinkCheckTests {
    static func server() async throws -> LinkServer {
        let server = LinkServer { _, path, _ in
            switch path {
            case "/ok", "/ok-2": return .status(200)
            case "/moved": return .status(301, headers: [("Location", "/ok-2")])
            case "/private": return .status(403)
            default: return .status(404)
            }
        }
        try await server.start()
        return server
    }

    static func site(_ server: LinkServer, configuration: String? = nil) throws -> URL {
        var files = [
            "Content/links.md": """
            # Links

            ## Good

            - [Fine](\(server.url("/ok"))) - Works.
            - [Old](\(server.url("/moved"))) - Moved, see also [the dead one](\(server.url("/missing#part"))).

            ## Bad

            - [Gone](\(server.url("/gone"))) - Gone, as <\(server.url("/ok"))> is not.
            - [Excluded](\(server.url("/private"))) - Never asked.

            """,
            "Content/tools.csv": "title,url\nHammer,\(server.url("/ok"))\nSaw,\(server.url("/missing"))\n",
        ]
        if let configuration { files["indexsite.yml"] = configuration }
        return try TestSupport.site("links", texts: files)
    }

    @Test func brokenAndMovedLinksAreReportedWhereTheyAreWritten() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let folder = try Self.site(server)
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false))
        #expect(result.diagnostics.isEmpty)
        var settings = LinkCheckerTests.quickSettings
        settings.exclude = ["/private$"]
        let report = try await SiteLinkCheck(siteFolder: folder, settings: settings).run(result.lists)
        let lines = report.diagnostics.map { DiagnosticFormatter(format: .text).line($0, hint: false) }
        let url = server.url("")
        #expect(lines == [
            "Content/links.md:6:9: warning: link '\(url)/moved' has moved permanently to '\(url)/ok-2' [link-moved]",
            "Content/links.md:6:\(9 + url.count + "/moved) - Moved, see also [the dead one](".count): warning: link '\(url)/missing#part' is broken: 404 Not Found [broken-link]",
            "Content/links.md:10:10: warning: link '\(url)/gone' is broken: 404 Not Found [broken-link]",
            "Content/tools.csv:3:5: warning: link '\(url)/missing' is broken: 404 Not Found [broken-link]",
        ])
        // Each URL once (the fragment is not fetched); the excluded one never.
        #expect(report.urlCount == 4 && report.excluded == 1 && report.fromCache == 0)
        #expect(server.count(.HEAD, "/missing") == 1 && server.count("/private") == 0)

        // The rerun asks only for what was broken: working links come from the cache for a day.
        let again = try await SiteLinkCheck(siteFolder: folder, settings: settings).run(result.lists)
        #expect(again.diagnostics == report.diagnostics)
        #expect(again.fromCache == 2)
        #expect(server.count(.HEAD, "/ok") == 1 && server.count(.HEAD, "/missing") == 2 && server.count(.HEAD, "/gone") == 2)
        let cache = try String(contentsOf: folder.appendingPathComponent(".indexsite/links.json"), encoding: .utf8)
        #expect(cache.contains("\"\(url)/ok\"") && !cache.contains("/gone"))

        // With working links trusted for no time at all, everything is asked again.
        settings.cacheGood = 0
        let fresh = try await SiteLinkCheck(siteFolder: folder, settings: settings).run(result.lists)
        #expect(fresh.fromCache == 0 && server.count(.HEAD, "/ok") == 2)
    }

    @Test func anUnreadableCacheIsNamedAndReplaced() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let folder = try Self.site(server)
        let cache = folder.appendingPathComponent(".indexsite/links.json")
        try FileManager.default.createDirectory(at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: cache)
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false))
        let report = try await SiteLinkCheck(siteFolder: folder, settings: LinkCheckerTests.quickSettings).run(result.lists)
        #expect(report.diagnostics.first.map { DiagnosticFormatter(format: .text).line($0, hint: false) }
                == ".indexsite/links.json:1:1: warning: the link cache is not a file this version of IndexSite wrote; every link is checked again [link-cache-unreadable]")
        #expect(report.fromCache == 0)
        let again = try await SiteLinkCheck(siteFolder: folder, settings: LinkCheckerTests.quickSettings).run(result.lists)
        #expect(!again.diagnostics.contains { $0.code == .linkCacheUnreadable } && again.fromCache == 2)
    }

    @Test func checkCommandReportsLinksInEveryFormat() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let folder = try Self.site(server, configuration: """
        links:
          timeout: 2s
          retry_delay: 0.05
          exclude: ['/private$']
        """)
        let url = server.url("")

        let text = try await TestSupport.run(["check", "--links", folder.path], in: folder)
        #expect(text.status == 0)
        #expect(text.stderr.contains("\(folder.path)/Content/links.md:10:10: warning: link '\(url)/gone' is broken: 404 Not Found [broken-link]"))
        #expect(text.stderr.contains("Links: 4 checked (0 from the cache, 1 excluded), 4 to fix"))
        #expect(text.stdout.contains("no errors, 4 warnings"))

        let strict = try await TestSupport.run(["check", "--links", "--strict", "--diagnostics", "json", "."], in: folder)
        #expect(strict.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 4 && json.allSatisfy { $0["severity"] as? String == "error" })
        #expect(json.contains { $0["code"] as? String == "link-moved" && $0["line"] as? Int == 6 && $0["column"] as? Int == 9 })

        let summary = folder.appendingPathComponent("summary.md")
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_STEP_SUMMARY"] = summary.path
        let github = try await TestSupport.run(["check", "--links", "--diagnostics", "github", "."], in: folder, environment: environment)
        #expect(github.stdout.isEmpty || github.status == 0)
        #expect(github.stderr.contains("::warning file=Content/tools.csv,line=3,col=5,title=broken-link::link '\(url)/missing' is broken: 404 Not Found"))
        let table = try String(contentsOf: summary, encoding: .utf8)
        #expect(table.contains("| \(url)/missing | 404 | 404 Not Found | `Content/tools.csv`:3:5 |"))

        // SARIF: the moved link carries its replacement, at the URL's own columns.
        let sarif = try await TestSupport.run(["check", "--links", "--diagnostics", "sarif", "."], in: folder)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == 4 && results.filter { $0["ruleId"] as? String == "broken-link" }.count == 3)
        let moved = try #require(results.first { $0["ruleId"] as? String == "link-moved" })
        let change = try #require(((moved["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        #expect(replacement["deletedRegion"] as? [String: Int] == ["startLine": 6, "startColumn": 9, "endColumn": 9 + "\(url)/moved".count])
        #expect((replacement["insertedContent"] as? [String: String])?["text"] == "\(url)/ok-2")
        #expect(results.filter { $0["fixes"] != nil }.count == 1)

        // Without --links nothing is fetched.
        let before = server.count("/ok")
        let plain = try await TestSupport.run(["check", "."], in: folder)
        #expect(plain.status == 0 && server.count("/ok") == before)
    }

    @Test func relativeLinksAreCheckedAgainstTheBuiltSite() async throws {
        let folder = try TestSupport.site("relative-links", texts: [
            "Content/links.md": """
            # Links

            ## Here

            - [Other list](../other/) - The other list.
            - [Logo](../logo.png) - A picture, see [the top](#here).
            - [Missing](../nowhere/) - Not there.
            - [Guide](guide.html#top) - Not there either.

            """,
            "Content/other.csv": "title\nA\n",
            "Static/logo.png": "png",
        ])
        let run = try await TestSupport.run(["check", "--links", "."], in: folder)
        #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("Content/") } == [
            "Content/links.md:7:13: warning: link '../nowhere/' leads to 'nowhere/', which the built site does not have [broken-link]",
            "Content/links.md:8:11: warning: link 'guide.html#top' leads to 'links/guide.html', which the built site does not have [broken-link]",
        ])
        #expect(SiteLinks.resolve("../a/b.html?x=1#y", against: "list/") == "a/b.html")
        #expect(SiteLinks.resolve("../../up", against: "list/") == nil)
    }

    @Test func buildChecksLinksWhenTheSettingsSaySo() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let folder = try Self.site(server, configuration: "links: {check: true, retry_delay: 0, exclude: ['/private$']}\n")
        let first = try await TestSupport.run(["build", "."], in: folder)
        #expect(first.status == 0 && first.stderr.contains("[broken-link]"))
        // A build with nothing changed reuses its output, and still reports the links (the broken ones asked again).
        let second = try await TestSupport.run(["build", "."], in: folder)
        #expect(second.stderr.contains("Links: 4 checked (2 from the cache, 1 excluded), 4 to fix"))
        #expect(server.count(.HEAD, "/gone") == 2)
    }

    @Test func badLinkSettingsAreReportedWhereWritten() throws {
        let folder = try TestSupport.site("link-settings", texts: [
            "Content/a.md": "# A\n\n- [x](https://example.org) - X.\n",
            "indexsite.yml": "links:\n  timeout: soon\n  per_host: 0\n  accept: [404, 700]\n  exclude: ['(']\n  hosts: {example.org: {per_hots: 2}}\n  retires: 3\n",
        ])
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false))
        let lines = result.diagnostics.map { DiagnosticFormatter(format: .text).line($0, hint: false) }
        #expect(lines == [
            "indexsite.yml:2:12: error: 'links.timeout' must be a duration such as 30, 30s, 10m, 12h or 1d above 0, not 'soon' [bad-setting-value]",
            "indexsite.yml:3:13: error: 'links.per_host' must be a whole number of at least 1, not '0' [bad-setting-value]",
            "indexsite.yml:4:11: error: 'links.accept' must list HTTP status codes such as 403 or 200-299, not '700' [bad-setting-value]",
            "indexsite.yml:5:12: error: 'links.exclude' pattern '(' is not a regular expression [bad-setting-value]",
            "indexsite.yml:6:25: error: unknown setting 'per_hots' [unknown-setting]",
            "indexsite.yml:7:3: error: unknown setting 'retires' [unknown-setting]",
        ])
        let good = try TestSupport.site("link-settings", texts: [
            "Content/a.md": "# A\n\n- [x](https://example.org) - X.\n",
            "indexsite.yml": "links: {timeout: 1m, cache_good: 12h, cache_broken: 0, accept: [403, 520-522], hosts: {Example.org: {exclude: true}}}\n",
        ])
        let settings = Build.run(BuildOptions(siteFolder: good, writeOutput: false)).linkSettings
        #expect(settings.timeout == 60 && settings.cacheGood == 43_200 && settings.accept == [403, 520, 521, 522])
        #expect(settings.hosts["example.org"]?.exclude == true)
    }
}

import Foundation
import Testing
import IndexSiteTestSupport

/// What a CI run shows: GitHub's ten annotations per severity, the step summary, the closing counts, `--base-url`.
@Suite(.offThePool) struct CIOutputTests {
    /// A site whose one Markdown list has `count` empty items, each an `empty-list-item` warning on lines 6, 8, 10, ….
    static func siteWithWarnings(_ count: Int) throws -> URL {
        let site = try TestSupport.temporaryFolder("ci-output")
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let items = (0..<count).map { "- [Tool \($0)](https://example.org/\($0)) - Fine.\n-\n" }.joined()
        try ("# Tools\n\n## Hand\n\n" + items).write(to: content.appendingPathComponent("tools.md"), atomically: true, encoding: .utf8)
        return site
    }

    @Test func githubAnnotatesTenPerSeverityAndLogsTheRest() throws {
        let site = try Self.siteWithWarnings(15)
        let summary = site.appendingPathComponent("summary.md")
        let result = try TestSupport.run(["check", ".", "--diagnostics", "github"], in: site,
                                         environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::warning file=Content/tools.md,line=") }.count == 10)
        #expect(lines.contains("::notice::5 more diagnostics than GitHub annotates; they follow in the log and the step summary"))
        // The five GitHub does not show are in the log as plain lines, the latest last.
        #expect(lines.filter { $0.hasPrefix("Content/tools.md:") }.map { String($0.prefix(19)) }
                == ["Content/tools.md:26", "Content/tools.md:28", "Content/tools.md:30", "Content/tools.md:32", "Content/tools.md:34"])
        #expect(result.stdout == "Checked 1 list, 1 section, 15 entries: no errors, 15 warnings\n")
        let table = try String(contentsOf: summary, encoding: .utf8)
        #expect(table.hasPrefix("### IndexSite: no errors, 15 warnings\n\n| | File | Line | Code | Message |\n"))
        #expect(table.components(separatedBy: "| ⚠️ warning | `Content/tools.md` |").count - 1 == 15)
    }

    @Test func errorsComeFirstAndUnderStrictEveryWarningIsAnError() throws {
        let site = try Self.siteWithWarnings(12)
        try "name,year\nA\n".write(to: site.appendingPathComponent("Content/books.csv"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(["check", ".", "--diagnostics", "github"], in: site)
        #expect(result.status == 1)
        let annotations = result.stderr.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.first?.hasPrefix("::error file=Content/books.csv,line=2,") == true)
        #expect(annotations.filter { $0.hasPrefix("::warning") }.count == 10)
        #expect(result.stderr.hasSuffix("Build failed: 1 error, 12 warnings\n"))
        let strict = try TestSupport.run(["check", ".", "--diagnostics", "github", "--strict"], in: site)
        #expect(strict.stderr.split(separator: "\n").filter { $0.hasPrefix("::error") }.count == 10)
        #expect(strict.stderr.hasSuffix("Build failed: 13 errors\n"))
    }

    @Test func sarifHasARulePerCodeAndResultsMostSevereFirst() throws {
        let site = try Self.siteWithWarnings(2)
        try "name,year\nA\n".write(to: site.appendingPathComponent("Content/books.csv"), atomically: true, encoding: .utf8)
        try "# Mine\n\n- [x](https://example.org) - X.\n-\n".write(to: site.appendingPathComponent("Content/my list.md"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(["check", ".", "--diagnostics", "sarif"], in: site)
        #expect(result.status == 1)
        // The log is all of stdout: no closing line, no "Build failed" mixed into it.
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "IndexSite" && driver["informationUri"] as? String == "https://github.com/indexsite/indexsite")
        #expect((driver["version"] as? String)?.isEmpty == false)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(Set(ruleIDs) == Set(results.compactMap { $0["ruleId"] as? String }) && ruleIDs == ruleIDs.sorted())
        for result in results {
            #expect(ruleIDs[result["ruleIndex"] as? Int ?? -1] == result["ruleId"] as? String)
        }
        func place(_ result: [String: Any]) -> String {
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let artifact = physical["artifactLocation"] as? [String: Any] ?? [:], region = physical["region"] as? [String: Any] ?? [:]
            return "\(result["level"] ?? "") \(artifact["uriBaseId"] ?? "")/\(artifact["uri"] ?? ""):\(region["startLine"] ?? ""):\(region["startColumn"] ?? "")"
        }
        // The error first, then the warnings by file and line; a path with a space is a URI reference.
        let places = results.map(place)
        #expect(places.first == "error %SRCROOT%/Content/books.csv:2:1")
        #expect(places.dropFirst().allSatisfy { $0.hasPrefix("warning %SRCROOT%/Content/") })
        #expect(places.contains("warning %SRCROOT%/Content/my%20list.md:4:1"))
        #expect(places.contains("warning %SRCROOT%/Content/tools.md:6:1") && places.contains("warning %SRCROOT%/Content/tools.md:8:1"))
        // Under --strict the warnings are errors, and the paths follow the site argument.
        let strict = try TestSupport.run(["check", site.lastPathComponent, "--strict", "--diagnostics", "sarif"], in: site.deletingLastPathComponent())
        let strictLog = try #require(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any])
        let strictResults = try #require(((strictLog["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(strictResults.allSatisfy { $0["level"] as? String == "error" })
        #expect(strictResults.map(place).first == "error %SRCROOT%/\(site.lastPathComponent)/Content/books.csv:2:1")
    }

    @Test func baseURLFlagOverridesTheSettingAndIsChecked() throws {
        let site = try Self.siteWithWarnings(1)
        try "base_url: https://example.org/old/\n".write(to: site.appendingPathComponent("indexsite.yml"), atomically: true, encoding: .utf8)
        let built = try TestSupport.run(["build", ".", "-q", "--base-url", "https://owner.github.io/repo"], in: site)
        #expect(built.status == 0)
        #expect(built.stdout == "")
        let sitemap = try String(contentsOf: site.appendingPathComponent("_site/sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://owner.github.io/repo/tools/</loc>"))
        #expect(!sitemap.contains("example.org/old"))
        // The same inputs with another base URL are another build, not the previous output reused.
        _ = try TestSupport.run(["build", ".", "-q"], in: site)
        #expect(try String(contentsOf: site.appendingPathComponent("_site/sitemap.xml"), encoding: .utf8).contains("https://example.org/old/tools/"))
        let bad = try TestSupport.run(["build", ".", "--base-url", "javascript:alert(1)"], in: site)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'--base-url' must be an absolute http or https URL"))
    }
}

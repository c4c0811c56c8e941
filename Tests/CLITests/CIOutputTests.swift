import Foundation
import Testing
import IndexSiteTestSupport

/// What a CI run shows: GitHub's ten annotations per severity, the step summary, the closing counts, `--base-url`.
@Suite(.serialized) struct CIOutputTests {
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

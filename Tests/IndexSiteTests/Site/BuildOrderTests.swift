import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
import IndexSiteCore
import IndexSiteEngine

/// A build reads its settings and theme first and makes its templates and locale tables on another core while it
/// reads the content; what only the content says (a front matter's locale, whether anything changed) comes after.
@Suite struct BuildOrderTests {
    /// The search forms of the page's strings (`{"a": "àáâ…"}`): the filter's fold table, in the page's script data.
    static func foldTable(of page: String) throws -> [String: String] {
        let start = try #require(page.range(of: "id=\"indexsite-strings\">")).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let strings = try #require(try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
        return try #require(strings["fold"] as? [String: String])
    }

    /// A locale only a list's front matter names (not `indexsite.yml`) is the list's language all the same: its page
    /// words, and its fold table, where Swedish keeps å a letter of its own while English folds it to a.
    @Test func aLocaleOnlyFrontMatterNamesGetsItsWordsAndFoldTable() throws {
        let site = try TestSupport.site("front-matter-locale", texts: [
            "Content/ord.md": "---\nlocale: sv\n---\n\n- [Åsa](https://example.org/a) - En sjö.\n- [Anna](https://example.org/b) - Ett namn.\n",
            "Content/words.csv": "title,url\nAlpha,https://example.org/c\n",
        ])
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(!result.diagnostics.hasErrors(strict: false), "\(result.diagnostics)")
        func page(_ path: String) throws -> String {
            String(decoding: try #require(result.pages.first { $0.path == path }).bytes, as: UTF8.self)
        }
        let swedish = try page("ord/index.html"), english = try page("words/index.html")
        #expect(swedish.contains("<html lang=\"sv\""))
        #expect(swedish.contains(">Hoppa till innehållet<"))
        #expect(try !(BuildOrderTests.foldTable(of: swedish)["a"] ?? "").contains("å"))
        #expect(try (BuildOrderTests.foldTable(of: english)["a"] ?? "").contains("å"))
    }

    /// Files that depend on no list (the theme's assets, `404.html`) are handed to the writer before the lists' pages,
    /// so they are written while the pages are made; the home page, which lists the lists, comes after them.
    @Test func filesNoListShapesAreHandedOutFirst() throws {
        let site = try TestSupport.site("render-order", texts: ["Content/words.csv": "title\nAlpha\nBeta\n"])
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(result.succeeded, "\(result.diagnostics)")
        let paths = result.pages.map(\.path)
        let firstListPage = try #require(paths.firstIndex(of: "words/index.html"))
        let independent = paths.indices.filter { paths[$0].hasPrefix("assets/") || paths[$0] == "404.html" }
        #expect(independent.count == 4, "\(paths)")   // the stylesheet, the two scripts, 404.html
        #expect(independent.allSatisfy { $0 < firstListPage }, "\(paths)")
        #expect(try #require(paths.firstIndex(of: "index.html")) > firstListPage, "\(paths)")
    }

    /// A build that finds nothing changed reuses the previous output and begins no staging folder: the thread that
    /// makes the templates is told not to, rather than beginning one while the content is read.
    @Test func aReusedOutputBeginsNoStagingFolder() throws {
        let site = try TestSupport.site("reuse-no-staging", texts: ["Content/words.csv": "title\nAlpha\nBeta\n"])
        let output = site.appendingPathComponent("out")
        let first = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(first.succeeded && !first.reusedPreviousOutput)
        let again = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(again.succeeded && again.reusedPreviousOutput)
        // The templates' thread may go on after the build returns: once it is done, it would have begun a folder.
        #expect(Engine.waitForBackgroundThreads(seconds: 60))
        let staging = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix(".out.indexsite-") }
        #expect(staging.isEmpty, "\(staging)")
    }
}

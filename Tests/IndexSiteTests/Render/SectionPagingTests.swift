import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteRender

/// A section of a split list longer than `page_size` is cut into pages (`s/`, `s/2/`, `s/3/`), each saying where it
/// is and linking to its neighbours, and every link to an entry leads to the page that holds it.
@Suite struct SectionPagingTests {
    struct Built {
        var pages: [String: String]
        var diagnostics: [Diagnostic]
        func page(_ path: String) -> String { pages[path] ?? "" }

        /// The ids of the entries on a page, in order (`<li class="entry" id="…">`).
        func entryIDs(_ path: String) -> [String] {
            page(path).matches(of: /<li class="entry[^"]*" id="([^"]+)"/).map { String($0.output.1) }
        }

        /// Every `id` of a page.
        func ids(_ path: String) -> Set<String> {
            Set(page(path).matches(of: /\sid="([^"]+)"/).map { String($0.output.1) })
        }

        /// The path of the page `href` (relative to the page at `from`, fragment dropped) leads to.
        static func resolve(_ href: Substring, from: String) -> String {
            let target = href.split(separator: "#", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !target.isEmpty else { return from }
            var parts = from.split(separator: "/").dropLast().map(String.init)
            for part in target.split(separator: "/") {
                if part == ".." { parts.removeLast() } else if part != "." { parts.append(String(part)) }
            }
            return parts.joined(separator: "/")
        }
    }

    func build(_ settings: String, _ files: [String: String]) throws -> Built {
        var texts = files
        texts["indexsite.yml"] = settings
        let folder = try TestSupport.site("section-paging", texts: texts)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false, keepPages: true))
        var pages: [String: String] = [:]
        for page in result.pages { pages[page.path, default: ""] += String(decoding: page.bytes, as: UTF8.self) }
        return Built(pages: pages, diagnostics: result.diagnostics)
    }

    /// Ten "Salt" entries and one each under A and B: with `page_size: 4`, S takes three pages.
    static let words: String = {
        var csv = "title,description\nApple,a fruit\nBread,a loaf\n"
        for number in 1...10 { csv += "Salt \(number),grain \(number)\n" }
        return csv
    }()

    static func settings(pageSize: Int?) -> String {
        "base_url: https://example.org/\nlists:\n  - source: words.csv\n    split: sections\n" + (pageSize.map { "    page_size: \($0)\n" } ?? "")
    }

    @Test func theRuleCutsSectionsIntoPagesOfAtMostPageSize() {
        let paging = SectionPaging(split: true, pageSize: 4)
        #expect(paging.pageCount(entryCount: 0) == 1 && paging.pageCount(entryCount: 4) == 1 && paging.pageCount(entryCount: 10) == 3)
        #expect((0..<10).map(paging.page(ofEntry:)) == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2])
        #expect(paging.entries(onPage: 2, entryCount: 10) == 8..<10)
        #expect(paging.path(sectionID: "s", entry: 3) == "s/index.html" && paging.path(sectionID: "s", entry: 4) == "s/2/index.html")
        #expect(paging.depth(ofPage: 0) == 1 && paging.depth(ofPage: 2) == 2)
        let whole = SectionPaging(split: false, pageSize: 4)
        #expect(whole.pageCount(entryCount: 10) == 1 && whole.path(sectionID: "s", entry: 9) == "index.html" && whole.entries(onPage: 0, entryCount: 10) == 0..<10)
    }

    @Test func aLongSectionTakesThreePagesThatSayWhereTheyAre() throws {
        let built = try build(SectionPagingTests.settings(pageSize: 4), ["Content/words.csv": SectionPagingTests.words])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let paths = ["words/s/index.html", "words/s/2/index.html", "words/s/3/index.html"]
        #expect(built.pages.keys.filter { $0.hasPrefix("words/s/") && $0.hasSuffix(".html") }.sorted() == paths.sorted())
        #expect(paths.map { built.entryIDs($0) } == [["salt-1", "salt-2", "salt-3", "salt-4"], ["salt-5", "salt-6", "salt-7", "salt-8"], ["salt-9", "salt-10"]])

        let second = built.page(paths[1])
        #expect(second.contains("<title>S · 2 of 3 · Words"), "\(second)")
        #expect(second.contains("<p class=\"section-part-title\">S · 2 of 3 <span class=\"section-part-guide\">Salt 5 – Salt 8</span></p>"))
        #expect(second.contains("<nav class=\"section-part\" aria-label=\"Pages of this section\">"))
        // every page of the section, this one marked, each with its guide words
        #expect(second.contains("<li><a href=\"../../s/index.html\" title=\"Salt 1 – Salt 4\">1</a></li>"))
        #expect(second.contains("<li><a href=\"../../s/2/index.html\" title=\"Salt 5 – Salt 8\" aria-current=\"page\">2</a></li>"))
        #expect(second.contains("<li><a href=\"../../s/3/index.html\" title=\"Salt 9 – Salt 10\">3</a></li>"))
        // the way back and on, in reading order: B's page before S's first, the list's end after S's last
        let first = built.page(paths[0]), third = built.page(paths[2])
        #expect(first.contains("rel=\"prev\" href=\"../b/index.html\">") && first.contains("rel=\"next\" href=\"../s/2/index.html\">"))
        #expect(second.contains("rel=\"prev\" href=\"../../s/index.html\"><span aria-hidden=\"true\">← </span>S · 1 of 3 <span class=\"section-pager-guide\">Salt 1 – Salt 4</span></a>"))
        #expect(second.contains("rel=\"next\" href=\"../../s/3/index.html\">"))
        #expect(third.contains("rel=\"prev\" href=\"../../s/2/index.html\">") && !third.contains("rel=\"next\""))
        #expect(third.contains("href=\"../../index.html\"") && third.contains("href=\"../../../assets/"), "links from two folders down")
        // the strip and the overview lead to a section's first page
        let overview = built.page("words/index.html")
        #expect(overview.contains("href=\"s/index.html#s\"") && !overview.contains("s/2/"))
        // the sitemap has every page
        let sitemap = built.page("sitemap.xml")
        for path in ["words/s/", "words/s/2/", "words/s/3/"] { #expect(sitemap.contains("<loc>https://example.org/\(path)</loc>")) }
        // every link of every page of the list leads to a page of the site
        for (path, html) in built.pages where path.hasPrefix("words/") && path.hasSuffix(".html") {
            for match in html.matches(of: /href="([^"]*)"/) where !match.output.1.contains(":") && !match.output.1.hasPrefix("#") {
                let target = Built.resolve(match.output.1, from: path)
                #expect(built.pages[target] != nil, "\(path) links to \(match.output.1), not a page")
            }
        }
    }

    /// Every entry's link in `entries.json` and in the search index leads to a page that holds its anchor.
    @Test func everyLinkToAnEntryLeadsToThePageThatHoldsIt() throws {
        let built = try build(SectionPagingTests.settings(pageSize: 4), ["Content/words.csv": SectionPagingTests.words])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(built.page("words/entries.json").utf8)) as? [[String: Any]])
        #expect(json.count == 12)
        for entry in json {
            let href = try #require(entry["href"] as? String)
            let (page, id) = (String(href.split(separator: "#")[0]), String(href.split(separator: "#")[1]))
            #expect(built.entryIDs(page).contains(id), "\(href)")
        }
        #expect(json.first { $0["id"] as? String == "salt-10" }?["href"] as? String == "words/s/3/index.html#salt-10")

        // the search index: its pages, and each record's page
        let manifestText = built.page("words/search/index.js")
        let manifest = try #require(SectionPagingTests.json(manifestText) as? [String: Any])
        let sections = try #require(manifest["sections"] as? [[String]])
        #expect(sections == [["A", "a/index.html"], ["B", "b/index.html"], ["S", "s/index.html"], ["S", "s/2/index.html"], ["S", "s/3/index.html"]])
        let size = try #require(manifest["chunk"] as? Int)
        var found = 0
        for chunk in 0..<((12 + size - 1) / size) {
            let records = try #require(SectionPagingTests.json(built.page("words/search/e/\(chunk).js")) as? [[Any]])
            for record in records {
                let section = try #require(record[1] as? Int), id = try #require(record[2] as? String)
                #expect(built.entryIDs("words/" + sections[section][1]).contains(id), "\(id) is not on \(sections[section][1])")
                found += 1
            }
        }
        #expect(found == 12)
    }

    /// An entry filed under two sections, too long to repeat, is shown once; its other copy refers to it, on the page
    /// of its section that holds it (here the second page of X), not on that section's first page.
    @Test func aReferenceToASharedEntryLeadsToThePageThatHoldsIt() throws {
        let long = String(repeating: "long words ", count: 7_000)
        var csv = "title,tags,description\n"
        for name in ["Able", "Baker", "Charlie"] { csv += "\(name),x,short\n" }
        csv += "Dog,x;y,\(long)\nEasy,y,short\n"
        let settings = "lists:\n  - source: words.csv\n    split: sections\n    page_size: 2\n    group_by: tags\n    values_separator: {tags: \";\"}\n"
        let built = try build(settings, ["Content/words.csv": csv])
        #expect(!built.diagnostics.hasErrors(), "\(built.diagnostics)")
        #expect(built.entryIDs("words/x/2/index.html") == ["charlie", "dog"])
        let y = built.page("words/y/index.html")
        let link = try #require(y.firstMatch(of: /<a href="([^"]+)">Dog<\/a>/)?.output.1, "\(y)")
        #expect(link == "../x/2/index.html#dog")
        #expect(built.ids(Built.resolve(link, from: "words/y/index.html")).contains("dog"))
    }

    /// Sections no longer than `page_size` keep their one page, as before the cut: no part, neighbours as they were.
    @Test func shortSectionsKeepTheirOnePage() throws {
        let built = try build(SectionPagingTests.settings(pageSize: nil), ["Content/words.csv": SectionPagingTests.words])
        #expect(!built.pages.keys.contains { $0.hasPrefix("words/s/2/") })
        let s = built.page("words/s/index.html")
        #expect(built.entryIDs("words/s/index.html").count == 10)
        #expect(!s.contains("section-part") && !s.contains("section-pager-guide"))
        #expect(s.contains("<title>S · Words"))
        #expect(s.contains("rel=\"prev\" href=\"../b/index.html\"><span aria-hidden=\"true\">← </span>B</a>"))
    }

    @Test func aPageSizeBelowOneIsAnError() throws {
        let built = try build("lists:\n  - source: words.csv\n    page_size: 0\n", ["Content/words.csv": SectionPagingTests.words])
        let problem = try #require(built.diagnostics.first { $0.code == .badSettingValue })
        #expect(problem.message.contains("'page_size' must be a whole number of at least 1, not '0'"))
        #expect(problem.location.path.hasSuffix("indexsite.yml") && problem.location.line == 3)
    }

    /// The JSON inside a search file (`SearchIndex.callPrefix` … `callSuffix`).
    static func json(_ text: String) throws -> Any {
        let inner = text.dropFirst(SearchIndex.callPrefix.count).dropLast(SearchIndex.callSuffix.count)
        return try JSONSerialization.jsonObject(with: Data(inner.utf8), options: [.fragmentsAllowed])
    }
}

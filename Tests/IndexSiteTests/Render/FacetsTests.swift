import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore

/// Issue 41, item 4: `facets: [language, license]` gives a list chips per value with counts, each entry its values
/// for the script (`data-facets`), and a page per value (`tools/license/mit/`) in the sitemap.
@Suite struct FacetsTests {
    struct Built {
        let pages: [String: String]
        let diagnostics: [Diagnostic]
        func page(_ path: String) -> String { pages[path] ?? "" }
    }

    func build(_ settings: String, _ files: [String: String]) throws -> Built {
        var texts = files
        texts["indexsite.yml"] = settings
        let folder = try TestSupport.site("facets", texts: texts)
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false, keepPages: true))
        var pages: [String: String] = [:]
        for page in result.pages { pages[page.path, default: ""] += String(decoding: page.bytes, as: UTF8.self) }
        return Built(pages: pages, diagnostics: result.diagnostics)
    }

    static let tools = """
        name,language,license,platforms
        Alpha,Go,MIT,"linux, macos"
        Bravo,Rust,MIT,linux
        Charlie,Go,Apache-2.0,windows
        Delta,C,mit,"linux, windows"
        Echo,C++,BSD-3-Clause,
        Foxtrot,,MIT,macos

        """

    static let settings = """
        base_url: https://example.org/
        lists:
          - source: tools.csv
            title_field: name
            facets: [license, language, platforms]
            values_separator: {platforms: ","}

        """

    /// The chip labels of one facet group of a page, in order, with their counts ("MIT (4)").
    func chips(_ page: String, facet: String) -> [String] {
        guard let start = page.range(of: "data-facet=\"\(facet)\"") else { return [] }
        let rest = page[start.upperBound...]
        let group = rest[..<(rest.range(of: "<div class=\"facet\" ")?.lowerBound ?? rest.range(of: "</div>\n</details>")?.lowerBound ?? rest.endIndex)]
        var labels: [String] = []
        var scan = group[...]
        while let label = scan.range(of: "<span class=\"facet-chip-label\">") {
            let after = scan[label.upperBound...]
            guard let end = after.range(of: "</span> <span class=\"facet-chip-count\">("),
                  let close = after[end.upperBound...].range(of: ")</span>") else { break }
            labels.append(String(after[..<end.lowerBound]) + " (" + String(after[end.upperBound..<close.lowerBound]) + ")")
            scan = after[close.upperBound...]
        }
        return labels
    }

    @Test func chipsCountValuesMostFirstThenInCollationOrder() throws {
        let built = try build(FacetsTests.settings, ["Content/tools.csv": FacetsTests.tools])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let list = built.page("tools/index.html")
        // "mit" shares MIT's chip (values differing in case are one, as sections are); a blank cell counts nowhere.
        #expect(chips(list, facet: "license") == ["MIT (4)", "Apache-2.0 (1)", "BSD-3-Clause (1)"], "\(chips(list, facet: "license"))")
        #expect(chips(list, facet: "language") == ["Go (2)", "C (1)", "C++ (1)", "Rust (1)"], "\(chips(list, facet: "language"))")
        // a text cut by values_separator gives several values
        #expect(chips(list, facet: "platforms") == ["linux (3)", "macos (2)", "windows (2)"], "\(chips(list, facet: "platforms"))")
        #expect(list.contains("<p class=\"facet-label\" id=\"indexsite-facet-license\">License</p>"))
        #expect(list.contains("<details class=\"facets\" open data-live>"), "the list's own page filters in place")
    }

    @Test func entriesCarryThePlacesOfTheirValues() throws {
        let built = try build(FacetsTests.settings, ["Content/tools.csv": FacetsTests.tools])
        let list = built.page("tools/index.html")
        // Delta: license mit → MIT (0); language C (1); platforms linux (0), windows (2)
        #expect(list.contains("id=\"delta\" data-facets=\"0|1|0 2\""), "\(list)")
        // Echo: BSD (2), C++ (2), no platform
        #expect(list.contains("id=\"echo\" data-facets=\"2|2|\""), "\(list)")
        // Foxtrot: MIT, no language, macos (1)
        #expect(list.contains("id=\"foxtrot\" data-facets=\"0||1\""), "\(list)")
    }

    @Test func eachValueHasAPageInTheSitemap() throws {
        let built = try build(FacetsTests.settings, ["Content/tools.csv": FacetsTests.tools])
        let mit = built.page("tools/license/mit/index.html")
        for name in ["Alpha", "Bravo", "Delta", "Foxtrot"] { #expect(mit.contains(">\(name)<"), "\(name) missing on the MIT page") }
        for name in ["Charlie", "Echo"] { #expect(!mit.contains(">\(name)<"), "\(name) is not MIT") }
        #expect(mit.contains("<h1 class=\"list-title\">License: MIT</h1>"), "\(mit)")
        #expect(mit.contains("<a class=\"overview-link\" href=\"../../index.html\">"))
        // its own chip is current and leads back to the whole list; the others lead to their pages
        #expect(mit.contains("<a class=\"facet-chip\" href=\"../../index.html\" data-value=\"0\" aria-current=\"page\">"), "\(mit)")
        #expect(mit.contains("href=\"../../language/go/index.html\""))
        #expect(!mit.contains("data-live"), "a value's page keeps its chips as links")
        #expect(mit.contains("href=\"../../../assets/indexsite.css\""))
        // C and C++ make the same slug: the one first in collation order keeps it
        #expect(built.pages["tools/language/c/index.html"]?.contains(">Delta<") == true)
        #expect(built.pages["tools/language/c-2/index.html"]?.contains(">Echo<") == true)
        #expect(built.page("tools/platforms/windows/index.html").contains(">Charlie<"))
        // the list page links the chips to the pages, for readers without script
        #expect(built.page("tools/index.html").contains("<a class=\"facet-chip\" href=\"license/apache-2-0/index.html\" data-value=\"1\">"),
                "\(built.page("tools/index.html"))")
        let sitemap = built.page("sitemap.xml")
        for path in ["tools/license/mit/", "tools/language/c-2/", "tools/platforms/linux/"] {
            #expect(sitemap.contains("<loc>https://example.org/\(path)</loc>"), "\(path) not in \(sitemap)")
        }
    }

    /// The path of the page `href` (relative to the page at `from`, fragment dropped) leads to.
    static func resolve(_ href: Substring, from: String) -> String {
        let target = href.split(separator: "#", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !target.isEmpty else { return from }
        var parts = from.split(separator: "/").dropLast().map(String.init)
        for part in target.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    /// A value with more entries than `page_size` is cut into pages by the rule that cuts a long section
    /// (`mit/`, `mit/2/`), its entries taken in the list's order through the sections; each page says where it is,
    /// links every page of the value, and every link on it leads to a page the build wrote.
    @Test func aValueWithMoreEntriesThanPageSizeIsPaged() throws {
        let settings = FacetsTests.settings.replacingOccurrences(of: "    title_field: name\n", with: "    title_field: name\n    page_size: 2\n")
        #expect(settings.contains("page_size: 2"))
        let built = try build(settings, ["Content/tools.csv": FacetsTests.tools])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        func entryIDs(_ path: String) -> [String] {
            built.page(path).matches(of: /<li class="entry[^"]*" id="([^"]+)"/).map { String($0.output.1) }
        }
        let first = "tools/license/mit/index.html", second = "tools/license/mit/2/index.html"
        #expect(built.pages.keys.filter { $0.hasPrefix("tools/license/mit/") }.sorted() == [second, first])
        #expect(entryIDs(first) == ["alpha", "bravo"] && entryIDs(second) == ["delta", "foxtrot"])
        let page = built.page(second)
        #expect(page.contains("<title>License: MIT · 2 of 2 · Tools"), "\(page)")
        #expect(page.contains("<p class=\"section-part-title\">License: MIT · 2 of 2 <span class=\"section-part-guide\">Delta – Foxtrot</span></p>"), "\(page)")
        // its pager names what it pages: these entries, not a section
        #expect(page.contains("<nav class=\"section-part\" aria-label=\"Pages of these entries\">"), "\(page)")
        // and leads to every entry with the value at once: the list's page with the chip pressed
        #expect(page.contains("<a class=\"facet-all-pages\" href=\"../../../index.html?license=MIT\">Search every page</a>"), "\(page)")
        #expect(!built.page("tools/language/go/index.html").contains("facet-all-pages"))
        #expect(page.contains("<a href=\"../../../license/mit/index.html\" title=\"Alpha – Bravo\">1</a>"), "\(page)")
        #expect(page.contains("<a href=\"../../../license/mit/2/index.html\" title=\"Delta – Foxtrot\" aria-current=\"page\">2</a>"))
        // the strip leads to the page holding each section: A on the first, D on this one
        #expect(page.contains("href=\"../../../license/mit/index.html#a\""), "\(page)")
        #expect(page.contains("href=\"#d\""))
        #expect(built.page(first).contains("href=\"../../license/mit/2/index.html#f\""))
        // every relative link of both pages reaches a page or file of the site (a query or fragment aside)
        for path in [first, second] {
            for match in built.page(path).matches(of: /(?:href|src)="([^"#?:]+)(?:[?#][^"]*)?"/) {
                let target = FacetsTests.resolve(match.output.1, from: path)
                #expect(built.pages[target] != nil, "\(path) links \(match.output.1), which is not written")
            }
        }
        // a value within page_size keeps one page, without page links
        #expect(entryIDs("tools/language/go/index.html") == ["alpha", "charlie"])
        #expect(!built.page("tools/language/go/index.html").contains("section-part"))
        #expect(built.pages.keys.filter { $0.hasPrefix("tools/language/go/") }.count == 1)
        #expect(built.page("sitemap.xml").contains("<loc>https://example.org/tools/license/mit/2/</loc>"))
    }

    @Test func listFieldsGiveSeveralValues() throws {
        let yaml = """
            - title: Ada
              tags: [math, engines]
            - title: Grace
              tags: [compilers, math]
            - title: Linus
            """
        let built = try build("lists:\n  - source: people.yaml\n    facets: [tags]\n", ["Content/people.yaml": yaml])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let list = built.page("people/index.html")
        #expect(chips(list, facet: "tags") == ["math (2)", "compilers (1)", "engines (1)"], "\(chips(list, facet: "tags"))")
        #expect(built.page("people/tags/math/index.html").contains(">Grace<"))
        // an entry with no value has no data-facets (the script counts it under no chip)
        #expect(list.contains("id=\"linus\">"), "\(list)")
    }

    @Test func unknownFieldIsAnErrorAtItsItemWithASuggestion() throws {
        let settings = "lists:\n  - source: tools.csv\n    title_field: name\n    facets: [license, langauge]\n"
        let built = try build(settings, ["Content/tools.csv": FacetsTests.tools])
        let errors = built.diagnostics.filter { $0.code == .unknownField }
        #expect(errors.count == 1, "\(built.diagnostics)")
        let error = try #require(errors.first)
        #expect(error.location.path.hasSuffix("indexsite.yml") && error.location.line == 4 && error.location.column == 23, "\(error.location)")
        #expect(error.message.contains("'facets' names the field 'langauge'"), "\(error.message)")
        #expect(error.hint?.contains("did you mean 'language'?") == true, "\(error.hint ?? "")")
    }

    @Test func aFieldNamedTwiceIsAWarningAtItsSecondItem() throws {
        let settings = "lists:\n  - source: tools.csv\n    title_field: name\n    facets: [license, language, license]\n"
        let built = try build(settings, ["Content/tools.csv": FacetsTests.tools])
        let warnings = built.diagnostics.filter { $0.code == .badSettingValue }
        #expect(warnings.count == 1, "\(built.diagnostics)")
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning && warning.message.contains("names the field 'license' twice"), "\(warning.message)")
        #expect(warning.location.path.hasSuffix("indexsite.yml") && warning.location.line == 4 && warning.location.column == 33, "\(warning.location)")
    }

    /// A list split into section pages filters nowhere in place (its sections are on other pages): its overview's
    /// chips stay links to the value pages, and the section pages carry none.
    @Test func aSplitListLinksItsChipsToTheValuePages() throws {
        let settings = "lists:\n  - source: tools.csv\n    title_field: name\n    split: sections\n    facets: [license]\n"
        let built = try build(settings, ["Content/tools.csv": FacetsTests.tools])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let overview = built.page("tools/index.html")
        #expect(overview.contains("<details class=\"facets\" open>") && !overview.contains("data-live"), "\(overview)")
        #expect(overview.contains("href=\"license/mit/index.html\""))
        let sectionPage = try #require(built.pages["tools/a/index.html"], "\(built.pages.keys.sorted())")
        #expect(sectionPage.contains(">Alpha<") && !sectionPage.contains("class=\"facets"))
        let mit = built.page("tools/license/mit/index.html")
        #expect(mit.contains(">Alpha<") && mit.contains(">Foxtrot<") && !mit.contains(">Echo<"))
        #expect(!mit.contains("data-search"), "a value's page is one page: its filter needs no search.js")
    }

    @Test func listsWithoutFacetsAreUnchanged() throws {
        let built = try build("lists:\n  - source: tools.csv\n    title_field: name\n", ["Content/tools.csv": FacetsTests.tools])
        let list = built.page("tools/index.html")
        #expect(!list.contains("class=\"facets") && !list.contains("data-facets"))
        #expect(!built.pages.keys.contains { $0.hasPrefix("tools/license/") })
    }
}

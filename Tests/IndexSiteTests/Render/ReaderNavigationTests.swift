import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// The reader's navigation as rendered: sidebar of full titles nested by level, compact split pages, the whole-list
/// search data, field labels and counts.
@Suite struct ReaderNavigationTests {
    let renderer = PageRenderer.make(site: SiteSettings(), theme: .builtIn).0!

    func page(_ pages: [OutputPage], _ path: String) -> String {
        String(decoding: pages.first { $0.path == path }?.bytes ?? [], as: UTF8.self)
    }

    /// The page read as a tree, its structure required sound.
    func tree(_ pages: [OutputPage], _ path: String) -> HTMLTree {
        let tree = HTMLTree(page(pages, path))
        #expect(tree.problems == [], "\(path)")
        return tree
    }

    func list(_ sections: [Section], split: SplitStyle = .none) -> IndexedList {
        var settings = ListSettings(source: "t")
        settings.split = split
        let (anchored, _) = AnchorAllocator(reportsCollisions: false).assign(sections)
        return IndexedList(settings: settings, title: "T", description: nil, slug: "t", kind: .markdownList, sections: anchored)
    }

    func entry(_ title: String, children: [Entry] = []) -> Entry {
        Entry(fields: ["title": .text(title)], children: children)
    }

    /// A hand-made heading tree (levels 1, 2, 2, 1, 2, 3): every title in the sidebar, in order, each at its level.
    @Test func sidebarNestsSectionsByLevel() {
        let levels = [1, 2, 2, 1, 2, 3]
        let sections = levels.enumerated().map { index, level in
            var section = Section(title: "Section number \(index)", entries: [entry("Entry \(index)")])
            section.level = level
            return section
        }
        let items = tree(renderer.render([list(IndexTitles.assign(to: sections, style: .auto))]).pages, "t/index.html").select("li.section-nav-item")
        #expect(items.count == levels.count)
        for (item, (index, level)) in zip(items, levels.enumerated()) {
            #expect(item.classes == ["section-nav-item", "level-\(level)"] + (level > 1 ? ["is-subsection"] : []))
            #expect(item["style"] == "--level: \(level)")
            #expect(item.one(".section-nav-title")?.visibleText == "Section number \(index)")
        }
    }

    /// A parent's count in the sidebar is its whole subtree's: "Resources" holding only sub-sections shows their total, not 0.
    @Test func sidebarCountsIncludeSubSections() {
        let shape: [(level: Int, entries: Int)] = [(1, 0), (2, 2), (3, 3), (2, 1), (1, 4)]
        let sections = shape.enumerated().map { index, item in
            var section = Section(title: "Section number \(index)", entries: (0..<item.entries).map { entry("Entry \(index)-\($0)") })
            section.level = item.level
            return section
        }
        let page = tree(renderer.render([list(IndexTitles.assign(to: sections, style: .auto))]).pages, "t/index.html")
        #expect(page.select("li.section-nav-item > a > .section-nav-count").map(\.visibleText) == ["6", "5", "3", "1", "4"])
    }

    /// A section of prose only (an awesome list's "Contribution" or "License") shows no count in the sidebar: a 0
    /// there read as an empty category.
    @Test func aSectionOfProseOnlyShowsNoCount() {
        var license = Section(title: "License", entries: [])
        license.description = "MIT."
        let sections = [Section(title: "Tools", entries: [entry("Hammer"), entry("Saw")]), license]
        let items = tree(renderer.render([list(IndexTitles.assign(to: sections, style: .auto))]).pages, "t/index.html").select("li.section-nav-item")
        #expect(items.count == 2)
        #expect(items.first?.one(".section-nav-count")?.visibleText == "2")
        #expect(items.last?.one(".section-nav-title")?.visibleText == "License")
        #expect(items.last?.select(".section-nav-count").isEmpty == true)
    }

    @Test func letterListsHaveNoSidebar() {
        let page = tree(renderer.render([list([Section(title: "A", entries: [entry("Apple")])])]).pages, "t/index.html")
        #expect(page.select(".section-nav").isEmpty)
        #expect(page.select("nav.index-strip").count == 1)
    }

    /// 3,000 sections split into pages: each section page stays small (no strip of 3,000 links), so the output
    /// grows with the input, not with its square; the overview still links every section.
    @Test func sectionPagesOfHugeSplitListsStayCompact() {
        let sections = (0..<3000).map { Section(title: "Category \($0)", entries: [entry("Item \($0)")]) }
        let pages = renderer.render([list(IndexTitles.assign(to: sections, style: .auto), split: .sections)]).pages
        let sectionPages = pages.filter { $0.path.hasPrefix("t/") && $0.path.hasSuffix("/index.html") && $0.path != "t/index.html" }
        #expect(sectionPages.count == 3000)
        // Each page carries the same few KB of script data (its words and the list's search forms), not the strip.
        #expect(sectionPages.allSatisfy { $0.bytes.count < 12_000 })
        let middle = tree(pages, sectionPages[1500].path)
        #expect(!middle.select("a[href=../index.html]").isEmpty)
        #expect(middle.select("a[rel=prev]").count == 1 && middle.select("a[rel=next]").count == 1)
        #expect(middle.select(".index-strip-list").isEmpty)
        #expect(tree(pages, "t/index.html").select(".overview-title").count == 3000)
    }

    @Test func smallSplitListsKeepTheirStripOnSectionPagesAndLinkBack() {
        let sections = ["A", "B"].map { Section(title: $0, entries: [entry($0 + "pple")]) }
        let page = tree(renderer.render([list(sections, split: .sections)]).pages, "t/\(list(sections).sections[1].id)/index.html")
        #expect(page.select(".index-strip-list").count == 1)
        #expect(page.one("a.overview-link")?["href"] == "../index.html")
        #expect(page.select("[data-search=../search/index.js]").count == 1)
    }

    /// Nested items count as entries in the header, as they do in the filter (one `.entry` each) and on the home page.
    @Test func countsIncludeNestedEntries() {
        let sections = [Section(title: "A", entries: [entry("Apple", children: [entry("Apricot"), entry("Avocado")])])]
        let pages = renderer.render([list(sections)]).pages
        let listPage = tree(pages, "t/index.html")
        #expect(listPage.one("p.counts")?.visibleText == "3 entries · 1 section")
        #expect(page(pages, "index.html").contains("3 entries · 1 section"))
        #expect(listPage.select("li.entry").count == 3)
    }

    /// A long section is written as several lists of at most 100 entries (runs), each saying how many it holds, so the
    /// browser lays out only the runs near the screen; a short one stays one plain list. Entries keep their order.
    @Test func longSectionsAreWrittenInRunsOfAtMost100() {
        let sections = [Section(title: "A", entries: (0..<250).map { entry("Apple \($0)") }),
                        Section(title: "B", entries: (0..<100).map { entry("Banana \($0)") })]
        let page = tree(renderer.render([list(sections)]).pages, "t/index.html")
        let lists = page.select("ul.entries")
        #expect(lists.map { $0["style"] } == ["--entries: 100", "--entries: 100", "--entries: 50", nil])
        #expect(lists.map { $0.select("li.entry").count } == [100, 100, 50, 100])
        #expect(page.select("p.entry-title").map(\.visibleText) == (0..<250).map { "Apple \($0)" } + (0..<100).map { "Banana \($0)" })
    }

    /// Categories in an order of their own whose first letters are out of alphabetical order get a strip of ticks (a
    /// strip reading "M A Z B …" is a jumble); the same categories in alphabetical order, letter lists, dates and small
    /// lists labelled by initials keep their letters.
    @Test func stripDrawsTicksOnlyForFirstLettersOutOfOrder() {
        func ticks(_ titles: [String], grouping: Grouping? = nil, style: IndexTitleStyle = .auto) -> Bool {
            let sections = IndexTitles.assign(to: titles.map { Section(title: $0, entries: [entry($0 + " entry")]) }, style: style)
            var rendered = list(sections)
            rendered.settings.grouping = grouping
            rendered.settings.indexTitles = style
            let html = page(renderer.render([rendered]).pages, "t/index.html")
            #expect(ListPages.stripDrawsTicks(rendered) == html.contains("class=\"index-strip is-ticks\""))
            return ListPages.stripDrawsTicks(rendered)
        }
        let categories = (0..<20).map { ["Mango", "Apple", "Zucchini", "Banana", "Cherry"][$0 % 5] + " \($0)" }
        #expect(ticks(categories, grouping: .heading))
        #expect(ticks(categories, grouping: .field("category")))
        #expect(!ticks(categories.sorted(), grouping: .heading))
        let collated = ["Apple", "Banana", "Cherry", "Éclair", "Egg", "Émincé", "Fig", "Grape", "Honey", "Ice", "Jam", "Kiwi", "Lime"]
        #expect(!ticks(collated, grouping: .heading))   // É and E are one letter: in order
        #expect(!ticks(["Mango", "Apple", "Zucchini"], grouping: .heading))   // a handful of initials: names
        #expect(ticks(["Mango", "Apple", "Zucchini"], grouping: .heading, style: .firstLetter))
        #expect(!ticks(categories, grouping: .date("published", .month)))
        #expect(!ticks(["B", "A", "C"], grouping: .letter))
    }

    @Test func searchTextIsPlainWords() {
        #expect(ListPages.plainText("A *velvet* ladder; see [the map](https://example.org/(x)) and `SELECT *`.") ==
                "A velvet ladder; see the map and SELECT .")
    }

    @Test(arguments: [
        ("official_name", "Official name"), ("alpha_2", "Alpha 2"), ("author.last", "Author last"), ("releaseYear", "Release year"),
        ("ISBN", "ISBN"), ("url-slug", "Url slug"), ("title", "Title"),
        // Keys already written as words keep their words' case.
        ("UNTERM Spanish Formal", "UNTERM Spanish Formal"), ("CLDR display name", "CLDR display name"), ("date added", "Date added"),
    ])
    func fieldLabelsAreHumanised(key: String, expected: String) {
        #expect(FieldLabel.make(FieldPath(key), overrides: [:]) == expected)
    }

    @Test func fieldLabelsCanBeOverridden() {
        #expect(FieldLabel.make("alpha_2", overrides: ["alpha_2": "ISO code"]) == "ISO code")
    }
}

import Testing
@testable import IndexSite

@Suite struct DocsIndexParserTests {
    @Test(arguments: [
        ("Getting Started", "getting-started"), ("Adding `ArgumentParser` as a Dependency", "adding-argumentparser-as-a-dependency"),
        ("What's new in 2.0?", "whats-new-in-20"), ("Ça & Crème", "ça--crème"), ("API_Reference", "api_reference"),
    ])
    func githubSlugs(heading: String, expected: String) {
        #expect(DocsIndexParser.slug(heading, style: .github) == expected)
    }

    @Test func pandocDropsLeadingNonLetters() {
        #expect(DocsIndexParser.slug("1.2 Release notes", style: .pandoc) == "release-notes")
    }

    @Test func headingsAndIndexTermsBecomeEntries() {
        let guide = SourceFile(path: "Content/docs/guide/start.md", text: """
        ---
        index: ["Collation, locale", "Collation, numeric", Sorting]
        ---
        # Getting Started

        ## Install
        ## Install
        ### Sorting `keys`
        """)
        let parsed = DocsIndexParser().parse([guide], folder: "Content/docs")
        let rows = parsed.entries.map { [$0.text(at: "title") ?? "", $0.text(at: "url") ?? "", $0.text(at: "page") ?? ""] }
        #expect(rows == [
            ["Getting Started", "guide/start.html", "Getting Started"],
            ["Install", "guide/start.html#install", "Getting Started"],
            ["Install", "guide/start.html#install-1", "Getting Started"],
            ["Sorting keys", "guide/start.html#sorting-keys", "Getting Started"],
            ["Collation", "", ""],
            ["Sorting", "guide/start.html", "Getting Started"],
        ])
        #expect(parsed.entries[4].children.map { $0.text(at: "title") } == ["locale", "numeric"])
        #expect(parsed.entries[1].location.line == 6)
    }

    @Test func docsFolderBuildsAnIndexList() throws {
        var settings = ListSettings(source: "docs")
        settings.kind = .headings
        settings.linkBase = "https://docs.example.org/"
        let files = [SourceFile(path: "Content/docs/a.md", text: "# Alpha\n## Zeta part\n"), SourceFile(path: "Content/docs/b.md", text: "# Beta\n")]
        let planned = ListPlanner.planned(.folder(path: "Content/docs", files: files), settings: settings, location: SourceLocation(path: "indexsite.yml"))
        #expect(planned.kind == .docsIndex)
        var slugs: Set<String> = []
        let (list, diagnostics) = Build.makeList(planned, slugs: &slugs)
        #expect(diagnostics.isEmpty)
        let nonEmpty = try #require(list).sections.filter { !$0.isEmpty }
        #expect(nonEmpty.map(\.label) == ["A", "B", "Z"])
        #expect(nonEmpty[2].entries.first?.text(at: "url") == "https://docs.example.org/a.html#zeta-part")
    }
}

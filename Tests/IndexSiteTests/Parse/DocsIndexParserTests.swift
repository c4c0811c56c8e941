import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

@Suite struct DocsIndexParserTests {
    static func rows(_ entries: [Entry]) -> [[String]] {
        entries.map { [$0.text(at: "title") ?? "", $0.text(at: "url") ?? "", $0.text(at: "page") ?? ""] }
    }

    // Heading ids, each style by its tool's own rule (see DocsLinkStyle for the sources).
    @Test(arguments: [
        // github-slugger: punctuation dropped, case folded, spaces to `-` one by one.
        (DocsLinkStyle.github, "Getting Started", "getting-started"), (.github, "Adding `ArgumentParser` as a Dependency", "adding-argumentparser-as-a-dependency"),
        (.github, "What's new in 2.0?", "whats-new-in-20"), (.github, "Ça & Crème", "ça--crème"), (.github, "API_Reference", "api_reference"),
        // Pandoc: `.` kept, nothing before the first letter, empty → section.
        (.pandoc, "1.2 Release notes", "release-notes"), (.pandoc, "Version 1.2", "version-1.2"), (.pandoc, "42", "section"),
        // mdBook normalize_id: only ASCII is lower-cased (to_ascii_lowercase); `<` `>` `,` dropped.
        (.mdbook, "Using Result<T, E> in Tests", "using-resultt-e-in-tests"), (.mdbook, "Hello, World!", "hello-world"),
        (.mdbook, "Über Ñandú", "Über-Ñandú"), (.mdbook, "  Trimmed  ", "trimmed"),
        // Hugo's github auto ids: trimmed, unicode.ToLower on every letter, empty → heading.
        (.hugo, "Hugo Rocks!", "hugo-rocks"), (.hugo, "Über Ñandú", "über-ñandú"), (.hugo, "a -- b", "a----b"), (.hugo, "!!!", "heading"),
        (.hugo, "strings.Contains", "stringscontains"),
        // Python-Markdown toc.slugify: ASCII after NFKD, runs of `-` and spaces collapse.
        (.mkdocs, "Hello World!", "hello-world"), (.mkdocs, "Über Ñandú", "uber-nandu"), (.mkdocs, "a -- b", "a-b"),
        // DocC urlReadableFragment: case kept, punctuation and backticks removed.
        (.docc, "Getting Started", "Getting-Started"), (.docc, "What's `new`?", "Whats-new"), (.docc, "A — B", "A-B"),
    ])
    func headingIDs(style: DocsLinkStyle, heading: String, expected: String) {
        #expect(style.baseID(heading) == expected)
    }

    @Test func repeatsAreToldApartTheWayEachToolDoes() {
        func ids(_ style: DocsLinkStyle, _ bases: [String]) -> [String] {
            var used: [String: Int] = [:]
            return bases.map { style.uniqueID($0, used: &used) }
        }
        #expect(ids(.mdbook, ["summary", "summary", "summary"]) == ["summary", "summary-1", "summary-2"])
        #expect(ids(.github, ["a", "a"]) == ["a", "a-1"])
        // Hugo skips an id a heading already has: "x-1" is taken, so the third "x" becomes "x-2".
        #expect(ids(.hugo, ["x", "x-1", "x"]) == ["x", "x-1", "x-2"])
        // toc.unique: _1, _2.
        #expect(ids(.mkdocs, ["usage", "usage", "usage"]) == ["usage", "usage_1", "usage_2"])
    }

    @Test(arguments: [
        (DocsLinkStyle?.none, "guide/start.md", "guide/start.html"),
        (.github, "guide/start.md", "guide/start.md"),
        (.pandoc, "guide/start.md", "guide/start.html"),
        (.mdbook, "ch01-02-hello-world.md", "ch01-02-hello-world.html"), (.mdbook, "README.md", "index.html"),
        (.mdbook, "guide/README.md", "guide/index.html"),
        (.hugo, "Functions/Strings/Contains.md", "functions/strings/contains/"), (.hugo, "functions/_index.md", "functions/"),
        (.hugo, "about/index.md", "about/"), (.hugo, "_index.md", "./"),
        (.mkdocs, "user-guide/setup.md", "user-guide/setup/"), (.mkdocs, "user-guide/index.md", "user-guide/"), (.mkdocs, "index.md", "./"),
        (.docc, "GettingStarted.md", "documentation/mykit/gettingstarted"),
    ])
    func pageURLs(style: DocsLinkStyle?, path: String, expected: String) {
        let parser = DocsIndexParser(linkStyle: style)
        #expect(parser.pageURL(path, frontMatter: FieldRecord(), folder: "Content/MyKit.docc") == expected)
    }

    @Test func hugoSlugAndURLFrontMatter() {
        let parser = DocsIndexParser(linkStyle: .hugo)
        #expect(parser.pageURL("news/Post.md", frontMatter: FieldRecord(names: ["slug"], values: [.text("First Post")]), folder: "docs") == "news/first-post/")
        #expect(parser.pageURL("news/Post.md", frontMatter: FieldRecord(names: ["url"], values: [.text("/custom/path/")]), folder: "docs") == "custom/path/")
    }

    @Test func linkExtensionSlashKeepsTheSlash() {
        let parser = DocsIndexParser(linkExtension: "/")
        #expect(parser.pageURL("guide/start.md", frontMatter: FieldRecord(), folder: "docs") == "guide/start/")
        #expect(DocsIndexParser(linkExtension: "").pageURL("guide/start.md", frontMatter: FieldRecord(), folder: "docs") == "guide/start")
    }

    @Test func repeatedHeadingsBecomeOneTermWithItsPagesBeneath() {
        let files = [
            SourceFile(path: "Content/docs/a.md", text: "# Alpha\n## Summary\n## Usage\n"),
            SourceFile(path: "Content/docs/b.md", text: "## Summary\n## summary\n"),
            SourceFile(path: "Content/docs/SUMMARY.md", text: "- [Alpha](a.md)\n- [The `Beta` Chapter](b.md)\n"),
        ]
        let parsed = DocsIndexParser(linkStyle: .mdbook).parse(files, folder: "Content/docs")
        #expect(DocsIndexParserTests.rows(parsed.entries) == [
            ["Alpha", "a.html", ""], ["Summary", "", ""], ["Usage", "a.html#usage", "Alpha"], ["The Beta Chapter", "b.html", ""],
        ])
        let summary = parsed.entries[1].children
        #expect(DocsIndexParserTests.rows(summary) == [
            ["Alpha", "a.html#summary", ""], ["The Beta Chapter", "b.html#summary", ""], ["The Beta Chapter (2)", "b.html#summary-1", ""],
        ])
    }

    @Test func pageTitlesNeverShowPaths() {
        let files = [
            SourceFile(path: "Content/docs/front.md", text: "---\ntitle: From Front Matter\n---\n# Heading\n"),
            SourceFile(path: "Content/docs/heading.md", text: "Intro.\n\n# First Heading\n"),
            SourceFile(path: "Content/docs/strings-contains.md", text: "No headings at all.\n"),
            SourceFile(path: "Content/docs/guide/_index.md", text: "Section page.\n"),
        ]
        let parsed = DocsIndexParser(linkStyle: .hugo).parse(files, folder: "Content/docs")
        #expect(parsed.entries.map { $0.text(at: "title") ?? "" } == ["From Front Matter", "Heading", "First Heading", "Strings Contains", "Guide"])
        #expect(parsed.entries[3].text(at: "url") == "strings-contains/")
        #expect(parsed.entries[4].text(at: "url") == "guide/")
    }

    @Test func hugoHeadingAttributesAreIDsNotText() {
        let files = [SourceFile(path: "Content/docs/page.md", text: "---\ntitle: Page {#top}\n---\n## Options {#opts .wide}\n## Options\n")]
        let parsed = DocsIndexParser(linkStyle: .hugo).parse(files, folder: "Content/docs")
        #expect(parsed.entries.map { $0.text(at: "title") ?? "" } == ["Page", "Options"])
        #expect(DocsIndexParserTests.rows(parsed.entries[1].children) == [["Page", "page/#opts", ""], ["Page (2)", "page/#options", ""]])
    }

    @Test func authoredTermsSubEntriesSeeAndMain() {
        let files = [
            SourceFile(path: "Content/docs/a.md", text: "---\ntitle: Sorting\nindex: [\"Collation; locale\", \"Collation; numeric\"]\nsee_also:\n  Collation: Sorting\n---\n"),
            SourceFile(path: "Content/docs/b.md", text: "---\ntitle: Collation\nmain: true\nsee:\n  Ordering: Collation\n---\n## Locale\n"),
            SourceFile(path: "Content/docs/c.md", text: "---\ntitle: Guide\nindex: [collation]\n---\n"),
        ]
        let parsed = DocsIndexParser(linkBase: "/d/").parse(files, folder: "Content/docs")
        #expect(parsed.diagnostics.isEmpty)
        let collation = try! #require(parsed.entries.first { $0.text(at: "title") == "Collation" })
        // The main page first, then the others, then the sub-entries in collation order.
        #expect(collation.children.map { $0.text(at: "title") ?? "" } == ["Collation", "Guide", "locale", "numeric"])
        #expect(collation.children[0].text(at: "main") == "true")
        #expect(collation.children[1].text(at: "main") == nil)
        #expect(collation.text(at: "description") == "*see also* Sorting")
        let ordering = try! #require(parsed.entries.first { $0.text(at: "title") == "Ordering" })
        #expect(ordering.text(at: "description") == "*see* Collation")
        #expect(ordering.text(at: "url") == nil)
    }

    @Test func checkReportsBrokenAndConflictingSeeReferences() {
        let files = [
            SourceFile(path: "Content/docs/a.md", text: "---\ntitle: Sorting\nsee:\n  Ordering: Colation\n  Install: Sorting\n---\n## Install\n"),
        ]
        let diagnostics = DocsIndexParser().parse(files, folder: "Content/docs").diagnostics
        #expect(Set(diagnostics.map(\.code)) == [.docsSeeTargetMissing, .docsSeeWithPages])
        #expect(diagnostics.map(\.location.line).sorted() == [4, 5])
    }

    @Test func termsSortUnderTheirFirstLetter() throws {
        var settings = ListSettings(source: "docs")
        settings.kind = .headings
        settings.linkBase = "https://docs.example.org/"
        let files = [SourceFile(path: "Content/docs/cli.md", text: "# CLI\n## --help\n## `.gitignore`\n## ...\n")]
        let planned = ListPlanner.planned(.folder(path: "Content/docs", files: files), settings: settings, location: SourceLocation(path: "indexsite.yml"))
        let list = try #require(Build.makeList(planned).0)
        let placed = list.sections.filter { !$0.isEmpty }.map { section in "\(section.label): " + section.entries.map { $0.text(at: "title") ?? "" }.joined(separator: ", ") }
        #expect(placed == ["C: CLI", "G: .gitignore", "H: --help", "#: ..."])
    }

    @Test func docsFolderBuildsAnIndexList() throws {
        var settings = ListSettings(source: "docs")
        settings.kind = .headings
        settings.linkBase = "https://docs.example.org/"
        let files = [SourceFile(path: "Content/docs/a.md", text: "# Alpha\n## Zeta part\n"), SourceFile(path: "Content/docs/b.md", text: "# Beta\n")]
        let planned = ListPlanner.planned(.folder(path: "Content/docs", files: files), settings: settings, location: SourceLocation(path: "indexsite.yml"))
        #expect(planned.kind == .docsIndex)
        let (list, diagnostics) = Build.makeList(planned)
        #expect(diagnostics.isEmpty)
        let nonEmpty = try #require(list).sections.filter { !$0.isEmpty }
        #expect(nonEmpty.map(\.label) == ["A", "B", "Z"])
        #expect(nonEmpty[2].entries.first?.text(at: "url") == "https://docs.example.org/a.html#zeta-part")
    }

    @Test func withoutLinkBaseOneWarningSaysWhereLinksPoint() throws {
        var settings = ListSettings(source: "docs")
        settings.kind = .headings
        let files = [SourceFile(path: "Content/docs/a.md", text: "# Alpha\n## One\n"), SourceFile(path: "Content/docs/b.md", text: "# Beta\n")]
        let planned = ListPlanner.planned(.folder(path: "Content/docs", files: files), settings: settings, location: SourceLocation(path: "indexsite.yml"))
        let diagnostics = Build.makeList(planned).1
        #expect(diagnostics.map(\.code) == [.docsLinksRelative])
        #expect(diagnostics.first?.message.contains("docs/a.html") == true)
    }
}

@Suite struct TOMLFrontMatterTests {
    @Test func readsHugoTOMLFrontMatter() throws {
        let file = SourceFile(path: "Content/docs/a.md", text: "+++\ntitle = \"Say \\\"hi\\\"\"\ndraft = false\ntags = ['a', \"b\"]\n[params]\ntitle = 'no'\n+++\n## Body\n")
        let toml = try #require(TOMLFrontMatter(file.bytes))
        #expect(toml.fields["title"]?.displayText == "Say \"hi\"")
        #expect(toml.fields["tags"]?.texts == ["a", "b"])
        #expect(toml.fields.names == ["title", "draft", "tags"])
        #expect(String(decoding: file.bytes[toml.bodyStart...], as: UTF8.self) == "## Body\n")
        let parsed = DocsIndexParser(linkStyle: .hugo).parse([file], folder: "Content/docs")
        #expect(parsed.entries.map { $0.text(at: "title") ?? "" } == ["Say \"hi\"", "Body"])
        #expect(parsed.entries[1].location.line == 8)
        #expect(TOMLFrontMatter(Array("+++\ntitle = 1\n".utf8)) == nil)
    }
}

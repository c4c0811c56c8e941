import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

@Suite struct MarkdownListParserTests {
    func parse(_ text: String) -> ParsedSource {
        MarkdownListParser().parse(SourceFile(path: "Content/l.md", text: text))
    }

    @Test func headingsAreSectionsAndItemsAreEntries() {
        let parsed = parse("""
        # Awesome things

        A list of things.

        ## Tools

        Handy tools for the shed.

        - [Hammer](https://example.org/hammer) - Hits *nails*.
        - **Saw**: Cuts `wood`.
        - Plain tape

        ## Empty

        ## Paint
        - [Brush](https://example.org/brush) – Spreads paint.
        """)
        #expect(parsed.title == "Awesome things")
        #expect(parsed.description == "A list of things.")
        #expect(parsed.declaredSections.map(\.title) == ["Tools", "Empty", "Paint"])
        #expect(parsed.declaredSections[0].description == "Handy tools for the shed.")
        #expect(parsed.entries.map { $0.text(at: "title") } == ["Hammer", "Saw", "Plain tape", "Brush"])
        #expect(parsed.entries[0].text(at: "url") == "https://example.org/hammer")
        #expect(parsed.entries[0].text(at: "description") == "Hits *nails*.")
        #expect(parsed.entries[1].text(at: "description") == "Cuts `wood`.")
        #expect(parsed.entries[2].text(at: "description") == nil)
        #expect(parsed.entries[3].text(at: "description") == "Spreads paint.")
        #expect(parsed.entries.map(\.heading) == ["Tools", "Tools", "Tools", "Paint"])
        #expect(parsed.entries[0].location.line == 9)
        #expect(parsed.diagnostics.isEmpty)
    }

    /// A description is kept as Markdown: an escaped tilde or pipe stays escaped, so it is not struck through later.
    @Test(arguments: [(" - Hits nails.", "Hits nails."), ("– Spreads paint.", "Spreads paint."), (" — Community scripts. ", "Community scripts."),
                      (": Cuts wood.", "Cuts wood."), ("-x", "x"), ("Plain", "Plain"), (" -\u{301}e", "\u{301}e"), ("—", ""), ("   ", ""),
                      ("\u{2003}– Wide space first", "– Wide space first"), ("-- Two dashes", "- Two dashes")])
    func theSeparatorBeforeADescriptionIsDropped(_ text: String, _ description: String) {
        #expect(MarkdownListParser.ItemParts.dropSeparator(text) == description)
    }

    @Test func escapesInDescriptionsSurvive() {
        let parsed = parse("# Tools\n\n## Misc\n\n- [Pipe](https://a.example) - Splits a \\| b, keeps \\~tilde\\~ and ~~gone~~.\n- [Y \\~ z](https://y.example) - Plain.\n")
        #expect(parsed.entries.first?.text(at: "description") == "Splits a | b, keeps \\~tilde\\~ and ~~gone~~.")
        #expect(parsed.entries.last?.text(at: "title") == "Y ~ z")
        #expect(CommonMark.html(parsed.entries.first?.text(at: "description") ?? "") == "<p>Splits a | b, keeps ~tilde~ and <del>gone</del>.</p>\n")
    }

    /// A description is written back to Markdown that renders as the item did: code spans holding backticks keep
    /// them, and a link destination holding `>` stays one destination.
    @Test func codeSpansAndLinkDestinationsSurviveTheWriteBack() {
        let parsed = parse("# T\n\n- [A](https://a.example) - Run `` a`b `` or `` `c ``, see [the docs](https://d.example/x>y \"T\").\n")
        let description = parsed.entries.first?.text(at: "description") ?? ""
        #expect(description == "Run ``a`b`` or `` `c ``, see [the docs](<https://d.example/x%3Ey> \"T\").")
        #expect(CommonMark.html(description)
            == "<p>Run <code>a`b</code> or <code>`c</code>, see <a href=\"https://d.example/x%3Ey\" title=\"T\">the docs</a>.</p>\n")
    }

    @Test func nestedItemsAreChildren() {
        let parsed = parse("""
        ## Platforms
        - [Node](https://n.example) - Runtime.
            - [Streams](https://s.example) - Data flows.
                - [Backpressure](https://b.example)
        - [Deno](https://d.example)
        """)
        #expect(parsed.entries.count == 2)
        #expect(parsed.entries[0].children.map { $0.text(at: "title") } == ["Streams"])
        #expect(parsed.entries[0].children[0].children.map { $0.text(at: "title") } == ["Backpressure"])
    }

    /// Items cmark reads (nested, or with syntax read off no line) end as rows of texts like the items read off
    /// their lines, however the two are mixed: only cmark's are moved into a table.
    @Test func everyItemEndsAsARowOfTexts() {
        let parsed = parse("""
        ## Tools
        - [Hammer](https://h.example) - Hits *nails*.
        - [Saw](https://s.example) - Cuts _wood_.
        - [Tape](https://t.example) - Sticks.
            - [Duct](https://d.example) - Grey.
        - **Glue**: Holds.
        """)
        #expect(parsed.entries.map { $0.text(at: "title") } == ["Hammer", "Saw", "Tape", "Glue"])
        #expect(parsed.entries[1].text(at: "description") == "Cuts *wood*.")
        #expect(parsed.entries.allSatisfy { $0.fields.isRowOfTexts })
        #expect(parsed.entries[2].children.allSatisfy { $0.fields.isRowOfTexts })
    }

    @Test func tableOfContentsAndHTMLAreNotEntries() {
        let parsed = parse("""
        <div align="center"><img src="logo.svg"></div>

        ## Contents

        - [Platforms](#platforms)
        - [Tools](#tools)

        ## Platforms

        - [Linux](https://l.example) - Kernel.
        """)
        #expect(parsed.declaredSections.map(\.title) == ["Platforms"])
        #expect(parsed.entries.map { $0.text(at: "title") } == ["Linux"])
    }

    @Test func frontMatterCarriesSettingsAndLinesStayTrue() throws {
        let parsed = parse("---\ntitle: Foods\ngroup_by: letter\n---\n- Apple\n- Bread\n")
        #expect(parsed.settings != nil)
        #expect(parsed.entries.map(\.location.line) == [5, 6])
        var settings = ListSettings(source: "l.md")
        let diagnostics = SettingsParser.apply(try #require(parsed.settings), to: &settings)
        #expect(diagnostics.isEmpty)
        #expect(settings.title == "Foods")
        #expect(settings.grouping == .letter)
    }

    @Test func taskItemsKeepTheirState() {
        let parsed = parse("- [ ] Sweep the floor\n- [x] Oil the hinges\n")
        #expect(parsed.entries.map { $0.text(at: "title") } == ["Sweep the floor", "Oil the hinges"])
        #expect(parsed.entries.map { $0.text(at: "done") } == ["false", "true"])
    }

    @Test func emptyItemIsReported() throws {
        let parsed = parse("- Apple\n-\n- Pear\n")
        #expect(parsed.entries.count == 2)
        let diagnostic = try #require(parsed.diagnostics.first)
        #expect(diagnostic.code == .emptyListItem)
        #expect(diagnostic.location.line == 2)
    }

    @Test func deepNestingDoesNotExhaustTheStack() {
        var text = ""
        for depth in 0..<1_000 { text += String(repeating: "  ", count: depth) + "- item \(depth)\n" }
        let parsed = parse(text)
        #expect(parsed.entries.count == 1)
        var depth = 1
        var entry = parsed.entries[0]
        while let child = entry.children.first { entry = child; depth += 1 }
        #expect(depth == MarkdownListParser.maximumDepth)
    }

    @Test func markdownOfDescriptionsRoundTrips() {
        let parsed = parse("- [A](https://a.example) - Uses [links](https://x.example \"t\"), **bold**, _em_ and 2 * 3.\n")
        let description = parsed.entries[0].text(at: "description") ?? ""
        #expect(CommonMark.html(description) == "<p>Uses <a href=\"https://x.example\" title=\"t\">links</a>, <strong>bold</strong>, <em>em</em> and 2 * 3.</p>\n")
    }
}

@Suite struct FrontMatterTests {
    /// Found by the fuzzer: Yams orders duplicate keys that are not text by dictionary order, which changes from run
    /// to run; the diagnostic must not.
    @Test func duplicateKeysAreReportedTheSameWayEveryTime() throws {
        let text = "---\ntitle: A\n[a]: 1\nsummary: S\ntitle: B\n[a]: 2\nsummary: T\n---\nBody\n"
        var seen: Set<[String]> = []
        for _ in 0..<20 {
            let parsed = MarkdownListParser().parse(SourceFile(path: "Content/k.md", text: text))
            seen.insert(parsed.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.message)" })
        }
        // Text keys written twice take their later value, with a warning each; the key that is not text stays an error.
        #expect(seen == [[
            "7:1 warning key 'summary' appears again, first set at line 4; the later value is used, as Jekyll and Hugo do",
            "5:1 warning key 'title' appears again, first set at line 2; the later value is used, as Jekyll and Hugo do",
            "2:1 error a key that is not text appears more than once in the same mapping",
        ]])

        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/k.md", text: "---\nb: 1\na: 1\nb: 2\na: 2\n---\n"))
        #expect(parsed.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
            == ["5:1 key 'a' appears again, first set at line 3; the later value is used, as Jekyll and Hugo do",
                "4:1 key 'b' appears again, first set at line 2; the later value is used, as Jekyll and Hugo do"])
    }

    @Test func splitsYAMLFromBody() throws {
        let file = SourceFile(path: "Content/g/kerning.md", text: "---\ntitle: Kerning\ntags: [type, spacing]\n---\nBody *text*.\n")
        let (entry, diagnostics) = MarkdownEntryParser().parse(file)
        #expect(diagnostics.isEmpty)
        let parsed = try #require(entry)
        #expect(parsed.text(at: "title") == "Kerning")
        #expect(parsed.fields["tags"]?.texts == ["type", "spacing"])
        #expect(parsed.body == "Body *text*.\n")
    }

    @Test func unclosedFrontMatter() throws {
        let (_, diagnostics) = MarkdownEntryParser().parse(SourceFile(path: "x.md", text: "---\ntitle: X\nno end\n"))
        #expect(diagnostics.map(\.code) == [.frontMatterUnclosed])
        #expect(diagnostics.first?.location.line == 1)
    }

    @Test func malformedYAMLIsReportedAtItsFileLine() throws {
        let (_, diagnostics) = MarkdownEntryParser().parse(SourceFile(path: "x.md", text: "---\ntitle: X\ntags: [a, b\n---\nbody\n"))
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == .yamlSyntax)
        #expect(diagnostic.location.line >= 3)
    }

    @Test func duplicateKeys() throws {
        let (_, diagnostics) = MarkdownEntryParser().parse(SourceFile(path: "x.md", text: "---\ntitle: A\ntitle: B\n---\n"))
        #expect(diagnostics.map(\.code) == [.duplicateKey])
        // At the repeat, naming the first.
        #expect(diagnostics.first?.location.line == 3)
        #expect(diagnostics.first?.message == "key 'title' appears again, first set at line 2; the later value is used, as Jekyll and Hugo do")
        #expect(diagnostics.first?.severity == .warning)
    }

    @Test func titleFallsBackToFirstHeading() throws {
        let (entry, _) = MarkdownEntryParser().parse(SourceFile(path: "x.md", text: "# Leading\n\nText.\n"))
        #expect(entry?.text(at: "title") == "Leading")
    }

    /// A page that opens with a deeper heading (the Rust book's `## Hello, Cargo!`) is titled by it; a page with no
    /// opening heading by its file name made readable, a folder's index page by its folder — never by a path.
    @Test(arguments: [
        ("Content/book/ch01-03-hello-cargo.md", "## Hello, Cargo!\n\nText.\n", "Hello, Cargo!"),
        ("Content/book/ch01-03-hello-cargo.md", "Text first.\n\n# Later\n", "Ch01 03 Hello Cargo"),
        ("Content/docs/strings/index.md", "Text.\n", "Strings"),
        ("Content/docs/awesome-ios.md", "#hashtag is not a heading\n", "Awesome iOS"),
    ])
    func titleFallsBackToAnOpeningHeadingThenTheFileName(path: String, body: String, title: String) {
        let (entry, diagnostics) = MarkdownEntryParser().parse(SourceFile(path: path, text: body))
        #expect(entry?.text(at: "title") == title)
        #expect(diagnostics.isEmpty)
    }
}

@Suite struct KeyPathTests {
    @Test func dottedPathsReachNestedFields() {
        let parsed = JSONParser().parse(SourceFile(path: "h.json", text: #"[{"title":"T","source":{"name":"Gazette","tags":["a","b"]},"n":3.50,"ok":true}]"#))
        let entry = parsed.entries[0]
        #expect(entry.text(at: "source.name") == "Gazette")
        #expect(entry.fields.value(at: "source.tags")?.texts == ["a", "b"])
        #expect(entry.text(at: "n") == "3.50")
        #expect(entry.text(at: "ok") == "true")
        #expect(entry.text(at: "source.missing") == nil)
        #expect(entry.text(at: "title.deeper") == nil)
        #expect(!FieldPath("a..b").isWellFormed)
    }

    @Test func jsonErrorsHaveLineAndColumn() throws {
        let parsed = JSONParser().parse(SourceFile(path: "h.json", text: "[\n  {\"title\": \"A\"},\n  {\"title\": \"B\",}\n]"))
        let diagnostic = try #require(parsed.diagnostics.first)
        #expect(diagnostic.code == .jsonSyntax)
        #expect(diagnostic.location.line == 3)
        #expect(diagnostic.location.column == 17)
    }

    @Test func jsonEntriesKnowTheirLine() {
        let parsed = JSONParser().parse(SourceFile(path: "h.json", text: "[\n{\"title\":\"A\"},\n\n{\"title\":\"B\\u00e9\"}]"))
        #expect(parsed.entries.map(\.location.line) == [2, 4])
        #expect(parsed.entries[1].text(at: "title") == "Bé")
    }
}

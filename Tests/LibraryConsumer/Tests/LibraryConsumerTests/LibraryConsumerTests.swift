import Foundation
import IndexSite
import Testing

/// Uses IndexSite as a library from another package: a plain `import`, so only the public API is in reach.
@Suite struct LibraryConsumerTests {
    /// A fresh folder under the system's temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("indexsite-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    // MARK: - A whole site, on disk

    @Test func buildsATinySite() throws {
        let site = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        try Self.write("""
            title: Bookshelf
            lists:
              - source: books.csv
                ignore_prefixes: ["The "]
            """, to: site.appendingPathComponent("indexsite.yml"))
        try Self.write("""
            title,author,year
            The Hobbit,J. R. R. Tolkien,1937
            Dune,Frank Herbert,1965
            Beloved,Toni Morrison,1987
            """, to: site.appendingPathComponent("Content/books.csv"))
        let output = site.appendingPathComponent("public")

        // `keepPages` keeps the rendered files in the result as well as writing them.
        let result = Build.run(BuildOptions(siteFolder: site, output: output, keepPages: true))

        #expect(result.succeeded)
        #expect(result.diagnostics.isEmpty)
        #expect(result.lists.map(\.title) == ["Books"])
        #expect(result.entryCount == 3)
        #expect(result.sectionCount == 3)
        #expect(Set(result.pagePaths).isSuperset(of: ["index.html", "books/index.html", "books/entries.json"]))
        #expect(result.pages.map(\.path) == result.pagePaths)
        let page = try #require(result.pages.first { $0.path == "books/index.html" })
        let html = String(decoding: page.bytes, as: UTF8.self)
        #expect(html.contains("The Hobbit"))
        // What the result says is what is on disk.
        #expect(try Data(contentsOf: output.appendingPathComponent("books/index.html")) == Data(page.bytes))
        // "The Hobbit" is filed under H, not T.
        let sections = try #require(result.lists.first?.sections.filter { !$0.isEmpty })
        #expect(sections.map(\.title) == ["B", "D", "H"])
        // An entry's title, link and fields by name.
        let books = try #require(result.lists.first)
        let hobbit = try #require(sections.last?.entries.first)
        #expect(hobbit.title == "The Hobbit")
        #expect(books.title(of: hobbit) == "The Hobbit")
        #expect(books.url(of: hobbit) == nil)
        #expect(hobbit["year"] == "1937")
        #expect(hobbit["author"] == "J. R. R. Tolkien")

        // Built on four threads, the output is the same byte for byte.
        let parallelOutput = site.appendingPathComponent("parallel")
        let parallel = Build.run(BuildOptions(siteFolder: site, output: parallelOutput, keepPages: true, jobs: 4))
        #expect(parallel.pages == result.pages)

        // The same inputs again: the output on disk is already right and is kept as it is.
        let again = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(again.succeeded)
        #expect(again.reusedPreviousOutput)
        #expect(again.entryCount == 3)
    }

    @Test func reportsEveryProblemWithItsPlace() throws {
        let site = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        try Self.write("title,year\nDune,1965\nBeloved\n", to: site.appendingPathComponent("Content/books.csv"))
        try Self.write("[{\"title\": \"Apple\"}, 42]\n", to: site.appendingPathComponent("Content/fruit.json"))

        // `writeOutput: false` is `indexsite check`: everything is validated and nothing is written.
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false))

        #expect(!result.succeeded)
        #expect(result.diagnostics.map(\.code) == [.csvRaggedRow, .jsonEntryNotObject])
        #expect(result.diagnostics.map(\.severity) == [.error, .error])
        #expect(result.diagnostics.map(\.location) == [
            SourceLocation(path: "Content/books.csv", line: 3, column: 1),
            SourceLocation(path: "Content/fruit.json", line: 1, column: 22),
        ])
        let text = DiagnosticFormatter(format: .text).line(result.diagnostics[0], hint: false)
        #expect(text == "Content/books.csv:3:1: error: row has 1 field, the header has 2 [csv-ragged-row]")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("_site").path))
    }

    // MARK: - Entries in memory, no disk

    /// An entry with the given fields, as a JSON object or CSV row would give it.
    static func entry(_ fields: KeyValuePairs<String, FieldValue>, line: Int) -> Entry {
        Entry(fields: FieldRecord(names: fields.map(\.key), values: fields.map(\.value)),
              location: SourceLocation(path: "memory", line: line))
    }

    @Test func sectionsPlainTitlesInTheLocalesAlphabet() {
        let names = ["Örjan", "Anders", "Åsa", "Émile", "Zoë", "42nd Street", "Eva"]
        let entries = names.enumerated().map { Self.entry(["title": .text($1)], line: $0 + 1) }
        var settings = ListSettings(source: "people")
        settings.locale = "sv"
        settings.emptySections = .hide

        let input = Sectioner.Input(entries: entries, kind: .json, settingsLocation: SourceLocation(path: "memory"))
        let (sections, sectionDiagnostics) = Sectioner().section(input, settings: settings)
        let (anchored, anchorDiagnostics) = AnchorAllocator().assign(sections)

        #expect(sectionDiagnostics.isEmpty && anchorDiagnostics.isEmpty)
        // Swedish: Å, Ä and Ö are letters of their own after Z; É is an E; digits go to "#", last.
        #expect(anchored.map(\.title) == ["A", "E", "Z", "Å", "Ö", "#"])
        #expect(anchored.map { $0.entries.compactMap { $0.text(at: "title") } } == [
            ["Anders"], ["Émile", "Eva"], ["Zoë"], ["Åsa"], ["Örjan"], ["42nd Street"],
        ])
        #expect(anchored.last?.isCatchAll == true)
        let ids = anchored.map(\.id) + anchored.flatMap { $0.entries.map(\.id) }
        #expect(Set(ids).count == ids.count)
        #expect(anchored.first?.entries.first?.id == "anders")
    }

    @Test func sectionsByATagFieldInADeclaredOrder() {
        let entries = [
            Self.entry(["name": .text("Tomato soup"), "meal": .list([.text("Lunch"), .text("Dinner")])], line: 1),
            Self.entry(["name": .text("Porridge"), "meal": .text("Breakfast")], line: 2),
            Self.entry(["name": .text("Dal"), "meal": .text("Dinner")], line: 3),
            Self.entry(["name": .text("Toast")], line: 4),
        ]
        var settings = ListSettings(source: "recipes")
        settings.titleField = "name"
        settings.grouping = .field("meal")
        settings.sectionOrder = ["Breakfast", "Lunch", "Dinner"]

        let (sections, diagnostics) = Sectioner().section(
            Sectioner.Input(entries: entries, kind: .csv, settingsLocation: SourceLocation(path: "memory")), settings: settings)
        let (anchored, anchorDiagnostics) = AnchorAllocator().assign(sections, titleField: settings.titleField)

        #expect(diagnostics.isEmpty && anchorDiagnostics.isEmpty)
        #expect(anchored.map(\.title) == ["Breakfast", "Lunch", "Dinner", "No meal"])
        #expect(anchored.map(\.label) == ["B", "L", "D", "#"])
        #expect(anchored.map { $0.entries.compactMap { $0.text(at: "name") } } == [["Porridge"], ["Tomato soup"], ["Dal", "Tomato soup"], ["Toast"]])
        // An entry in two sections is on the page twice, so its second appearance gets an id of its own.
        #expect(anchored[1].entries[0].id == "tomato-soup")
        #expect(anchored[2].entries[1].id == "tomato-soup-2")
    }

    @Test func sectionsLiteralEntriesInOneCall() throws {
        // From README.md's "From Swift" recipe, verbatim:
        var settings = ListSettings(source: "people")
        settings.locale = "sv"
        let entries: [Entry] = [
            Entry(fields: ["title": "Åsa", "tags": ["a", "b"]]),
            Entry(fields: ["title": "Anders", "url": "https://example.org/anders"]),
            Entry(fields: ["title": "Örjan"]),
        ]
        let (list, diagnostics) = IndexedList.make(title: "People", entries: entries, settings: settings)
        // list.sections: A (Anders), B … Z, Å (Åsa), Ä, Ö (Örjan); the empty ones are greyed in the strip.
        let (renderer, _) = PageRenderer.make(site: SiteSettings(), theme: .builtIn)
        let pages = renderer?.render([list]).pages ?? [] // people/index.html, people/entries.json, index.html, …
        // (end of the recipe)

        #expect(diagnostics.isEmpty)
        #expect(list.title == "People" && list.slug == "people" && list.kind == .json)
        let filled = list.sections.filter { !$0.isEmpty }
        #expect(filled.map(\.title) == ["A", "Å", "Ö"])
        #expect(filled.map(\.id) == ["a", "å", "ö"])
        #expect(filled.map { $0.entries.map(\.id) } == [["anders"], ["åsa"], ["örjan"]])
        #expect(list.sections.count > 26) // the whole Swedish alphabet is in the strip
        // Literals keep their order and kinds.
        let åsa = try #require(filled.first { $0.title == "Å" }?.entries.first)
        #expect(åsa.fields.names == ["title", "tags"])
        #expect(åsa.fields["tags"] == .list([.text("a"), .text("b")]))
        #expect(åsa.text(at: "tags") == "a, b")
        #expect(åsa.location == SourceLocation(path: ""))
        #expect(Set(pages.map(\.path)).isSuperset(of: ["people/index.html", "people/entries.json", "index.html"]))
        let html = try #require(pages.first { $0.path == "people/index.html" }).bytes
        #expect(String(decoding: html, as: UTF8.self).contains("href=\"https://example.org/anders\""))
    }

    @Test func sectionsByTagsInOneCall() {
        var settings = ListSettings(source: "fruit")
        settings.grouping = .field("tags")
        settings.slug = "Fruit & Berries"
        let entries: [Entry] = [
            Entry(fields: ["title": "Blueberry", "tags": ["berry", "blue"]]),
            Entry(fields: ["title": "Apple", "tags": "tree"]),
            Entry(fields: ["title": "Kiwi"]),
            Entry(fields: ["tags": "tree"]),
        ]

        let (list, diagnostics) = IndexedList.make(title: "Fruit", entries: entries, settings: settings, kind: .csv)

        #expect(list.slug == "fruit-berries")
        #expect(list.kind == .csv)
        #expect(list.sections.map(\.title) == ["berry", "blue", "tree", "No tags"])
        #expect(list.sections.map { $0.entries.compactMap { $0.text(at: "title") } } == [["Blueberry"], ["Blueberry"], ["Apple"], ["Kiwi"]])
        // The entry in two sections is on the page twice, under two ids.
        #expect(list.sections[0].entries[0].id == "blueberry" && list.sections[1].entries[0].id == "blueberry-2")
        // The entry without a title is left out, and said so.
        #expect(diagnostics.map(\.code) == [.missingTitle])
    }

    @Test func inputsHaveDefaultsForEntriesInMemory() {
        let entries: [Entry] = [Entry(fields: ["title": "Zebra"]), Entry(fields: ["title": "apple"])]
        let (sections, diagnostics) = Sectioner().section(Sectioner.Input(entries: entries), settings: ListSettings(source: "animals"))
        #expect(diagnostics.isEmpty)
        #expect(sections.filter { !$0.isEmpty }.map(\.title) == ["A", "Z"])

        // The keys a configuration may use, for editors and checkers.
        #expect(SettingsParser.siteKeys.contains("base_url") && SettingsParser.siteKeys.contains("lists"))
        #expect(SettingsParser.listKeys.contains("group_by") && !SettingsParser.listKeys.contains("base_url"))

        // A record literal keeps the order it is written in; nested literals make lists and records.
        let record: FieldRecord = ["title": "Dune", "author": .record(["first": "Frank", "last": "Herbert"]), "year": "1965"]
        #expect(record.names == ["title", "author", "year"])
        #expect(record.value(at: "author.last") == "Herbert")
    }

    @Test func rendersAnInMemoryListToPages() throws {
        let entries = ["Kiwi", "Apple", "Banana"].enumerated().map { Self.entry(["title": .text($1)], line: $0 + 1) }
        let settings = ListSettings(source: "fruit")
        let (sections, _) = Sectioner().section(
            Sectioner.Input(entries: entries, kind: .json, settingsLocation: SourceLocation(path: "memory")), settings: settings)
        let (anchored, _) = AnchorAllocator().assign(sections)
        let list = IndexedList(settings: settings, title: "Fruit", description: nil, slug: "fruit", kind: .json, sections: anchored)

        let (renderer, templateDiagnostics) = PageRenderer.make(site: SiteSettings(), theme: .builtIn)
        let rendered = try #require(renderer).render([list])

        #expect(templateDiagnostics.isEmpty && rendered.diagnostics.isEmpty)
        let page = try #require(rendered.pages.first { $0.path == "fruit/index.html" })
        let html = String(decoding: page.bytes, as: UTF8.self)
        #expect(html.contains("id=\"apple\""))
        #expect(html.range(of: "Apple")!.lowerBound < html.range(of: "Banana")!.lowerBound)
    }
}

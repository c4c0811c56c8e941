import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Builds entries from titles (and optional extra fields) for sectioning tests.
func entries(_ titles: [String], extra: [String: [String]] = [:]) -> [Entry] {
    titles.enumerated().map { index, title in
        var record = FieldRecord(names: ["title"], values: [.text(title)])
        for (name, values) in extra.sorted(by: { $0.key < $1.key }) { record.set(name, .text(values[index])) }
        return Entry(fields: record, location: SourceLocation(path: "t", line: index + 1))
    }
}

func section(_ titles: [String], extra: [String: [String]] = [:], kind: SourceKind = .csv, configure: (inout ListSettings) -> Void = { _ in }) -> [Section] {
    var settings = ListSettings(source: "t")
    configure(&settings)
    let input = Sectioner.Input(entries: entries(titles, extra: extra), kind: kind, settingsLocation: SourceLocation(path: "indexsite.yml"))
    return Sectioner().section(input, settings: settings).0
}

func titles(_ sections: [Section]) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for section in sections where !section.isEmpty { result[section.title] = section.entries.compactMap { $0.text(at: "title") } }
    return result
}

@Suite struct SectionerTests {
    @Test func fullAlphabetWithCatchAllLast() {
        let sections = section(["apple", "Banana"])
        #expect(sections.map(\.label) == (65...90).map { String(UnicodeScalar($0)!) } + ["#"])
        #expect(sections.filter { !$0.isEmpty }.map(\.label) == ["A", "B"])
    }

    @Test(arguments: [
        ("émile", "E"), ("Émile", "E"), ("e\u{301}mile", "E"), ("ßuper", "S"), ("zebra", "Z"),
        ("7-grain bread", "#"), ("42", "#"), ("🍕 pizza", "#"), ("#hashtag", "#"), ("Ωmega", "#"),
    ])
    func letterFolding(title: String, expected: String) {
        let sections = section([title])
        #expect(sections.first { !$0.isEmpty }?.label == expected)
    }

    @Test func naturalNumberOrder() {
        let sections = section(["Item 10", "Item 2", "item 1", "Item 2b"])
        #expect(titles(sections)["I"] == ["item 1", "Item 2", "Item 2b", "Item 10"])
    }

    @Test func tiesKeepSourceOrder() {
        let sections = section(["Same", "Same", "Same"], extra: ["n": ["1", "2", "3"]])
        #expect(sections.first { !$0.isEmpty }?.entries.map { $0.text(at: "n") } == ["1", "2", "3"])
    }

    @Test func severalKeysAndDescending() {
        let sections = section(["B", "A", "A", "C"], extra: ["year": ["2001", "1999", "2020", "1999"]]) { settings in
            settings.sort = [SortKey(parsing: "-year"), SortKey(parsing: "title")]
            settings.grouping = .field("kind")
        }
        // No kind field: everything in the catch-all, in sort order.
        #expect(sections.last?.entries.map { $0.text(at: "title") } == ["A", "B", "A", "C"])
    }

    @Test func leadingArticlesAreIgnoredForLettersAndOrder() {
        let sections = section(["The Zebra", "A Tale", "An Owl", "Apple", "Theater"]) { $0.ignorePrefixes = ["The ", "A ", "An "] }
        let byTitle = titles(sections)
        #expect(byTitle["Z"] == ["The Zebra"])
        #expect(byTitle["T"] == ["A Tale", "Theater"])
        #expect(byTitle["O"] == ["An Owl"])
        #expect(byTitle["A"] == ["Apple"])
    }

    @Test func articlesMatchWholeCharactersInAnyCase() {
        let prefixes = ["The ", "A ", "Él "]
        #expect(Sectioner.stripPrefixes("THE Zebra", prefixes) == "Zebra")
        #expect(Sectioner.stripPrefixes("  the  zebra ", prefixes) == "zebra")
        #expect(Sectioner.stripPrefixes("The ", prefixes) == "The")
        #expect(Sectioner.stripPrefixes("Thé Zebra", ["The"]) == "Thé Zebra")
        #expect(Sectioner.stripPrefixes("The\u{301} Zebra", ["The"]) == "The\u{301} Zebra")
        #expect(Sectioner.stripPrefixes("Theater", prefixes) == "Theater")
        #expect(Sectioner.stripPrefixes("él Niño", prefixes) == "Niño")
        #expect(Sectioner.stripPrefixes("A_B", ["A "]) == "A_B")
    }

    @Test func duplicatesAreEntriesEqualInEveryField() {
        // Forty entries share a title, and their descriptions share length and first bytes: only the exact repeat counts.
        var titles = Array(repeating: "Same", count: 40)
        var descriptions = (0..<40).map { "same start, different end \($0 + 100)" }
        titles.append("Same")
        descriptions.append(descriptions[7])
        let input = Sectioner.Input(entries: entries(titles, extra: ["description": descriptions]), kind: .csv)
        let diagnostics = Sectioner().section(input, settings: ListSettings(source: "t")).1
        #expect(diagnostics.map(\.code) == [.duplicateEntry])
        #expect(diagnostics.first?.location.line == 41)
        #expect(diagnostics.first?.message.contains("t:8") == true)
    }

    /// Repeats of several records under one title are each reported once, in page order, naming the first entry of
    /// their own record (the check groups a title's entries by record hash, so this pins its order of reporting).
    @Test func interleavedRepeatsNameTheirOwnFirstEntryInPageOrder() {
        let titles = Array(repeating: "Same", count: 6)
        let urls = ["a", "b", "a", "c", "b", "a"]
        let input = Sectioner.Input(entries: entries(titles, extra: ["url": urls]), kind: .csv)
        let diagnostics = Sectioner().section(input, settings: ListSettings(source: "t")).1
        #expect(diagnostics.map(\.location.line) == [3, 5, 6])
        #expect(diagnostics.map { $0.message.contains("t:1 ") } == [true, false, true])
        #expect(diagnostics[1].message.contains("t:2 "))
    }

    /// A list long enough that its titles are compared a chunk at a time on every core and its runs checked a group at
    /// a time (`duplicateChunk`, `duplicateRunGroup`) reports exactly the repeats a plain walk finds, in page order.
    @Test func repeatsInChunksAreThoseOfOneWalk() {
        var generator = SplitMix(seed: 19)
        let count = Sectioner.duplicateChunk * 2 + 123
        let numbers = (0..<count).map { _ in generator.next() % 3000 }
        let titles = numbers.map { "Title \($0)" }
        let urls = (0..<count).map { _ in "u\(generator.next() % 3)" }
        let input = Sectioner.Input(entries: entries(titles, extra: ["url": urls]), kind: .csv)
        let diagnostics = Sectioner().section(input, settings: ListSettings(source: "t")).1.filter { $0.code == .duplicateEntry }
        // The plain walk: in page order (numbers compared naturally, ties in file order), each entry repeats the first
        // earlier one with its title and url.
        let order = titles.indices.sorted { (numbers[$0], $0) < (numbers[$1], $1) }
        var first: [String: Int] = [:]
        var expected: [(line: Int, original: Int)] = []
        for index in order {
            let key = titles[index] + "\u{0}" + urls[index]
            if let original = first[key] { expected.append((index + 1, original + 1)) } else { first[key] = index }
        }
        #expect(Set(titles).count < count / 5 && expected.count > Sectioner.duplicateRunGroup * 2)
        #expect(diagnostics.map(\.location.line) == expected.map(\.line))
        #expect(zip(diagnostics, expected).allSatisfy { $0.message.contains("t:\($1.original) ") })
    }

    /// Entry files titled alike (a book's SUMMARY.md and its title page) are duplicates only when their bodies match too.
    @Test func entryFilesAreDuplicatesOnlyWithTheSameBody() {
        func page(_ body: String, line: Int) -> Entry {
            Entry(fields: ["title": .text("The Book")], location: SourceLocation(path: "Content/book/p\(line).md", line: 1), body: body)
        }
        let input = Sectioner.Input(entries: [page("Contents", line: 1), page("Title page", line: 2), page("Contents", line: 3)], kind: .entryFolder)
        let diagnostics = Sectioner().section(input, settings: ListSettings(source: "t")).1
        #expect(diagnostics.map(\.code) == [.duplicateEntry])
        #expect(diagnostics.first?.location.path == "Content/book/p3.md")
    }

    @Test func categoriesInDeclaredOrderThenCollation() {
        let sections = section(["a", "b", "c", "d"], extra: ["room": ["Kitchen", "Den", "Attic", "Kitchen"]]) { settings in
            settings.grouping = .field("room")
            settings.sectionOrder = ["Kitchen", "Garage"]
        }
        #expect(sections.map(\.title) == ["Kitchen", "Garage", "Attic", "Den"])
        #expect(sections.map(\.isEmpty) == [false, true, false, false])
    }

    @Test func datesByMonthNewestFirst() {
        let sections = section(["a", "b", "c"], extra: ["date": ["2026-06-03", "2026-11-20", "2026-11-01"]]) { settings in
            settings.grouping = .date("date", .month)
            settings.sort = [SortKey(parsing: "-date")]
        }
        #expect(sections.map(\.title) == ["November 2026", "June 2026"])
        #expect(sections.map(\.label) == ["Nov 2026", "Jun 2026"])
        #expect(sections[0].entries.map { $0.text(at: "title") } == ["b", "c"])
    }

    @Test func dateTitlesFollowTheLocale() {
        let sections = section(["a"], extra: ["date": ["2024-03-09"]]) { settings in
            settings.grouping = .date("date", .month)
            settings.locale = "de"
        }
        #expect(sections.map(\.title) == ["März 2024"])
    }

    @Test func badDatesAreReported() {
        var settings = ListSettings(source: "t")
        settings.grouping = .date("date", .month)
        let input = Sectioner.Input(entries: entries(["a", "b"], extra: ["date": ["2026-02-30", "2026-02-03"]]), kind: .json,
                                    settingsLocation: SourceLocation(path: "x"))
        let (sections, diagnostics) = Sectioner().section(input, settings: settings)
        #expect(diagnostics.map(\.code) == [.badDate])
        #expect(diagnostics.first?.location.line == 1)
        #expect(sections.map(\.title) == ["February 2026"])
    }

    @Test func missingTitleIsAnError() {
        var settings = ListSettings(source: "t")
        settings.titleField = "name"
        let input = Sectioner.Input(entries: entries(["a"]), kind: .csv, settingsLocation: SourceLocation(path: "x"))
        #expect(Sectioner().section(input, settings: settings).1.map(\.code) == [.missingTitle])
    }

    /// Titles are read on every core but kept and reported in order: the entries without a usable title are left
    /// out, each with its error at its own line, and the others keep their order; a reading sorts in the title's place.
    @Test func entriesWithoutTitlesAreReportedInOrder() {
        var settings = ListSettings(source: "t")
        settings.readingField = "reading"
        settings.grouping = .heading
        func entry(_ fields: FieldRecord, line: Int) -> Entry { Entry(fields: fields, location: SourceLocation(path: "x.json", line: line)) }
        let entries = [
            entry(["title": "Beta", "url": "https://example.org/b"], line: 1),
            entry(["title": "  "], line: 2),
            entry(["title": .list(["A", "B"])], line: 3),
            entry(["title": "Alpha", "reading": "zeta"], line: 4),
            entry(["title": "Gamma", "url": .list(["https://a.example", "https://b.example"])], line: 5),
            entry(["name": "No title"], line: 6),
            entry(["title": "Delta"], line: 7),
        ]
        settings.sort = [SortKey(path: "title")]
        let input = Sectioner.Input(entries: entries, kind: .json, settingsLocation: SourceLocation(path: "x"))
        let (sections, diagnostics) = Sectioner().section(input, settings: settings)
        #expect(diagnostics.map { "\($0.location.line) \($0.code.rawValue)" }
                == ["2 missing-title", "3 wrong-field-type", "5 wrong-field-type"])
        // One error per kind of problem, with a count: the entry of line 6 has no title either.
        #expect(diagnostics[0].message == "entry has no 'title' (in 2 of 7 entries; the first is here)")
        // Sorted by title, "Alpha" by its reading "zeta": last.
        #expect(sections.flatMap(\.entries).map { $0.text(at: "title") } == ["Beta", "Delta", "Alpha"])
    }

    @Test func unknownLocaleIsReportedAtTheSetting() {
        var settings = ListSettings(source: "t")
        settings.locale = "xx-bogus!"
        let input = Sectioner.Input(entries: entries(["a"]), kind: .csv, settingsLocation: SourceLocation(path: "indexsite.yml", line: 4, column: 13))
        let diagnostics = Sectioner().section(input, settings: settings).1
        #expect(diagnostics.map(\.code) == [.badSettingValue])
        #expect(diagnostics.first?.location.line == 4)
    }

    @Test func emptySectionsHide() {
        let sections = section(["apple"]) { $0.emptySections = .hide }
        #expect(sections.map(\.label) == ["A"])
    }

    @Test func catchAllFirstAndOwnLabel() {
        let sections = section(["1", "b"]) {
            $0.catchAllPosition = .first
            $0.catchAllLabel = "Symbols"
        }
        #expect(sections.first?.label == "Symbols")
        #expect(sections.first?.entries.count == 1)
    }
}

@Suite struct IndexTitleTests {
    @Test(arguments: [
        ("Garage", IndexTitleStyle.initials, "G"), ("Master Bathroom", .initials, "MB"), ("Dining Room", .auto, "DR"),
        ("Den", .auto, "Den"), ("Den", .initials, "D"), ("Guest Bathroom", .full, "Guest Bathroom"), ("kitchen", .firstLetter, "K"),
    ])
    func labels(title: String, style: IndexTitleStyle, expected: String) {
        #expect(IndexTitles.label(for: title, style: style) == expected)
    }

    @Test func initialsThatWouldRepeatBecomeFirstLettersNotNumberedCodes() {
        let sections = IndexTitles.assign(to: [Section(title: "Dining Room"), Section(title: "Drying Rack"), Section(title: "Den Rug")], style: .initials)
        #expect(sections.map(\.label) == ["D", "D", "D"])
    }

    @Test func autoGivesInitialsOnlyToSmallListsWithUniqueInitials() {
        let small = IndexTitles.assign(to: ["Dining Room", "Kitchen", "Den"].map { Section(title: $0) }, style: .auto)
        #expect(small.map(\.label) == ["DR", "K", "Den"])
        let thirteen = (0..<13).map { Section(title: "Room \(Character(UnicodeScalar(65 + $0)!)) Wing") }
        let big = IndexTitles.assign(to: thirteen, style: .auto)
        #expect(big.map(\.label) == Array(repeating: "R", count: 13))
        let clash = IndexTitles.assign(to: ["Build Tools", "Bot Toolkits"].map { Section(title: $0) }, style: .auto)
        #expect(clash.map(\.label) == ["B", "B"])
    }

    /// No label is ever a code with a number the title lacks ("DV2"), however many sections share initials.
    @Test func noNumberedLabels() {
        let sections = IndexTitles.assign(to: (0..<2000).map { _ in Section(title: "Same Title") }, style: .auto)
        #expect(sections.allSatisfy { $0.label == "S" })
    }
}

@Suite struct AnchorTests {
    @Test(arguments: [
        ("Crème brûlée", "crème-brûlée"), ("  Hello, World!  ", "hello-world"), ("../../etc/passwd", "etc-passwd"),
        ("C:\\Windows\\x", "c-windows-x"), ("", "entry"), ("Ça va? Oui.", "ça-va-oui"), ("Rock 'n' Roll", "rock-n-roll"),
    ])
    func slugs(text: String, expected: String) {
        #expect(Slug.make(text, fallback: "entry") == expected)
    }

    @Test func titleCollisionsGetNumbersQuietly() {
        // Distinct titles that make one id, and one-letter titles beside their letter's section: valid content,
        // so no id-collision even when collisions are reported (--strict).
        let sections = [Section(title: "A", entries: entries(["Apple", "apple", "APPLE!", "A"])), Section(title: "C", entries: entries(["C"]))]
        let (anchored, diagnostics) = AnchorAllocator(reportsCollisions: true).assign(sections)
        #expect(anchored.map(\.id) == ["a", "c"])
        #expect(anchored[0].entries.map(\.id) == ["apple", "apple-2", "apple-3", "a-2"])
        #expect(anchored[1].entries.map(\.id) == ["c-2"])
        #expect(diagnostics.isEmpty)
    }

    @Test func explicitIDCollisionsAreReported() {
        func entry(_ title: String, id: String, line: Int) -> Entry {
            Entry(fields: ["title": .text(title), "id": .text(id)], location: SourceLocation(path: "x.csv", line: line))
        }
        let sections = [Section(title: "B", entries: [entry("Beta", id: "b1", line: 2), entry("Bravo", id: "b1", line: 3), entry("Bee", id: "b", line: 4)])]
        let (anchored, diagnostics) = AnchorAllocator(reportsCollisions: true).assign(sections)
        #expect(anchored[0].entries.map(\.id) == ["b1", "b1-2", "b-2"])
        #expect(diagnostics.map { "\($0.location.line) \($0.code.rawValue)" } == ["3 id-collision", "4 id-collision"])
    }

    /// Ids are handed out a family of names per core (`intro`, `intro-2`, `intro-2-2` are one family): whatever the
    /// number of parts, the ids and warnings are those of one pass, even where families' names meet.
    @Test(arguments: [false, true])
    func idsHandedOutInPartsAreThoseOfOnePass(strict: Bool) {
        // Titles that number one another: "Intro" three times, "Intro 2" written out (taken by the second "Intro"),
        // "Intro 2 2", reserved and section names, and explicit ids that collide.
        let tricky = ["Intro", "Intro 2", "Intro", "Intro 2", "Intro-2-2", "Top", "A", "Index", "Intro 3", "Intro"]
        func entry(_ number: Int) -> Entry {
            var fields: FieldRecord = ["title": .text(number % 7 == 0 ? tricky[number / 7 % tricky.count] : "Entry \(number % 5_000)")]
            if number % 97 == 0 { fields.set("id", .text(number % 2 == 0 ? "intro" : "entry-\(number % 300)")) }
            var entry = Entry(fields: fields, location: SourceLocation(path: "x.csv", line: number + 2))
            if number % 501 == 0 { entry.children = [Entry(fields: ["title": "Intro"]), Entry(fields: ["title": "Entry 7"])] }
            return entry
        }
        let sections = [Section(title: "A", entries: (0..<6_000).map(entry)), Section(title: "Intro", entries: (6_000..<12_000).map(entry)),
                        Section(title: "Other", entries: [], isCatchAll: true)]
        var onePass = AnchorAllocator(reportsCollisions: strict)
        onePass.claimParts = 1
        let (expected, expectedWarnings) = onePass.assign(sections)
        func ids(_ sections: [Section]) -> [String] {
            sections.map(\.id) + sections.flatMap(\.entries).flatMap { [$0.id] + $0.children.map(\.id) }
        }
        #expect(Set(ids(expected)).count == ids(expected).count)
        #expect(expectedWarnings.isEmpty != strict)
        for parts in [2, 3, 7] {
            var allocator = AnchorAllocator(reportsCollisions: strict)
            allocator.claimParts = parts
            let (anchored, warnings) = allocator.assign(sections)
            let (got, want) = (ids(anchored), ids(expected))
            let different = (0..<min(got.count, want.count)).first { got[$0] != want[$0] }
            #expect(got.count == want.count && different == nil, "\(parts) parts: id \(different ?? 0) is \(different.map { got[$0] } ?? ""), not \(different.map { want[$0] } ?? "")")
            #expect(warnings == expectedWarnings, "\(parts) parts")
        }
        #expect(AnchorAllocator.familyHash("intro-2-3") == AnchorAllocator.familyHash("intro"))
        #expect(AnchorAllocator.familyHash("intro-x-2") != AnchorAllocator.familyHash("intro"))
    }

    /// Base ids are made in chunks of the whole page, across sections (a letter of a long list is shorter than a
    /// chunk): every entry still gets the slug of its own title, past empty sections and sections longer than a chunk.
    @Test func baseIDsMadeAcrossSectionsAreEachEntrysOwn() {
        let sizes = [0, 37, 1, 0, 0, 900, 2_500, 0, 64] + Array(repeating: 90, count: 30) + [0]
        var line = 2
        let sections = sizes.enumerated().map { section, size in
            Section(title: "S\(section)", entries: (0..<size).map { index in
                line += 1
                return Entry(fields: ["title": .text("Entry \(section) \(index)")], location: SourceLocation(path: "x.csv", line: line))
            })
        }
        #expect(sizes.reduce(0, +) > 3 * AnchorAllocator.baseIDChunk)
        let (anchored, _) = AnchorAllocator().assign(sections)
        for (section, size) in sizes.enumerated() {
            #expect(anchored[section].entries.map(\.id) == (0..<size).map { "entry-\(section)-\($0)" }, "section \(section)")
        }
    }

    @Test func reservedNamesAreAvoided() {
        let (anchored, _) = AnchorAllocator().assign([Section(title: "C", entries: entries(["Index", "CON", "content"]))])
        #expect(anchored[0].entries.map(\.id) == ["index-2", "con-2", "content-2"])
    }

    @Test func outputPathsCannotEscape() {
        #expect(OutputPath.isSafe("foods/index.html"))
        for bad in ["../x", "/etc/passwd", "a/../../b", "a\\b", "", "a//b", "./a"] {
            #expect(!OutputPath.isSafe(bad), "\(bad)")
        }
    }
}

@Suite struct URLPolicyTests {
    @Test(arguments: ["https://example.org", "http://x", "mailto:a@b.c", "/docs/x", "page.html#top", "#top", "?q=1", "//cdn.example/x"])
    func allowed(url: String) {
        #expect(URLPolicy.safeHref(url) != nil)
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:alert(1)", " java\tscript:alert(1)", "data:text/html,<script>", "vbscript:x", "file:///etc/passwd"])
    func refused(url: String) {
        #expect(URLPolicy.safeHref(url) == nil)
    }
}

@Suite struct OrderTests {
    @Test func canonicallyEqualTitlesOrderByBytesNotInput() {
        let composed = "\u{E9}t\u{E9}", decomposed = "e\u{301}te\u{301}"
        let one = section([composed, decomposed]).first { !$0.isEmpty }?.entries.map { Array(($0.text(at: "title") ?? "").utf8) }
        let other = section([decomposed, composed]).first { !$0.isEmpty }?.entries.map { Array(($0.text(at: "title") ?? "").utf8) }
        #expect(one == other)
    }

    @Test func headingListsKeepTheAuthorsOrder() {
        let entries = ["Sweep", "Dust", "Air out"].enumerated().map { index, title in
            Entry(fields: FieldRecord(names: ["title"], values: [.text(title)]), location: SourceLocation(path: "l.md", line: index + 2), heading: "Den")
        }
        let input = Sectioner.Input(entries: entries, declaredSections: [DeclaredSection(title: "Den", location: SourceLocation(path: "l.md"))],
                                    kind: .markdownList, settingsLocation: SourceLocation(path: "l.md"))
        let (sections, _) = Sectioner().section(input, settings: ListSettings(source: "l.md"))
        #expect(sections.map(\.title) == ["Den"])
        #expect(sections[0].entries.map { $0.text(at: "title") } == ["Sweep", "Dust", "Air out"])
    }
}

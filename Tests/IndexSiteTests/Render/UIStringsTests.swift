import Foundation
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

/// The page words: every shipped catalog complete, every key the theme uses defined, no English left in the theme,
/// and plurals, numbers and search folding per locale through ICU.
@Suite struct UIStringsTests {
    static let shippedLocales = ["en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "pl", "cs", "tr", "ru", "uk",
                                 "el", "ja", "zh-Hans", "zh-Hant", "ko", "ar", "he"]
    static let themeFolder = Fixtures.repository.appendingPathComponent("Templates")

    @Test func everyRequiredLocaleShipsACatalog() {
        #expect(Set(Theme.builtIn.catalogs.keys) == Set(UIStringsTests.shippedLocales))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: UIStringsTests.themeFolder.appendingPathComponent("strings").path)) ?? []
        #expect(Set(files) == Set(UIStringsTests.shippedLocales.map { $0 + ".yml" }), "every locale shipped has its catalog file in Templates/strings")
    }

    @Test(arguments: shippedLocales)
    func catalogHasEveryKeyAndPluralForm(_ locale: String) throws {
        let file = try #require(Theme.builtIn.catalogs[locale]?.first)
        let (catalog, diagnostics) = StringCatalogParser.parse(file)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let categories = try LocaleNumbers(locale: locale).categories
        for key in UIStringKey.allCases {
            let value = try #require(catalog.values[key], "\(locale) lacks '\(key.rawValue)'")
            switch value {
            case .text(let text):
                #expect(!key.isPlural, "\(locale).\(key.rawValue) must give plural forms")
                #expect(!text.isEmpty)
            case .plural(let forms):
                #expect(key.isPlural)
                #expect(Set(forms.keys) == Set(categories), "\(locale).\(key.rawValue) has \(forms.keys.sorted()), the language has \(categories)")
            }
        }
        #expect(Localization.builtIn.check(locale: locale, at: SourceLocation(path: "x")).isEmpty)
    }

    /// Every `{placeholder}` a catalog writes is one its key fills, so no brace text reaches a page.
    @Test(arguments: shippedLocales)
    func catalogUsesOnlyKnownPlaceholders(_ locale: String) throws {
        let catalog = try #require(Localization.builtIn.catalogs[locale])
        for (key, value) in catalog.values {
            let texts: [String] = switch value {
            case .text(let text): [text]
            case .plural(let forms): Array(forms.values)
            }
            for text in texts {
                let names = text.split(separator: "{").dropFirst().compactMap { $0.split(separator: "}").first.map(String.init) }
                #expect(Set(names).isSubset(of: key.placeholders), "\(locale).\(key.rawValue): \(text)")
            }
        }
    }

    static func themeSource(_ name: String) throws -> String {
        try String(contentsOf: themeFolder.appendingPathComponent(name), encoding: .utf8)
    }

    static let templates = Theme.templateNames.map { $0 + ".mustache" }
    /// The theme's scripts: the page script and the search over the lists' indexes.
    static let scripts = ["assets/indexsite.js", "assets/indexsite-search.js"]

    /// Every `{{strings.key}}` of the templates and every `say('key'` of the script is a catalog key, and every plain
    /// key is used somewhere (plural keys through the counts and the script).
    @Test func everyKeyTheThemeUsesExists() throws {
        var used: Set<String> = []
        for name in UIStringsTests.templates {
            let source = try UIStringsTests.themeSource(name)
            for piece in source.components(separatedBy: "{{strings.").dropFirst() {
                let key = String(piece.prefix { $0 != "}" })
                #expect(UIStringKey(rawValue: key) != nil, "\(name) uses unknown key '\(key)'")
                used.insert(key)
            }
        }
        for name in UIStringsTests.scripts {
            let script = try UIStringsTests.themeSource(name)
            for piece in script.components(separatedBy: "say('").dropFirst() {
                let key = String(piece.prefix { $0 != "'" })
                #expect(UIStringKey(rawValue: key) != nil, "\(name) uses unknown key '\(key)'")
                used.insert(key)
            }
        }
        #expect(used.isSuperset(of: ["filter_label", "filter_all_shown", "filter_matches", "filter_no_match"]))
        let renderedInSwift: Set<String> = ["counts", "entries_count", "sections_count", "default_section", "undated_section", "no_value_section",
                                            "last_updated", "facet_page_title", "section_part"]
        #expect(used.union(renderedInSwift) == Set(UIStringKey.allCases.map(\.rawValue)))
    }

    /// No words outside Mustache tags in the templates' text or their human-read attributes.
    @Test(arguments: templates)
    func templateHasNoLiteralWords(_ name: String) throws {
        var source = try UIStringsTests.themeSource(name)
        // Mustache tags, then the markup itself (tag names, classes, ids) go; what remains is text a reader sees.
        source = source.replacingOccurrences(of: "\\{\\{[^}]*\\}\\}\\}?", with: "", options: .regularExpression)
        // An inline script (the layout's, which applies the reader's light or dark choice before the page is drawn) is code.
        source = source.replacingOccurrences(of: "<script\\b[^>]*>[\\s\\S]*?</script>", with: " ", options: .regularExpression)
        let attributes = source.matches(of: /(aria-label|title|alt|placeholder|content)="([^"]*)"/).map { String($0.output.2) }
        source = source.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for text in [source] + attributes {
            let words = text.split(whereSeparator: { !$0.isLetter }).filter { $0.count > 1 }.map { Substring($0) }
            // "width=device-width, initial-scale=1" and "light dark" are machine values of <meta content>, not words.
            let allowed: Set<Substring> = ["width", "device", "initial", "scale", "light", "dark", "website"]
            #expect(words.allSatisfy { allowed.contains(Substring($0)) }, "\(name) has literal words: \(words)")
        }
    }

    /// The script's string literals hold no sentences and no English catalog text.
    @Test(arguments: scripts)
    func scriptHasNoLiteralWords(_ name: String) throws {
        let script = try UIStringsTests.themeSource(name)
        let code = script.replacingOccurrences(of: "(?m)//.*$", with: "", options: .regularExpression)
            .replacingOccurrences(of: "/\\*[\\s\\S]*?\\*/", with: "", options: .regularExpression)
        let literals = code.matches(of: /'((?:[^'\\]|\\.)*)'/).map { String($0.output.1) }
        let english = Localization.builtIn.catalogs["en"]!.values.values.flatMap { value -> [String] in
            switch value {
            case .text(let text): [text]
            case .plural(let forms): Array(forms.values)
            }
        }
        for literal in literals where literal != "use strict" {
            #expect(literal.firstMatch(of: /[A-Za-z]{2,} [A-Za-z]{2,}/) == nil, "sentence in \(name): '\(literal)'")
            #expect(!english.contains(literal), "English catalog text in \(name): '\(literal)'")
        }
    }

    @Test func russianPluralsAndNumbers() {
        let ru = Localization.builtIn.strings(for: "ru")
        #expect(ru.plural(.entries_count, count: 1) == "1 запись")
        #expect(ru.plural(.entries_count, count: 3) == "3 записи")
        #expect(ru.plural(.entries_count, count: 5) == "5 записей")
        #expect(ru.plural(.entries_count, count: 21) == "21 запись")
        #expect(ru.plural(.entries_count, count: 11) == "11 записей")
        #expect(ru.plural(.entries_count, count: 1234) == "1\u{A0}234 записи")
    }

    @Test func arabicHasSixForms() throws {
        let ar = Localization.builtIn.strings(for: "ar")
        let forms = [0, 1, 2, 3, 11, 100].map { ar.plural(.entries_count, count: $0) }
        #expect(Set(forms).count == 6, "\(forms)")
        #expect(try LocaleNumbers(locale: "ar").categories == ["zero", "one", "two", "few", "many", "other"])
        #expect(ar.plural(.entries_count, count: 2) == "مدخلان")
    }

    @Test(arguments: [("sv", 1234, "1\u{A0}234"), ("fr", 1234, "1\u{202F}234"), ("de", 1234, "1.234"), ("en", 1234, "1,234"),
                      ("es", 1234, "1234"), ("es", 12345, "12.345"), ("pl", 1234, "1234"), ("ja", 1234567, "1,234,567")])
    func numbersFollowTheLocale(_ locale: String, _ n: Int, _ expected: String) {
        #expect(Localization.builtIn.strings(for: locale).number(n) == expected)
    }

    /// The script's plural and number tables give what ICU gives, for every count a list could show, and the
    /// categories selected on the integers are those of the formatted numbers.
    @Test(arguments: shippedLocales)
    func scriptTablesMatchICU(_ locale: String) throws {
        let numbers = try LocaleNumbers(locale: locale)
        let words = Localization.builtIn.strings(for: locale)
        let plurals = ScriptStrings.PluralTable(numbers: numbers, maxCount: 2_000_000)
        let format = ScriptStrings.NumberTable(words: words)
        let counts = Array(0...2100) + Array(stride(from: 2101, through: 200_000, by: 97)) + Array(stride(from: 0, through: 2_000_000, by: 1000))
            + [1_000_001, 123_456, 10_021, 999_999, 1_100_000, 1_999_999]
        for n in counts {
            #expect(plurals.code(n) == ScriptStrings.categoryCodes[numbers.category(n)], "\(locale) \(n)")
            // Selected on the integer, as on the formatted number.
            #expect(numbers.category(n) == numbers.categoryOfFormatted(n), "\(locale) \(n)")
            #expect(format.format(n) == words.number(n), "\(locale) \(n)")
        }
        // A list's table is cut from the locale's table, which grows with the longest list yet: it holds no count
        // past the list's size, shorter and longer lists in any order.
        for maxCount in [150, 1_000, 600, 5_500, 1_500] {
            let cut = ScriptStrings.pluralTable(locale: locale, maxCount: maxCount)
            #expect(cut?.exceptions.keys.allSatisfy { $0 <= maxCount } == true)
            for n in Array(0...min(maxCount, 2_100)) + [maxCount] {
                #expect(cut?.code(n) == ScriptStrings.categoryCodes[numbers.category(n)], "\(locale) \(n) of \(maxCount)")
            }
        }
    }

    @Test(arguments: [("de", "Müller", "muller"), ("ru", "Ёлка", "елка"), ("ja", "カタカナ", "かたかな"), ("ja", "ｶﾀｶﾅ", "かたかな"),
                      ("sv", "Åsa", "åsa"), ("sv", "Öl", "öl"), ("ru", "Йогурт", "йогурт"), ("en", "Crème", "creme"),
                      ("ar", "مَدْخَل", "مدخل"), ("tr", "IĞDIR", "ığdır"), ("tr", "İzmir", "izmir"), ("en", "IZMIR", "izmir")])
    func searchFoldingFollowsTheLanguage(_ locale: String, _ text: String, _ expected: String) throws {
        #expect(try SearchFolder(locale: locale).fold(text) == expected)
    }

    @Test func catalogTagsResolve() {
        let tags = Localization.builtIn
        #expect(tags.catalogTag(for: "de@collation=phonebook") == "de")
        #expect(tags.catalogTag(for: "zh_TW") == "zh-Hant")
        #expect(tags.catalogTag(for: "zh") == "zh-Hans")
        #expect(tags.catalogTag(for: "zh-Hant-HK") == "zh-Hant")
        #expect(tags.catalogTag(for: "pt_BR") == "pt")
        #expect(tags.catalogTag(for: "no") == "nb")
        #expect(tags.catalogTag(for: "sw") == nil)
        var regional = Localization.builtIn
        var portugal = StringCatalog(location: SourceLocation(path: "Templates/strings/pt-PT.yml"))
        portugal.values[.skip_to_content] = .text("Saltar para o conteúdo")
        regional.add(portugal, tag: "pt-PT")
        #expect(regional.strings(for: "pt_PT").text(.skip_to_content) == "Saltar para o conteúdo")
        #expect(regional.strings(for: "pt_PT").text(.details) == "Detalhes", "a regional catalog falls back to its language's")
        #expect(regional.check(locale: "pt_PT", at: SourceLocation(path: "x")).isEmpty)
        #expect(Localization.builtIn.strings(for: "ar").isRightToLeft)
        #expect(Localization.builtIn.strings(for: "he").isRightToLeft)
        #expect(!Localization.builtIn.strings(for: "ja").isRightToLeft)
    }

    /// A site's own catalog file and `strings:` map change words key by key; what they do not name stays the
    /// built-in translation, and a locale the site adds falls back to English where its catalog is silent.
    @Test func overridesChangeWordsKeyByKey() throws {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-strings-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Templates/strings"), withIntermediateDirectories: true)
        try "title,x\nBrot,1\nMilch,2\n".write(to: site.appendingPathComponent("Content/essen.csv"), atomically: true, encoding: .utf8)
        try "title,x\nSaluton,1\n".write(to: site.appendingPathComponent("Content/vortoj.csv"), atomically: true, encoding: .utf8)
        try """
        locale: de
        lists:
          - source: essen.csv
          - source: vortoj.csv
            locale: eo
        strings:
          de:
            entries_count: {one: "{count} Ding", other: "{count} Dinge"}
        """.write(to: site.appendingPathComponent("indexsite.yml"), atomically: true, encoding: .utf8)
        try "skip_to_content: Direkt zum Inhalt\nentries_count: {one: \"{count} Sache\", other: \"{count} Sachen\"}\n"
            .write(to: site.appendingPathComponent("Templates/strings/de.yml"), atomically: true, encoding: .utf8)
        try "skip_to_content: Salti al la enhavo\n".write(to: site.appendingPathComponent("Templates/strings/eo.yml"), atomically: true, encoding: .utf8)
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        func page(_ path: String) throws -> String {
            String(decoding: try #require(result.pages.first { $0.path == path }).bytes, as: UTF8.self)
        }
        let essen = try page("essen/index.html")
        #expect(essen.contains(">Direkt zum Inhalt<"), "the site's catalog file wins over the built-in one")
        #expect(essen.contains("2 Dinge · 2 Abschnitte"), "indexsite.yml wins over the catalog file; other keys stay German")
        let vortoj = try page("vortoj/index.html")
        #expect(vortoj.contains("<html lang=\"eo\" dir=\"ltr\">"))
        #expect(vortoj.contains(">Salti al la enhavo<"))
        #expect(vortoj.contains("1 entry · 1 section"), "keys the eo catalog lacks are English")
        #expect(result.diagnostics.contains { $0.code == .missingStrings && $0.location.path.hasSuffix("eo.yml") })
        #expect(!result.diagnostics.contains { $0.code == .missingStrings && $0.location.path.hasSuffix("de.yml") })
    }

    /// `reading_field` sorts and letters by the reading; entries without one keep their title.
    @Test func readingFieldFilesKanjiByTheirReading() throws {
        let rows: [(String, String?)] = [("日本", "にほん"), ("東京", "とうきょう"), ("大阪", "おおさか"), ("さくら", nil), ("京都", "")]
        let entries = rows.enumerated().map { index, row in
            Entry(fields: FieldRecord(names: row.1 == nil ? ["title"] : ["title", "reading"],
                                      values: row.1 == nil ? [.text(row.0)] : [.text(row.0), .text(row.1!)]),
                  location: SourceLocation(path: "t", line: index + 1))
        }
        var settings = ListSettings(source: "t.csv")
        settings.locale = "ja"
        settings.readingField = "reading"
        settings.emptySections = .hide
        let (sections, diagnostics) = Sectioner().section(Sectioner.Input(entries: entries), settings: settings)
        #expect(diagnostics.isEmpty)
        let placed = sections.map { ($0.title, $0.entries.compactMap { $0.text(at: "title") }) }
        #expect(placed.map(\.0) == ["あ", "さ", "た", "な", "#"])
        #expect(placed.map(\.1) == [["大阪"], ["さくら"], ["東京"], ["日本"], ["京都"]])
        settings.readingField = nil
        let (unread, _) = Sectioner().section(Sectioner.Input(entries: entries), settings: settings)
        #expect(unread.last?.entries.count == 4, "without readings the kanji names go to #")
    }
}

import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

@Suite struct SettingsParserTests {
    func parse(_ text: String) -> (SiteSettings, [Diagnostic]) {
        SettingsParser.parseSite(SourceFile(path: "indexsite.yml", text: text))
    }

    @Test func readsEverySetting() {
        let (settings, diagnostics) = parse("""
        title: Household
        base_url: https://example.org
        locale: sv
        lists:
          - source: Content/books.csv
            group_by: date:published:year
            sort: [title, -year]
            ignore_prefixes: ["The "]
            index_titles: initials
            empty_sections: hide
            split: none
            fields: [author.last]
        """)
        #expect(diagnostics.isEmpty)
        #expect(settings.title == "Household")
        #expect(settings.baseURL == "https://example.org/")
        let list = settings.lists[0]
        #expect(list.source == "books.csv")
        #expect(list.locale == "sv")
        #expect(list.grouping == .date("published", .year))
        #expect(list.sort == [SortKey(path: "title"), SortKey(path: "year", descending: true)])
        #expect(list.indexTitles == .initials)
        #expect(list.emptySections == .hide)
        #expect(list.fields == ["author.last"])
    }

    @Test func fieldLabelsAreAMappingOfNamesToLabels() {
        let (settings, diagnostics) = parse("lists:\n  - source: c.csv\n    field_labels:\n      alpha_2: ISO code\n      official_name: Name\n")
        #expect(diagnostics.isEmpty)
        #expect(settings.lists[0].fieldLabels == ["alpha_2": "ISO code", "official_name": "Name"])
        let (_, bad) = parse("lists:\n  - source: c.csv\n    field_labels: [a, b]\n")
        #expect(bad.map(\.code) == [.badSettingValue])
        #expect(bad.first?.location.line == 3)
    }

    @Test func unknownKeysAreErrorsWithASuggestion() throws {
        let (_, diagnostics) = parse("title: X\nlists:\n  - source: a.csv\n    gruop_by: letter\n")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == .unknownSetting)
        #expect(diagnostic.location == SourceLocation(path: "indexsite.yml", line: 4, column: 5))
        #expect(diagnostic.hint == "did you mean 'group_by'?")
    }

    @Test func badValuesAreErrors() {
        let (_, diagnostics) = parse("lists:\n  - source: a.csv\n    empty_sections: sometimes\n    group_by: date:x:week\n")
        #expect(diagnostics.map(\.code) == [.badSettingValue, .badSettingValue])
        #expect(diagnostics.map(\.location.line) == [3, 4])
    }

    @Test func invalidYAMLIsReported() throws {
        let (_, diagnostics) = parse("title: [unclosed\n")
        #expect(try #require(diagnostics.first).code == .yamlSyntax)
    }
}

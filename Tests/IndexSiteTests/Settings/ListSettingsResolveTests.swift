import Testing
@testable import IndexSite
import IndexSiteCore
import IndexSiteParse
import IndexSiteSection
import IndexSiteRender

/// A list's settings are resolved in one place: the list's entry in indexsite.yml, the source's front matter over it,
/// then the checks across keys against the entries' fields and the list's words.
@Suite struct ListSettingsResolveTests {
    static let declared = SourceLocation(path: "indexsite.yml", line: 3, column: 5)

    static func resolve(_ markdown: String, entry: ListSettings = ListSettings(source: "l.md")) -> (ListSettings, [Diagnostic]) {
        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/l.md", text: markdown))
        let facts = ListSettings.SourceFacts(kind: .markdownList, fields: FieldNameCheck(entries: parsed.entries), declaredAt: declared)
        return ListSettings.resolve(listEntry: entry, frontMatter: parsed.settings, source: facts, localization: .builtIn)
    }

    @Test func frontMatterGoesOverTheListEntryAndTheLocaleNamesTheSections() {
        var entry = ListSettings(source: "l.md")
        entry.grouping = .letter
        entry.locale = "fr"
        let (settings, diagnostics) = Self.resolve("---\ngroup_by: heading\nlocale: de\n---\n- [A](https://a.example) - One.\n", entry: entry)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.grouping == .heading)
        #expect(settings.locale == "de")
        #expect(settings.defaultSectionTitle == Localization.builtIn.strings(for: "de").text(.default_section))
        #expect(settings.defaultSectionTitle != Localization.builtIn.strings(for: "en").text(.default_section))
    }

    @Test func aFieldNoEntryHasIsAnErrorAtItsItem() throws {
        let (_, diagnostics) = Self.resolve("---\nsort: [title, -stars]\n---\n- [A](https://a.example) - One.\n")
        let error = try #require(diagnostics.first { $0.code == .unknownField })
        #expect(error.message == "'sort' names the field 'stars', which no entry has")
        #expect(error.location.path == "Content/l.md")
        #expect(error.location.line == 2)
    }

    @Test func historyFieldsAreFieldsWhenTheSettingsAskForThem() {
        let (_, diagnostics) = Self.resolve("---\nsort: [-added]\n---\n- [A](https://a.example) - One.\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func theTitleFieldIsChosenFromTheColumnsWhenNoneIsSet() {
        let facts = ListSettings.SourceFacts(kind: .csv, fields: FieldNameCheck(columns: ["Name", "URL", "Description"]), declaredAt: Self.declared)
        let (settings, diagnostics) = ListSettings.resolve(listEntry: ListSettings(source: "t.csv"), frontMatter: nil, source: facts, localization: .builtIn)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.titleField.description == "Name")
        #expect(settings.urlField.description == "URL")
        #expect(settings.descriptionField.description == "Description")
    }

    @Test func aSourceWithoutATitleGetsNoSectionTitlesOrLocaleCheck() throws {
        let facts = ListSettings.SourceFacts(kind: .csv, fields: FieldNameCheck(columns: ["price", "weight"]), declaredAt: Self.declared)
        var entry = ListSettings(source: "t.csv")
        entry.locale = "de"
        let (settings, diagnostics) = ListSettings.resolve(listEntry: entry, frontMatter: nil, source: facts, localization: .builtIn)
        let error = try #require(diagnostics.first)
        #expect(error.message == "the entries have no 'title' field, so nothing names them")
        #expect(error.location == Self.declared)
        #expect(settings.defaultSectionTitle == ListSettings(source: "").defaultSectionTitle)
    }
}

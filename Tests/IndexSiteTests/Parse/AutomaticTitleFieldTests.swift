import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteSection

/// The title field picked when none is set, on real data and small fixtures: the preferred names in order, a nested
/// `name` object's text field, language variants in the site's language else English, and a short set of fields
/// shown for wide records.
@Suite struct AutomaticTitleFieldTests {
    static func built(texts: [String: String]) throws -> BuildResult {
        let site = try TestSupport.site("title", texts: texts)
        defer { try? FileManager.default.removeItem(at: site) }
        return CorpusContentKindsTests.check(site)
    }

    /// congress-legislators' executive.yaml and corpora's Spinal Tap drummers: `name` is an object, so its text
    /// field titles the entries instead of one error per record.
    @Test func aNestedNameObjectTitlesByItsTextField() throws {
        let result = try DataShapeTests.built(["executive.yaml": "data/us-executive.yaml", "drummers.json": "data/corpora-spinal-tap-drummers.json"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let lists = Dictionary(uniqueKeysWithValues: result.lists.map { ($0.slug, $0) })
        let executive = try #require(lists["executive"])
        #expect(executive.settings.titleField == "name.last")
        #expect(CorpusContentKindsTests.entries(executive).count == 80)
        #expect(CorpusContentKindsTests.entries(executive).contains { $0.text(at: "name.last") == "Washington" })
        let drummers = try #require(lists["drummers"])
        #expect(drummers.settings.titleField == "name.last")
        #expect(CorpusContentKindsTests.entries(drummers).count == 9)
    }

    /// `title_field: name` set on records whose name is an object: one error with the count, its hint naming the
    /// nested fields to choose from.
    @Test func aNestedNameSetAsTitleIsOneErrorNamingItsFields() throws {
        let result = try DataShapeTests.built(["drummers.json": "data/corpora-spinal-tap-drummers.json"],
                                              configuration: "lists:\n  - source: drummers.json\n    title_field: name\n")
        let errors = result.diagnostics.filter { $0.code == .wrongFieldType }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.contains("in 9 of 9 entries") == true)
        #expect(errors.first?.hint?.contains("'name.first', 'name.nick', 'name.last'") == true)
    }

    /// datasets/language-codes: no name column, but one named after the site's language ("English"); with
    /// `locale: fr`, "French".
    @Test func aColumnNamedAfterTheLanguageTitlesATableOfLanguages() throws {
        let english = try DataShapeTests.built(["languages.csv": "data/language-codes-full.csv"])
        #expect(english.diagnostics.isEmpty, "\(english.diagnostics)")
        #expect(try #require(english.lists.first).settings.titleField == "English")
        let french = try DataShapeTests.built(["languages.csv": "data/language-codes-full.csv"], configuration: "locale: fr\n")
        #expect(try #require(french.lists.first).settings.titleField == "French")
    }

    /// dr5hn's countries.csv, 28 columns: titled by `name`, showing the first six other plain fields on the page while
    /// entries.json keeps every column.
    @Test func wideRecordsShowAShortSetOfFields() throws {
        let site = try CorpusContentKindsTests.site(["countries.csv": "data/csc-countries.csv"])
        defer { try? FileManager.default.removeItem(at: site) }
        let output = site.appendingPathComponent("_site")
        let result = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(try #require(result.lists.first).settings.titleField == "name")
        let html = try TestSupport.page("countries/index.html", in: output)
        let afghanistan = try #require(html.range(of: "Afghanistan"))
        let entry = html[afghanistan.lowerBound...].prefix(4000)
        #expect(entry.contains("<dt>Iso3") && entry.contains("<dt>Capital"))
        #expect(!entry.contains("<dt>Timezones") && !entry.contains("<dt>Wiki data id"))
        let json = try TestSupport.page("countries/entries.json", in: output)
        #expect(json.contains("\"wikiDataId\"") && json.contains("\"timezones\""))
    }

    /// The preferred names in order (`display_name` before `label`), and language variants: the site's language,
    /// else English, else the first.
    @Test func preferredNamesAndLanguageVariants() throws {
        let result = try AutomaticTitleFieldTests.built(texts: [
            "Content/topics.json": #"[{"label": "l", "display_name": "Swift", "term": "t"}]"#,
            "Content/countries.csv": "code,official_name_fr,official_name_en,official_name_sv\nSE,Suède,Sweden,Sverige\n",
            "Content/länder.csv": "code,official_name_fr,official_name_en,official_name_sv\nSE,Suède,Sweden,Sverige\n",
            "indexsite.yml": "lists:\n  - source: länder.csv\n    locale: sv\n",
        ])
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics)")
        let fields = Dictionary(uniqueKeysWithValues: result.lists.map { ($0.slug, $0.settings.titleField.description) })
        #expect(fields["topics"] == "display_name")
        #expect(fields["countries"] == "official_name_en")
        #expect(fields["länder"] == "official_name_sv")
    }
}

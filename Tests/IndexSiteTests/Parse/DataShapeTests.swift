import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse
@testable import IndexSiteSection

/// YAML and JSON data in the shapes people keep it, from the corpus and from small fixtures: arrays of records, maps
/// from key to record, arrays of plain values, lists under keys, and tags a plain YAML loader rejects.
@Suite struct DataShapeTests {
    static func built(_ corpusPaths: [String: String], configuration: String? = nil) throws -> BuildResult {
        let site = try CorpusContentKindsTests.site(corpusPaths, configuration: configuration)
        defer { try? FileManager.default.removeItem(at: site) }
        return CorpusContentKindsTests.check(site)
    }

    static func built(texts: [String: String]) throws -> BuildResult {
        let site = try TestSupport.site("data", texts: texts)
        defer { try? FileManager.default.removeItem(at: site) }
        return CorpusContentKindsTests.check(site)
    }

    /// RuboCop's default.yml: 614 cops keyed by name, comment lines between them, `!ruby/regexp` tags read as text.
    @Test func rubocopsKeyedMapIsOneEntryPerCop() throws {
        let result = try DataShapeTests.built(["rubocop.yml": "data/rubocop-default.yml"])
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics.prefix(3))")
        let list = try #require(result.lists.first)
        let entries = CorpusContentKindsTests.entries(list)
        #expect(entries.count == 614)
        #expect(list.settings.titleField == "name", "the key is the title when no other field names the record")
        let lineLength = try #require(entries.first { $0.text(at: "name") == "Layout/LineLength" })
        #expect(lineLength.text(at: "Max") == "120")
        #expect(lineLength.text(at: "Enabled") == "true")
        #expect(lineLength.location.line > 1)
        #expect(entries.contains { $0.text(at: "name") == "AllCops" })
        // The regular expression tagged `!ruby/regexp` is kept as the text written.
        let tagged = entries.flatMap { $0.fields.values.flatMap(\.texts) }.filter { $0.contains("(exactly|at_least|at_most)") }
        #expect(!tagged.isEmpty)
    }

    /// RuboCop's cops as a page: the description is `Description` (capitalised as RuboCop writes it) and the fields
    /// shown are those most cops have, not those of the first record (`AllCops`, global settings unlike any cop).
    @Test func rubocopShowsWhatMostCopsHave() throws {
        let site = try CorpusContentKindsTests.site(["rubocop.yml": "data/rubocop-default.yml"])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics.prefix(3))")
        let list = try #require(result.lists.first)
        #expect(list.settings.descriptionField == "Description")
        let page = try #require(result.pages.first { $0.path.hasSuffix("index.html") && $0.path.contains("rubocop") })
        let html = String(decoding: page.bytes, as: UTF8.self)
        #expect(html.contains("Checks that the ABC size of methods is not higher than the configured maximum."), "the description is shown")
        #expect(html.contains(">VersionAdded<") || html.contains(">Version added<"), "a field every cop has is shown")
        #expect(!html.contains("DocumentationBaseURL"), "AllCops' own settings are not columns of every cop")
    }

    /// The shown fields are those at least half the records have; a record unlike the others does not choose them.
    @Test func shownFieldsAreThoseMostRecordsHave() throws {
        let folder = try TestSupport.site("data", texts: [
            "Content/tools.yml": "Global:\n  Verbose: yes\n  Colour: chartreuse\nhammer:\n  Weight: heavy\n  Summary: Hits nails.\nsaw:\n  Weight: light\n  Summary: Cuts wood.\n  Teeth: serrated\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false, keepPages: true))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let html = result.pages.filter { $0.path.hasSuffix(".html") }.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        #expect(html.contains("Hits nails.") && html.contains("heavy"), "fields two of three records have are shown")
        #expect(!html.contains("chartreuse") && !html.contains("serrated"), "fields one record has are not")
    }

    /// MDN's firefox.json: the releases map, two levels down, found without settings; each version is an entry.
    @Test func mdnReleasesAreFoundTwoLevelsDown() throws {
        let result = try DataShapeTests.built(["firefox.json": "data/bcd-firefox.json"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let entries = CorpusContentKindsTests.entries(try #require(result.lists.first))
        #expect(entries.count == 159)
        let first = try #require(entries.first { $0.text(at: "name") == "1.5" })
        #expect(first.text(at: "engine") == "Gecko")
        #expect(first.text(at: "release_date") != nil)
        // `items:` names the same map.
        let configured = try DataShapeTests.built(["firefox.json": "data/bcd-firefox.json"],
                                                  configuration: "lists:\n  - source: firefox.json\n    items: browsers.firefox.releases\n")
        #expect(configured.diagnostics.isEmpty, "\(configured.diagnostics)")
        #expect(CorpusContentKindsTests.entries(try #require(configured.lists.first)).count == 159)
    }

    /// dariusk/corpora's Mr. Men: two arrays of strings; each string is an entry, and `items:` picks one array.
    @Test func arraysOfStringsAreOneEntryPerString() throws {
        let result = try DataShapeTests.built(["mr-men.json": "data/corpora-mr-men-little-miss.json"])
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics)")
        #expect(result.diagnostics.count == 1, "one warning for the several lists, none per string")
        let entries = CorpusContentKindsTests.entries(try #require(result.lists.first))
        #expect(entries.count == 49 + 37)
        #expect(entries.filter { $0.text(at: "list") == "mr_men" }.count == 49)
        #expect(entries.contains { $0.text(at: "name") == "Bounce" })
        let one = try DataShapeTests.built(["mr-men.json": "data/corpora-mr-men-little-miss.json"],
                                           configuration: "lists:\n  - source: mr-men.json\n    items: little_miss\n")
        #expect(one.diagnostics.isEmpty, "\(one.diagnostics)")
        #expect(CorpusContentKindsTests.entries(try #require(one.lists.first)).count == 37)
    }

    /// The same shapes written small, in YAML and JSON: a keyed map whose records have a `name` keeps its key in `key`;
    /// an array of numbers is one entry per number; an array mixing records and values is one error with a count.
    @Test func smallShapesInYAMLAndJSON() throws {
        let result = try DataShapeTests.built(texts: [
            "Content/languages.yml": "# linguist's shape\nRuby:\n  type: programming\n  color: '#701516'\nPython:\n  type: programming\n  pattern: !ruby/regexp /py$/\n  emoji: !!python/name:material.emoji\n",
            "Content/people.json": #"{"ada": {"name": "Ada Lovelace", "born": 1815}, "grace": {"name": "Grace Hopper", "born": 1906}}"#,
            "Content/primes.yaml": "- 2\n- 3\n- 5\n",
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let lists = Dictionary(uniqueKeysWithValues: result.lists.map { ($0.slug, CorpusContentKindsTests.entries($0)) })
        let languages = try #require(lists["languages"])
        #expect(languages.map { $0.text(at: "name") } == ["Python", "Ruby"])
        #expect(languages[0].text(at: "pattern") == "/py$/")
        #expect(languages[0].location.line == 5)
        let people = try #require(lists["people"])
        #expect(people.map { $0.text(at: "key") } == ["ada", "grace"])
        #expect(people.map { $0.text(at: "name") } == ["Ada Lovelace", "Grace Hopper"])
        #expect(try #require(lists["primes"]).map { $0.text(at: "name") } == ["2", "3", "5"])

        let mixed = try DataShapeTests.built(texts: ["Content/mixed.yml": "- name: Ada\n- Grace\n- [1, 2]\n- name: Alan\n- Edsger\n"])
        let errors = mixed.diagnostics.filter { $0.code == .jsonEntryNotObject }
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("3 items of 5") == true)
        #expect(errors.first?.location.line == 2)
    }
}

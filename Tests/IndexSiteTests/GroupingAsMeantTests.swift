import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteSection

/// Grouping by a field as people mean it: values that differ only in case are one section, and entries without a
/// value stand last under a translated "No <field>".
@Suite struct GroupingAsMeantTests {
    @Test func caseVariantsShareASectionAndMissingValuesComeLast() throws {
        let site = try TestSupport.site("grouping", texts: [
            "Content/books.csv": "title,genre,main_author\nDune,classic,x\nEmma,Classic,\nIvanhoe, CLASSIC ,y\nNeuromancer,cyberpunk,\nAbsalom,,z\n",
            "indexsite.yml": "lists:\n  - source: books.csv\n    group_by: genre\n    slug: by-genre\n  - source: books.csv\n    group_by: main_author\n    slug: by-author\n    locale: sv\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = CorpusContentKindsTests.check(site)
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics)")
        let lists = Dictionary(uniqueKeysWithValues: result.lists.map { ($0.slug, $0) })
        let genre = try #require(lists["by-genre"])
        #expect(genre.sections.map(\.title) == ["classic", "cyberpunk", "No genre"])
        #expect(genre.sections[0].entries.map { $0.text(at: "title") } == ["Dune", "Emma", "Ivanhoe"])
        let spellings = result.diagnostics.filter { $0.code == .sectionSpellings }
        #expect(spellings.count == 1)
        #expect(spellings.first?.message == "'genre' values 'Classic', 'CLASSIC' differ from 'classic' only in case, so they share its section")
        let author = try #require(lists["by-author"])
        #expect(author.sections.last?.title == "Utan main author")
        #expect(author.sections.last?.entries.map { $0.text(at: "title") } == ["Emma", "Neuromancer"])
    }
}

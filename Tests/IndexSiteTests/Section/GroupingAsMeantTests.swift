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

    /// Quantities are shown with the locale's grouping, codes as written (issue 37, item 8): a column of whole
    /// numbers with one of five digits or more is a quantity unless its name says code (`id`, `year`, `zip`, …) or a
    /// value has a leading zero; entries.json keeps the value as written.
    @Test func quantitiesAreGroupedAndCodesAreNot() throws {
        let folder = try TestSupport.site("quantities", texts: [
            "indexsite.yml": "locale: sv\n",
            "Content/c.csv": "name,population,year,id,zip,area\nSweden,10551707,2024,1,11122,0450295\nIceland,387758,2024,2,00101,103000\nTiny,950,2023,3,12345,2\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false, keepPages: true))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let html = String(decoding: try #require(result.pages.first { $0.path == "c/index.html" }).bytes, as: UTF8.self)
        let values = html.matches(of: /<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/).map { String($0.output.1 + "=" + $0.output.2).replacing("\u{A0}", with: " ") }
        #expect(values.contains("Population=10 551 707") && values.contains("Population=387 758") && values.contains("Population=950"), "\(values)")
        for code in ["Year=2024", "Id=1", "Zip=11122", "Zip=00101", "Area=0450295", "Area=103000"] {
            #expect(values.contains(code), "\(code) in \(values)")
        }
        let json = String(decoding: try #require(result.pages.first { $0.path == "c/entries.json" }).bytes, as: UTF8.self)
        #expect(json.contains("\"population\":\"10551707\""))
    }
}

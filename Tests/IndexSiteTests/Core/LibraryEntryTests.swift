import Foundation
import Testing
import IndexSiteTestSupport
import IndexSite

/// What a library user reads of an entry, through the public API alone (a plain `import IndexSite`): its title, link
/// and fields by name, and the list's own title and link fields.
@Suite struct LibraryEntryTests {
    @Test func entriesOfferTitleURLAndFieldsByName() throws {
        let site = try TestSupport.site("library-entry", texts: [
            "Content/books.csv": "name,link,year\nDune,https://example.com/dune,1965\n",
            "indexsite.yml": "lists:\n  - source: books.csv\n    title_field: name\n    url_field: link\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false))
        #expect(result.succeeded, "\(result.diagnostics)")
        let list = try #require(result.lists.first)
        let entry = try #require(list.sections.flatMap(\.entries).first)
        #expect(list.title(of: entry) == "Dune")
        #expect(list.url(of: entry) == "https://example.com/dune")
        #expect(entry["year"] == "1965")
        #expect(entry["missing"] == nil)
        #expect(entry.title == nil, "the list names its entries by `name`, not `title`")

        let plain = Entry(fields: ["title": "Emma", "url": "https://example.com/emma"])
        #expect(plain.title == "Emma")
        #expect(plain.url == "https://example.com/emma")
    }
}

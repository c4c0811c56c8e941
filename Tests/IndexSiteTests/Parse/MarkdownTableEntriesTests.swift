import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// A directory kept as Markdown tables (a table per category, a row per thing) is a list of entries: one per row,
/// titled and linked by the row's first link, its other columns fields named by the header.
@Suite struct MarkdownTableEntriesTests {
    static func parse(_ text: String, path: String = "Content/apis.md") -> ParsedSource {
        MarkdownListParser().parse(SourceFile(path: path, text: text))
    }

    /// Builds a site of one Markdown list and returns its list page and its `entries.json`.
    static func built(_ markdown: String, name: String) throws -> (html: String, entries: [[String: Any]]) {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-tables-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try markdown.write(to: site.appendingPathComponent("Content/\(name).md"), atomically: true, encoding: .utf8)
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(result.succeeded, "\(result.diagnostics)")
        let page = try #require(result.pages.first { $0.path == "\(name)/index.html" })
        let json = try #require(result.pages.first { $0.path == "\(name)/entries.json" })
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [[String: Any]])
        return (String(decoding: page.bytes, as: UTF8.self), entries)
    }

    @Test func tableRowsAreEntriesWithTheirColumnsAsFields() throws {
        let markdown = try Fixtures.text("MarkdownLists/api-tables.md")
        let parsed = MarkdownTableEntriesTests.parse(markdown)
        // `## Index` only lists the page's anchors: the categories under it are the list's top sections.
        #expect(parsed.declaredSections.map(\.title) == ["Animals", "Calendar & Contacts", "Settings", "Tools"])
        #expect(parsed.declaredSections.map(\.level) == [1, 1, 1, 1])
        #expect(parsed.entries.map { $0.text(at: "title") } == ["Cat Facts", "Dogs | Pups", "Axolotl", "Holidays", "Birthdays", "Hammer", "Saw"])
        #expect(parsed.entries.map { $0.text(at: "url") } == ["https://cat.example/facts", "https://dog.example", "https://axolotl.example",
                                                              "https://holidays.example", nil, "https://github.example/hammer", "https://saw.example"])
        #expect(parsed.entries.map { $0.text(at: "category") } == ["Animals", "Animals", "Animals", "Calendar & Contacts", "Calendar & Contacts",
                                                                   "Tools", "Tools"])
        // A link that says nothing of its thing (`[GitHub](…)`), or a bare URL, is the url of the row the Name cell names.
        #expect(parsed.entries[5].fields.names == ["title", "url", "description", "#", "category"])
        #expect(parsed.entries[5].text(at: "description") == "Hits nails")
        #expect(parsed.entries[6].text(at: "#") == "2")
        let cat = parsed.entries[0]
        #expect(cat.fields.names == ["title", "url", "description", "Auth", "HTTPS", "category"])
        #expect(cat.text(at: "description") == "Daily *cat* facts")
        // A field holds what a reader sees of its cell: the code span's text.
        #expect(cat.text(at: "Auth") == "apiKey")
        #expect(cat.location.line == 10)
        #expect(parsed.entries[1].text(at: "description") == "Pictures of dogs, see [docs](<https://dog.example/docs>)")
        // A cell holding a link is kept in the description too, so the link is not lost.
        #expect(parsed.entries[3].text(at: "HTTPS") == "Yes")
        #expect(parsed.entries[3].text(at: "description") == "Public holidays\n\n**HTTPS**: [Yes](<https://holidays.example/tls>)")
        // The paragraph above the second table is its section's description; the table of settings (no links) stays prose.
        #expect(parsed.declaredSections[1].description == "Rows without a link are kept when most rows have one.")
        #expect(parsed.declaredSections[2].description?.contains("| `depth` | 3 |") == true)

        let (html, entries) = try MarkdownTableEntriesTests.built(markdown, name: "apis")
        #expect(entries.count == 7)
        #expect(entries.map { $0["section"] as? String } == ["Animals", "Animals", "Animals", "Calendar & Contacts", "Calendar & Contacts",
                                                             "Tools", "Tools"])
        #expect(html.contains("<div><dt>Auth</dt><dd>apiKey</dd></div>"))
        #expect(html.contains("<div><dt>HTTPS</dt><dd>Yes</dd></div>"))
        #expect(html.contains("<td><code>depth</code></td>"))
        #expect(!html.contains("| [Cat Facts]"))
        #expect(!html.lowercased().contains("back to index"))
    }

    @Test func aTableWithFewLinksIsProse() {
        let parsed = MarkdownTableEntriesTests.parse("""
        # Matrix

        ## Formats

        | Format | Lossy | Spec |
        |---|---|---|
        | PNG | No | [RFC 2083](https://png.example) |
        | JPEG | Yes | ISO |
        | GIF | No | none |
        """)
        #expect(parsed.entries.isEmpty)
        #expect(parsed.declaredSections.first?.description?.hasPrefix("| Format | Lossy | Spec |") == true)
    }

    /// marcelscruz/public-apis: 52 categories, each a table of APIs; every row is an entry in its category.
    @Test func publicAPIsEveryRowIsAnEntry() throws {
        let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent("corpus/awesome/marcelscruz-public-apis.md"),
                                  encoding: .utf8)
        // The rows, read the simplest way: the lines after a delimiter row up to the next blank line, under their `###`.
        var expected: [(section: String, url: String?)] = []
        var heading = ""
        var inTable = false
        var previous = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("### ") { heading = String(line.dropFirst(4)) }
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { inTable = false }
            if inTable {
                let url = line.firstMatch(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
                expected.append((heading, url))
            }
            if line.hasPrefix("|---"), previous.hasPrefix("|") { inTable = true }
            previous = line
        }
        #expect(expected.count > 1_600)
        let parsed = MarkdownTableEntriesTests.parse(markdown, path: "Content/public-apis.md")
        #expect(parsed.entries.count == expected.count)
        #expect(parsed.entries.map { $0.text(at: "url") } == expected.map(\.url))
        #expect(parsed.entries.map { $0.text(at: "category") ?? "" } == expected.map(\.section))
        #expect(parsed.declaredSections.count == 52)
        #expect(!parsed.declaredSections.contains { $0.title == "Index" })
        #expect(parsed.declaredSections.allSatisfy { $0.level == 1 && $0.description == nil })
        let podchaser = try #require(parsed.entries.first { $0.text(at: "url") == "https://www.podchaser.com/api" })
        #expect(podchaser.text(at: "title") == "Podchaser | Podcast Data API")
        #expect(parsed.entries.allSatisfy { $0.text(at: "CORS") != nil && $0.text(at: "description") != nil })
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")

        let (html, entries) = try MarkdownTableEntriesTests.built(markdown, name: "public-apis")
        #expect(entries.count == expected.count)
        #expect(html.contains("<a href=\"https://aiforthai.in.th/index.php\">AI For Thai</a>"))
        #expect(!html.contains("|---"))
    }
}

import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore

/// One rule says whether a section is empty (`[Section].emptySubtrees`), and Section and Render both follow it: a
/// heading with only a paragraph (`## License`) is not empty, so `empty_sections: hide` keeps it on the page.
@Suite struct EmptySectionsTests {
    static let readme = """
    # Awesome Things

    ## Tools

    - [Hammer](https://example.com/hammer) - Hits nails.

    ## Nothing Here

    ## License

    To the extent possible under law, the authors have waived all copyright.

    """

    /// The list built with `empty_sections` set to `value`: its sections' titles and its page.
    static func build(emptySections value: String) throws -> (titles: [String], page: String) {
        let site = try TestSupport.site("empty-sections", texts: [
            "Content/things.md": readme,
            "indexsite.yml": "lists:\n  - source: things.md\n    empty_sections: \(value)\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(result.succeeded, "\(result.diagnostics)")
        let list = try #require(result.lists.first)
        let page = try #require(result.pages.first { $0.path == "things/index.html" })
        return (list.sections.map(\.title), String(decoding: page.bytes, as: UTF8.self))
    }

    /// The headings (`<h2>` to `<h6>`) of a page's sections, by their text.
    static func sectionHeadings(_ html: String) -> [String] {
        html.components(separatedBy: "<h").dropFirst().compactMap { piece -> String? in
            guard let level = piece.first, ("2"..."6").contains(String(level)), let open = piece.firstIndex(of: ">"),
                  let close = piece.range(of: "</h\(level)>") else { return nil }
            let inner = piece[piece.index(after: open)..<close.lowerBound]
            // The heading's text, its anchor link's markup left out.
            return inner.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func hideKeepsAHeadingWithAParagraphAndDropsAnEmptyOne() throws {
        let (titles, page) = try EmptySectionsTests.build(emptySections: "hide")
        #expect(titles == ["Tools", "License"])
        let headings = EmptySectionsTests.sectionHeadings(page)
        #expect(headings.contains("License"), "\(headings)")
        #expect(!headings.contains("Nothing Here"), "\(headings)")
        #expect(page.contains("waived all copyright"))
    }

    /// Under `index` the empty heading stays in the list, greyed in the strip, but has no header on the page; the
    /// heading with a paragraph is shown as under `hide`.
    @Test func indexShowsTheParagraphHeadingAndNotTheEmptyOne() throws {
        let (titles, page) = try EmptySectionsTests.build(emptySections: "index")
        #expect(titles == ["Tools", "Nothing Here", "License"])
        let headings = EmptySectionsTests.sectionHeadings(page)
        #expect(headings.contains("License"), "\(headings)")
        #expect(!headings.contains("Nothing Here"), "\(headings)")
    }

    /// The rule itself: own entries or a description, or a sub-section that has them.
    @Test func theRuleCountsEntriesDescriptionsAndSubSections() {
        let paragraph = Section(title: "License", description: "Public domain.")
        let parent = Section(title: "Tools")
        var child = Section(title: "Hammers", entries: [Entry(fields: ["title": "Hammer"])])
        child.level = 2
        let empty = Section(title: "None")
        #expect([paragraph, parent, child, empty].emptySubtrees == [false, false, false, true])
    }
}

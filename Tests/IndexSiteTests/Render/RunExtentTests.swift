import Testing
@testable import IndexSiteCore
@testable import IndexSiteRender

/// What a run of entries holds besides titles, written on its list for the stylesheet's height estimate.
@Suite struct RunExtentTests {
    func list(_ entries: [Entry]) -> IndexedList {
        IndexedList.make(title: "L", entries: entries, settings: ListSettings(source: "l.json")).0
    }

    func pages(_ entries: [Entry]) throws -> ListPages {
        ListPages(renderer: try #require(PageRenderer.make(site: SiteSettings(), theme: .builtIn).0), list: list(entries))
    }

    @Test func countsDescriptionCharactersNotBytesFieldsAndNestedItems() throws {
        let entries = [
            // "Café *au lait*": 14 characters, 15 bytes
            Entry(fields: ["title": "Alpha", "description": "Café *au lait*", "language": "Go"],
                  children: [Entry(fields: ["title": "Beta", "description": "日本"]), Entry(fields: ["title": "Gamma"])]),
            Entry(fields: ["title": "Apex"]),
        ]
        let pages = try pages(entries)
        let section = try #require(pages.list.sections.first)
        let extent = pages.runExtent(of: section.entries, section.entries.indices)
        // "Language" ": " "Go" and a gap of three: 8 + 2 + 2 + 3
        #expect(extent == RunExtent(characters: 14 + 2 + 15, lines: 2))
        #expect(pages.runExtent(of: section.entries, 1..<2) == RunExtent())
    }

    /// The list's opening tag carries the counts, on every run of a long section too.
    @Test func everyRunSaysWhatItHolds() throws {
        let entries = (0..<150).map { Entry(fields: ["title": .text("Entry \($0)"), "description": "ab"]) }
        let renderer = try #require(PageRenderer.make(site: SiteSettings(), theme: .builtIn).0)
        let page = try #require(renderer.render([list(entries)]).pages.first { $0.path.hasSuffix("index.html") && $0.path != "index.html" })
        let html = String(decoding: page.bytes, as: UTF8.self)
        #expect(html.contains(#"<ul class="entries" style="--entries: 100; --characters: 200; --lines: 0">"#))
        #expect(html.contains(#"<ul class="entries" style="--entries: 50; --characters: 100; --lines: 0">"#))
    }
}

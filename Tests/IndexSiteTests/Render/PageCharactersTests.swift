import Foundation
import Testing
@testable import IndexSiteCore
@testable import IndexSiteRender
@testable import IndexSiteSection

/// A list page's head is handed out before its body is made, so the search forms of the page's own characters
/// (beyond the letters readers type, which every page's head holds) follow the body, in `indexsite-page-fold`.
@Suite struct PageCharactersTests {
    static func listPage(_ titles: [String]) throws -> String {
        let entries = titles.map { Entry(fields: ["title": .text($0)]) }
        let list = IndexedList.make(title: "Places", entries: entries, settings: ListSettings(source: "places.json")).0
        let renderer = try #require(PageRenderer.make(site: SiteSettings(), theme: .builtIn).0)
        let page = try #require(renderer.render([list]).pages.first { $0.path == list.slug + "/index.html" })
        return String(decoding: page.bytes, as: UTF8.self)
    }

    /// The element's JSON: search form to the characters that have it.
    static func pageFold(in html: String) throws -> [String: String]? {
        let open = "<script type=\"application/json\" id=\"indexsite-page-fold\">"
        guard let start = html.range(of: open) else { return nil }
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        return try JSONDecoder().decode([String: String].self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    @Test func formsOfThePagesOwnCharactersFollowTheBody() throws {
        let html = try Self.listPage(["Ἀθῆναι", "Zürich"])
        let fold = try #require(try Self.pageFold(in: html))
        // Greek with breathings and accents is not among the letters readers type (ü is): its forms are the page's own.
        #expect(fold["α"]?.contains("Ἀ") == true && fold["η"] == "ῆ")
        #expect(!fold.values.contains { $0.contains("ü") })
        // After the last entry, before the layout closes the body; the head holds none of them.
        let element = try #require(html.range(of: "id=\"indexsite-page-fold\""))
        #expect(html.range(of: "Zürich")!.lowerBound < element.lowerBound)
        #expect(element.lowerBound < html.range(of: "</main>")!.lowerBound)
        let head = html[..<html.range(of: "</head>")!.lowerBound]
        #expect(!head.contains("Ἀ") && head.contains("indexsite-strings"))
    }

    @Test func aPageOfTypedLettersHasNoElement() throws {
        #expect(try Self.pageFold(in: Self.listPage(["Zürich", "Ærø", "Ёлка"])) == nil)
    }

    /// Pieces are noted one by one; bytes that are not UTF-8 are read with repairs, as a String shows them.
    @Test func charactersAreNotedOnceInOrderOfFirstAppearance() {
        var characters = PageCharacters()
        characters.note(Array("<p>Ἀθ α Ἀ</p>".utf8))
        characters.note(Array("ü é".utf8) + [0xFF] + Array("ῆ Ἀ".utf8))
        #expect(characters.extra.map(\.value) == [0x1F08, 0xFFFD, 0x1FC6])
    }
}

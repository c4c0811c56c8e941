import PropertyBased
import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Long Markdown lists are parsed in pieces on every core; these tests hold the pieces to the whole.
@Suite struct MarkdownPiecesTests {
    /// Every line shape a list file holds, including the ones that must keep a body whole (fences, HTML, link
    /// reference definitions) and the ones that look like a cut point but are not (thematic breaks, setext underlines).
    static let lineShapes: [String] = [
        "# Title", "## Tools", "### Deep *heading*", "#NoHeading", "####### seven",
        "- [Hammer](https://example.org/h) - Hits *nails* and `code`.", "- **Saw**: Cuts wood.", "- Plain item",
        "* Star item", "+ Plus item", "- [ ] open task", "- [x] done task", "- [Contents](#contents)", "-", "- ",
        "  - [Child](https://example.org/c) - nested", "    - grandchild", "  more text of the item",
        "A paragraph line with _emphasis_ & <b>html</b>.", "", "", "- - -", "***", "Setext", "---", "===",
        "> a quote", "> - quoted item", "    indented code", "1. ordered", "2) ordered", "\t- tabbed item",
        "```", "~~~", "<div>", "<!-- comment -->", "[ref]: https://example.org/ref", "- [Linked][ref] - by reference",
        "- Café \\* escaped # and ] bracket", "- emoji 🍕 and 中东",
    ]
    static let lineEndings = ["\n", "\n", "\n", "\r\n", "\r"]

    static let documents = Gen<Int>.int(in: 0...(lineShapes.count - 1)).array(of: 0...60)
        .map { $0.map { lineShapes[$0] } }

    @Test func piecesParseLikeTheWholeBody() async {
        await propertyCheck(count: 300, input: Self.documents, Gen.int(in: 0...4), Gen.int(in: 1...80)) { lines, ending, pieceSize in
            let text = lines.joined(separator: Self.lineEndings[ending])
            let file = SourceFile(path: "Content/l.md", text: text)
            let whole = MarkdownListParser(pieceSize: Int.max).parse(file)
            let pieces = MarkdownListParser(pieceSize: pieceSize).parse(file)
            #expect(Self.summary(pieces) == Self.summary(whole), "pieces of \(pieceSize) bytes: \(text.debugDescription)")
        }
    }

    @Test func aSimpleListIsCutAtItemsAndHeadings() {
        let body = Array("## A\n- a1\n- a2\n\n## B\n- b1\r\n- b2\r- b3\n".utf8)
        let pieces = MarkdownPieces.cut(body[...], size: 1)
        #expect(pieces.map { String(decoding: body[$0.bytes], as: UTF8.self) }
            == ["## A\n", "- a1\n", "- a2\n\n", "## B\n", "- b1\r\n", "- b2\r", "- b3\n"])
        #expect(pieces.map(\.linesBefore) == [0, 1, 2, 4, 5, 6, 7])
        #expect(MarkdownPieces.cut(body[...], size: body.count).count == 1)
    }

    @Test func bodiesWithFencesHTMLOrReferencesStayWhole() {
        for hazard in ["```\n- in code\n```", "<details>\n- in html", "[r]: /u", "- [a][r]\n  [r]: /u", "  ~~~"] {
            let body = Array("## A\n- a1\n- a2\n\(hazard)\n- a3\n".utf8)
            #expect(MarkdownPieces.cut(body[...], size: 1).count == 1, "\(hazard.debugDescription)")
        }
    }

    @Test func thematicBreaksAndSetextUnderlinesAreNotCutPoints() {
        for line in ["- - -", "* * *", "+ + +", "---", "-", "- ", "#hashtag", "####### seven"] {
            #expect(!Array(line.utf8).withUnsafeBufferPointer(MarkdownPieces.opensTopLevelBlock), "\(line)")
        }
        for line in ["- x", "* x", "+ x", "# T", "###### T", "#", "- - x"] {
            #expect(Array(line.utf8).withUnsafeBufferPointer(MarkdownPieces.opensTopLevelBlock), "\(line)")
        }
    }

    /// Everything a parse yields, as text, so two parses compare in one line and a difference shows where.
    static func summary(_ parsed: ParsedSource) -> String {
        var out = "title: \(parsed.title ?? "-")\ndescription: \(parsed.description ?? "-")\n"
        for section in parsed.declaredSections {
            out += "section \(section.title) @\(section.location.line):\(section.location.column) \(section.description ?? "-")\n"
        }
        for entry in parsed.entries { summaryEntry(entry, depth: 0, into: &out) }
        for diagnostic in parsed.diagnostics {
            out += "diagnostic \(diagnostic.code) @\(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.message)\n"
        }
        return out
    }

    static func summaryEntry(_ entry: Entry, depth: Int, into out: inout String) {
        out += String(repeating: "  ", count: depth) + "entry @\(entry.location.line):\(entry.location.column) heading=\(entry.heading ?? "-") "
        out += zip(entry.fields.names, entry.fields.values).map { "\($0)=\($1.displayText)" }.joined(separator: " | ") + "\n"
        for child in entry.children { summaryEntry(child, depth: depth + 1, into: &out) }
    }
}

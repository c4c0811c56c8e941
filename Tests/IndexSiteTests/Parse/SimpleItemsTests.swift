import Foundation
import PropertyBased
import Testing
@testable import IndexSiteCore
@testable import IndexSiteParse

/// The item lines read without cmark (`SimpleItems`) must come out as cmark's reading of them: every parse here is
/// compared with one that leaves every line to cmark.
@Suite struct SimpleItemsTests {
    /// Titles and destinations: the first few are ones a simple line may have, and are picked half the time.
    static let titles = ["Hammer", " Élan Ferry 106 ", "#hash", "R>D", "ümlaut ö", "C# & co", "&Co", "R&D;", "x &#35; y", "a &amp", "AT&T", "a*b", "x_y", "`code`", "", " ",
                         "Tab\there", "Bang!", "[nested]", "back\\slash", "&amp;", "Radio & Compass", "\u{80}tilde", "~strike~"]
    static let destinations = ["https://example.org/e/1", "https://e.org/é", "x_y", "q\"r", "#anchor", "", "a b", "x(y)", "<u>",
                               "a\\b", "a&amp;b", "u*v", "u`v", "https://example.org/a]b"]
    static let commonChoices = 4

    /// One of `choices` for an index up to twice their count: past their count, one of the first few.
    static func pick(_ choices: [String], _ index: Int) -> String {
        index < choices.count ? choices[index] : choices[index % commonChoices]
    }

    static let restPieces = [" - ", " – ", " — ", ": ", "-", " ", "  ", "text", " and more", " *little*", "*x*", " **really**",
                             " *a b*.", " **c**,", " *d**", " *e", " * f*", " *g*h", " ***h***", " `git log`", " ``", " ` x `",
                             " `a`b`", " ``c``", " [the guide](https://example.org/g)", " [a](#x)", " [b](u v)", " ![img](i.png)",
                             " _u_", " snake_case", " \\*", " & ", " &amp;", " &", "!", " #tag", " > ", " <b>", "~", " é", "\t",
                             "[", "]", "(", ")", " http://x.org", " [x]", " [ ] ", ".", "  \u{A0}", " `<a>`", " `\\`",
                             "x*y*", "*z*w", ")*q*", "*r*)", "a**b**c", "**s**t", " *u**v*", " ` x`",  " `x `", " `a  b`", " *a *", " *b.*", " `a``", " `a``b`", " R&D", " &co;", " &#1;", " *&x*", " *& y*", " [a & b](u)", " [&amp;](u)", "&"]

    /// A line made of a marker, a title link and pieces of the rest: most are simple, many are not quite.
    static let itemLines = zip(Gen.int(in: 0...3), Gen.int(in: 0...(2 * titles.count - 1)),
                               Gen.int(in: 0...(2 * destinations.count - 1)), Gen.int(in: 0...(restPieces.count - 1)).array(of: 0...3))
        .map { marker, title, destination, rest in
            ["- ", "* ", "+ ", "-  "][marker] + "[" + pick(titles, title) + "](" + pick(destinations, destination) + ")"
                + rest.map { restPieces[$0] }.joined()
        }

    /// The lines around items that decide whether an item line stands alone: continuations, indented lines, setext
    /// underlines, quotes, fences, HTML, reference definitions.
    static let contextLines = MarkdownPiecesTests.lineShapes + ["lazy continuation", "  indented continuation", "   ", "\t",
                                                                 "- [Second](https://example.org/s) - sibling", "1. one",
                                                                 "<!--", "-->", "<!-- one line -->", "<!-->", "<script>", "</SCRIPT>",
                                                                 "<?php", "?>", "<!DOCTYPE x", ">", "<![CDATA[", "]]>", "<details>",
                                                                 "</details>", "  <p align=\"center\">", "<a href=\"x\">", "<x-y>",
                                                                 "<!x", "- ```", "  ```", "> ```", "````", "~~~~"]

    /// Lists of item and context lines, each line with its own ending ("\n", "\r\n" or a lone "\r", mixed as in
    /// files edited on several systems).
    static let documents = zip(Gen.bool, Gen.int(in: 0...(contextLines.count - 1)), itemLines,
                               Gen.int(in: 0...(MarkdownPiecesTests.lineEndings.count - 1))).array(of: 0...40)
        .map { lines in
            lines.map { isItem, context, item, ending in (isItem ? item : contextLines[context]) + MarkdownPiecesTests.lineEndings[ending] }.joined()
        }

    @Test func simpleItemsAreReadAsCmarkReadsThem() async {
        await propertyCheck(count: 400, input: Self.documents, Gen.int(in: 1...200)) { text, pieceSize in
            let file = SourceFile(path: "Content/l.md", text: text)
            let cmark = MarkdownListParser(pieceSize: pieceSize, readsSimpleItems: false).parse(file)
            let simple = MarkdownListParser(pieceSize: pieceSize).parse(file)
            #expect(MarkdownPiecesTests.summary(simple) == MarkdownPiecesTests.summary(cmark), "\(text.debugDescription)")
        }
    }

    /// Real lists, read whole and in pieces; nearly all of awesome-go's items are read without cmark.
    @Test(arguments: ["corpus/awesome/awesome-go.md", "samples/awesome-readme.md", "corpus/docs/rust-book/src/SUMMARY.md"])
    func realListsAreReadAsCmarkReadsThem(_ relative: String) throws {
        let bytes = try [UInt8](Data(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent(relative)))
        let file = SourceFile(path: "Content/list.md", bytes: bytes)
        for pieceSize in [1 << 17, 4_096] {
            let cmark = MarkdownListParser(pieceSize: pieceSize, readsSimpleItems: false).parse(file)
            let simple = MarkdownListParser(pieceSize: pieceSize).parse(file)
            #expect(MarkdownPiecesTests.summary(simple) == MarkdownPiecesTests.summary(cmark), "\(relative), pieces of \(pieceSize)")
        }
        if relative.hasSuffix("awesome-go.md") {
            let read = SimpleItems.take(from: bytes[...]).taken.items
            #expect(read.count > 2_000, "awesome-go's items read without cmark: \(read.count)")
        }
    }

    @Test func aSimpleLineIsBlankedAndReadAtItsLine() throws {
        let line = "- [Saw](https://e.org/s) - Cuts *wood* with `teeth`, [see](https://e.org/x)!"
        let (taken, rest) = SimpleItems.take(from: Array("## Tools\n\(line)\n\nText\n".utf8)[...])
        #expect(taken.items.map(\.line) == [2])
        let row = try #require(taken.items.first?.row)
        #expect((0..<3).map { taken.table?.string(row: row, column: $0) }
            == ["Saw", "https://e.org/s", "Cuts *wood* with `teeth`, [see](<https://e.org/x>)\\!"])
        #expect(rest.map { String(decoding: $0, as: UTF8.self) } == "## Tools\n \n\nText\n")
    }

    /// README furniture above a list (a logo in HTML, a comment, a `<details>` table of contents) does not keep the
    /// list's lines from being read once it has ended.
    @Test(arguments: ["<!-- a comment -->\n- [A](u)", "<div align=\"center\">\n<img src=\"logo.svg\">\n</div>\n\n- [A](u)",
                      "<details>\n- [Tools](#tools)\n</details>\n\n## Tools\n- [A](u)", "<!--\nnote\n-->\n- [A](u)"])
    func linesAfterHTMLAreRead(_ text: String) {
        #expect(SimpleItems.take(from: Array(text.utf8)[...]).taken.items.count == 1)
    }

    /// cmark repairs bytes that are not UTF-8 (and U+0080 stands for an escaped tilde): such lines are its to read.
    @Test(arguments: [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xC2, 0x80], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]])
    func linesThatAreNotUTF8AreLeftToCmark(_ bad: [UInt8]) {
        for line in [Array("- [A".utf8) + bad + Array("](u)".utf8), Array("- [A](u) - b".utf8) + bad, Array("- [A](https://e.org/".utf8) + bad + [0x29]] {
            #expect(SimpleItems.take(from: (line + Array("\n".utf8))[...]).taken.items.isEmpty, "\(line)")
            let file = SourceFile(path: "Content/l.md", bytes: line)
            #expect(MarkdownPiecesTests.summary(MarkdownListParser().parse(file))
                == MarkdownPiecesTests.summary(MarkdownListParser(pieceSize: 1 << 17, readsSimpleItems: false).parse(file)))
        }
        #expect(SimpleItems.take(from: Array("- [Ä€😀](https://e.org/ü) - ok\n".utf8)[...]).taken.items.count == 1)
    }

    @Test(arguments: ["<!--\n\n- [A](u)\n-->", "<div>\n- [A](u)", "<pre>\n\n- [A](u)\n</pre>", "```\nx\n```\n- [A](u)",
                      "- [A](u)\nlazy", "- [A](u)\n  - child", "- [A](u)\n\n  more", "- [A](u)\n===", "```\n- [A](u)\n```",
                      "<div>\n- [A](u)", "- [A](u) _x_", "- [A](u) \\*", "- [A](#top)", "- [ ](u)", "- [A](u) ![b](i)"])
    func linesThatCmarkMustReadAreLeftToIt(_ text: String) {
        let (taken, rest) = SimpleItems.take(from: Array(text.utf8)[...])
        #expect(taken.items.isEmpty && rest == nil)
    }
}

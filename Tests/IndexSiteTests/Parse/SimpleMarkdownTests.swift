import Foundation
import Testing
@testable import IndexSiteParse

/// Descriptions of the simple kind are written without cmark (`SimpleMarkdown`); every text it takes must come out
/// byte for byte as cmark's tree with GitHub's extensions renders it, and it must take the common ones.
@Suite struct SimpleMarkdownTests {
    /// The fast path's HTML of `text`, or nil when it leaves the text to cmark.
    static func simple(_ text: String) -> String? {
        var output: [UInt8] = Array("before".utf8)
        let taken = Array(text.utf8).withUnsafeBufferPointer { SimpleMarkdown.appendHTML($0, to: &output) }
        if !taken {
            #expect(output == Array("before".utf8), "a text left to cmark appends nothing: \(text)")
            return nil
        }
        return String(decoding: output.dropFirst(6), as: UTF8.self)
    }

    /// cmark's HTML of `text`, with GitHub's extensions.
    static func reference(_ text: String, allowUnsafeHTML: Bool = false) -> String {
        var output: [UInt8] = []
        Array(text.utf8).withUnsafeBufferPointer { CommonMark.appendHTMLThroughTree($0, allowUnsafeHTML: allowUnsafeHTML, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func theCommonDescriptionsAreWrittenAsCmarkWritesThem() {
        let cases: [(String, String)] = [
            ("A *hidden* ferry. Try `SELECT *` first.", "<p>A <em>hidden</em> ferry. Try <code>SELECT *</code> first.</p>\n"),
            ("Opens on Sundays; see [a gallery](https://example.org/x/467).",
             "<p>Opens on Sundays; see <a href=\"https://example.org/x/467\">a gallery</a>.</p>\n"),
            ("Best for **really**.", "<p>Best for <strong>really</strong>.</p>\n"),
            ("Known as \"Number Nine\", with `~/.config` built in.", "<p>Known as &quot;Number Nine&quot;, with <code>~/.config</code> built in.</p>\n"),
            ("Don't, a > b 'x' / y", "<p>Don't, a &gt; b 'x' / y</p>\n"),
            ("code `<a href=\"x\">&amp;'q'</a>` here", "<p>code <code>&lt;a href=&quot;x&quot;&gt;&amp;amp;'q'&lt;/a&gt;</code> here</p>\n"),
            ("` a `", "<p><code>a</code></p>\n"),
            ("Élan ferry — “quoted” text…", "<p>Élan ferry — “quoted” text…</p>\n"),
            ("[x](/p/a_b~c$d+e!f*g)", "<p><a href=\"/p/a_b~c$d+e!f*g\">x</a></p>\n"),
            ("See [the guide](<https://example.org/ribbon>).", "<p>See <a href=\"https://example.org/ribbon\">the guide</a>.</p>\n"),
        ]
        for (text, html) in cases {
            #expect(SimpleMarkdownTests.simple(text) == html, "\(text)")
            #expect(SimpleMarkdownTests.reference(text) == html, "the reference itself: \(text)")
        }
    }

    /// What the fast path must leave to cmark: blocks, GitHub's autolinks, strikethrough and tables, entities,
    /// escapes, HTML, emphasis whose delimiters cmark reads by their neighbours, unsafe and odd links.
    @Test func whatIsNotSimpleIsLeftToCmark() {
        for text in ["# Title", "- item", "1. item", "> quote", "    code", "<b>bold</b>", "see www.example.org", "see https://e.org",
                     "mail a@b.org", "~~gone~~", "a | b", "AT&T", "a \\* b", "snake_case", "a*b*c", "*a *", "** a**", "***a***",
                     "[a](javascript:alert(1))", "[a](mailto:x)", "[a](b c)", "[a][b]", "![a](b.png)", "[ a ](b)", "`a", "``a``",
                     "line\nbreak", "tab\there", "trailing ", "*open", "2024. was", "7) x", "x [a](https://e.org/a'b)", "\u{FEFF}byte order mark", "a\u{80}b", "`\u{9F}`",
                     "[a](<b c>)", "[a](<b>", "[a](<>)", "[a](<b>c)"] {
            #expect(SimpleMarkdownTests.simple(text) == nil, "\(text)")
        }
    }

    /// Texts made of the pieces descriptions are made of, and of the characters that change how cmark reads them:
    /// every one the fast path takes renders as cmark renders it, and a good share is taken.
    @Test func generatedTextsTakenRenderAsCmark() {
        var random = SplitMix(seed: 19)
        let pieces = ["word", "Élan", "x1", "teapot", " ", " ", " ", "*", "**", "`", "[", "]", "(", ")", "](", "](https://e.org/a)", "\"",
                      "'", ".", ",", ":", "//", "www.", "!", "@", "_", "~", "&", "<", ">", "\\", "#", "-", "7", "http://x.org", "%",
                      "\t", "\n", "é", "—", "?", ";", "/", "=", "+", "$", "^", "{", "}", "|", "\u{A0}", "*a*", "**b**", "`c d`", "[e](/f)",
                      "*a*b", "a**", "(*", "*)", "\"*", "*\"", "` `", "``", "](/x y)", "](http://x)", "](HTTP://x)", "](#x)", "a.b",
                      "\u{FEFF}", "\u{0}", "\r", "«", "»", "’", "1.", "1)", "  ",
                      "](<https://e.org/a>)", "](<b c>)", "](<", ">)", "](<>)"]
        var taken = 0
        let count = 60_000
        for _ in 0..<count {
            var text = ["A", "Élan", "Opens", "\"Quoted", "[", "`", "*", "2024", "1."][Int(random.next() % 9)]
            for _ in 0..<Int(random.next() % 12) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            guard let html = SimpleMarkdownTests.simple(text) else { continue }
            taken += 1
            #expect(html == SimpleMarkdownTests.reference(text), "\(text.debugDescription)")
            // A site that allows raw HTML renders the same: nothing taken holds HTML or a link cmark would drop.
            #expect(html == SimpleMarkdownTests.reference(text, allowUnsafeHTML: true), "\(text.debugDescription)")
        }
        #expect(taken > count / 25, "taken: \(taken)")
        print("SimpleMarkdown took \(taken) of \(count) generated texts")
    }

    /// The lines of real lists and docs (awesome-go, the awesome README sample, the Rust book), whole and after an
    /// item's `- [name](link) - `: every one taken renders as cmark renders it.
    @Test func realTextsTakenRenderAsCmark() throws {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        var shared: URL?
        while folder.path != "/", shared == nil {
            let candidate = folder.appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("corpus/awesome/awesome-go.md").path) { shared = candidate }
            folder = folder.deletingLastPathComponent()
        }
        let corpus = try #require(shared, "the shared corpus (../shared/corpus) is missing")
        var files = [corpus.appendingPathComponent("corpus/awesome/awesome-go.md"), corpus.appendingPathComponent("samples/awesome-readme.md")]
        let book = corpus.appendingPathComponent("corpus/docs/rust-book/src")
        files += (try FileManager.default.contentsOfDirectory(atPath: book.path)).filter { $0.hasSuffix(".md") }.sorted().prefix(40)
            .map { book.appendingPathComponent($0) }
        var texts: [String] = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                texts.append(String(line))
                if let dash = line.range(of: ") - ") { texts.append(String(line[dash.upperBound...])) }
            }
        }
        var taken = 0
        for text in texts {
            guard let html = SimpleMarkdownTests.simple(text) else { continue }
            taken += 1
            #expect(html == SimpleMarkdownTests.reference(text), "\(text.debugDescription)")
        }
        #expect(taken > texts.count / 4, "taken: \(taken) of \(texts.count)")
        print("SimpleMarkdown took \(taken) of \(texts.count) real texts")
    }
}

import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// GitHub's extensions beyond the spec's examples: inside other blocks, next to cmark's own syntax, in safe and
/// unsafe mode, and in whole built pages of awesome lists (no raw `|---|` anywhere a table was written).
@Suite struct GFMRenderingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var markdown: String
        var html: String
        var unsafe = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a table after paragraph lines keeps them as a paragraph",
             markdown: "Some text\n| a | b |\n| :- | -: |\n| 1 | 2 |\n",
             html: "<p>Some text</p>\n<table>\n<thead>\n<tr>\n<th align=\"left\">a</th>\n<th align=\"right\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td align=\"left\">1</td>\n<td align=\"right\">2</td>\n</tr>\n</tbody>\n</table>\n"),
        Case(name: "a table in a block quote and in a list item",
             markdown: "> | a |\n> | - |\n> | b |\n\n- | c |\n  | - |\n",
             html: "<blockquote>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>b</td>\n</tr>\n</tbody>\n</table>\n</blockquote>\n<ul>\n<li>\n<table>\n<thead>\n<tr>\n<th>c</th>\n</tr>\n</thead>\n</table>\n</li>\n</ul>\n"),
        Case(name: "cells hold inlines, other extensions, and text that would start a block on its own",
             markdown: "| # a | - b | `c\\|d` |\n|---|---|---|\n| ~~e~~ | www.example.org. | [f](https://f.org) |\n",
             html: "<table>\n<thead>\n<tr>\n<th># a</th>\n<th>- b</th>\n<th><code>c|d</code></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><del>e</del></td>\n<td><a href=\"http://www.example.org\">www.example.org</a>.</td>\n<td><a href=\"https://f.org\">f</a></td>\n</tr>\n</tbody>\n</table>\n"),
        Case(name: "pipes without a delimiter row stay text",
             markdown: "a | b\nc | d\n",
             html: "<p>a | b\nc | d</p>\n"),
        Case(name: "raw HTML and javascript: links in a cell are dropped in safe mode",
             markdown: "| x |\n|---|\n| <script>alert(1)</script> [y](javascript:alert(1)) |\n",
             html: "<table>\n<thead>\n<tr>\n<th>x</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --> <a href=\"\">y</a></td>\n</tr>\n</tbody>\n</table>\n"),
        Case(name: "raw HTML in a cell is kept when the site allows it",
             markdown: "| x |\n|---|\n| <kbd>k</kbd> |\n",
             html: "<table>\n<thead>\n<tr>\n<th>x</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><kbd>k</kbd></td>\n</tr>\n</tbody>\n</table>\n",
             unsafe: true),
        Case(name: "strikethrough in emphasis, links and headings",
             markdown: "# ~~Old~~ title\n\n*a ~~b~~* [~~c~~](https://c.org) ~d~\n",
             html: "<h1><del>Old</del> title</h1>\n<p><em>a <del>b</del></em> <a href=\"https://c.org\"><del>c</del></a> <del>d</del></p>\n"),
        Case(name: "three tildes, unmatched and spaced tildes stay text",
             markdown: "x ~~~a~~~ ~~b~ c ~~ d ~~\n",
             html: "<p>x ~~~a~~~ ~~b~ c ~~ d ~~</p>\n"),
        Case(name: "strikethrough around other inlines",
             markdown: "~~gone *really* `code`~~\n",
             html: "<p><del>gone <em>really</em> <code>code</code></del></p>\n"),
        Case(name: "autolinks across cmark's text nodes, not in links or code",
             markdown: "See https://example.org/a_b_c?x=1&y=2, [www.example.org](https://e.org) `www.example.org` and me@example.org.\n",
             html: "<p>See <a href=\"https://example.org/a_b_c?x=1&amp;y=2\">https://example.org/a_b_c?x=1&amp;y=2</a>, <a href=\"https://e.org\">www.example.org</a> <code>www.example.org</code> and <a href=\"mailto:me@example.org\">me@example.org</a>.</p>\n"),
        Case(name: "javascript: and other schemes never become links",
             markdown: "javascript:alert(1) javascript://example.org/%0Aalert(1) data://x.org vbscript://x.org\n",
             html: "<p>javascript:alert(1) javascript://example.org/%0Aalert(1) data://x.org vbscript://x.org</p>\n"),
        Case(name: "autolinks in emphasis and after an opening parenthesis",
             markdown: "*www.example.org* (https://example.org/wiki/Go_(language)) _me@example.org_\n",
             html: "<p><em><a href=\"http://www.example.org\">www.example.org</a></em> (<a href=\"https://example.org/wiki/Go_(language)\">https://example.org/wiki/Go_(language)</a>) <em><a href=\"mailto:me@example.org\">me@example.org</a></em></p>\n"),
        Case(name: "a www autolink needs a space or delimiter before it",
             markdown: "xwww.example.org\n",
             html: "<p>xwww.example.org</p>\n"),
        Case(name: "task list items: tight, loose, nested in ordered lists, and look-alikes",
             markdown: "1. [x] done\n\n2. [ ] open\n\n- [X] upper\n- [ ]no space\n- [y] other\n\n[ ] not in a list\n",
             html: "<ol>\n<li>\n<input type=\"checkbox\" checked=\"\" disabled=\"\" /> \n<p>done</p>\n</li>\n<li>\n<input type=\"checkbox\" disabled=\"\" /> \n<p>open</p>\n</li>\n</ol>\n<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> upper</li>\n<li>[ ]no space</li>\n<li>[y] other</li>\n</ul>\n<p>[ ] not in a list</p>\n"),
        Case(name: "escaped tildes are tildes, never strikethrough; code and a doubled backslash keep theirs",
             markdown: "a \\~b\\~ c, ~~gone~~, `co\\~de` and \\\\~struck~\n",
             html: "<p>a ~b~ c, <del>gone</del>, <code>co\\~de</code> and \\<del>struck</del></p>\n"),
        Case(name: "text without extension marks renders as cmark renders it",
             markdown: "Plain *text* with a [link](https://x.org \"t\") and <b>html</b>.\n",
             html: "<p>Plain <em>text</em> with a <a href=\"https://x.org\" title=\"t\">link</a> and <!-- raw HTML omitted -->html<!-- raw HTML omitted -->.</p>\n"),
    ]

    @Test(arguments: cases) func renders(_ example: Case) {
        #expect(CommonMark.html(example.markdown, allowUnsafeHTML: example.unsafe) == example.html)
    }

    /// The autolink pass is skipped when its mark in the source is only a link's own destination, and taken whenever
    /// text outside links could hold an autolink (the rendering cases and the spec's examples hold its results).
    @Test(arguments: [("See [the guide](https://example.org/x).", false), ("[https://a.org](https://a.org) and [b](mailto:c@d.org)", false),
                      ("See https://example.org.", true), ("Mail ada@example.org.", true), ("*www.commonmark.org*", true),
                      ("[the guide](https://example.org/x) or www.a.org", true), ("![logo](https://example.org/l.png)", false)])
    func theAutolinkPassIsTakenOnlyWhereTextMayHoldOne(_ markdown: String, _ taken: Bool) {
        #expect(Array(markdown.utf8).withUnsafeBufferPointer { GitHubMarkdown.Marks($0).autolink })
        #expect(CommonMark.withDocument(Array(markdown.utf8)) { GitHubMarkdown.mayHoldAutolinks($0) } == taken)
    }

    /// Hostile input: deep nesting and long runs must not blow the stack or take quadratic time.
    /// The extensions a text may need are found a word at a time; they are those a look at every byte finds, wherever
    /// the marks fall in or across the words.
    @Test func marksFoundAWordAtATimeAreThoseOfEveryByte() {
        func byteByByte(_ bytes: [UInt8]) -> [Bool] {
            var (pipe, tilde, bracket, autolink) = (false, false, false, false)
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "|"): pipe = true
                case UInt8(ascii: "~"): tilde = true
                case UInt8(ascii: "["): bracket = true
                case UInt8(ascii: "@"): autolink = true
                case UInt8(ascii: ":"): if Array(bytes[index...].prefix(3)) == Array("://".utf8) { autolink = true }
                case UInt8(ascii: "w"): if Array(bytes[index...].prefix(4)) == Array("www.".utf8) { autolink = true }
                default: break
                }
            }
            return [pipe, tilde, bracket, autolink]
        }
        var generator = SplitMix(seed: 5)
        let alphabet = Array("ab w.:/|~[@é\n".utf8)
        var seen = Set<[Bool]>()
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let marks = bytes.withUnsafeBufferPointer { GitHubMarkdown.Marks($0) }
            let found = [marks.pipe, marks.tilde, marks.bracket, marks.autolink]
            #expect(found == byteByByte(bytes), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            seen.insert(found)
        }
        // `www.` at every place across the words of plain text (where a lone `w` is stepped over), and `ww` without it.
        for offset in 0..<24 {
            let text = String(repeating: "a", count: offset) + "www.b" + String(repeating: "c", count: 24)
            #expect(Array(text.utf8).withUnsafeBufferPointer { GitHubMarkdown.Marks($0).autolink }, "\(offset)")
            let lone = String(repeating: "a", count: offset) + "ww wa w." + String(repeating: "c", count: 24)
            #expect(!Array(lone.utf8).withUnsafeBufferPointer { GitHubMarkdown.Marks($0).autolink }, "\(offset)")
        }
        // Marks near the end of a text and in its last partial word count too.
        for text in ["abcdefgh|", "abcdefghijklmno~", "0123456789 www.a", "0123456://", "www.", "x@"] {
            let marks = Array(text.utf8).withUnsafeBufferPointer { GitHubMarkdown.Marks($0) }
            #expect(!marks.isEmpty, "\(text)")
        }
        #expect(seen.count > 4)
    }

    @Test func pathologicalInputsFinish() {
        // Past 32 containers on a line the markers are text (issue 34, item 8: cmark is quadratic in them).
        let nested = String(repeating: "> ", count: 5_000) + "| a |\n| - |\n"
        #expect(CommonMark.html(nested).contains("| a |"))
        let tildes = String(repeating: "~~a ", count: 10_000)
        #expect(CommonMark.html(tildes).hasPrefix("<p>"))
        let links = String(repeating: "www.a.org ", count: 10_000)
        #expect(CommonMark.html(links).components(separatedBy: "<a href").count == 10_001)
        let rows = "| a | b |\n|---|---|\n" + String(repeating: "| 1 | 2 |\n", count: 10_000)
        #expect(CommonMark.html(rows).components(separatedBy: "<tr>").count == 10_002)
    }

    /// Random text made of the extensions' marks (a fixed seed, so a failure repeats): rendering never traps, every
    /// opened table and strikethrough is closed, and no script gets through safe mode.
    @Test func randomMarkupRendersSafely() {
        let pieces = ["|", "| ", " | ", "---", ":-:", "-", "~", "~~", "[ ]", "[x]", "- ", "> ", "1. ", "\n", "\n\n", "www.", "a.b",
                      "http://", "https://x.y", "@", "e@x.org", ".", "(", ")", ";", "&amp;", "\\", "`", "*", "_", "<", "<script>",
                      "javascript:", "x", "é", "  ", "\t"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<3_000 {
            let text = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            let html = CommonMark.html(text)
            #expect(html.components(separatedBy: "<table>").count == html.components(separatedBy: "</table>").count, "\(text)")
            #expect(html.components(separatedBy: "<del>").count == html.components(separatedBy: "</del>").count, "\(text)")
            #expect(!html.contains("<script"), "\(text)")
        }
    }

    /// An awesome list written for GitHub, with a table as its tagline (shown on the home page card) and one in a
    /// section's description: the built pages show tables, never the raw `|---|` syntax.
    static let awesomeList = """
        # Awesome Linux

        | Awesome | Linux |
        |:-------:|:-----:|
        | [![Awesome](https://awesome.re/badge.svg)](https://awesome.re) | A list of ~~old~~ Linux software, see www.kernel.org |

        ## Editors

        Editors people use:

        | Editor | Kind |
        |--------|------|
        | nano | simple |

        - [Vim](https://www.vim.org) - Modal editor; help at https://vimhelp.org.
        - [Emacs](https://www.gnu.org/software/emacs/) - ~~An editor~~ A way of life.

        ## Shells

        - [Fish](https://fishshell.com) - Friendly shell; mail fish@example.org.

        """

    static let rawTableSyntax = ["|---", "| ---", "|:--", "| :--", "--|", "--:|", "-- |"]

    @Test func awesomeListTablesAreRenderedOnEveryPage() throws {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-gfm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try GFMRenderingTests.awesomeList.write(to: site.appendingPathComponent("Content/awesome-linux.md"), atomically: true, encoding: .utf8)
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(result.succeeded)
        let pages = Dictionary(result.pages.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }, uniquingKeysWith: { $1 })
        let home = try #require(pages["index.html"])
        let list = try #require(pages.first { $0.key.hasSuffix("/index.html") && $0.key != "index.html" }?.value)
        for (path, page) in pages where path.hasSuffix(".html") {
            for raw in GFMRenderingTests.rawTableSyntax { #expect(!page.contains(raw), "\(path) shows raw table syntax \(raw)") }
        }
        #expect(home.contains("<th align=\"center\">Awesome</th>"), "the home card shows the tagline table")
        #expect(list.contains("<th align=\"center\">Awesome</th>") && list.contains("<th>Editor</th>") && list.contains("<td>nano</td>"))
        #expect(list.contains("<del>old</del>") && list.contains("<a href=\"http://www.kernel.org\">www.kernel.org</a>"))
        #expect(list.contains("<del>An editor</del>") && list.contains("<a href=\"https://vimhelp.org\">https://vimhelp.org</a>."))
        #expect(list.contains("<a href=\"mailto:fish@example.org\">fish@example.org</a>"))
        // The list page's meta description is the tagline's text, not its Markdown.
        #expect(list.contains("<meta name=\"description\" content=\"Awesome Linux Awesome A list of old Linux software, see www.kernel.org\">"))
    }

    @Test func plainTextDropsMarkdownSyntax() {
        #expect(CommonMark.plainText("| a | **b** |\n|---|---|\n| [c](https://c.org) | ~~d~~ <i>e</i> |\n\nMore `code`.") == "a b c d e More code.")
    }

    /// The real awesome lists in ../shared (beside the clone in CI): no raw table syntax on any built page.
    @Test(arguments: ["corpus/awesome/awesome-go.md", "samples/awesome-readme.md"])
    func sharedAwesomeListsShowNoRawTableSyntax(_ relative: String) throws {
        let source = Fixtures.repository.deletingLastPathComponent().appendingPathComponent("shared/" + relative)
        guard FileManager.default.fileExists(atPath: source.path) else { return }
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-gfm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: site.appendingPathComponent("Content/" + source.lastPathComponent))
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(!result.pages.isEmpty)
        for page in result.pages where page.path.hasSuffix(".html") {
            let text = String(decoding: page.bytes, as: UTF8.self)
            for raw in GFMRenderingTests.rawTableSyntax { #expect(!text.contains(raw), "\(page.path) shows raw table syntax \(raw)") }
        }
    }

    /// Escaped tildes are found by searching for tildes and counting the backslashes before each: the same places as
    /// reading every byte and counting backslashes as they come, on every text of up to eight backslashes, tildes and letters.
    @Test func escapedTildesAreFoundWhereEveryByteWouldFindThem() {
        func byByte(_ bytes: [UInt8]) -> [UInt8]? {
            var result: [UInt8]?
            var backslashes = 0
            for (offset, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "~"), backslashes % 2 == 1 {
                    if result == nil { result = bytes }
                    result![offset - 1] = GitHubMarkdown.shieldedTilde[0]
                    result![offset] = GitHubMarkdown.shieldedTilde[1]
                }
                backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
            }
            return result
        }
        // Every text of up to eight of the three bytes.
        let alphabet = Array("\\~a".utf8)
        var texts: [[UInt8]] = [[]]
        for _ in 0..<8 { texts += texts.filter { $0.count == texts.last!.count }.flatMap { text in alphabet.map { text + [$0] } } }
        #expect(texts.count == 9_841)
        for text in texts {
            #expect(GitHubMarkdown.shieldingEscapedTildes(text) == byByte(text), "\(String(decoding: text, as: UTF8.self))")
            #expect(GitHubMarkdown.shieldingEscapedTildes(text.dropFirst()) == byByte(Array(text.dropFirst())))
        }
    }
}

import Foundation
import Testing
@testable import IndexSiteCore
@testable import IndexSiteParse

/// Issue 34, item 8: cmark 0.30.2 (the newest Debian has) is quadratic on lines that nest many containers and on
/// paragraphs of many `![` openers. Past the limits the markers are read as text; normal Markdown is untouched. The
/// attack round's inputs run in Tests/Stress/cmark-*.sh.
@Suite struct CommonMarkLimitsTests {
    @Test func deepNestingOnOneLineStopsAtTheLimit() {
        let html = CommonMark.html(String(repeating: "- ", count: 40) + "bottom\n\n\nafter\n")
        #expect(html.components(separatedBy: "<ul>").count - 1 == CommonMarkLimits.nestingPerLine, "\(html.prefix(200))")
        #expect(html.contains("- - - - - - - - bottom"), "\(html)")
        let quotes = CommonMark.html(String(repeating: "> ", count: 40) + "deep\n")
        #expect(quotes.components(separatedBy: "<blockquote>").count - 1 == CommonMarkLimits.nestingPerLine)
        let ordered = CommonMark.html(String(repeating: "1. ", count: 40) + "x\n")
        #expect(ordered.components(separatedBy: "<ol>").count - 1 == CommonMarkLimits.nestingPerLine)
    }

    @Test func imageOpenersPastTheLimitAreText() {
        let markdown = String(repeating: "![[]()", count: 1_200) + "\n\n![ok](a.png)\n"
        // The 200 openers past the limit are escaped (`!\[`), and no other byte changes.
        let defused = Array(markdown.utf8).withUnsafeBufferPointer { CommonMarkLimits.defused($0) } ?? []
        #expect(String(decoding: defused, as: UTF8.self).components(separatedBy: "!\\[").count - 1 == 200)
        #expect(defused.filter { $0 != UInt8(ascii: "\\") } == Array(markdown.utf8))
        #expect(CommonMark.html(markdown).contains("<img src=\"a.png\" alt=\"ok\" />"), "the next paragraph counts afresh")
    }

    @Test(arguments: ["- a\n  - b\n    - c\n", "> a\n> > b\n", "1. a\n2. b\n", "![a](b) ![c](d)\n", "- [ ] task\n- [x] done\n", "* * *\n", "-1 and 2.5 and +3\n"])
    func normalMarkdownIsUntouched(_ markdown: String) {
        #expect(Array(markdown.utf8).withUnsafeBufferPointer { CommonMarkLimits.defused($0) } == nil)
    }
}

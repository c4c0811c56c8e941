import Foundation
import Testing
@testable import IndexSiteCore
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection

/// Descriptions rendered ahead, on a core the sectioning leaves idle, are found by where their Markdown is and used
/// by the page instead of rendering them again: the pages are the same whatever was rendered ahead.
@Suite struct DescriptionsAheadTests {
    /// A CSV list whose descriptions use what the page's Markdown does: emphasis, code, links, GitHub's autolinks and
    /// strikethrough, escaped tildes, raw HTML (dropped in safe mode), a quoted field over two lines, empty ones.
    static let csv = """
    title,url,description
    Alpha,https://a.example,A *velvet* ladder with `code` and [a link](https://x.example).
    Beta,https://b.example,See www.example.org and ~~old~~ new.
    Gamma,https://c.example,
    Delta,https://d.example,"Two lines:
    here, with \\~tildes\\~ and <b>raw</b> HTML."
    Epsilon,https://e.example,Plain text.
    Zeta,https://z.example,"Quoted ""words"" & <script>alert(1)</script>"
    Alpha,https://a2.example,A second Alpha.
    """

    static func parsed(_ text: String = csv) -> [Entry] {
        CSVParser().parse(SourceFile(path: "l.csv", text: text)).entries
    }

    /// 5,000 entries, each with a description of its own.
    static var thousands: [Entry] {
        let rows = (0..<5_000).map { "Title \($0),https://e.example/\($0),Text *\($0)* with [a link](https://l.example/\($0))." }
        return parsed("title,url,description\n" + rows.joined(separator: "\n"))
    }

    static func pages(_ entries: [Entry], prerendered: PrerenderedDescriptions, allowUnsafeHTML: Bool = false) throws -> [String: [UInt8]] {
        var site = SiteSettings()
        site.allowUnsafeHTML = allowUnsafeHTML
        let list = IndexedList.make(title: "L", entries: entries, settings: ListSettings(source: "l.csv"), kind: .csv).0
        let renderer = try #require(PageRenderer.make(site: site, theme: .builtIn).0)
        var pages: [String: [UInt8]] = [:]
        _ = renderer.render([list], prerendered: prerendered) { pages[$0.path, default: []] += $0.bytes }
        return pages
    }

    @Test func pagesAreTheSameWithDescriptionsRenderedAhead() throws {
        for allowUnsafeHTML in [false, true] {
            let entries = DescriptionsAheadTests.parsed()
            let ahead = DescriptionsAhead(allowUnsafeHTML: allowUnsafeHTML)
            ahead.add(entries, descriptionField: "description")
            let prerendered = ahead.finishAll()
            // Every non-empty description, and only those.
            #expect(prerendered.count == 6)
            let expected = try DescriptionsAheadTests.pages(entries, prerendered: .none, allowUnsafeHTML: allowUnsafeHTML)
            #expect(try DescriptionsAheadTests.pages(entries, prerendered: prerendered, allowUnsafeHTML: allowUnsafeHTML) == expected)
            let page = String(decoding: try #require(expected["l/index.html"]), as: UTF8.self)
            #expect(page.contains("<em>velvet</em>") && page.contains("<del>old</del>"))
            #expect(page.contains("<b>raw</b>") == allowUnsafeHTML)
        }
    }

    /// The page takes a description from the table only when it was rendered with the page's own options; a text of
    /// the same address but another length is another text.
    @Test func onlyTheSameTextWithTheSameOptionsIsTaken() throws {
        let entries = DescriptionsAheadTests.parsed()
        let ahead = DescriptionsAhead(allowUnsafeHTML: false)
        ahead.add(entries, descriptionField: "description")
        let prerendered = ahead.finishAll()
        let texts = TextsInRows(entries, field: "description", limit: .max)
        let delta = try #require(texts.texts.first { String(decoding: $0, as: UTF8.self).hasPrefix("Two lines") })
        var safe: [UInt8] = [], unsafe: [UInt8] = []
        #expect(prerendered.appendHTML(of: delta, allowUnsafeHTML: false, to: &safe))
        #expect(String(decoding: safe, as: UTF8.self) == "<p>Two lines:\nhere, with ~tildes~ and <!-- raw HTML omitted -->raw<!-- raw HTML omitted --> HTML.</p>\n")
        #expect(!prerendered.appendHTML(of: delta, allowUnsafeHTML: true, to: &unsafe) && unsafe.isEmpty)
        #expect(!prerendered.appendHTML(of: UnsafeBufferPointer(rebasing: delta.dropLast()), allowUnsafeHTML: false, to: &unsafe))
        // A copy of the same text elsewhere in memory is not found: only the row's own bytes are.
        let copy = Array(delta)
        #expect(!copy.withUnsafeBufferPointer { prerendered.appendHTML(of: $0, allowUnsafeHTML: false, to: &unsafe) })
    }

    /// Only texts in rows are taken, in entry order, empty ones left out, at most as many as asked; a record of values
    /// (a JSON entry) holds a `String` that may move, and a dotted field is no row's column.
    @Test func textsAreTakenFromRowsOnly() {
        let entries = DescriptionsAheadTests.parsed()
        let texts = TextsInRows(entries, field: "description", limit: .max)
        #expect(texts.texts.map { String(decoding: $0, as: UTF8.self).prefix(5) } == ["A *ve", "See w", "Two l", "Plain", "Quote", "A sec"])
        #expect(texts.tables.count == 1)
        #expect(TextsInRows(entries, field: "description", limit: 2).texts.count == 2)
        #expect(TextsInRows(entries, field: "nothing", limit: .max).texts.isEmpty)
        let values = [Entry(fields: ["title": "A", "description": "*b*"])]
        #expect(TextsInRows(values, field: "description", limit: .max).texts.isEmpty)
        let ahead = DescriptionsAhead(allowUnsafeHTML: false)
        ahead.add(values, descriptionField: "description")
        ahead.add(entries, descriptionField: "meta.description")
        #expect(ahead.finishAll().count == 0)
    }

    /// The limits hold: at most `maximumTexts` texts over all lists added, and no more once `maximumBytes` of HTML
    /// are made.
    @Test func limitsHold() throws {
        let entries = DescriptionsAheadTests.parsed()
        let fewTexts = DescriptionsAhead(allowUnsafeHTML: false, maximumTexts: 4)
        fewTexts.add(entries, descriptionField: "description")
        fewTexts.add(entries, descriptionField: "description")
        #expect(fewTexts.finishAll().count == 4)
        let fewBytes = DescriptionsAhead(allowUnsafeHTML: false, maximumBytes: 1)
        fewBytes.add(entries, descriptionField: "description")
        let prerendered = fewBytes.finishAll()
        #expect(prerendered.count == 1)
        // What was not rendered ahead the page renders: the same page.
        #expect(try DescriptionsAheadTests.pages(entries, prerendered: prerendered) == DescriptionsAheadTests.pages(entries, prerendered: .none))
    }

    /// Thousands of descriptions, their table grown many times over: every one is found, and the pages are the same.
    @Test func thousandsAreAllFound() throws {
        let entries = DescriptionsAheadTests.thousands
        let ahead = DescriptionsAhead(allowUnsafeHTML: false)
        ahead.add(entries, descriptionField: "description")
        let prerendered = ahead.finishAll()
        #expect(prerendered.count == 5_000)
        var html: [UInt8] = []
        for text in TextsInRows(entries, field: "description", limit: .max).texts {
            #expect(prerendered.appendHTML(of: text, allowUnsafeHTML: false, to: &html))
        }
        #expect(String(decoding: html, as: UTF8.self).hasSuffix("<p>Text <em>4999</em> with <a href=\"https://l.example/4999\">a link</a>.</p>\n"))
        #expect(try DescriptionsAheadTests.pages(entries, prerendered: prerendered) == DescriptionsAheadTests.pages(entries, prerendered: .none))
    }

    /// Stopped at once, with thousands of descriptions still waiting, it hands over what it made so far, and the pages
    /// are still the same.
    @Test func stoppingHandsOverWhatWasMade() throws {
        let entries = DescriptionsAheadTests.thousands
        let ahead = DescriptionsAhead(allowUnsafeHTML: false)
        ahead.add(entries, descriptionField: "description")
        let prerendered = ahead.finish()
        #expect(prerendered.count < 5_000)
        #expect(try DescriptionsAheadTests.pages(entries, prerendered: prerendered) == DescriptionsAheadTests.pages(entries, prerendered: .none))
    }
}

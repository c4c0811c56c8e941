import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteSection

/// A README's `#` links use GitHub's ids for its headings; on the page they land on the page's ids.
@Suite struct InPageLinksTests {
    static func build(_ markdown: String, name: String) throws -> (html: String, result: BuildResult) {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-anchors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try markdown.write(to: site.appendingPathComponent("Content/\(name).md"), atomically: true, encoding: .utf8)
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        let page = try #require(result.pages.first { $0.path == "\(name)/index.html" })
        return (String(decoding: page.bytes, as: UTF8.self), result)
    }

    /// The `href="#…"` of a page that land on no element id of it (`#top` is the top of any HTML page).
    static func deadLinks(_ html: String) -> [String] {
        let ids = Set(html.matches(of: /\sid="([^"]+)"/).map { String($0.output.1) }).union(["top"])
        return html.matches(of: /href="#([^"]*)"/).map { String($0.output.1) }.filter { !$0.isEmpty && !ids.contains($0) }
    }

    @Test func githubIDsAreRewrittenToThePagesIDs() throws {
        let (html, result) = try InPageLinksTests.build(try Fixtures.text("MarkdownLists/in-page-links.md"), name: "office")
        #expect(html.contains("<a href=\"#software-development-project-management\">Software Development - Project Management</a>"))
        #expect(html.contains("<a href=\"#calendar-contacts\">calendars</a>"))
        // GitHub numbers a repeated heading (`tools-1`); the page names it by its path.
        #expect(html.contains("<a href=\"#networking-tools\">Tools</a> or <a href=\"#editors-tools\">Tools</a>"))
        #expect(html.contains("<a href=\"#vim\">Vim</a>"))
        #expect(html.contains("<a href=\"#top\">the top</a>"))
        // Anchors of HTML blocks the page leaves out: above a heading, the section; before any section, the top.
        #expect(html.contains("<a href=\"#networking\">here</a>"))
        #expect(html.contains("<a href=\"#top\">back to the quote</a>"))
        #expect(InPageLinksTests.deadLinks(html) == ["nowhere-at-all"])
        let warnings = result.diagnostics.filter { $0.code == .deadAnchor }
        #expect(warnings.map(\.location.line) == [19])
        #expect(warnings.first?.message.contains("#nowhere-at-all") == true)
    }

    /// Split into a page per section, awesome-go's "See also [Database](#database)" lands on the Database page: every
    /// `#` link of every page lands on an element of its page or of the page it names.
    @Test(arguments: ["awesome-go", "awesome-falsehood"])
    func inPageLinksOfASplitListLandOnTheRightPage(_ name: String) throws {
        try InPageLinksTests.checkSplitLinks(name, pageSize: nil)
    }

    /// Cut into pages of 5 entries (`page_size`), awesome-go's sections take several pages each: a link to an entry
    /// lands on the page of its section that holds it, from any page, one folder down (`s/`) or two (`s/2/`).
    @Test func inPageLinksOfSectionsCutIntoPagesLandOnTheRightPage() throws {
        try InPageLinksTests.checkSplitLinks("awesome-go", pageSize: 5)
    }

    static func checkSplitLinks(_ name: String, pageSize: Int?) throws {
        let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent("corpus/awesome/\(name).md"), encoding: .utf8)
        let settings = "lists:\n  - source: \(name).md\n    split: sections\n" + (pageSize.map { "    page_size: \($0)\n" } ?? "")
        let site = try TestSupport.site("split-anchors", texts: ["Content/\(name).md": markdown, "indexsite.yml": settings])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics.prefix(3))")
        var ids: [String: Set<String>] = [:]
        var pages: [String: String] = [:]
        for page in result.pages where page.path.hasPrefix(name + "/") && page.path.hasSuffix(".html") {
            let html = String(decoding: page.bytes, as: UTF8.self)
            pages[page.path] = html
            ids[page.path] = Set(html.matches(of: /\sid="([^"]+)"/).map { String($0.output.1) }).union(["top"])
        }
        #expect(pages.count > 20)
        var links = 0, crossPage = 0
        var dead: [String] = []
        for (path, html) in pages {
            for match in html.matches(of: /href="([^"#:]*)#([^"]*)"/) {
                var parts = path.split(separator: "/").dropLast().map(String.init)
                for part in match.output.1.split(separator: "/") {
                    if part == ".." { parts.removeLast() } else { parts.append(String(part)) }
                }
                let target = match.output.1.isEmpty ? path : parts.joined(separator: "/")
                let fragment = String(match.output.2).removingPercentEncoding ?? String(match.output.2)
                links += 1
                if !match.output.1.isEmpty { crossPage += 1 }
                if ids[target]?.contains(fragment) != true { dead.append("\(path): \(match.output.0)") }
            }
        }
        #expect(links > 40)
        #expect(dead.isEmpty, "\(dead.count) of \(links) land nowhere: \(dead.prefix(5))")
        if name == "awesome-go" { #expect(crossPage >= 6, "links to other sections' pages") }
        if pageSize != nil { #expect(pages.keys.contains { $0.hasSuffix("/3/index.html") }, "sections cut into pages") }
    }

    @Test func rewritingKeepsTheRestOfTheText() {
        let text = "a [x](<#one>) b [y](#two) c [z](https://e.example/#three) ](#"
        #expect(InPageLinks.rewritten(text) { $0 == "one" ? "#uno" : nil } == "a [x](<#uno>) b [y](#two) c [z](https://e.example/#three) ](#")
    }

    /// On the real lists every `#` link of the page lands on the page (awesome-falsehood's footnote link points at an
    /// HTML anchor of the banner the page leaves out: it lands on the top).
    @Test(arguments: ["awesome-go", "awesome-linux-software", "marcelscruz-public-apis", "awesome-falsehood"])
    func everyInPageLinkOfARealListLands(_ name: String) throws {
        let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent("corpus/awesome/\(name).md"), encoding: .utf8)
        let (html, result) = try InPageLinksTests.build(markdown, name: name)
        let dead = InPageLinksTests.deadLinks(html)
        let reported = result.diagnostics.filter { $0.code == .deadAnchor }
        #expect(dead.count == reported.count, "\(dead)")
        #expect(dead.isEmpty)
        #expect(html.matches(of: /href="#[^"]+"/).count > 40)
    }
}

import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// Items that do not start with their link keep it: the title link is the first link that is not a badge, wherever
/// it stands; what stands before it is a prefix, icons of the list's own are extra links, nothing is lost.
@Suite struct MarkdownItemShapesTests {
    static func parse(_ text: String, path: String = "Content/shapes.md") -> ParsedSource {
        MarkdownListParser().parse(SourceFile(path: path, text: text))
    }

    static func corpus(_ name: String) throws -> String {
        try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent("corpus/awesome/" + name), encoding: .utf8)
    }

    /// Every item line's own link, read the simplest way: the first `[text](url)` once images and linked images are
    /// taken out, not an `#anchor`.
    static func itemLinks(_ markdown: String) -> [String] {
        var links: [String] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { inFence.toggle() }
            guard !inFence, let item = trimmed.firstMatch(of: /^[-*+] (.*)/) else { continue }
            var text = String(item.output.1)
            text.replace(/\[!\[[^\]]*\](\([^)]*\)|\[[^\]]*\])\]\([^)]*\)/, with: "")
            text.replace(/!\[[^\]]*\](\([^)]*\)|\[[^\]]*\])/, with: "")
            guard let link = text.firstMatch(of: /\[(?:[^\[\]]|\[[^\]]*\])*\]\((\S+?)\)/), !link.output.1.hasPrefix("#") else { continue }
            links.append(String(link.output.1))
        }
        return links
    }

    static func allEntries(_ entries: [Entry]) -> [Entry] {
        entries.flatMap { [$0] + allEntries($0.children) }
    }

    @Test func everyShapeKeepsItsLink() throws {
        let parsed = MarkdownItemShapesTests.parse(try Fixtures.text("MarkdownLists/item-shapes.md"))
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let entries = parsed.entries
        func entry(_ title: String) -> Entry? { entries.first { $0.text(at: "title") == title } }
        #expect(entries.map { $0.text(at: "title") ?? "" } == [
            "BSD Zero-Clause Licence", "Old Licence", "sevenz-rust", "woxi", "Thunder Store", "Aim", "Ardour", "Hammer", "Bitwig", "Saw",
            "Agentic Context Engine", "Arabic version", "More tools to improve the ML lifecycle", "“I'm going to a commune in Vermont.”",
            "Plain tape",
        ])
        let bsd = try #require(entry("BSD Zero-Clause Licence"))
        #expect(bsd.text(at: "url") == "https://spdx.example/0BSD")
        #expect(bsd.text(at: "prefix") == "0BSD")
        #expect(bsd.text(at: "description") == "Public-domain equivalent.")
        #expect(entry("Old Licence")?.text(at: "prefix") == "⚠")
        #expect(entry("Old Licence")?.text(at: "description") == "Deprecated.")
        #expect(entry("sevenz-rust")?.text(at: "url") == "https://crates.example/sevenz-rust")
        #expect(entry("sevenz-rust")?.text(at: "description") == "A 7z decompressor.")
        #expect(entry("woxi")?.text(at: "description") == "A Wolfram Language interpreter. [crate](<https://crates.example/woxi>)")
        #expect(entry("Thunder Store")?.text(at: "url") == "http://thunder.example")
        #expect(entry("Thunder Store")?.text(at: "description") == "Gone.")
        #expect(entry("Aim")?.text(at: "description") == "An easy-to-use experiment tracker.")
        // An icon of the list's own (a relative image) linking to the source is a named extra link; a shields.io badge is not.
        #expect(entry("Ardour")?.text(at: "url") == "https://ardour.example")
        #expect(entry("Ardour")?.text(at: "description") == "Record and mix. [Open-Source Software](<https://github.example/ardour>)")
        #expect(entry("Hammer")?.text(at: "description") == "Hits nails. [Open-Source Software](<https://github.example/hammer>)")
        #expect(entry("Bitwig")?.text(at: "description") == "DAW.")
        #expect(entry("Saw")?.text(at: "description") == "Cuts.")
        #expect(entry("Agentic Context Engine")?.text(at: "url") == "https://ace.example")
        #expect(entry("Arabic version")?.text(at: "url") == "https://example.org/README_ar.md")
        #expect(entry("Arabic version")?.text(at: "description") == nil)
        let tools = try #require(entry("More tools to improve the ML lifecycle"))
        #expect(tools.text(at: "url") == "https://catalyst.example")
        #expect(tools.text(at: "description") == "[Catalyst](<https://catalyst.example>), [PachydermIO](<https://pachyderm.example>)")
        let quote = try #require(entry("“I'm going to a commune in Vermont.”"))
        #expect(quote.text(at: "url") == "https://book.example")
        #expect(quote.text(at: "description") == "Left on a terminal. Source: [The Soul of a New Machine](<https://book.example>)")
        #expect(entry("Plain tape")?.text(at: "url") == nil)
    }

    /// The page shows what stood before an item's link before its title, and a struck-through item struck; neither
    /// is a field of its own on the page, and an item with neither is shown as before.
    @Test func prefixesAndStrikethroughAreShownWithTheTitle() throws {
        let parsed = MarkdownItemShapesTests.parse(try Fixtures.text("MarkdownLists/item-shapes.md"))
        #expect(parsed.entries.first { $0.text(at: "title") == "Thunder Store" }?.text(at: "struck") == "true")
        #expect(parsed.entries.filter { $0.text(at: "struck") != nil }.count == 1, "only the struck item")
        let html = try AwesomeListStructureTests.builtPage(try Fixtures.text("MarkdownLists/item-shapes.md"), name: "shapes")
        #expect(html.contains(#"<p class="entry-title"><span class="entry-prefix">0BSD</span> <a href="https://spdx.example/0BSD">BSD Zero-Clause Licence</a></p>"#), "\(html)")
        #expect(html.contains(#"<p class="entry-title"><s><a href="http://thunder.example">Thunder Store</a></s></p>"#))
        #expect(html.contains(#"<p class="entry-title"><a href="https://ardour.example">Ardour</a></p>"#))
        #expect(!html.contains("<dt>Prefix</dt>") && !html.contains("<dt>Struck</dt>"))
    }

    /// Awesome-Linux-Software: 1,110 items start with an icon linking to the source code, then the entry's own link.
    @Test func linuxSoftwareItemsKeepTheirLinkAndTheirSource() throws {
        let markdown = try MarkdownItemShapesTests.corpus("awesome-linux-software.md")
        let parsed = MarkdownItemShapesTests.parse(markdown, path: "Content/awesome-linux-software.md")
        let entries = MarkdownItemShapesTests.allEntries(parsed.entries)
        let expected = MarkdownItemShapesTests.itemLinks(markdown)
        #expect(expected.count > 1_300)
        #expect(entries.map { $0.text(at: "url") ?? "" } == expected)
        let sources = markdown.matches(of: /\[!\[Open-Source Software\]\[oss icon\]\]\(([^)]+)\)/).map { String($0.output.1) }
        #expect(sources.count >= 1_110)
        let descriptions = entries.compactMap { $0.text(at: "description") }.joined(separator: "\n")
        for source in sources where !descriptions.contains("[Open-Source Software](<\(source)>)") {
            Issue.record("the source link \(source) is lost")
        }
        #expect(!descriptions.contains("oss icon") && !descriptions.contains("money icon"))
    }

    /// awesome-falsehood: items that start with a quote or a label keep their links.
    @Test func falsehoodItemsKeepEveryLink() throws {
        let markdown = try MarkdownItemShapesTests.corpus("awesome-falsehood.md")
        let parsed = MarkdownItemShapesTests.parse(markdown, path: "Content/awesome-falsehood.md")
        let entries = MarkdownItemShapesTests.allEntries(parsed.entries)
        let expected = MarkdownItemShapesTests.itemLinks(markdown)
        #expect(expected.count > 130)
        #expect(entries.map { $0.text(at: "url") ?? "" } == expected)
        let gender = try #require(entries.first { $0.text(at: "title") == "Falsehoods about Gender" })
        #expect(gender.text(at: "description")?.contains("https://medium.com/gender-2-0/") == true)
        #expect(entries.contains { $0.text(at: "title") == "libvldmail" && $0.text(at: "url") == "https://github.com/dertuxmalwieder/libvldmail" })
    }
}

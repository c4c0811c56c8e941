import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// The same link under several headings is cross-listing, shown under each with no warning, so `--strict` passes on
/// a list that is right; the same link twice under one heading is still a duplicate.
@Suite struct MarkdownCrossListingTests {
    static func build(_ markdown: String, settings: String = "") throws -> BuildResult {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-cross-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try markdown.write(to: site.appendingPathComponent("Content/parsers.md"), atomically: true, encoding: .utf8)
        if !settings.isEmpty { try settings.write(to: site.appendingPathComponent("indexsite.yml"), atomically: true, encoding: .utf8) }
        return Build.run(BuildOptions(siteFolder: site, strict: true, writeOutput: false, keepPages: true))
    }

    @Test func crossListedLinksPassStrictBuilds() throws {
        let markdown = try Fixtures.text("MarkdownLists/cross-listed.md")
        let lint = "lists:\n  - source: Content/parsers.md\n    lint: {awesome-badge: off, awesome-contributing: off}\n"
        for settings in ["", lint] {
            let result = try MarkdownCrossListingTests.build(markdown, settings: settings)
            #expect(result.succeeded, "\(result.diagnostics)")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
            let page = try #require(result.pages.first { $0.path == "parsers/index.html" })
            let html = String(decoding: page.bytes, as: UTF8.self)
            #expect(html.components(separatedBy: ">tree-sitter</a>").count - 1 == 3)
        }
    }

    @Test func theSameLinkTwiceUnderOneHeadingIsStillADuplicate() throws {
        let markdown = try Fixtures.text("MarkdownLists/cross-listed.md")
            + "- [tree-sitter](https://tree-sitter.example) - Parses code incrementally.\n"
        let result = try MarkdownCrossListingTests.build(markdown)
        #expect(!result.succeeded)
        #expect(result.diagnostics.map(\.code) == [.duplicateEntry])
        #expect(result.diagnostics.first?.location.line == 21)
        let linted = try MarkdownCrossListingTests.build(markdown, settings: "lists:\n  - source: Content/parsers.md\n    lint: awesome\n")
        #expect(linted.diagnostics.map(\.code).contains(.awesomeDuplicateLink))
    }
}

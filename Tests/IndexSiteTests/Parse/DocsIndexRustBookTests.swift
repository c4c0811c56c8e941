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

/// The Rust book (mdBook) indexed with `link_style: mdbook`, checked as a reader and as mdBook would see it.
/// The corpus is `shared/corpus/docs/rust-book/src` beside the repository (or above a worktree); CI has it.
@Suite(.offThePool) struct DocsIndexRustBookTests {
    static func corpus() throws -> URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/corpus/docs/rust-book/src")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("SUMMARY.md").path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        Issue.record("the Rust book corpus (../shared/corpus/docs/rust-book/src) is missing")
        throw CocoaError(.fileNoSuchFile)
    }

    /// Builds the book's index into a temporary folder and returns the list page's HTML and the list.
    static func build() throws -> (html: String, list: IndexedList, markdown: [String: String]) {
        let source = try corpus()
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-rustbook-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: site.appendingPathComponent("Content/book"))
        try Data("lists:\n  - source: book\n    kind: headings\n    link_style: mdbook\n    link_base: https://doc.rust-lang.org/book/\n".utf8)
            .write(to: site.appendingPathComponent("indexsite.yml"))
        let output = site.appendingPathComponent("_site")
        let result = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try String(contentsOf: output.appendingPathComponent("book/index.html"), encoding: .utf8)
        var markdown: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".md") {
            markdown[name] = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
        }
        let files = markdown.map { SourceFile(path: "Content/book/" + $0.key, text: $0.value) }.sorted { $0.path < $1.path }
        var settings = ListSettings(source: "book")
        settings.kind = .headings
        settings.linkStyle = .mdbook
        settings.linkBase = "https://doc.rust-lang.org/book/"
        let planned = ListPlanner.planned(.folder(path: "Content/book", files: files), settings: settings, location: SourceLocation(path: "indexsite.yml"))
        let list = try #require(Build.makeList(planned).0)
        return (html, list, markdown)
    }

    /// The text a reader sees: the HTML without its tags.
    static func visibleText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
    }

    /// mdBook's heading ids for a chapter, computed from the Markdown on their own: ATX headings outside fenced code,
    /// inline Markdown reduced to its text, then mdBook's `normalize_id` and its `-1`, `-2` counter.
    static func mdbookIDs(_ markdown: String) -> Set<String> {
        var ids: Set<String> = []
        var counter: [String: Int] = [:]
        var fence: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = String(trimmed.prefix(3))
                if fence == nil { fence = marker } else if fence == marker { fence = nil }
                continue
            }
            guard fence == nil, line.hasPrefix("#") else { continue }
            let hashes = line.prefix { $0 == "#" }
            guard hashes.count <= 6, line.dropFirst(hashes.count).first == " " else { continue }
            var text = String(line.dropFirst(hashes.count))
            // Links keep their text; code, emphasis and HTML tags are markup, not text.
            text = text.replacingOccurrences(of: "\\[([^\\]]*)\\]\\([^)]*\\)", with: "$1", options: .regularExpression)
            // HTML tags are dropped outside code spans only: inside one, `Box<T>` is text.
            text = text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
                index % 2 == 1 ? String(part) : String(part).replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            }.joined()
            text = text.replacingOccurrences(of: "*", with: "")
            text = text.trimmingCharacters(in: .whitespaces)
            while text.hasPrefix("#") { text.removeFirst() }
            text = text.trimmingCharacters(in: .whitespaces)
            var id = ""
            for character in text {
                if character.isLetter || character.isNumber || character == "_" || character == "-" {
                    id += character.isASCII ? character.lowercased() : String(character)
                } else if character.isWhitespace {
                    id += "-"
                }
            }
            let count = counter[id, default: 0]
            counter[id] = count + 1
            ids.insert(count == 0 ? id : "\(id)-\(count)")
        }
        return ids
    }

    @Test func readsLikeABookIndex() throws {
        let (html, list, markdown) = try DocsIndexRustBookTests.build()
        let visible = DocsIndexRustBookTests.visibleText(html)
        #expect(!visible.contains("Content/"))
        #expect(!visible.contains(".md"))
        #expect(!visible.contains("{#"))

        // No two top-level terms share a title, case and accents aside.
        let top = list.sections.flatMap(\.entries).compactMap { $0.text(at: "title") }
        let folded = top.map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en")) }
        #expect(Set(folded).count == folded.count, "repeated terms: \(Dictionary(grouping: folded, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")

        // "Summary" is one term, its pages beneath it labelled by their chapter titles.
        let summary = try #require(list.sections.flatMap(\.entries).first { $0.text(at: "title") == "Summary" })
        #expect(summary.children.count >= 18)
        let labels = summary.children.compactMap { $0.text(at: "title") }
        #expect(labels.contains("Hello, Cargo!"))
        #expect(labels.contains("Redirecting Errors to Standard Error"))
        #expect(!labels.contains { $0.contains(".md") || $0.contains("/") && $0.hasSuffix("html") })

        // A chapter opening with `## Its Title` is one entry for the page, not the page and its heading twice.
        let hello = try #require(list.sections.flatMap(\.entries).first { $0.text(at: "title") == "Hello, Cargo!" })
        #expect(hello.children.isEmpty)
        #expect(hello.text(at: "url") == "https://doc.rust-lang.org/book/ch01-03-hello-cargo.html")

        // Every chapter is linked.
        let hrefs = html.matches(of: /href="https:\/\/doc\.rust-lang\.org\/book\/([^"#]+)(#[^"]*)?"/).map { (String($0.1), $0.2.map { String($0.dropFirst()) }) }
        let pages = Set(hrefs.map(\.0))
        for name in markdown.keys where name != "SUMMARY.md" {
            #expect(pages.contains(String(name.dropLast(3)) + ".html"), "\(name) is not linked")
        }

        // Heading links use the ids mdBook gives those headings.
        var idsByPage: [String: Set<String>] = [:]
        for (name, text) in markdown { idsByPage[String(name.dropLast(3)) + ".html"] = DocsIndexRustBookTests.mdbookIDs(text) }
        let headingLinks = hrefs.compactMap { page, id in id.map { (page, $0.removingPercentEncoding ?? $0) } }
        let landing = headingLinks.filter { idsByPage[$0.0]?.contains($0.1) == true }
        #expect(headingLinks.count > 400)
        #expect(Double(landing.count) >= 0.99 * Double(headingLinks.count),
                "\(headingLinks.count - landing.count) of \(headingLinks.count) miss, e.g. \(headingLinks.filter { idsByPage[$0.0]?.contains($0.1) != true }.prefix(5))")
    }
}

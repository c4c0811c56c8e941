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

/// A small Hugo docs folder (the golden site `docs-hugo`: `_index.md` sections, a leaf bundle, `{#id}` attributes,
/// `url:` and `slug:`, pages without headings, a draft) indexed with `link_style: hugo`, checked the way the Rust book is.
@Suite struct DocsIndexHugoTests {
    static let site = TestSupport.repository.appendingPathComponent("Tests/GoldenSiteTests/Sites/docs-hugo/input")
    static let base = "https://docs.example.org/"

    /// Hugo's ids for a page, computed here from the Markdown on their own: ATX headings, a trailing `{#id}` taken
    /// as the id, else the text trimmed, `-` and space kept as `-`, `_`, letters and digits lower-cased, the rest
    /// dropped, and repeats numbered from 1 past ids already taken.
    static func hugoIDs(_ markdown: String) -> Set<String> {
        var ids: Set<String> = []
        for line in markdown.split(separator: "\n") where line.hasPrefix("#") {
            let hashes = line.prefix { $0 == "#" }
            guard line.dropFirst(hashes.count).first == " " else { continue }
            var text = line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            if let match = text.firstMatch(of: /\s*\{#([^ }]+)[^}]*\}$/) {
                ids.insert(String(match.1))
                continue
            }
            text = text.trimmingCharacters(in: .whitespaces)
            var id = ""
            for character in text {
                if character == "-" || character == " " { id += "-" } else if character == "_" || character.isLetter || character.isNumber { id += character.lowercased() }
            }
            if id.isEmpty { id = "heading" }
            var unique = id
            var number = 1
            while ids.contains(unique) {
                unique = "\(id)-\(number)"
                number += 1
            }
            ids.insert(unique)
        }
        return ids
    }

    @Test func lowerCasePrettyURLsThatLand() throws {
        let output = TestSupport.processFolder.appendingPathComponent("indexsite-hugo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = Build.run(BuildOptions(siteFolder: DocsIndexHugoTests.site, output: output))
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let html = try String(contentsOf: output.appendingPathComponent("docs/index.html"), encoding: .utf8)
        let visible = DocsIndexRustBookTests.visibleText(html)
        #expect(!visible.contains("Content/") && !visible.contains(".md") && !visible.contains("{#"))
        // The leaf bundle's other file is a resource and a draft is not published: neither is in the index.
        #expect(!visible.contains("Team notes") && !visible.contains("Hidden resource") && !visible.contains("Unfinished"))
        // Nor are headless pages or a section that cascades `build: {render: never}` (hugoDocs' _common/).
        #expect(!visible.contains("Shared snippet") && !visible.contains("Common") && !visible.contains("Headless"))

        let links = html.matches(of: /href="https:\/\/docs\.example\.org\/([^"#]*)(#[^"]*)?"/).map { (String($0.1), $0.2.map { String($0.dropFirst()) }) }
        let pages = Set(links.map(\.0))
        #expect(pages == ["", "getting-started/", "getting-started/quick-start/", "functions/", "functions/strings/contains/",
                          "functions/strings/has-prefix/", "functions/strings/replace-all/", "about/", "releases/", "no-title/"])
        #expect(pages.allSatisfy { $0 == $0.lowercased() && ($0.isEmpty || $0.hasSuffix("/")) })

        // Every heading link uses an id Hugo gives that heading.
        let sources: [String: String] = [
            "getting-started/": "getting-started/_index.md", "getting-started/quick-start/": "getting-started/Quick-Start.md",
            "about/": "about/index.md", "releases/": "news/Release-Notes.md", "functions/strings/replace-all/": "functions/strings/Replace.md",
        ]
        let headingLinks = links.compactMap { page, id in id.map { (page, $0.removingPercentEncoding ?? $0) } }
        #expect(headingLinks.count == 10)
        for (page, id) in headingLinks {
            let file = try #require(sources[page], "no source for \(page)")
            let markdown = try String(contentsOf: DocsIndexHugoTests.site.appendingPathComponent("Content/docs/" + file), encoding: .utf8)
            #expect(DocsIndexHugoTests.hugoIDs(markdown).contains(id), "\(page)#\(id) is not an id Hugo makes")
        }
    }
}

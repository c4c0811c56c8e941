import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// `link_style: docusaurus` on typescript-eslint's docs (53 `.mdx` pages whose `id:` differs from their file names,
/// four with `slug:`), checked against the doc ids its own sidebar names; and `link_extension: ""`.
@Suite struct DocsIndexDocusaurusTests {
    @Test func pathsFollowDocusaurusRules() {
        func path(_ components: [String], _ stem: String, _ front: FieldRecord = FieldRecord()) -> String {
            DocsIndexParser.docusaurusPath(components: components, stem: stem, frontMatter: front).joined(separator: "/")
        }
        #expect(path(["getting-started"], "Quickstart", ["id": "quickstart", "slug": "/getting-started/"]) == "getting-started/")
        #expect(path(["users"], "Shared_Configurations", ["id": "configs"]) == "users/configs")
        #expect(path(["01-guides", "2. Basics"], "03-setup") == "guides/Basics/setup")
        #expect(path(["users"], "index") == "users")
        #expect(path(["guides"], "guides") == "guides")
        #expect(path(["guides"], "intro", ["slug": "start-here"]) == "guides/start-here")
        #expect(path([], "README") == "")
        #expect(DocsIndexParser(linkExtension: "").pageURL("guide/start.mdx", frontMatter: FieldRecord(), folder: "docs") == "guide/start")
    }

    @Test func typescriptEslintsLinksLandOnItsDocIds() throws {
        let site = try CorpusContentKindsTests.site(["docs": "docs/typescript-eslint/docs"],
                                                    configuration: "lists:\n  - source: docs\n    kind: headings\n    link_style: docusaurus\n    link_base: https://typescript-eslint.io/\n")
        defer { try? FileManager.default.removeItem(at: site) }
        let output = site.appendingPathComponent("_site")
        let result = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(result.succeeded, "\(result.diagnostics.filter { $0.severity == .error })")
        let html = try TestSupport.page("docs/index.html", in: output)
        var pages: Set<String> = []
        for piece in html.components(separatedBy: "href=\"https://typescript-eslint.io/").dropFirst() {
            pages.insert(String(piece.prefix { $0 != "\"" && $0 != "#" }))
        }
        #expect(!pages.contains { $0.hasSuffix(".mdx") || $0.hasSuffix(".md") || $0.contains("_") })
        #expect(pages.contains("getting-started/"), "Quickstart's slug")
        #expect(pages.contains("users/configs"), "Shared_Configurations.mdx's id")
        // Every doc id the site's sidebar names (but the one whose slug moves it) is a page the index links to.
        let sidebar = try String(contentsOf: try CorpusContentKindsTests.corpus("docs/typescript-eslint/website/sidebars/sidebar.base.js"), encoding: .utf8)
        let ids = Set(sidebar.components(separatedBy: "'").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0.contains("/") && !$0.contains(" ") && !$0.hasPrefix("@") && $0 != "getting-started/quickstart" })
        let expected = Set(ids.map { $0.hasSuffix("/index") ? String($0.dropLast(6)) : $0 })
        #expect(expected.count >= 40)
        #expect(expected.subtracting(pages).isEmpty, "\(expected.subtracting(pages).sorted())")
    }
}

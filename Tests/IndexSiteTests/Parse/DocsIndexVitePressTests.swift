import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse
@testable import IndexSiteLoad

/// `link_style: vitepress`: VitePress's page URLs (`page.html`, `cleanUrls` as `link_extension: ""`, `index.md` as its
/// folder) and heading ids (`slugify` of `@mdit-vue/shared`, repeats by markdown-it-anchor's `uniqueSlug`), checked on
/// Pinia's docs, whose Chinese pages carry the ids VitePress gave the English headings as `%{#id}%`.
@Suite struct DocsIndexVitePressTests {
    @Test func idsFollowVitePressSlugify() {
        let style = DocsLinkStyle.vitepress
        #expect(style.baseID("Why should I use Pinia?") == "why-should-i-use-pinia")
        #expect(style.baseID("Server Side Rendering (SSR)") == "server-side-rendering-ssr")
        #expect(style.baseID("1.0 release") == "_1-0-release", "a leading digit gets `_`")
        #expect(style.baseID("Café — “quoted” _under_ & more") == "cafe-—-quoted-under-more", "accents off; — is not ASCII punctuation")
        #expect(style.baseID("  $patch  ") == "patch")
        #expect(style.baseID("简介") == "简介")
        var used: [String: Int] = [:]
        #expect(["a", "a", "a-1", "a"].map { style.uniqueID(style.baseID($0), used: &used) } == ["a", "a-1", "a-1-1", "a-2"])
    }

    @Test func pageURLsFollowVitePressRouting() {
        let plain = DocsIndexParser(linkStyle: .vitepress)
        #expect(plain.pageURL("guide/getting-started.md", frontMatter: FieldRecord(), folder: "docs") == "guide/getting-started.html")
        #expect(plain.pageURL("guide/index.md", frontMatter: FieldRecord(), folder: "docs") == "guide/")
        #expect(plain.pageURL("index.md", frontMatter: FieldRecord(), folder: "docs") == "./")
        let clean = DocsIndexParser(linkStyle: .vitepress, linkExtension: "")
        #expect(clean.pageURL("zh/core-concepts/state.md", frontMatter: FieldRecord(), folder: "docs") == "zh/core-concepts/state")
    }

    /// `indexsite init` in a repository whose docs have `.vitepress/` names the style it now has.
    @Test func initWritesTheVitePressStyle() throws {
        let folder = try TestSupport.site("vitepress-init", texts: ["docs/.vitepress/config.ts": "export default {}\n", "docs/index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = Scaffold.configuration(adopting: ExistingContent.probe(folder))
        #expect(configuration.contains("- source: docs\n    kind: headings\n    link_style: vitepress"), "\(configuration)")
    }

    /// The ids the Chinese pages name for their headings are those the index gives the English pages' headings (93 of
    /// 94: one heading is gone from the English page since).
    @Test func piniasTranslatedIdsLandOnTheEnglishPagesIds() throws {
        let base = "https://pinia.vuejs.org/"
        let site = try CorpusContentKindsTests.site(["docs": "docs/pinia"],
                                                    configuration: "lists:\n  - source: docs\n    kind: headings\n    link_style: vitepress\n    link_base: \(base)\n")
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics.filter { $0.severity == .error }.prefix(3))")
        let html = result.pages.filter { $0.path.hasPrefix("docs/") && $0.path.hasSuffix(".html") }
            .map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        var linked: [String: Set<String>] = [:]
        for piece in html.components(separatedBy: "href=\"" + base).dropFirst() {
            let href = piece.prefix { $0 != "\"" }
            let parts = href.split(separator: "#", maxSplits: 1).map(String.init)
            if parts.count == 2 { linked[parts[0], default: []].insert(parts[1]) }
        }
        #expect(!linked.keys.contains { $0.hasSuffix(".md") })
        let folder = try CorpusContentKindsTests.corpus("docs/pinia/zh")
        var named = 0, landed = 0, translatedLinked = 0
        for relative in CorpusContentKindsTests.files(under: folder, prefix: "").sorted() where relative.hasSuffix(".md") {
            let path = String(relative.drop { $0 == "/" })
            // The Chinese API reference is an older TypeDoc's output, at other paths than the English one's.
            if path.hasPrefix("api/") { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let ids = text.split(separator: "\n").filter { $0.hasPrefix("##") }.compactMap { line in
                line.firstMatch(of: /%\{#([^}\s]+)\}%/).map { String($0.output.1) }
            }
            let page = path.hasSuffix("index.md") ? String(path.dropLast("index.md".count)) : String(path.dropLast(3)) + ".html"
            let english = linked[page] ?? []
            named += ids.count
            landed += ids.filter(english.contains).count
            translatedLinked += ids.filter { (linked["zh/" + page] ?? []).contains($0) }.count
        }
        #expect(named >= 90)
        #expect(translatedLinked == named, "the Chinese pages' own ids are their anchors")
        #expect(Double(landed) >= 0.95 * Double(named), "\(landed) of \(named) translated ids are the English pages' ids")
    }
}

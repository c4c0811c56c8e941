import Foundation
import Testing
import IndexSiteTestSupport

/// Every page of every golden site read as a tree: an element closed twice or never (a template edit that drops a
/// `</div>`) fails here even when the recorded copy was re-recorded with it. And `HTMLTree`, which the structural
/// tests rely on, held to small pages whose shape is known.
@Suite struct HTMLStructureTests {
    static let pages: [String] = GoldenSiteTests.cases.flatMap { name in
        let expected = GoldenSiteTests.sites.appendingPathComponent("\(name)/expected")
        return GoldenSiteTests.tree(expected).keys.filter { $0.hasSuffix(".html") }.sorted().map { "\(name)/expected/\($0)" }
    }

    @Test func thereArePagesToRead() {
        #expect(HTMLStructureTests.pages.count >= 20)
    }

    @Test(arguments: pages)
    func everyElementOfAGoldenPageIsClosedOnce(_ path: String) throws {
        let html = try String(contentsOf: GoldenSiteTests.sites.appendingPathComponent(path), encoding: .utf8)
        let tree = HTMLTree(html)
        #expect(tree.problems == [], "\(path)")
        #expect(tree.select("html > body").count == 1, "\(path): one body, inside html")
        // Ids are what the strip, the sidebar and every shared link jump to: each names one element.
        let ids = tree.root.descendants.compactMap { $0["id"] }
        #expect(Set(ids).count == ids.count, "\(path): ids used twice: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
    }

    @Test func readsElementsAttributesAndText() throws {
        let tree = HTMLTree("""
        <!DOCTYPE html><html><head><title>A &amp; B</title><style>p > a { color: red }</style></head>
        <body><nav class="strip main"><a href="#a" title="A">A</a><br><img src=x.png alt=""></nav>
        <section id="s" class="section level-2"><h2 class="section-header">Tools &lt;1&gt;</h2>
        <ul><li class="entry"><p class="entry-title"><a href="https://x.example/?a=1&amp;b=2">X</a></p><li class="entry">Y</ul>
        <script>if (a < b && c > d) { document.write("</p>") }</script></section><!-- <div> --></body></html>
        """)
        #expect(tree.problems == [])
        #expect(tree.one("head > title")?.text == "A & B")
        #expect(tree.one("nav.strip")?.classes == ["strip", "main"])
        #expect(tree.select("nav > a[href^=#]").map(\.visibleText) == ["A"])
        #expect(tree.one("nav img")?["alt"] == "", "a void element holds nothing and closes nothing")
        #expect(tree.one("#s h2.section-header")?.visibleText == "Tools <1>")
        #expect(tree.select("section.level-2 li.entry").count == 2, "an open <li> is closed by the next")
        #expect(tree.one("p.entry-title > a")?["href"] == "https://x.example/?a=1&b=2")
        #expect(tree.select("ul > a").isEmpty, "`>` is a child, not any descendant")
        #expect(tree.one("script")?.text.contains("</p>") == true, "a script's text is not markup")
        #expect(tree.select("div").isEmpty, "a comment is not markup")
    }

    @Test func reportsElementsClosedTwiceOrNever() {
        #expect(HTMLTree("<div><p>a</p></div></div>").problems == ["line 1: </div> closes nothing open"])
        #expect(HTMLTree("<main><div>a</main>").problems == ["line 1: </main> closes <div>, which was still open"])
        #expect(HTMLTree("<section><h2>a</h2>").problems == ["<section> is never closed"])
        #expect(HTMLTree("<ul><li>a<li>b</ul>").problems == [], "HTML closes <li> itself")
    }
}

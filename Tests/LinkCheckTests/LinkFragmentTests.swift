import Foundation
import IndexSite
@testable import IndexSiteLinkCheck
import IndexSiteLinks
import IndexSiteTestSupport
import Testing

/// External links' `#fragments`: the page they lead to is read (a GET, even when HEAD found it) and the fragment must
/// name one of its `id`s or `name`s; pages that are not HTML, and fragments that are not anchors, are not judged.
@Suite struct LinkFragmentTests {
    static let guide = """
    <!doctype html><html><head><title>Guide</title><style>#not-an-anchor { }</style>
    <script>document.write('<a id="scripted">')</script></head>
    <body><h2 id="install">Install</h2><h2 id='use it'>Use</h2><a name=legacy></a>
    <!-- <div id="commented"></div> --><p ID = "Spaced">x</p><div data-id="data" id="caf%C3%A9-x"></div></body></html>
    """

    @Test func anchorsAreReadFromTagsOnly() {
        #expect(HTMLAnchors.names(in: Array(Self.guide.utf8)) == ["install", "use it", "legacy", "Spaced", "caf%C3%A9-x"])
        #expect(HTMLAnchors.names(in: Array("<a id=\"a&amp;b\"><a id=\"a&amp;b\"><img name=\"\">".utf8)) == ["a&b"])
        #expect(HTMLAnchors.names(in: Array("<p id=\"unclosed".utf8)) == ["unclosed"])
    }

    @Test func aFragmentThePageLacksIsReportedWhereItIsWritten() async throws {
        let server = LinkServer { _, path, _ in
            switch path {
            case "/guide": return .page(Self.guide)
            case "/paper.pdf": return .page("%PDF-1.4", contentType: "application/pdf")
            case "/old-guide": return .status(301, headers: [("Location", "/guide")])
            default: return .status(404)
            }
        }
        try await server.start()
        defer { Task { await server.stop() } }
        let folder = try TestSupport.site("fragments", texts: [
            "Content/docs.md": """
            # Docs

            ## Pages

            - [Install](\(server.url("/guide#install"))) - Found.
            - [Use](\(server.url("/guide#use%20it"))) - Found, percent-encoded.
            - [Setup](\(server.url("/guide#setup"))) - Not on the page.
            - [Old](\(server.url("/old-guide#gone"))) - Moved, and not there either.
            - [Paper](\(server.url("/paper.pdf#page=2"))) - Not HTML: not judged.
            - [Text](\(server.url("/guide#:~:text=Install"))) - A text fragment: not judged.
            <!-- indexsite-lint-disable-next-line link-fragment-missing -->
            - [Quiet](\(server.url("/guide#scripted"))) - Turned off.

            """,
        ])
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false))
        let url = server.url("")
        let report = try await SiteLinkCheck(siteFolder: folder, settings: LinkCheckerTests.quickSettings).run(result.lists)
        let lines = report.diagnostics.map { DiagnosticFormatter(format: .text).line($0, hint: false) }
        #expect(lines == [
            "Content/docs.md:7:11: warning: link '\(url)/guide#setup' leads to a page with no anchor '#setup' [link-fragment-missing]",
            "Content/docs.md:8:9: warning: link '\(url)/old-guide#gone' leads to a page with no anchor '#gone' [link-fragment-missing]",
            "Content/docs.md:8:9: warning: link '\(url)/old-guide#gone' has moved permanently to '\(url)/guide' [link-moved]",
        ])
        // HEAD found the guide; a GET read it, once for all its fragments.
        #expect(server.count(.GET, "/guide") == 2 && server.count(.GET, "/paper.pdf") == 1) // the guide itself and the moved one's end
        // The anchors are cached with the outcome: the rerun asks nothing and finds the same.
        let again = try await SiteLinkCheck(siteFolder: folder, settings: LinkCheckerTests.quickSettings).run(result.lists)
        #expect(again.diagnostics == report.diagnostics && again.fromCache == 3)
        #expect(server.count(.GET, "/guide") == 2)
    }

    @Test func aCachedResultWithoutAnchorsIsAskedAgainForAFragment() async throws {
        let server = LinkServer { _, _, _ in .page("<h1 id=\"top\">Top</h1>") }
        try await server.start()
        defer { Task { await server.stop() } }
        let folder = try TestSupport.site("fragments-cache", texts: ["Content/a.md": "# A\n\n- [Page](\(server.url("/page"))) - A page.\n"])
        let plain = Build.run(BuildOptions(siteFolder: folder, writeOutput: false))
        _ = try await SiteLinkCheck(siteFolder: folder, settings: LinkCheckerTests.quickSettings).run(plain.lists)
        #expect(server.count(.GET, "/page") == 0)
        try "# A\n\n- [Page](\(server.url("/page#bottom"))) - A page.\n".write(to: folder.appendingPathComponent("Content/a.md"), atomically: true, encoding: .utf8)
        let withFragment = Build.run(BuildOptions(siteFolder: folder, writeOutput: false))
        let report = try await SiteLinkCheck(siteFolder: folder, settings: LinkCheckerTests.quickSettings).run(withFragment.lists)
        #expect(report.fromCache == 0 && server.count(.GET, "/page") == 1)
        #expect(report.diagnostics.map(\.code) == [.linkFragmentMissing])
    }

    @Test func gitHubAnchorsAreTheirRenderedIdsAndLines() {
        #expect(SiteLinkCheck.anchors(["user-content-installation"], include: "Installation", host: "github.com"))
        #expect(SiteLinkCheck.anchors([], include: "L10-L20", host: "github.com"))
        #expect(!SiteLinkCheck.anchors([], include: "L10", host: "example.org"))
        #expect(!SiteLinkCheck.anchors(["user-content-installation"], include: "installation", host: "example.org"))
        #expect(SiteLinkCheck.checkableFragment(of: "https://a.example/#/route") == nil)
        #expect(SiteLinkCheck.checkableFragment(of: "https://a.example/#") == nil)
        #expect(SiteLinkCheck.checkableFragment(of: "https://a.example/#x") == "x")
    }
}

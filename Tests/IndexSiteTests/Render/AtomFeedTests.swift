import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteRender

/// The Atom feeds (RFC 4287): one per dated list and one for the site, read back by feedparser as a reader reads them.
@Suite(.offThePool) struct AtomFeedTests {
    /// A news list grouped by month, with text that needs escaping, a character XML cannot hold, a relative link, an
    /// entry without a link and (unless `undated` is false) one without a date.
    static func newsSite(_ purpose: String, baseURL: String?, undated: Bool = true) throws -> URL {
        let news = """
            [
              {"title": "Rates <rise> & \\"fall\\"", "date": "2026-11-01", "url": "https://news.example/rates?a=1&b=2", "description": "The **bank** said <so>."},
              {"title": "Café opens", "date": "2026-03-05", "url": "https://news.example/cafe"},
              {"title": "Year ends\\u0001", "date": "2025-12-24"},
              {"title": "Also in March", "date": "2026-03-20", "url": "/relative/path"}\(undated ? ",\n  {\"title\": \"Undated\"}" : "")
            ]
            """
        return try TestSupport.site(purpose, texts: [
            "indexsite.yml": (baseURL.map { "base_url: \($0)\n" } ?? "") + "title: Site & more\nlists:\n  - source: news.json\n    group_by: date:date:month\n",
            "Content/news.json": news,
        ])
    }

    static func build(_ folder: URL, strict: Bool = false) -> BuildResult {
        Build.run(BuildOptions(siteFolder: folder, output: folder.appendingPathComponent("_site"), strict: strict))
    }

    static func text(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("_site/" + path), encoding: .utf8)
    }

    /// The repository's root, where `Scripts/` and `Tests/Feeds/` are.
    static var repositoryRoot: URL {
        TestSupport.repository
    }

    /// The virtual environment's Python, made once per process: the feed tests run in parallel, and two
    /// `browser-env.sh` making `.build-venv` at once found each other's half-made venv (no pip in it yet).
    /// Nil when it could not be made (the first test to ask records why).
    static let pythonPath: String? = try? run(["/usr/bin/env", "bash", repositoryRoot.appendingPathComponent("Scripts/browser-env.sh").path])
        .trimmingCharacters(in: .whitespacesAndNewlines)

    /// What feedparser (from PyPI, in the venv `Scripts/browser-env.sh` makes) reads in each feed file, served from
    /// the address given with it.
    static func feedparser(_ feeds: [(file: URL, address: String)]) throws -> [String: [String: Any]] {
        let root = repositoryRoot
        guard let python = pythonPath else { throw CocoaError(.executableLoad) }
        let output = try run([python, root.appendingPathComponent("Tests/Feeds/read_feeds.py").path] + feeds.flatMap { [$0.file.path, $0.address] })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [String: Any]])
        return Dictionary(uniqueKeysWithValues: feeds.map { ($0.address, json[$0.file.path] ?? [:]) })
    }

    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["600"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = ErrorText(errors)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Issue.record("\(arguments.joined(separator: " ")) failed: \(errorText.text)")
            throw CocoaError(.executableLoad)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A pipe read to its end on a thread of its own, so that a full error pipe never stalls the process.
    final class ErrorText: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)
        init(_ pipe: Pipe) {
            Thread {
                self.data = pipe.fileHandleForReading.readDataToEndOfFile()
                self.done.signal()
            }.start()
        }
        var text: String {
            done.wait()
            done.signal()
            return String(decoding: data, as: UTF8.self)
        }
    }

    static func entries(_ feed: [String: Any]?) -> [[String: Any]] { feed?["entries"] as? [[String: Any]] ?? [] }
    static func values(_ feed: [String: Any]?, _ key: String) -> [String] { entries(feed).map { $0[key] as? String ?? "-" } }

    @Test func aDateGroupedListsFeedHasEveryDatedEntryNewestFirstWithAbsoluteLinks() throws {
        let site = try AtomFeedTests.newsSite("feed-base", baseURL: "https://example.org/site/")
        let result = AtomFeedTests.build(site)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains { $0.code == .feedWithoutBaseURL })
        let feeds = try AtomFeedTests.feedparser([
            (site.appendingPathComponent("_site/news/feed.xml"), "https://example.org/site/news/feed.xml"),
            (site.appendingPathComponent("_site/feed.xml"), "https://example.org/site/feed.xml"),
        ])
        let list = feeds["https://example.org/site/news/feed.xml"]
        #expect(list?["bozo"] as? Bool == false, "\(list?["problem"] ?? "")")
        #expect(list?["version"] as? String == "atom10")
        #expect(list?["title"] as? String == "News")
        #expect(list?["id"] as? String == "https://example.org/site/news/feed.xml")
        #expect(list?["updated"] as? String == "2026-11-01T00:00:00Z")
        #expect(AtomFeedTests.values(list, "title") == ["Rates <rise> & \"fall\"", "Also in March", "Café opens", "Year ends"],
                "every dated entry, newest first; the undated one has no date to be in a feed by; U+0001 dropped")
        #expect(AtomFeedTests.values(list, "published") == ["2026-11-01T00:00:00Z", "2026-03-20T00:00:00Z", "2026-03-05T00:00:00Z", "2025-12-24T00:00:00Z"])
        #expect(AtomFeedTests.values(list, "updated") == AtomFeedTests.values(list, "published"))
        #expect(AtomFeedTests.values(list, "link") == ["https://news.example/rates?a=1&b=2", "https://example.org/relative/path",
                                                       "https://news.example/cafe", "https://example.org/site/news/index.html#year-ends"])
        #expect(AtomFeedTests.values(list, "id") == ["tag:example.org,2026-11-01:/site/news/https://news.example/rates?a=1&b=2",
                                                     "tag:example.org,2026-03-20:/site/news//relative/path",
                                                     "tag:example.org,2026-03-05:/site/news/https://news.example/cafe",
                                                     "tag:example.org,2025-12-24:/site/news/%23year-ends"])
        #expect(AtomFeedTests.entries(list).first?["summary"] as? String == "<p>The <strong>bank</strong> said <!-- raw HTML omitted -->.</p>",
                "the description as the page renders it (its raw <so> dropped), escaped once")
        let links = (list?["links"] as? [[String?]]) ?? []
        #expect(links.contains(["alternate", "text/html", "https://example.org/site/news/index.html"]))
        #expect(links.contains(["self", "application/atom+xml", "https://example.org/site/news/feed.xml"]))

        let whole = feeds["https://example.org/site/feed.xml"]
        #expect(whole?["bozo"] as? Bool == false, "\(whole?["problem"] ?? "")")
        #expect(whole?["title"] as? String == "Site & more")
        #expect(AtomFeedTests.values(whole, "id") == AtomFeedTests.values(list, "id"), "one entry, one id, in every feed it is in")
        #expect(AtomFeedTests.values(whole, "link") == AtomFeedTests.values(list, "link"))

        // Every page names the feeds; the list's header links to its own.
        let page = try AtomFeedTests.text(site, "news/index.html")
        #expect(page.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"News\" href=\"../news/feed.xml\">"))
        #expect(page.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Site &amp; more\" href=\"../feed.xml\">"))
        #expect(page.contains("<a class=\"feed-link\" href=\"feed.xml\" type=\"application/atom+xml\">Atom feed</a>"))
        let home = try AtomFeedTests.text(site, "index.html")
        #expect(home.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Site &amp; more\" href=\"feed.xml\">"))
    }

    @Test func withoutABaseURLLinksAreRelativeToTheFeedAndANoteSaysSo() throws {
        let site = try AtomFeedTests.newsSite("feed-relative", baseURL: nil, undated: false)
        let result = AtomFeedTests.build(site, strict: true)
        #expect(result.succeeded, "a note fails no build, even under --strict: \(result.diagnostics)")
        let notes = result.diagnostics.filter { $0.code == .feedWithoutBaseURL }
        #expect(notes.count == 1 && notes.first?.severity == .note, "\(result.diagnostics)")
        #expect(notes.first?.hint?.contains("base_url") == true)
        #expect(result.diagnostics.count == 1, "\(result.diagnostics)")
        #expect(!DiagnosticFormatter(format: .text, strict: true).report(notes).contains("error"), "a note is not an error, even under --strict")
        let feeds = try AtomFeedTests.feedparser([
            (site.appendingPathComponent("_site/news/feed.xml"), "https://reader.example/s/news/feed.xml"),
            (site.appendingPathComponent("_site/feed.xml"), "https://reader.example/s/feed.xml"),
        ])
        for (address, feed) in feeds {
            #expect(feed["bozo"] as? Bool == false, "\(address): \(feed["problem"] ?? "")")
            #expect(AtomFeedTests.values(feed, "link") == ["https://news.example/rates?a=1&b=2", "https://reader.example/relative/path",
                                                           "https://news.example/cafe", "https://reader.example/s/news/index.html#year-ends"],
                    "\(address): relative links resolve from where the feed is (the site's feed through xml:base)")
            #expect(AtomFeedTests.values(feed, "id").allSatisfy { $0.hasPrefix("tag:indexsite.invalid,") })
        }
    }

    @Test func entryIDsStayWhenTheListChanges() throws {
        let site = try AtomFeedTests.newsSite("feed-stable", baseURL: "https://example.org/")
        #expect(AtomFeedTests.build(site).succeeded)
        let before = try AtomFeedTests.text(site, "news/feed.xml")
        let ids = before.matches(of: #/<id>(tag:[^<]*)<\/id>/#).map { String($0.output.1) }
        #expect(ids.count == 4)
        // Re-worded titles and a new entry at the top: the old entries keep their ids.
        let news = try String(contentsOf: site.appendingPathComponent("Content/news.json"), encoding: .utf8)
            .replacingOccurrences(of: "Café opens", with: "Café opens its doors")
            .replacingOccurrences(of: "[\n", with: "[\n  {\"title\": \"Newest\", \"date\": \"2026-11-20\", \"url\": \"https://news.example/newest\"},\n")
        try Data(news.utf8).write(to: site.appendingPathComponent("Content/news.json"))
        #expect(AtomFeedTests.build(site).succeeded)
        let after = try AtomFeedTests.text(site, "news/feed.xml").matches(of: #/<id>(tag:[^<]*)<\/id>/#).map { String($0.output.1) }
        #expect(after == ["tag:example.org,2026-11-20:/news/https://news.example/newest"] + ids)
    }

    @Test func aHistoryListsFeedIsOrderedByAddedAndCarriesUpdated() throws {
        let repository = try WhatsNewTests.repository("feed-history", settings: "base_url: https://example.org/\nlists:\n  - source: tools.md\n    new_for: 20d\n")
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        let feeds = try AtomFeedTests.feedparser([(repository.folder.appendingPathComponent("_site/tools/feed.xml"), "https://example.org/tools/feed.xml")])
        let feed = feeds["https://example.org/tools/feed.xml"]
        #expect(feed?["bozo"] as? Bool == false, "\(feed?["problem"] ?? "")")
        #expect(AtomFeedTests.values(feed, "title") == ["Delta", "Gamma", "Alpha", "Beta"], "newest first by added; Alpha and Beta (day 1) in page order")
        #expect(AtomFeedTests.values(feed, "published") == [33, 22, 1, 1].map { ScriptedRepository.timestamp(day: $0) })
        #expect(AtomFeedTests.values(feed, "updated") == [33, 22, 33, 1].map { ScriptedRepository.timestamp(day: $0) }, "Alpha was re-worded on day 33")
        #expect(AtomFeedTests.entries(feed).map { ($0["tags"] as? [String]) ?? [] } == [["Editors"], ["Shells"], ["Editors"], ["Editors"]])
        #expect(feed?["updated"] as? String == ScriptedRepository.timestamp(day: 33))
        #expect(AtomFeedTests.entries(feed)[3]["summary"] as? String == "<p>Another <!-- raw HTML omitted --> &amp; more.</p>",
                "the description as the page shows it (cmark's safe mode), escaped once in the feed")
    }

    @Test func aListWithoutDatesHasNoFeed() throws {
        let site = try TestSupport.site("feed-none", texts: ["Content/a.md": "- [A](https://a.example) - one.\n"])
        let result = AtomFeedTests.build(site)
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(!result.pagePaths.contains { $0.hasSuffix("feed.xml") })
        #expect(!(try AtomFeedTests.text(site, "a/index.html")).contains("application/atom+xml"))
    }

    @Test func timestampsOfDateFields() {
        #expect(AtomFeed.timestamp("2026-11-22T09:30:00Z") == "2026-11-22T09:30:00Z")
        #expect(AtomFeed.timestamp("2026-11-22") == "2026-11-22T00:00:00Z")
        #expect(AtomFeed.timestamp("2026-11") == "2026-11-01T00:00:00Z")
        #expect(AtomFeed.timestamp("2026-11-22 14:00") == "2026-11-22T00:00:00Z")
        #expect(AtomFeed.timestamp("November 2026") == nil)
        #expect(AtomFeed.escaped("a\u{1}<b>\u{FFFE}&") == "a&lt;b&gt;&amp;")
    }
}

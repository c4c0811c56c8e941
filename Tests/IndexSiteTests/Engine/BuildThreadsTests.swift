import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteEngine

/// A build under the parallel engine that stops at any stage (bad settings, no content, a broken template, a bad
/// source, a refused output, a static file in a page's place, a reused output, a check) leaves no thread waiting:
/// every background thread it began is done soon after it returns, and the pages it would write are not written.
@Suite struct BuildThreadsTests {
    static let books = "title,year\nDune,1965\nEmma,1815\n"

    /// Each case: the site's files, whether the build writes, and whether it succeeds.
    static let stops: [(name: String, files: [String: String], succeeds: Bool)] = [
        ("bad settings", ["indexsite.yml": "lists: [", "Content/books.csv": books], false),
        ("no content", ["indexsite.yml": "title: Nothing\n"], false),
        ("broken template", ["Content/books.csv": books, "Templates/list.mustache": "{{#sections}}"], false),
        ("bad source", ["Content/books.csv": "title,year\n\"Dune,1965\n"], false),
        ("static file in a page's place", ["Content/books.csv": books, "Static/index.html": "<p>mine"], false),
        ("a good site", ["Content/books.csv": books], true),
    ]

    static func expectNoThreadLeft(_ name: String) {
        #expect(Engine.waitForBackgroundThreads(seconds: 60), "\(name): a background thread is still running a minute later")
    }

    @Test(arguments: 0..<stops.count)
    func aBuildThatStopsLeavesNoThread(_ index: Int) throws {
        let stop = BuildThreadsTests.stops[index]
        let site = try TestSupport.site("threads", texts: stop.files)
        defer { try? FileManager.default.removeItem(at: site) }
        for writeOutput in [false, true] {
            let result = Build.run(BuildOptions(siteFolder: site, writeOutput: writeOutput, jobs: 2))
            #expect(result.succeeded == stop.succeeds, "\(stop.name): \(result.diagnostics)")
            BuildThreadsTests.expectNoThreadLeft(stop.name)
        }
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("_site/index.html").path) == stop.succeeds)
        // Built again unchanged: a good site's output is reused.
        let again = Build.run(BuildOptions(siteFolder: site, jobs: 2))
        #expect(again.reusedPreviousOutput == stop.succeeds)
        BuildThreadsTests.expectNoThreadLeft(stop.name + ", again")
    }

    @Test func aRefusedOutputLeavesNoThread() throws {
        let site = try TestSupport.site("threads-refused", texts: ["Content/books.csv": BuildThreadsTests.books, "Static/CNAME": "x"])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, output: site.appendingPathComponent("Static"), jobs: 2))
        #expect(result.diagnostics.map(\.code) == [.outputRefused])
        BuildThreadsTests.expectNoThreadLeft("refused output")
    }

    /// The count the wait relies on: a background thread is counted while it runs, and not once it is done.
    @Test func aBackgroundThreadIsCountedWhileItRuns() {
        let release = DispatchSemaphore(value: 0)
        let work = Engine(jobs: 2).background { release.wait() }
        #expect(Engine.backgroundThreadsRunning >= 1)
        #expect(!Engine.waitForBackgroundThreads(seconds: 0.05))
        release.signal()
        work.value
        #expect(Engine.waitForBackgroundThreads(seconds: 60))
    }
}

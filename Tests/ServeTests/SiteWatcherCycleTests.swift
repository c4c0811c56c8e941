import Foundation
import IndexSite
@testable import IndexSiteServer
import Testing
import IndexSiteTestSupport

/// Links that lead back into the folder they are in (`ln -s . loop`) are walked once, not at every depth (issue 17, item 10).
@Suite struct SiteWatcherCycleTests {
    @Test func symlinkCyclesAreWalkedOnce() throws {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let files = FileManager.default
        let notes = site.appendingPathComponent("Content/notes")
        try files.createDirectory(at: notes.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "---\ntitle: One\n---\n".write(to: notes.appendingPathComponent("one.md"), atomically: true, encoding: .utf8)
        try "---\ntitle: Two\n---\n".write(to: notes.appendingPathComponent("sub/two.md"), atomically: true, encoding: .utf8)
        for name in ["l1", "l2", "l3"] { try files.createSymbolicLink(atPath: notes.appendingPathComponent(name).path, withDestinationPath: ".") }
        try files.createSymbolicLink(atPath: notes.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        var watcher = SiteWatcher(siteFolder: site)
        #expect(Set(watcher.snapshot().keys) == ["Content/notes/one.md", "Content/notes/sub/two.md"])
        let unchanged = watcher.poll()
        #expect(!unchanged)
        try "---\ntitle: Uno\n---\n".write(to: notes.appendingPathComponent("one.md"), atomically: true, encoding: .utf8)
        let changed = watcher.poll()
        #expect(changed)
    }
}

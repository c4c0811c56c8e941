import Foundation
import IndexSite
@testable import IndexSiteServer
import Testing
import IndexSiteTestSupport

/// The preview's watcher, by inotify events and by polling (the fallback, forced here): a source outside `Content/`
/// rebuilds the site, a folder made while watching has its files watched, links that loop are watched once. Every wait
/// is on an event, bounded by a limit far above what a loaded machine takes.
@Suite struct SiteChangesTests {
    static let methods: [SiteChanges.Method] = [.events, .polling]
    static let limit = Duration.seconds(60)

    /// The next element of `stream`, or nil when `limit` passes first.
    static func next<Element: Sendable>(_ stream: AsyncStream<Element>, within limit: Duration = limit) async -> Element? {
        await withTaskGroup(of: Element?.self) { group in
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// True once `changes` counts a change after `generation`, false when `limit` passes first.
    static func changed(_ changes: SiteChanges, after generation: Int) async -> Bool {
        while changes.generation == generation {
            guard await next(changes.signals) != nil else { return false }
        }
        return true
    }

    @Test(arguments: methods) func aFolderMadeWhileWatchingHasItsFilesWatched(method: SiteChanges.Method) async throws {
        let site = try TestSupport.site("watch-new-folder", texts: ["Content/notes/one.md": "---\ntitle: One\n---\n"])
        let changes = SiteChanges(siteFolder: site, pollInterval: .milliseconds(20), method: method)
        defer { changes.stop() }
        #expect(changes.method == method)
        let fresh = site.appendingPathComponent("Content/notes/fresh/deeper")
        var seen = changes.generation
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        if method == .events {
            // inotify reports the folder (watched before the report); polling counts folders by their files only.
            #expect(await Self.changed(changes, after: seen))
            seen = changes.generation
        }
        let file = fresh.appendingPathComponent("two.md")
        try "---\ntitle: Two\n---\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(await Self.changed(changes, after: seen))
        // Written in place, as an editor that does not rename saves: only a watch on the new folder sees it.
        seen = changes.generation
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("More.\n".utf8))
        try handle.close()
        #expect(await Self.changed(changes, after: seen))
    }

    #if os(Linux) && !INDEXSITE_PORTABLE
    /// Links that lead back into the folder they are in are watched once, as polling walks them once (issue 17, item 10).
    @Test func symlinkCyclesAreWatchedOnce() async throws {
        let site = try TestSupport.site("watch-cycles", texts: ["Content/notes/one.md": "---\ntitle: One\n---\n",
                                                                "Content/notes/sub/two.md": "---\ntitle: Two\n---\n"])
        let notes = site.appendingPathComponent("Content/notes")
        for name in ["l1", "l2", "l3"] { try FileManager.default.createSymbolicLink(atPath: notes.appendingPathComponent(name).path, withDestinationPath: ".") }
        try FileManager.default.createSymbolicLink(atPath: notes.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watcher = try InotifyWatcher(siteFolder: site, roots: SiteWatcher.inputs(sources: []), onChange: { continuation.yield() },
                                         onFailure: { _ in continuation.finish() })
        defer { watcher.stop() }
        // The site folder (for indexsite.yml and the folders' arrival), Content, notes and sub.
        #expect(watcher.watchCount == 4)
        try "---\ntitle: Deux\n---\n".write(to: notes.appendingPathComponent("sub/two.md"), atomically: true, encoding: .utf8)
        #expect(await Self.next(stream) != nil)
    }
    #endif

    /// Builds reported by a preview session running on `site`, and the session's task.
    static func startSession(_ site: URL, output: URL, method: SiteChanges.Method) throws -> (PreviewSession, Task<Void, Never>, AsyncStream<PreviewSession.BuildReport>) {
        let (builds, reported) = AsyncStream.makeStream(of: PreviewSession.BuildReport.self)
        var options = PreviewSession.Options(siteFolder: site, output: output, port: 0, pollInterval: .milliseconds(20))
        options.watchMethod = method
        let session = try PreviewSession(options: options, onBuild: { reported.yield($0) })
        let running = Task { _ = try? await session.run { _ in } }
        return (session, running, builds)
    }

    @Test(arguments: methods) func aSourceOutsideContentIsRebuiltWhenItChanges(method: SiteChanges.Method) async throws {
        let site = try TestSupport.site("watch-readme", texts: [
            "indexsite.yml": "lists:\n  - source: README.md\n  - source: docs\n",
            "README.md": "# Awesome Tools\n\n## Editors\n\n- [Ed](https://example.org/ed) - The standard editor.\n",
            "docs/intro.md": "---\ntitle: Introduction\n---\nHello.\n",
        ])
        let output = try TestSupport.temporaryFolder("watch-readme-output")
        let (session, running, builds) = try Self.startSession(site, output: output, method: method)
        defer { running.cancel() }
        let first = try #require(await Self.next(builds))
        #expect(first.result.succeeded, "\(first.result.diagnostics)")
        #expect(first.result.sourcePaths == ["README.md", "docs"])
        #expect(try TestSupport.page("readme/index.html", in: output).contains("https://example.org/ed"))

        try "# Awesome Tools\n\n## Editors\n\n- [Ed](https://example.org/ed) - The standard editor.\n- [Vi](https://example.org/vi) - The visual one.\n"
            .write(to: site.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let second = try #require(await Self.next(builds))
        #expect(second.result.succeeded)
        #expect(try TestSupport.page("readme/index.html", in: output).contains("https://example.org/vi"))

        // A new file in a source folder outside Content/.
        try "---\ntitle: Installing\n---\nRun it.\n".write(to: site.appendingPathComponent("docs/install.md"), atomically: false, encoding: .utf8)
        func shown() -> Bool { TestSupport.tree(output).values.contains { String(decoding: $0, as: UTF8.self).contains("Installing") } }
        while !shown() {
            _ = try #require(await Self.next(builds), "no build read docs/install.md")
        }
        running.cancel()
        _ = await running.value
        await session.stop()
    }
}

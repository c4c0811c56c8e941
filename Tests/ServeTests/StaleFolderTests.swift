import Foundation
@testable import IndexSiteServer
import Testing
import IndexSiteTestSupport

/// A preview killed with SIGKILL leaves its temporary folder; the next preview removes it, and only it (issue 17, item 21).
@Suite(.offThePool) struct StaleFolderTests {
    @Test func foldersOfEndedPreviewsAreRemovedAndLiveOnesKept() throws {
        let directory = TestSupport.processFolder.appendingPathComponent("indexsite-stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = FileManager.default
        // A process that has ended: its id is free (and not reused in the moment this test takes).
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let live = Process()
        live.executableURL = URL(fileURLWithPath: "/bin/sleep")
        live.arguments = ["30"]
        try live.run()
        defer { kill(live.processIdentifier, SIGKILL); live.waitUntilExit() }

        let names = [
            "indexsite-serve-pid\(ended.processIdentifier)-A", // killed preview: removed
            "indexsite-serve-pid\(live.processIdentifier)-B", // running preview: kept
            "indexsite-serve-pid\(getpid())-C", // this process: kept
            "indexsite-serve-12345678-OLD", // an older version's folder, two days old: removed
            "indexsite-serve-12345678-NEW", // an older version's folder, fresh: kept
            "indexsite-other", // not a preview: kept
        ]
        for name in names {
            try files.createDirectory(at: directory.appendingPathComponent(name).appendingPathComponent("site"), withIntermediateDirectories: true)
            try Data("<p>page</p>".utf8).write(to: directory.appendingPathComponent(name).appendingPathComponent("site/index.html"))
        }
        try files.setAttributes([.modificationDate: Date().addingTimeInterval(-2 * 24 * 60 * 60)],
                                ofItemAtPath: directory.appendingPathComponent("indexsite-serve-12345678-OLD").path)

        let removed = PreviewSession.removeStaleFolders(in: directory)
        #expect(removed == ["indexsite-serve-12345678-OLD", "indexsite-serve-pid\(ended.processIdentifier)-A"].sorted())
        let left = try files.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == names.filter { !removed.contains($0) }.sorted())
    }

    @Test func aNewPreviewFolderNamesItsProcess() {
        #expect(PreviewSession.temporaryFolderName().hasPrefix("indexsite-serve-pid\(getpid())-"))
    }
}

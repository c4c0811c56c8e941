import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteWrite
@testable import IndexSiteLoad

/// Issue 34, items 3 and 15: nothing of the user's in an output folder is deleted without being named first, a
/// `gh-pages` worktree's `.git` and the domain's `CNAME` are kept, and killed builds' staging folders never outlive
/// the next build, even one that changes nothing.
@Suite struct OutputKeepingTests {
    let files = FileManager.default

    func site() throws -> (folder: URL, output: URL) {
        let folder = try TestSupport.site("keep", texts: ["Content/books.csv": "title\nDune\n"])
        return (folder, folder.appendingPathComponent("_site"))
    }

    /// An output whose marker is empty, `{}`, from an old version or damaged was replaced whole, its `CNAME` and
    /// `.git/` deleted without a word, exit 0 under `--strict`.
    @Test(arguments: ["", "{}", "{\"fingerprint\":\"old\"}", "\u{0}garbage"])
    func aMarkerWithoutAManifestMakesEveryFileForeign(_ marker: String) throws {
        let (folder, output) = try site()
        try files.createDirectory(at: output.appendingPathComponent(".git/refs"), withIntermediateDirectories: true)
        try Data("ref: refs/heads/gh-pages\n".utf8).write(to: output.appendingPathComponent(".git/HEAD"))
        try Data("example.org\n".utf8).write(to: output.appendingPathComponent("CNAME"))
        try Data("notes\n".utf8).write(to: output.appendingPathComponent("notes.txt"))
        try files.createDirectory(at: output.appendingPathComponent("img"), withIntermediateDirectories: true)
        try Data("png".utf8).write(to: output.appendingPathComponent("img/logo.png"))
        try Data(marker.utf8).write(to: output.appendingPathComponent(SiteWriter.markerFile))

        let strict = Build.run(BuildOptions(siteFolder: folder, strict: true))
        #expect(!strict.succeeded)
        #expect(strict.diagnostics.map(\.code) == [.outputForeignFiles], "\(strict.diagnostics)")
        #expect(strict.diagnostics.first?.message.contains("img/, notes.txt") == true, "\(strict.diagnostics)")
        #expect(files.fileExists(atPath: output.appendingPathComponent("notes.txt").path))

        let relaxed = Build.run(BuildOptions(siteFolder: folder))
        #expect(relaxed.succeeded)
        #expect(relaxed.diagnostics.map(\.code) == [.outputForeignFiles])
        #expect(!files.fileExists(atPath: output.appendingPathComponent("notes.txt").path))
        // The worktree and the domain stay, as the user left them.
        #expect(try String(contentsOf: output.appendingPathComponent(".git/HEAD"), encoding: .utf8) == "ref: refs/heads/gh-pages\n")
        #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "example.org\n")
        #expect(files.fileExists(atPath: output.appendingPathComponent("books/index.html").path))
        // And the next builds keep them too, with nothing more to say.
        try Data("title\nDune\nEmma\n".utf8).write(to: folder.appendingPathComponent("Content/books.csv"))
        let next = Build.run(BuildOptions(siteFolder: folder, strict: true))
        #expect(next.succeeded && next.diagnostics.isEmpty, "\(next.diagnostics)")
        #expect(files.fileExists(atPath: output.appendingPathComponent(".git/HEAD").path))
        #expect(files.fileExists(atPath: output.appendingPathComponent("CNAME").path))
    }

    /// A `.git` file (a worktree's pointer) is kept like a folder; a `CNAME` the site publishes from `Static/` wins.
    @Test func aWorktreeFileIsKeptAndStaticCNAMEWins() throws {
        let (folder, output) = try site()
        #expect(Build.run(BuildOptions(siteFolder: folder)).succeeded)
        try Data("gitdir: /repo/.git/worktrees/gh-pages\n".utf8).write(to: output.appendingPathComponent(".git"))
        try Data("old.example\n".utf8).write(to: output.appendingPathComponent("CNAME"))
        try files.createDirectory(at: folder.appendingPathComponent("Static"), withIntermediateDirectories: true)
        try Data("new.example\n".utf8).write(to: folder.appendingPathComponent("Static/CNAME"))
        let result = Build.run(BuildOptions(siteFolder: folder, strict: true))
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try String(contentsOf: output.appendingPathComponent(".git"), encoding: .utf8).hasPrefix("gitdir:"))
        #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "new.example\n")
    }

    /// The writer API wrote `{}` as the marker when given no manifest, which the next build could not read.
    @Test func theWriterNeverWritesAnEmptyManifest() throws {
        let (_, output) = try site()
        let staging = try SiteWriter(output: output).begin()
        staging.add(OutputPage(path: "index.html", bytes: Array("hi".utf8)))
        _ = try staging.finish(manifest: nil)
        let marker = try Data(contentsOf: output.appendingPathComponent(SiteWriter.markerFile))
        let manifest = try JSONDecoder().decode(BuildManifest.self, from: marker)
        #expect(manifest.files == ["index.html": 2])
    }

    /// A build that changes nothing removes nothing, but says what the next one will remove.
    @Test func aBuildThatChangesNothingNamesForeignFilesToo() throws {
        let (folder, output) = try site()
        #expect(Build.run(BuildOptions(siteFolder: folder)).succeeded)
        try Data("draft".utf8).write(to: output.appendingPathComponent("draft.html"))
        let again = Build.run(BuildOptions(siteFolder: folder))
        #expect(again.reusedPreviousOutput)
        #expect(again.diagnostics.map(\.message) == ["the output folder holds a file IndexSite did not write, which the next build that changes the site removes: draft.html"])
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("draft.html").path))
        #expect(!Build.run(BuildOptions(siteFolder: folder, strict: true)).succeeded)
    }

    /// Item 15: a killed build's staging folder (a full copy of the site) survived every build that changed nothing.
    @Test func aBuildThatChangesNothingSweepsDeadStagingFolders() throws {
        let (folder, output) = try site()
        #expect(Build.run(BuildOptions(siteFolder: folder)).succeeded)
        let dead = folder.appendingPathComponent("._site.indexsite-2147483000")
        try files.createDirectory(at: dead, withIntermediateDirectories: true)
        try Data("copy".utf8).write(to: dead.appendingPathComponent("index.html"))
        let again = Build.run(BuildOptions(siteFolder: folder))
        #expect(again.reusedPreviousOutput)
        #expect(!files.fileExists(atPath: dead.path))
        #expect(files.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }
}

/// Issue 34, item 10: every `Static/` file was held whole in memory on every build (a 1 GB video: 1.07 GB even when
/// nothing changed). Now the loader keeps its stamp, and the writer copies it a piece at a time, or links the
/// previous site's copy when the bytes are the same.
@Suite struct StaticCopyTests {
    @Test func staticFilesAreCopiedFromDiskNotLoaded() throws {
        let folder = try TestSupport.site("static-copy", texts: ["Content/books.csv": "title\nDune\n"])
        let big = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let video = folder.appendingPathComponent("Static/media/film.bin")
        try FileManager.default.createDirectory(at: video.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(big).write(to: video)
        let loaded = SiteLoader(siteFolder: folder).load()
        #expect(loaded.staticFiles.map(\.path) == ["Static/media/film.bin"])
        #expect(loaded.staticFiles.first?.location == video.path)

        let output = folder.appendingPathComponent("_site/media/film.bin")
        let first = Build.run(BuildOptions(siteFolder: folder))
        #expect(first.succeeded)
        #expect(try Data(contentsOf: output) == Data(big))
        let inode = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
        // A content change rebuilds; the unchanged file is linked, not copied again.
        try Data("title\nDune\nEmma\n".utf8).write(to: folder.appendingPathComponent("Content/books.csv"))
        #expect(Build.run(BuildOptions(siteFolder: folder)).succeeded)
        #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int == inode)
        // A changed byte in the middle is a changed file, with its new bytes.
        var changed = big
        changed[big.count / 2] ^= 0xFF
        try Data(changed).write(to: video)
        let third = Build.run(BuildOptions(siteFolder: folder))
        #expect(third.succeeded && !third.reusedPreviousOutput)
        #expect(try Data(contentsOf: output) == Data(changed))
    }
}

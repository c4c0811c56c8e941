import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteEngine
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Files written in parts (a very large `entries.json`): joined on disk, and linked like any page when unchanged.
@Suite struct SiteWriterTests {
    func temporaryOutput() throws -> URL {
        let folder = TestSupport.processFolder.appendingPathComponent("indexsite-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("out")
    }

    func write(_ pages: [OutputPage], to output: URL) throws -> SiteWriter.Summary {
        let staging = try SiteWriter(output: output).begin()
        pages.forEach(staging.add)
        return try staging.finish(manifest: nil)
    }

    func parts(_ texts: [String], path: String = "list/entries.json") -> [OutputPage] {
        texts.enumerated().map { index, text in
            OutputPage(path: path, bytes: Array(text.utf8), continuesInNextPage: index < texts.count - 1)
        }
    }

    func inode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }

    /// A staging folder removed while pages are written (another tool, a careless cleanup) fails the build, which
    /// leaves the previous site in place instead of swapping in one holding only the pages written after. Pages are
    /// written on a queue of their own, so the removal may come before any of them is written: a page in a new
    /// folder must not make the staging folder anew.
    @Test func aStagingFolderRemovedMidBuildFailsAndKeepsThePreviousSite() throws {
        let output = try temporaryOutput()
        _ = try write([OutputPage(path: "index.html", bytes: Array("old".utf8))], to: output)
        let staging = try SiteWriter(output: output).begin()
        staging.add(OutputPage(path: "a/index.html", bytes: Array("a".utf8)))
        try FileManager.default.removeItem(at: staging.folder)
        staging.add(OutputPage(path: "index.html", bytes: Array("new".utf8)))
        staging.add(OutputPage(path: "b/c/index.html", bytes: Array("c".utf8)))
        var message = "the build did not fail"
        do { _ = try staging.finish(manifest: nil) } catch { message = error.description }
        #expect(message.contains("was removed while the site was being written; the previous site is left as it was"), "\(message)")
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "old")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("a").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("b").path))
        #expect(!FileManager.default.fileExists(atPath: staging.folder.path))
    }

    /// The loader and the writer list folders with readdir: every name but `.` and `..`, hidden ones included (the
    /// callers choose), and nil for a folder that cannot be read.
    @Test func folderNamesListEveryEntryButTheDotsAndNilForNoFolder() throws {
        let folder = try temporaryOutput()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["b.csv", ".hidden", "é.md"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        #expect(folderNames(atPath: folder.path)?.sorted() == [".hidden", "b.csv", "sub", "é.md"])
        #expect(folderNames(atPath: folder.appendingPathComponent("sub").path) == [])
        #expect(folderNames(atPath: folder.appendingPathComponent("missing").path) == nil)
        #expect(folderNames(atPath: folder.appendingPathComponent("b.csv").path) == nil)
    }

    @Test func partsAreJoinedIntoOneFile() throws {
        let output = try temporaryOutput()
        let summary = try write(parts(["[\n", "{\"a\":1},\n", "{\"b\":2}\n]\n"]) + [OutputPage(path: "index.html", bytes: Array("home".utf8))], to: output)
        #expect(try String(contentsOf: output.appendingPathComponent("list/entries.json"), encoding: .utf8) == "[\n{\"a\":1},\n{\"b\":2}\n]\n")
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "home")
        #expect(summary.written == 2 && summary.unchanged == 0)
    }

    @Test func anUnchangedPartedFileIsLinkedAndAChangedOneWritten() throws {
        let output = try temporaryOutput()
        let file = output.appendingPathComponent("list/entries.json")
        _ = try write(parts(["one ", "two ", "three"]), to: output)
        let first = try inode(file)

        // The same bytes cut differently are the same file: linked, so its inode and modification time stay.
        let same = try write(parts(["one two", " thr", "ee"]), to: output)
        #expect(same.unchanged == 1 && same.written == 0)
        #expect(try inode(file) == first)

        for changed in [["one ", "two ", "three!"], ["one ", "two ", "thre"], ["one ", "TWO ", "three"]] {
            let summary = try write(parts(changed), to: output)
            #expect(summary.written == 1 && summary.unchanged == 0, "\(changed)")
            #expect(try String(contentsOf: file, encoding: .utf8) == changed.joined())
        }
    }

    @Test func aFileWithoutItsLastPartFailsTheBuildAndKeepsThePreviousSite() throws {
        let output = try temporaryOutput()
        _ = try write([OutputPage(path: "index.html", bytes: Array("old".utf8))], to: output)
        let staging = try SiteWriter(output: output).begin()
        staging.add(OutputPage(path: "list/entries.json", bytes: Array("[".utf8), continuesInNextPage: true))
        staging.add(OutputPage(path: "index.html", bytes: Array("new".utf8)))
        #expect(throws: SiteWriter.Failure.self) { try staging.finish(manifest: nil) }
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "old")
    }

    /// Pages are written on a queue of their own; while the pages waiting there are over the limit, adding another
    /// waits for the writes (a slow disk makes the build wait instead of holding the site in memory). A page over the
    /// limit is let through once nothing else waits.
    @Test func addingWaitsWhileTooMuchIsWaitingToBeWritten() throws {
        let output = try temporaryOutput()
        let staging = try SiteWriter(output: output).begin(engine: Engine(jobs: 2))
        staging.pendingLimit = 1000
        let release = staging.holdWriting()
        // Under the limit: added at once, though nothing is written yet.
        staging.add(OutputPage(path: "a.html", bytes: Array(repeating: UInt8(ascii: "a"), count: 600)))
        let added = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            staging.add(OutputPage(path: "b.html", bytes: Array(repeating: UInt8(ascii: "b"), count: 600)))
            added.signal()
        }
        #expect(added.wait(timeout: .now() + 0.3) == .timedOut, "the second page was added while the first waited")
        release()
        #expect(added.wait(timeout: .now() + 10) == .success)
        staging.add(OutputPage(path: "big.html", bytes: Array(repeating: UInt8(ascii: "c"), count: 5000)))
        _ = try staging.finish(manifest: nil)
        for (name, size) in [("a.html", 600), ("b.html", 600), ("big.html", 5000)] {
            #expect(try Data(contentsOf: output.appendingPathComponent(name)).count == size)
        }
    }

    @Test func renderingInMemoryJoinsTheParts() throws {
        // More entries than one piece of entries.json holds, so that it comes in several parts.
        let count = PageRenderer.entriesJSONPiece + 300
        let titles = (0..<count).map { "\(String(UnicodeScalar(UInt8(65 + $0 % 26)))) entry \($0)" }
        var settings = ListSettings(source: "t")
        settings.split = .none
        let (list, _) = IndexedList.make(title: "Parts", entries: entries(titles), settings: settings)
        let (renderer, diagnostics) = PageRenderer.make(site: SiteSettings(), theme: .builtIn)
        #expect(diagnostics.isEmpty)
        var streamed: [OutputPage] = []
        _ = try #require(renderer).render([list]) { streamed.append($0) }
        let parted = streamed.filter { $0.path == "parts/entries.json" }
        #expect(parted.count > 1)
        #expect(parted.dropLast().allSatisfy(\.continuesInNextPage) && parted.last?.continuesInNextPage == false)

        let whole = try #require(renderer).render([list]).pages.filter { $0.path == "parts/entries.json" }
        #expect(whole.count == 1)
        #expect(whole.first?.bytes == parted.flatMap(\.bytes))
        let json = try JSONSerialization.jsonObject(with: Data(whole.first?.bytes ?? [])) as? [[String: Any]]
        #expect(json?.count == count)
    }

    @Test func entriesJSONPiecesShareSmallSectionsAndCutLargeOnes() {
        let piece = PageRenderer.entriesJSONPiece
        // Sections of 10, 2 × piece + 5 and 20 entries: small sections share a piece, the large one is cut.
        let titles = (0..<10).map { "A \($0)" } + (0..<(2 * piece + 5)).map { "B \($0)" } + (0..<20).map { "C \($0)" }
        let (list, _) = IndexedList.make(title: "Pieces", entries: entries(titles), settings: ListSettings(source: "t"))
        let pieces = PageRenderer.entriesJSONPieces(list, size: piece)
        #expect(pieces.map(\.entryCount) == [piece, piece, 35])
        // A short list is cut into four pieces a thread of the engine, of 128 entries at least; a long one into full
        // pieces.
        let cores = Engine.parallel.width
        #expect(Engine.parallel.run { PageRenderer.entriesJSONPieceSize(entryCount: 1000 * cores) } == 250)
        #expect(PageRenderer.entriesJSONPieceSize(entryCount: 100) == 128)
        #expect(PageRenderer.entriesJSONPieceSize(entryCount: 1_000_000) == piece)
        #expect(pieces.allSatisfy { $0.entryCount == $0.runs.reduce(0) { $0 + $1.entries.count } })
        // Every entry once, in page order.
        let places = pieces.flatMap(\.runs).flatMap { run in run.entries.map { (run.section, $0) } }
        let expected = list.sections.indices.flatMap { section in list.sections[section].entries.indices.map { (section, $0) } }
        #expect(places.elementsEqual(expected, by: ==))
    }
}

/// The marker file's manifest, written by hand when a build has no diagnostics: read back as written, and in
/// `JSONEncoder`'s own bytes (sorted keys, escaped slashes) for the paths IndexSite writes.
@Suite struct BuildManifestTests {
    @Test func aManifestWithoutDiagnosticsIsWrittenAsJSONEncoderWritesIt() throws {
        let manifest = BuildManifest(fingerprint: "85371d659eb56188", lists: 2, sections: 24, entries: 10_000, diagnostics: [],
                                     files: ["index.html": 1_056, "data/entries.json": 3_215_500, "404.html": 943, "assets/indexsite.css": 23_229, "b/index.html": 0])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(manifest.encoded() == Array(try encoder.encode(manifest)))
        // Any file name reads back as it was.
        var odd = manifest
        odd.files = ["é/ü.html": 1, "x\"y.html": 2, "<z>.html": 3, "c\\d.html": 4, "tab\t.html": 5, "Zed.html": 6, "a.html": 7]
        #expect(try JSONDecoder().decode(BuildManifest.self, from: Data(odd.encoded())) == odd)
        // With diagnostics, JSONEncoder writes it.
        var warned = manifest
        warned.diagnostics = [.warning(.duplicateEntry, "two entries are called 'A'", at: SourceLocation(path: "Content/a.csv", line: 3))]
        #expect(try JSONDecoder().decode(BuildManifest.self, from: Data(warned.encoded())) == warned)
    }
}

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files that are not plain files, names that are not plain names, and output that cannot be written: each
/// diagnostic says what is wrong (issue 17 items 15 and 22), through the built binary.
extension RobustnessTests {
    @Test func fifosAndNonUTF8NamesAndNormalizationClashesAreNamed() throws {
        let site = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "title\nA\n".write(to: content.appendingPathComponent("ok.csv"), atomically: true, encoding: .utf8)
        #expect(mkfifo(content.appendingPathComponent("pipe.csv").path, 0o644) == 0)
        // A name with the byte 0xFF, which no UTF-8 text has.
        let badName = content.path + "/bad\u{FF}.csv"
        var bytes = Array(content.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".csv".utf8) + [0]
        let descriptor = bytes.withUnsafeMutableBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0, "\(badName)")
        _ = Glibc.write(descriptor, "title\nB\n", 8)
        close(descriptor)
        // café.csv composed (NFC) and decomposed (NFD), with a setting naming it.
        try "title\nC\n".write(to: content.appendingPathComponent("caf\u{E9}.csv"), atomically: true, encoding: .utf8)
        try "title\nD\n".write(to: URL(fileURLWithPath: content.path + "/cafe\u{301}.csv"), atomically: true, encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: content.path)
        try #require(names.count == 5, "the file system merged the two café names: \(names)")

        let run = try CLITests.run(["check", site.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Content/pipe.csv:1:1: error: 'Content/pipe.csv' is a FIFO (named pipe), not a regular file, so it is not read [source-unreadable]"), "\(run.stderr)")
        #expect(run.stderr.contains("is not valid UTF-8, so the file cannot be read [source-unreadable]"), "\(run.stderr)")
        #expect(run.stderr.contains("are the same name in different Unicode normalizations (NFC and NFD) [source-name-clash]"), "\(run.stderr)")
        #expect(!run.stderr.contains("check the file's permissions"), "\(run.stderr)")
    }

    /// A read-only volume is not fixed by choosing an empty folder: the hint must not say so.
    @Test func anUnwritableOutputSaysWhatIsWrong() throws {
        let site = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try "title\nA\n".write(to: site.appendingPathComponent("Content/a.csv"), atomically: true, encoding: .utf8)
        // /proc cannot hold new folders, even for root (chmod would not stop root).
        let run = try CLITests.run(["build", site.path, "--output", "/proc/indexsite-output-\(getpid())"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[output-failed]"), "\(run.stderr)")
        #expect(!run.stderr.contains("choose an empty folder"), "\(run.stderr)")
        #expect(run.stderr.contains("writable volume"), "\(run.stderr)")
    }
}

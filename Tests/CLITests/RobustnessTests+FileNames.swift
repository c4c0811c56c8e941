import Foundation
import Testing

/// Titles and source names that make file names the file system refuses or that clash, through the built binary.
extension RobustnessTests {
    /// Issue 17 items 13, 16 and 22: a 122-character Hindi title failed with "File name too long", `\u{0D4E}/x` made an
    /// id with `/`, and `con.csv` / `lpt¹` made names Windows cannot create.
    @Test func longNonLatinTitlesSlashesAndDeviceNamesBuild() throws {
        let site = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let hindi = String(String(repeating: "नमस्ते दुनिया क्षत्रिय ", count: 20).prefix(122))
        try "title\n\(hindi)\n\u{0D4E}/x\nlpt¹\nAUX\n".write(to: content.appendingPathComponent("con.csv"), atomically: true, encoding: .utf8)
        try "lists:\n  - source: con.csv\n    entry_pages: true\n".write(to: site.appendingPathComponent("indexsite.yml"), atomically: true, encoding: .utf8)
        let run = try CLITests.run(["build", site.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let output = site.appendingPathComponent("_site")
        let lists = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(lists.contains("con-2") && !lists.contains("con"), "\(lists)")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: output.appendingPathComponent("con-2").path)
        #expect(pages.contains("lpt¹-2.html") && pages.contains("aux-2.html"), "\(pages)")
        #expect(pages.contains("ൎ-x.html"), "\(pages)")
        for page in pages { #expect(page.utf8.count <= 255 && !page.contains("\\")) }
        #expect(pages.contains { $0.utf8.count > 150 && $0.hasSuffix(".html") }, "the Hindi entry page: \(pages)")
    }
}

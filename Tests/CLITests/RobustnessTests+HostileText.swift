import Foundation
import Testing

/// Content that attacks the terminal or the file system through the text it carries, run through the built binary.
extension RobustnessTests {
    /// Issue 17 item 19: an OSC 52 clipboard write hidden in a CSV header and a link reached stderr raw.
    @Test(arguments: ["text", "github"]) func controlCharactersInContentNeverReachTheTerminalRaw(_ format: String) throws {
        let site = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        let osc52 = "\u{1B}]52;c;aGFja2Vk\u{07}"
        let csv = "title,x\(osc52),x\(osc52),url\nDune,1,2,\"javascript:\u{9B}2J\u{202E}alert(1)\"\n"
        try csv.write(to: site.appendingPathComponent("Content/books.csv"), atomically: true, encoding: .utf8)
        let run = try CLITests.run(["check", site.path, "--diagnostics", format])
        #expect(run.status == 1)
        #expect(run.stderr.contains("csv-duplicate-header"), "\(run.stderr)")
        #expect(run.stderr.contains("unsafe-url"), "\(run.stderr)")
        for scalar in run.stderr.unicodeScalars {
            #expect(!(scalar.value < 0x20 && scalar != "\n") && !(0x7F...0x9F).contains(scalar.value) && scalar != "\u{202E}",
                    "raw U+\(String(scalar.value, radix: 16)) on stderr")
        }
        #expect(run.stderr.contains("x\\u{1B}]52;c;aGFja2Vk\\u{7}"), "\(run.stderr)")
        #expect(run.stderr.contains("javascript:\\u{9B}2J\\u{202E}alert(1)"), "\(run.stderr)")
    }
}

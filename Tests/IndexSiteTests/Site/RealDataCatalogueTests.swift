import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// The catalogue of real data files and typos: each folder of Tests/Fixtures/RealData is a small site (real files from
/// the corpus, the shapes of Debian's data files, misspelt settings), and its `expected.txt` holds, line for line, the
/// diagnostics with their hints and then the lists as built: each section with its id and its entries' titles and ids
/// in order. A `strict` file turns warnings into errors. `RECORD_GOLDENS=1` rewrites the expectations.
@Suite(.offThePool) struct RealDataCatalogueTests {
    static let folder = Fixtures.folder.appendingPathComponent("RealData")
    static let cases = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()

    @Test func catalogueHasItsCases() {
        #expect(RealDataCatalogueTests.cases.count >= 26)
    }

    @Test(arguments: cases)
    func built(_ name: String) throws {
        let site = RealDataCatalogueTests.folder.appendingPathComponent(name)
        let strict = FileManager.default.fileExists(atPath: site.appendingPathComponent("strict").path)
        let actual = RealDataCatalogueTests.outline(Build.run(BuildOptions(siteFolder: site, strict: strict, writeOutput: false)), strict: strict)
        let expectedFile = site.appendingPathComponent("expected.txt")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
            // A run that records checks nothing: it fails, so a recording never passes as a green run.
            Issue.record("Recorded new baseline for '\(name)': run again without RECORD_GOLDENS to check it")
            return
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in expectedLines.enumerated() {
            #expect(index < actualLines.count && actualLines[index] == line, "line \(index + 1)")
        }
        #expect(actualLines.count == expectedLines.count)
    }

    /// Diagnostics (with hints), then each list: `list <slug>: <title>`, and per section `  <title> #<id>: a #a, b #b`.
    static func outline(_ result: BuildResult, strict: Bool) -> String {
        let formatter = DiagnosticFormatter(format: .text, strict: strict)
        var lines = result.diagnostics.map { formatter.line($0, hint: true) }
        for list in result.lists {
            lines.append("list \(list.slug): \(list.title)")
            for section in list.sections where !section.isEmpty {
                let entries = section.entries.prefix(12).map { "\($0.text(at: list.settings.titleField) ?? "?") #\($0.id)" }
                let more = section.entries.count > 12 ? ", … \(section.entries.count - 12) more" : ""
                lines.append("  \(section.title) #\(section.id): " + entries.joined(separator: ", ") + more)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

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

/// The catalogue of bad inputs: each folder of Tests/Fixtures/BadInputs is a small site with one problem, and its
/// `expected.txt` holds the exact diagnostics (`path:line:col: severity: message [code]`). A `strict` file turns
/// warnings into errors. `RECORD_GOLDENS=1` rewrites the expectations.
@Suite(.offThePool) struct BadInputCatalogueTests {
    static let folder = Fixtures.folder.appendingPathComponent("BadInputs")
    static let cases = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()

    /// Codes that need a file system state a fixture folder cannot hold in git (an unreadable file, a link out of the
    /// site, names that differ only in normalization, an output folder that refuses or fails, a site outside git or in
    /// a shallow clone), and the test file
    /// that produces each instead.
    static let codesTestedElsewhere: [DiagnosticCode: String] = [
        .sourceUnreadable: "CLITests/RobustnessTests+FileKinds.swift",
        .sourceNameClash: "CLITests/RobustnessTests+FileKinds.swift",
        .symlinkOutsideSite: "CLITests/CLITests.swift",
        .folderWalkLimit: "IndexSiteTests/Load/SymlinkPolicyTests.swift",
        .outputFailed: "CLITests/RobustnessTests+FileKinds.swift",
        .outputRefused: "IndexSiteTests/Site/RealDataFileTests.swift",
        .outputForeignFiles: "IndexSiteTests/Site/RealDataFileTests.swift",
        .historyUnavailable: "IndexSiteTests/History/EntryHistoryTests.swift",
        .historyShallow: "IndexSiteTests/History/EntryHistoryTests.swift",
        .awesomeSeparator: "IndexSiteTests/Parse/LintRuleTests.swift",
        .awesomeDescriptionCase: "IndexSiteTests/Parse/LintRuleTests.swift",
        .awesomeDescriptionPunctuation: "IndexSiteTests/Parse/LintRuleTests.swift",
        .awesomeToc: "IndexSiteTests/Parse/LintRuleTests.swift",
        .awesomeLicenseSection: "IndexSiteTests/Parse/LintRuleTests.swift",
        .awesomeEmptySection: "IndexSiteTests/Parse/LintRuleTests.swift",
        .brokenLink: "LinkCheckTests/SiteLinkCheckTests.swift",
        .linkMoved: "LinkCheckTests/SiteLinkCheckTests.swift",
        .linkCacheUnreadable: "LinkCheckTests/SiteLinkCheckTests.swift",
        .linkFragmentMissing: "LinkCheckTests/LinkFragmentTests.swift",
    ]

    @Test func catalogueCoversEveryCode() throws {
        var covered = Set<String>()
        for name in BadInputCatalogueTests.cases {
            let expected = try String(contentsOf: BadInputCatalogueTests.folder.appendingPathComponent("\(name)/expected.txt"), encoding: .utf8)
            for line in expected.split(separator: "\n") where line.hasSuffix("]") {
                if let open = line.lastIndex(of: "[") { covered.insert(String(line[line.index(after: open)..<line.index(before: line.endIndex)])) }
            }
        }
        for (code, file) in BadInputCatalogueTests.codesTestedElsewhere {
            let source = try String(contentsOf: Fixtures.repository.appendingPathComponent("Tests/\(file)"), encoding: .utf8)
            let caseName = "." + String(describing: code)
            #expect(source.contains(code.rawValue) || source.contains(caseName), "\(file) does not test '\(code.rawValue)'")
            #expect(!covered.contains(code.rawValue), "'\(code.rawValue)' has a catalogue case now: drop it from codesTestedElsewhere")
            covered.insert(code.rawValue)
        }
        let missing = DiagnosticCode.allCases.map(\.rawValue).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "codes with no bad-input case: \(missing)")
    }

    @Test(arguments: cases)
    func diagnostics(_ name: String) throws {
        let site = BadInputCatalogueTests.folder.appendingPathComponent(name)
        let strict = FileManager.default.fileExists(atPath: site.appendingPathComponent("strict").path)
        let result = Build.run(BuildOptions(siteFolder: site, strict: strict, writeOutput: false))
        let formatter = DiagnosticFormatter(format: .text, strict: strict)
        let actual = result.diagnostics.map { formatter.line($0, hint: false) }.joined(separator: "\n") + "\n"
        let expectedFile = site.appendingPathComponent("expected.txt")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
            // A run that records checks nothing: it fails, so a recording never passes as a green run.
            Issue.record("Recorded new baseline for '\(name)': run again without RECORD_GOLDENS to check it")
            return
        }
        #expect(actual == (try String(contentsOf: expectedFile, encoding: .utf8)))
        #expect(!result.diagnostics.isEmpty, "a bad input must be reported")
        // Every diagnostic names a file inside the site and a real line.
        for diagnostic in result.diagnostics {
            #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
        }
    }
}

import Foundation
import Testing
import IndexSiteTestSupport
import IndexSite

/// Whole sites in, whole output trees out: `Sites/<case>/input` is built and compared file by file with
/// `Sites/<case>/expected` (a missing or extra file fails). `RECORD_GOLDENS=1 swift test` rewrites the expectations.
@Suite(.offThePool) struct GoldenSiteTests {
    static let sites = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sites")
    static let cases = ((try? FileManager.default.contentsOfDirectory(atPath: sites.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()

    static func tree(_ root: URL) -> [String: [UInt8]] {
        TestSupport.tree(root)
    }

    @Test func thereAreGoldenSites() {
        #expect(GoldenSiteTests.cases.count >= 2)
    }

    @Test(arguments: cases)
    func site(_ name: String) throws {
        let folder = GoldenSiteTests.sites.appendingPathComponent(name)
        let output = try TestSupport.temporaryFolder("golden-\(name)").appendingPathComponent("out")
        let result = Build.run(BuildOptions(siteFolder: folder.appendingPathComponent("input"), output: output))
        #expect(result.succeeded, "\(result.diagnostics)")
        let expectedFolder = folder.appendingPathComponent("expected")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: expectedFolder)
            try FileManager.default.copyItem(at: output, to: expectedFolder)
            try? FileManager.default.removeItem(at: expectedFolder.appendingPathComponent(SiteWriter.markerFile))
            // A run that records checks nothing: it fails, so a recording never passes as a green run.
            Issue.record("Recorded new baseline for '\(name)': run again without RECORD_GOLDENS to check it")
            return
        }
        var actual = GoldenSiteTests.tree(output)
        actual.removeValue(forKey: SiteWriter.markerFile)
        let expected = GoldenSiteTests.tree(expectedFolder)
        #expect(actual.keys.sorted() == expected.keys.sorted(), "files differ (RECORD_GOLDENS=1 re-records)")
        for (path, bytes) in expected.sorted(by: { $0.key < $1.key }) {
            guard let other = actual[path] else { continue }
            #expect(other == bytes, "\(name)/\(path) differs from the golden copy:\n\(String(decoding: other, as: UTF8.self))")
        }
    }
}

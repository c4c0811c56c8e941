import Foundation
import Testing
import IndexSite
import IndexSiteTestSupport
@testable import IndexSiteCLI

/// `--jobs N` chooses the engine: 1 builds serially, more in parallel (every core by default), and the output is the
/// same byte for byte.
@Suite(.offThePool) struct JobsTests {
    static let site = TestSupport.repository.appendingPathComponent("Tests/CLITests/Sites/good").path

    @Test func jobsDefaultToEveryCore() throws {
        #expect(try BuildCommand.parse([JobsTests.site, "--jobs", "1"]).options.run.jobs == 1)
        #expect(try BuildCommand.parse([JobsTests.site, "--jobs", "3"]).options.run.jobs == 3)
        #expect(try BuildCommand.parse([JobsTests.site]).options.run.jobs == BuildOptions.availableCores)
        #expect(throws: (any Error).self) { try BuildCommand.parse([JobsTests.site, "--jobs", "0"]) }
    }

    @Test func oneJobAndThreeWriteTheSameSite() throws {
        let folder = try TestSupport.temporaryFolder("jobs")
        defer { try? FileManager.default.removeItem(at: folder) }
        var trees: [[String: [UInt8]]] = []
        for jobs in ["1", "3"] {
            let output = folder.appendingPathComponent("out-\(jobs)")
            let run = try TestSupport.run(["build", JobsTests.site, "--output", output.path, "--jobs", jobs, "--quiet"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            var tree = TestSupport.tree(output)
            tree.removeValue(forKey: SiteWriter.markerFile)
            trees.append(tree)
        }
        #expect(!trees[0].isEmpty)
        #expect(trees[0] == trees[1])
    }
}

import Testing
import IndexSiteTestSupport
@testable import IndexSiteCLI

/// A plain `build` is read by hand to skip ArgumentParser's start-up cost: it must read the arguments exactly as
/// ArgumentParser does, and hand everything else over to it.
@Suite struct QuickBuildTests {
    static let site = TestSupport.repository.appendingPathComponent("Tests/CLITests/Sites/good").path

    @Test(arguments: [
        [site],
        ["build", site],
        [site, "--strict"],
        ["build", "--output", "out", "--diagnostics", "json", "--quiet", "--timings", site],
        ["-o", "out", site, "--diagnostics", "github"],
    ])
    func readsArgumentsAsArgumentParserDoes(_ arguments: [String]) throws {
        let quick = try #require(QuickBuild.parse(arguments))
        let parsed = try BuildCommand.parse(arguments.first == "build" ? Array(arguments.dropFirst()) : arguments)
        #expect(quick.0 == parsed.options.run)
        #expect(quick.output == parsed.output)
    }

    @Test(arguments: [
        ["check", site], ["serve", site], ["--help"], [site, "--strict", "--strict"], [site, "--diagnostics", "xml"],
        [site, "--unknown"], ["/no/such/folder"], [site, "--output"],
    ])
    func leavesEverythingElseToArgumentParser(_ arguments: [String]) {
        #expect(QuickBuild.parse(arguments) == nil)
    }
}

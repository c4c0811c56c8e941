import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Two builds into one output (issue 17, item 2): the output is locked, so the second build waits for the first and
/// whichever swaps in last leaves its whole site; a staging folder removed mid-build fails the build.
extension RobustnessTests {
    /// A 40-list site and a 1-list site built into the same `--output` at the same time, several times: both exit 0,
    /// and the output is byte for byte what a clean build of one of the two sites makes.
    @Test func concurrentBuildsIntoOneOutputLeaveOneCompleteSite() throws {
        let root = try CLITests.temporaryFolder()
        let large = root.appendingPathComponent("large"), small = root.appendingPathComponent("small")
        for list in 0..<40 {
            var csv = "title,description\n"
            for row in 0..<300 { csv += "Entry \(list)-\(row) \(["Apple", "Banana", "Cherry", "Damson", "Elder"][row % 5]),Row *\(row)* of list \(list)\n" }
            try Self.write(csv, to: "Content/list\(list).csv", in: large)
        }
        try Self.write("title: Large\n", to: "indexsite.yml", in: large)
        try Self.write("title\nOnly entry\n", to: "Content/single.csv", in: small)
        try Self.write("title: Small\n", to: "indexsite.yml", in: small)

        // What each site looks like built alone.
        let expectedLarge = root.appendingPathComponent("expected-large"), expectedSmall = root.appendingPathComponent("expected-small")
        try #require(try CLITests.run(["build", large.path, "--quiet", "--output", expectedLarge.path]).status == 0)
        try #require(try CLITests.run(["build", small.path, "--quiet", "--output", expectedSmall.path]).status == 0)
        let largeTree = try Self.snapshot(expectedLarge), smallTree = try Self.snapshot(expectedSmall)
        try #require(largeTree.count > 40)

        // The small build starts at points spread over the large one: before it stages, and while it writes pages.
        let started = Date()
        try #require(try CLITests.run(["build", large.path, "--quiet", "--output", root.appendingPathComponent("timed").path]).status == 0)
        let duration = Date().timeIntervalSince(started)
        let output = root.appendingPathComponent("shared")
        var winners: [String] = []
        for (trial, fraction) in [0.05, 0.3, 0.5, 0.65, 0.8, 0.9].enumerated() {
            try? FileManager.default.removeItem(at: output)
            let first = try Self.launchCapturing(["build", large.path, "--quiet", "--output", output.path], log: root.appendingPathComponent("large-\(trial).txt"))
            usleep(useconds_t(duration * fraction * 1_000_000))
            let second = try Self.launchCapturing(["build", small.path, "--quiet", "--output", output.path], log: root.appendingPathComponent("small-\(trial).txt"))
            first.waitUntilExit()
            second.waitUntilExit()
            let firstErrors = (try? String(contentsOf: root.appendingPathComponent("large-\(trial).txt"), encoding: .utf8)) ?? ""
            let secondErrors = (try? String(contentsOf: root.appendingPathComponent("small-\(trial).txt"), encoding: .utf8)) ?? ""
            #expect(first.terminationStatus == 0, "trial \(trial): the 40-list build: \(firstErrors)")
            #expect(second.terminationStatus == 0, "trial \(trial): the 1-list build: \(secondErrors)")
            let tree = try Self.snapshot(output)
            if tree == largeTree {
                winners.append("large")
            } else if tree == smallTree {
                winners.append("small")
            } else {
                Issue.record("trial \(trial): the output is neither site: against the large one \(Self.difference(tree, largeTree)); against the small one \(Self.difference(tree, smallTree))")
            }
            #expect(try Self.stagingFolders(beside: output).isEmpty, "trial \(trial): a staging folder was left behind")
        }
        print("concurrent builds: a 40-list build took \(String(format: "%.2f", duration)) s; the output was the \(winners.joined(separator: ", ")) site")
    }

    /// Starts the binary without waiting for it; its stderr goes to `log`.
    static func launchCapturing(_ arguments: [String], log: URL) throws -> Process {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        return process
    }
}

import Foundation
import IndexSiteTestSupport
import Testing

/// `--changed-since` on a scripted pull request: a repository whose list already has findings, and a commit that adds
/// two items (one linking to a dead page, one with a lower-case description); only those two are reported.
@Suite(.offThePool) struct ChangedSinceTests {
    static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
    }

    @Test func onlyTheLinesAPullRequestAddsAreReported() async throws {
        let server = LinkServer { _, path, _ in path.hasPrefix("/dead") ? .status(404) : .status(200) }
        try await server.start()
        defer { Task { await server.stop() } }
        let before = """
        # Awesome Tools

        - [Anvil](\(server.url("/anvil"))) - Heavy block.
        - [bellows](\(server.url("/dead-old"))) - blows air
        - [Chisel](\(server.url("/chisel"))) - Cuts wood.

        """
        let folder = try TestSupport.site("changed-since", texts: [
            "Content/tools.md": before,
            "indexsite.yml": "links: {retry_delay: 0}\nlists:\n  - source: tools.md\n    lint: awesome\n",
        ])
        try Self.git(["init", "-q", "-b", "main"], in: folder)
        try Self.git(["add", "."], in: folder)
        try Self.git(["commit", "-q", "-m", "List tools"], in: folder)
        let after = before.replacingOccurrences(of: "- [Chisel]", with: """
        - [Bradawl](\(server.url("/dead-new"))) - Makes holes.
        - [Clamp](\(server.url("/clamp"))) - holds work.
        - [Chisel]
        """)
        try after.write(to: folder.appendingPathComponent("Content/tools.md"), atomically: true, encoding: .utf8)
        try Self.git(["commit", "-q", "-am", "Add Bradawl and Clamp"], in: folder)

        // The whole list has more to say (the old dead link, the old item's case, the badge, no contributing.md) …
        let all = try await TestSupport.run(["check", "--links", "."], in: folder)
        #expect(all.stdout.contains("no errors, 6 warnings"), "\(all.stdout)\(all.stderr)")
        // … the pull request only its two lines, the most severe and earliest first, then the counts.
        let review = try await TestSupport.run(["check", "--links", "--strict", "--changed-since", "HEAD~1", "."], in: folder)
        let url = server.url("")
        #expect(review.status == 1)
        #expect(review.stderr.split(separator: "\n").filter { !$0.hasPrefix("    hint:") && !$0.hasPrefix("Links:") } == [
            "Content/tools.md:5:13: error: link '\(url)/dead-new' is broken: 404 Not Found [broken-link]",
            "Content/tools.md:6:1: error: the description starts with 'holds', in lower case [awesome-description-case]",
            "Build failed: 2 errors on lines changed since HEAD~1",
        ])

        // A ref that is not there, and a clone too shallow to have it, are said so.
        let missing = try await TestSupport.run(["check", "--changed-since", "no-such-branch", "."], in: folder)
        #expect(missing.status == 1 && missing.stderr.contains("'no-such-branch' names no commit of this repository"))
        let clone = try TestSupport.temporaryFolder("shallow")
        try Self.git(["clone", "-q", "--depth", "1", "file://" + folder.path, clone.appendingPathComponent("site").path], in: clone)
        let shallow = try await TestSupport.run(["check", "--changed-since", "HEAD~1", "site"], in: clone)
        #expect(shallow.status == 1 && shallow.stderr.contains("which is shallow; fetch it"), "\(shallow.stderr)")
    }
}

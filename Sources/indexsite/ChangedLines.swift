import Foundation
import IndexSite

/// The lines of a site's files that changed since a git ref (`--changed-since`), read from `git diff` run in the site
/// folder: the lines a pull request adds or changes, so that review sees only findings on them.
struct ChangedLines {
    /// Changed line numbers by path relative to the site folder; a file new since the ref has all its lines.
    var lines: [String: Set<Int>] = [:]
    /// Files that are new and not yet committed (every line counts).
    var wholeFiles: Set<String> = []

    /// Why the changed lines could not be read, in words a CI log can act on.
    struct Failure: Error {
        var message: String
    }

    /// Reads what changed in `siteFolder` since `ref` (committed or not).
    static func read(since ref: String, siteFolder: URL) throws(Failure) -> ChangedLines {
        guard let inside = try? git(["rev-parse", "--is-inside-work-tree"], in: siteFolder), inside.status == 0 else {
            throw Failure(message: "--changed-since needs the site in a git repository, and '\(siteFolder.path)' is not in one")
        }
        guard let verified = try? git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: siteFolder), verified.status == 0 else {
            let shallow = (try? git(["rev-parse", "--is-shallow-repository"], in: siteFolder))?.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
            if shallow {
                throw Failure(message: "--changed-since: '\(ref)' is not in this clone's history, which is shallow; fetch it (actions/checkout with fetch-depth: 0, or git fetch origin \(ref))")
            }
            throw Failure(message: "--changed-since: '\(ref)' names no commit of this repository (a branch, tag or commit such as origin/main or HEAD~1)")
        }
        guard let diff = try? git(["diff", "--unified=0", "--no-color", "--no-ext-diff", "--relative", ref, "--", "."], in: siteFolder), diff.status == 0 else {
            throw Failure(message: "--changed-since: git diff \(ref) failed")
        }
        var changed = ChangedLines()
        changed.parse(diff.output)
        if let untracked = try? git(["ls-files", "--others", "--exclude-standard"], in: siteFolder), untracked.status == 0 {
            for path in untracked.output.split(separator: "\n") { changed.wholeFiles.insert(String(path)) }
        }
        return changed
    }

    /// Reads the `+++ b/path` and `@@ -a,b +c,d @@` lines of a unified diff with no context.
    mutating func parse(_ diff: String) {
        var path: String?
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                let name = line.dropFirst(4)
                path = name == "/dev/null" ? nil : String(name.hasPrefix("b/") ? name.dropFirst(2) : name)
            } else if line.hasPrefix("@@"), let path, let match = line.firstMatch(of: /\+(\d+)(?:,(\d+))?/) {
                let start = Int(match.output.1) ?? 0
                let count = match.output.2.flatMap { Int($0) } ?? 1
                guard count > 0 else { continue }
                lines[path, default: []].formUnion(start..<(start + count))
            }
        }
    }

    /// Whether a finding at `location` (relative to the site folder) is on a changed line.
    func contains(_ location: SourceLocation) -> Bool {
        wholeFiles.contains(location.path) || lines[location.path]?.contains(location.line) == true
    }

    static func git(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

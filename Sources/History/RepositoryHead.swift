import Foundation

/// The commit a site's repository is at, read from its files (`.git/HEAD` and the branch it names) without starting
/// git: every build asks, to know whether the previous output (whose history dates came from that commit) is reusable.
public enum RepositoryHead {
    /// The commit `HEAD` names in the repository `siteFolder` is in (a worktree's or submodule's `.git` file followed),
    /// or nil outside a repository.
    public static func commit(siteFolder: URL) -> String? {
        var folder = siteFolder.standardizedFileURL
        while true {
            let dotGit = folder.appendingPathComponent(".git")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) {
                if isFolder.boolValue { return commit(gitFolder: dotGit) }
                guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else { return nil }
                let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
                return commit(gitFolder: URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL)
            }
            guard folder.path != "/" else { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }

    /// The commit `HEAD` of `gitFolder` names: itself when detached, else its branch's, loose or packed (a worktree's
    /// branches are in the common folder).
    static func commit(gitFolder: URL) -> String? {
        func read(_ url: URL) -> String? {
            (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let head = read(gitFolder.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref:") else { return head }
        let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces)
        let common = read(gitFolder.appendingPathComponent("commondir"))
            .map { URL(fileURLWithPath: $0, relativeTo: gitFolder).standardizedFileURL } ?? gitFolder
        for folder in [gitFolder, common] {
            if let commit = read(folder.appendingPathComponent(ref)) { return commit }
        }
        let packed = read(common.appendingPathComponent("packed-refs")) ?? ""
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
            return String(line.prefix { $0 != " " })
        }
        // A branch with no commit yet: the ref's name is what the output depends on.
        return head
    }
}

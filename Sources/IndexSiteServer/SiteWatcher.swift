import Foundation
import IndexSite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices when a site's inputs change: `indexsite.yml`, `Content/`, `Templates/` and `Static/`, by polling each file's
/// size, modification and change times. Polling is portable and, for the folders a site has, cheap.
public struct SiteWatcher: Sendable {
    /// What a file looked like at one poll; any difference counts as a change.
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var modified: Int64
        var changed: Int64
        var inode: UInt64
    }

    public let siteFolder: URL
    private var last: [String: Stamp]

    /// Takes the first snapshot, so the first `poll` reports only what changed after this.
    public init(siteFolder: URL) {
        self.siteFolder = siteFolder.standardizedFileURL
        last = [:]
        last = snapshot()
    }

    /// True when any watched file was added, removed or changed since the last poll.
    public mutating func poll() -> Bool {
        let now = snapshot()
        defer { last = now }
        return now != last
    }

    /// Every watched file with its stamp, keyed by path relative to the site folder.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let root = siteFolder.path
        if let (stamp, _) = Self.stamp(root + "/" + SiteLayout.configurationFile) { stamps[SiteLayout.configurationFile] = stamp }
        var visited: Set<FolderIdentity> = []
        for folder in [SiteLayout.contentFolder, SiteLayout.templatesFolder, SiteLayout.staticFolder] {
            walk(root + "/" + folder, relative: folder, into: &stamps, visited: &visited, depth: 0)
        }
        return stamps
    }

    /// Adds the stamps of the files under `path`. Hidden names (editors' swap files) are skipped, as the loader skips them;
    /// folders count through their files, and symbolic links to folders are followed, each folder once (by device and
    /// inode): `ln -s . loop` links would otherwise multiply the walk at every poll (issue 17, item 10).
    private func walk(_ path: String, relative: String, into stamps: inout [String: Stamp], visited: inout Set<FolderIdentity>, depth: Int) {
        guard depth < 16, let (stamp, isFolder, identity) = Self.stampAndIdentity(path) else { return }
        guard isFolder else {
            stamps[relative] = stamp
            return
        }
        guard visited.insert(identity).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names where !name.hasPrefix(".") {
            walk(path + "/" + name, relative: relative + "/" + name, into: &stamps, visited: &visited, depth: depth + 1)
        }
    }

    /// A folder as the file system knows it, whatever path or link leads to it.
    struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func stampAndIdentity(_ path: String) -> (Stamp, isFolder: Bool, FolderIdentity)? {
        var info = stat()
        guard stat(path, &info) == 0, let (stamp, isFolder) = stamp(path) else { return nil }
        return (stamp, isFolder, FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// The stamp of the file at `path` (following symbolic links) and whether it is a folder, or nil when there is none.
    static func stamp(_ path: String) -> (Stamp, isFolder: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        let stamp = Stamp(size: Int64(info.st_size), modified: modified, changed: changed, inode: UInt64(info.st_ino))
        return (stamp, (info.st_mode & S_IFMT) == S_IFDIR)
    }
}

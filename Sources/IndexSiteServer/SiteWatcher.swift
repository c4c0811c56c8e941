import Foundation
import IndexSite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices when a site's inputs change by polling each file's size, modification and change times: `indexsite.yml`,
/// `Content/`, `Templates/`, `Static/` and the sources the lists name elsewhere in the site folder (`README.md`,
/// `docs`). Portable, and the preview's way when inotify is not there or cannot watch (`SiteChanges`).
public struct SiteWatcher: Sendable {
    /// What a file looked like at one poll; any difference counts as a change.
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var modified: Int64
        var changed: Int64
        var inode: UInt64
    }

    public let siteFolder: URL
    /// The watched paths, relative to the site folder: files, or folders watched with everything in them.
    private(set) var roots: [String]
    private var last: [String: Stamp]

    /// The paths every site's build reads, and the sources its lists name (relative to the site folder).
    static func inputs(sources: [String]) -> [String] {
        var roots = [SiteLayout.configurationFile, SiteLayout.contentFolder, SiteLayout.templatesFolder, SiteLayout.staticFolder]
        for source in sources where !roots.contains(source) { roots.append(source) }
        return roots
    }

    /// Takes the first snapshot, so the first `poll` reports only what changed after this.
    public init(siteFolder: URL, sources: [String] = []) {
        self.siteFolder = siteFolder.standardizedFileURL
        roots = Self.inputs(sources: sources)
        last = [:]
        last = snapshot()
    }

    /// True when any watched file was added, removed or changed since the last poll.
    public mutating func poll() -> Bool {
        let now = snapshot()
        defer { last = now }
        return now != last
    }

    /// Watches `sources` (besides the site's fixed inputs) from now on: the files of sources new to the watch are taken
    /// as they are now, and those of sources no longer named are forgotten, so neither counts as a change; a change
    /// under the roots watched before still does at the next poll.
    public mutating func watch(sources: [String]) {
        let wanted = Self.inputs(sources: sources)
        guard wanted != roots else { return }
        let added = wanted.filter { !roots.contains($0) }
        roots = wanted
        last = last.filter { Self.key($0.key, isUnder: wanted) }
        for (key, stamp) in snapshot() where last[key] == nil && Self.key(key, isUnder: added) { last[key] = stamp }
    }

    static func key(_ key: String, isUnder roots: [String]) -> Bool {
        roots.contains { key == $0 || key.hasPrefix($0 + "/") }
    }

    /// Every watched file with its stamp, keyed by path relative to the site folder.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let root = siteFolder.path
        var visited: Set<FolderIdentity> = []
        for path in roots {
            walk(root + "/" + path, relative: path, into: &stamps, visited: &visited, depth: 0)
        }
        return stamps
    }

    /// Adds the stamps of the files under `path`. Hidden names (editors' swap files) are skipped, as the loader skips them;
    /// folders count through their files, and symbolic links to folders are followed, each folder once (by device and
    /// inode): `ln -s . loop` links would otherwise multiply the walk at every poll (issue 17, item 10).
    private func walk(_ path: String, relative: String, into stamps: inout [String: Stamp], visited: inout Set<FolderIdentity>, depth: Int) {
        guard depth < Self.deepest, let (stamp, isFolder, identity) = Self.stampAndIdentity(path) else { return }
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

    /// How many folders deep under a watched root files are still watched, by polling and by inotify alike.
    static let deepest = 16

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

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
        if let (stamp, _) = Self.stamp(root + "/" + SiteLoader.configurationFile) { stamps[SiteLoader.configurationFile] = stamp }
        for folder in [SiteLoader.contentFolder, SiteLoader.templatesFolder, SiteLoader.staticFolder] {
            walk(root + "/" + folder, relative: folder, into: &stamps, depth: 0)
        }
        return stamps
    }

    /// Adds the stamps of the files under `path`. Hidden names (editors' swap files) are skipped, as the loader skips them;
    /// folders count through their files, and symbolic links to folders are followed to a bounded depth, as a loop would never end.
    private func walk(_ path: String, relative: String, into stamps: inout [String: Stamp], depth: Int) {
        guard depth < 8, let (stamp, isFolder) = Self.stamp(path) else { return }
        guard isFolder else {
            stamps[relative] = stamp
            return
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names where !name.hasPrefix(".") {
            walk(path + "/" + name, relative: relative + "/" + name, into: &stamps, depth: depth + 1)
        }
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

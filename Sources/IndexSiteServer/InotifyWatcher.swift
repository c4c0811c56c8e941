#if os(Linux) && !INDEXSITE_PORTABLE
import Foundation
import Glibc

/// Tells when a site's inputs change from Linux's inotify events, so an idle preview costs nothing, where polling
/// reads every file's stamp ten times a second. The same paths as `SiteWatcher`: the roots are files, or folders
/// watched with everything in them.
///
/// Invariant: every folder on the way from the site folder to a root has a watch ("anchor": it reports the root being
/// made, removed or replaced), and every folder at or under a root folder has one ("tree": it reports any file made,
/// written, removed or moved there), bar hidden ones, each folder once by device and inode, at most
/// `SiteWatcher.deepest` deep, as polling walks them; a symbolic link to a file has a watch on the file it leads to.
/// A folder made or moved in is watched before its change is reported, so files written into it after the report are
/// seen. All state is used on `queue` only.
final class InotifyWatcher: @unchecked Sendable {
    /// What a watch descriptor stands for; paths are relative to the site folder ("" is the site folder).
    private struct Watch {
        enum Kind { case anchor, tree, linkedFile }
        var path: String
        var kind: Kind
    }

    private static let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MODIFY) | UInt32(IN_ATTRIB) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    private let siteFolder: String
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "indexsite.serve.inotify")
    private var source: DispatchSourceRead?
    private var watches: [Int32: Watch] = [:]
    private var roots: [String]
    private var failed = false
    private let onChange: @Sendable () -> Void
    private let onFailure: @Sendable (String) -> Void

    /// Starts watching `roots` (relative to `siteFolder`), or throws why inotify cannot (no instance left, the watch
    /// limit reached). Later, `onChange` is called after each batch of events that touches a root, and `onFailure`
    /// once if watching becomes impossible (the watch limit reached by a new folder); it is then stopped.
    init(siteFolder: URL, roots: [String], onChange: @escaping @Sendable () -> Void, onFailure: @escaping @Sendable (String) -> Void) throws(SiteChanges.Unavailable) {
        self.siteFolder = siteFolder.standardizedFileURL.path
        self.roots = roots
        self.onChange = onChange
        self.onFailure = onFailure
        descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw SiteChanges.Unavailable(reason: "inotify cannot start: \(String(cString: strerror(errno)))") }
        let failure: String? = queue.sync { arm() }
        if let failure {
            close(descriptor)
            throw SiteChanges.Unavailable(reason: failure)
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.readEvents() }
        source.setCancelHandler { [descriptor] in close(descriptor) }
        self.source = source
        source.resume()
    }

    deinit {
        source?.cancel()
    }

    /// Watches `roots` from now on, once this returns (watches of roots no longer named stay until their folders go: a
    /// stray rebuild at worst). Not to be called from a change's report.
    func watch(roots newRoots: [String]) {
        queue.sync { [self] in
            guard !failed, newRoots != roots else { return }
            roots = newRoots
            if let failure = arm() { fail(failure) }
        }
    }

    /// Stops watching: no change is reported once the events being read now are, and the descriptor is closed.
    /// It does not wait, so that it may be called from a change's report.
    func stop() {
        queue.async { [self] in
            failed = true
            source?.cancel()
            source = nil
        }
    }

    /// How many folders and linked files are watched (for tests).
    var watchCount: Int { queue.sync { watches.count } }

    private func fail(_ reason: String) {
        failed = true
        source?.cancel()
        source = nil
        onFailure(reason)
    }

    /// Adds the watches the invariant asks for that are missing (inotify gives a folder watched already its watch
    /// again); the reason when one cannot be added for want of watches or memory, nil otherwise.
    private func arm() -> String? {
        var visited: Set<SiteWatcher.FolderIdentity> = []
        for root in roots {
            let parts = root.split(separator: "/").map(String.init)
            var anchor = ""
            for part in [""] + parts.dropLast() {
                anchor = anchor.isEmpty ? part : anchor + "/" + part
                guard isFolder(anchor) else { break }
                if let failure = add(anchor, kind: .anchor) { return failure }
            }
            if let failure = walk(root, visited: &visited, depth: 0) { return failure }
        }
        return nil
    }

    /// Watches the folder or linked file at `relative` and, for a folder, every folder in it.
    private func walk(_ relative: String, visited: inout Set<SiteWatcher.FolderIdentity>, depth: Int) -> String? {
        let path = absolute(relative)
        guard depth < SiteWatcher.deepest, let (_, isFolder, identity) = SiteWatcher.stampAndIdentity(path) else { return nil }
        guard isFolder else {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
            return add(relative, kind: .linkedFile)
        }
        guard visited.insert(identity).inserted else { return nil }
        if let failure = add(relative, kind: .tree) { return failure }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        for name in names where !name.hasPrefix(".") {
            if let failure = walk(relative + "/" + name, visited: &visited, depth: depth + 1) { return failure }
        }
        return nil
    }

    /// Adds one watch; a path gone meanwhile or unreadable is left out (the build reports it), no watch or memory left
    /// is a failure.
    private func add(_ relative: String, kind: Watch.Kind) -> String? {
        let number = inotify_add_watch(descriptor, absolute(relative), Self.mask)
        guard number >= 0 else {
            switch errno {
            case ENOSPC: return "the system's limit of inotify watches is reached (sysctl fs.inotify.max_user_watches)"
            case ENOMEM: return "inotify has no memory left"
            default: return nil
            }
        }
        // The same folder reached again, by its path or a link: a tree stays a tree, and keeps the path it was found by.
        if let known = watches[number], known.kind == .tree || kind == .anchor { return nil }
        watches[number] = Watch(path: relative, kind: kind)
        return nil
    }

    /// Reads every event waiting, keeps the watches to the invariant, and reports a change if one touched a root.
    private func readEvents() {
        guard !failed else { return }
        var changed = false, rearm = false
        let headerSize = MemoryLayout<inotify_event>.size
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            while offset + headerSize <= count {
                let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameBytes = UnsafeRawBufferPointer(rebasing: buffer[(offset + headerSize) ..< (offset + headerSize + Int(event.len))])
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += headerSize + Int(event.len)
                switch handle(descriptor: event.wd, mask: event.mask, name: name) {
                case .ignored: break
                case .changed: changed = true
                case .changedRearm: changed = true; rearm = true
                }
            }
        }
        if rearm, let failure = arm() { return fail(failure) }
        if changed { onChange() }
    }

    private enum Outcome { case ignored, changed, changedRearm }

    private func handle(descriptor number: Int32, mask: UInt32, name: String) -> Outcome {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return .changedRearm }
        guard let watch = watches[number] else { return .ignored }
        if mask & UInt32(IN_IGNORED) != 0 {
            // The folder or linked file went (removed, or its file system unmounted): a linked file's editor may have
            // replaced it by another, which the next arming watches.
            watches[number] = nil
            return watch.kind == .linkedFile ? .changedRearm : .ignored
        }
        if watch.kind == .linkedFile { return mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 ? .changedRearm : .changed }
        // A folder's own removal or move is reported in its parent too.
        guard !name.isEmpty, !name.hasPrefix(".") else { return .ignored }
        let path = watch.path.isEmpty ? name : watch.path + "/" + name
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        switch watch.kind {
        case .anchor:
            guard roots.contains(where: { $0 == path || $0.hasPrefix(path + "/") }) else { return .ignored }
            // A root or a folder toward one made or moved in: watched now; a root file only when it is a link.
            let arrived = mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0
            return arrived && (isFolder || isLink(path)) ? .changedRearm : .changed
        case .tree:
            if isFolder, mask & UInt32(IN_MOVED_FROM) != 0 { forget(under: path) }
            if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
                if isFolder {
                    var visited: Set<SiteWatcher.FolderIdentity> = []
                    if let failure = walk(path, visited: &visited, depth: depth(of: path)) {
                        fail(failure)
                        return .ignored
                    }
                } else if isLink(path) {
                    if let failure = add(path, kind: .linkedFile) {
                        fail(failure)
                        return .ignored
                    }
                }
            }
            return .changed
        case .linkedFile:
            return .changed
        }
    }

    /// Drops the watches of the folder at `path` and everything in it, moved away (if it was moved within a root, its
    /// arrival watches it again under its new path).
    private func forget(under path: String) {
        for (number, watch) in watches where watch.path == path || watch.path.hasPrefix(path + "/") {
            inotify_rm_watch(descriptor, number)
            watches[number] = nil
        }
    }

    /// How deep `path` lies under the root it is in, as the walk counts.
    private func depth(of path: String) -> Int {
        let root = roots.filter { path == $0 || path.hasPrefix($0 + "/") }.max { $0.count < $1.count } ?? path
        return path.split(separator: "/").count - root.split(separator: "/").count
    }

    private func absolute(_ relative: String) -> String {
        relative.isEmpty ? siteFolder : siteFolder + "/" + relative
    }

    private func isFolder(_ relative: String) -> Bool {
        var info = stat()
        return stat(absolute(relative), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private func isLink(_ relative: String) -> Bool {
        var info = stat()
        return lstat(absolute(relative), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
#endif

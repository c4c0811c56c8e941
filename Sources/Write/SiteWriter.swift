import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileSystem
import IndexSiteCore
import IndexSiteEngine
import IndexSiteLoad

/// Write: puts the rendered pages into the output folder, atomically. The new site is built in a temporary folder
/// beside the target and swapped in with one rename, so a failed or killed build leaves the previous site complete.
/// Files whose bytes did not change are hard-linked from the previous site, keeping their modification time.
public struct SiteWriter: Sendable {
    /// The file that marks a folder as IndexSite's output; a non-empty folder without it is never replaced.
    public static let markerFile = ".indexsite-output"

    /// The folder the site is written into; it is replaced as a whole.
    public var output: URL
    /// The site folder: the output may sit inside it, but never be it or contain it.
    public var siteFolder: URL?
    /// Folders the output may neither be, contain, nor sit inside (Content/, Templates/).
    public var protectedFolders: [URL]

    /// A writer for `output` that refuses to write over the site folder or the protected folders.
    public init(output: URL, siteFolder: URL? = nil, protectedFolders: [URL] = []) {
        self.output = output.standardizedFileURL
        self.siteFolder = siteFolder?.standardizedFileURL
        self.protectedFolders = protectedFolders.map(\.standardizedFileURL)
    }

    /// Why the output folder may not be written, or nil when it may.
    public func refusal() -> String? {
        if SiteWriter.writingThroughLinks(output) == nil {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: output.path)) ?? ""
            return "'\(output.path)' is a symbolic link to '\(destination)', which is not a folder; IndexSite writes through a link to a folder but never replaces the link"
        }
        let target = output.resolvingSymlinksInPath().path
        func contains(_ outer: String, _ inner: String) -> Bool { inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/") }
        if let site = siteFolder?.resolvingSymlinksInPath().path, contains(target, site) {
            return "refusing to write the site into '\(output.path)': it holds the site's own files"
        }
        for folder in protectedFolders {
            let protected = folder.resolvingSymlinksInPath().path
            if contains(target, protected) || contains(protected, target) {
                let name = folder.lastPathComponent == SiteLayout.configurationFile ? folder.lastPathComponent : folder.lastPathComponent + "/"
                return "refusing to write the site into '\(output.path)': it is or overlaps '\(name)'"
            }
        }
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: output.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { return "'\(output.path)' exists and is not a folder" }
            let contents = folderNames(atPath: output.path) ?? []
            if !contents.isEmpty && !contents.contains(SiteWriter.markerFile) {
                return "refusing to replace '\(output.path)': it is not empty and was not written by IndexSite"
            }
        }
        return nil
    }

    /// What a write did, file by file.
    public struct Summary: Sendable, Equatable {
        /// Files whose bytes changed or are new.
        public var written: Int
        /// Files identical to the previous build, kept as they were.
        public var unchanged: Int

        package init(written: Int, unchanged: Int) {
            self.written = written
            self.unchanged = unchanged
        }
    }

    /// Why the output was not written; the previous site, if any, is left as it was.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The problem in one line, naming the folder or file.
        public var description: String
        /// True when the writer declined to touch the folder; false when writing itself failed.
        public var refused = false
    }

    /// The previous build's manifest, when its fingerprint matches and every file it wrote is still there, unchanged in size.
    package func reusableManifest(fingerprint: SiteFingerprint) -> BuildManifest? {
        guard let manifest = previousManifest(), manifest.fingerprint == fingerprint.value else { return nil }
        for (path, size) in manifest.files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)
            guard (attributes?[.size] as? NSNumber)?.intValue == size else { return nil }
        }
        return manifest
    }

    /// The manifest the build that wrote the output left in it; nil when there is none or it cannot be read.
    func previousManifest() -> BuildManifest? {
        guard let bytes = SiteLoader.contents(atPath: output.appendingPathComponent(SiteWriter.markerFile).path) else { return nil }
        return try? JSONDecoder().decode(BuildManifest.self, from: Data(bytes))
    }

    /// Writes all pages at once: `begin`, `add` each, `finish`.
    public func write(_ pages: [OutputPage], manifest: BuildManifest? = nil) throws(Failure) -> Summary {
        let staging = try begin()
        pages.forEach(staging.add)
        return try staging.finish(manifest: manifest)
    }

    /// Starts a new output in a staging folder beside the target; pages are added as they are rendered and written
    /// on the caller's thread.
    public func begin() throws(Failure) -> Staging {
        try begin(engine: .serial)
    }

    /// Starts a new output whose pages `engine` writes: in order, and with the parallel engine on a queue of their own
    /// while the caller goes on.
    package func begin(engine: Engine) throws(Failure) -> Staging {
        if let refusal = refusal() { throw Failure(description: refusal, refused: true) }
        // A symlinked output keeps its link: the new site is staged beside, and swapped with, the folder it points at.
        if let target = SiteWriter.writingThroughLinks(output), target != output {
            var through = self
            through.output = target
            return try through.begin(engine: engine)
        }
        let files = FileManager.default
        let parent = output.deletingLastPathComponent()
        // One build at a time into this output; the lock is held until the staging folder is swapped in or discarded.
        let lock = try lockOutput()
        // Another build may have finished while this one waited: look again.
        if let refusal = refusal() {
            close(lock)
            throw Failure(description: refusal, refused: true)
        }
        // Staging folders of builds that were killed are ours: clear them before starting.
        removeDeadStagingFolders()
        let folder = parent.appendingPathComponent(stagingPrefix + "\(getpid())")
        do {
            try? files.removeItem(at: folder)
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            close(lock)
            throw Failure(description: "cannot create '\(folder.path)': \(error.localizedDescription)")
        }
        return Staging(writer: self, folder: folder, lock: lock, writes: engine.orderedWork(label: "indexsite.write"))
    }

    /// A new site being written beside the old one. Nothing the reader sees changes until `finish` swaps it in;
    /// `discard` (or a crash) leaves the previous site as it was.
    ///
    /// Pages are written in the order they were added, by the engine's ordered stream (`writes`): with the parallel
    /// engine on a queue of their own while the caller goes on, so a build's cores render the next pages while the last
    /// ones are written. `finish` and `discard` wait for the stream first. The state below is changed by the stream
    /// only while pages are added, and by `finish` or `discard` once it is drained, which is why the class can be
    /// handed to the stream.
    public final class Staging: @unchecked Sendable {
        let writer: SiteWriter
        /// Where pages are written, one at a time, in order.
        private let writes: OrderedWork
        /// The bytes of the pages added and not yet written, and the lock that guards the count: `add` waits while
        /// they are over `pendingLimit`, so a disk slower than the cores (the kernel holding back writes when much is
        /// waiting to reach the disk) makes the build wait rather than hold the site in memory.
        private let pending = NSCondition()
        private var pendingBytes = 0
        package var pendingLimit = 32 << 20
        let folder: URL
        private var summary = Summary(written: 0, unchanged: 0)
        private var sizes: [String: Int] = [:]
        private var madeFolders: Set<String> = [""]
        /// The first failure; later pages are skipped and `finish` reports it.
        private var failure: Failure?
        /// The descriptor holding the output's lock (see `SiteWriter.lockOutput`), closed when the build is done.
        private var lock: Int32
        /// The staging folder as created: if it is removed while the site is written, the build fails.
        private let identity: FolderIdentity?

        init(writer: SiteWriter, folder: URL, lock: Int32 = -1, writes: OrderedWork) {
            self.writer = writer
            self.writes = writes
            self.folder = folder
            self.lock = lock
            identity = FolderIdentity(path: folder.path)
        }

        deinit { unlock() }

        private func unlock() {
            if lock >= 0 { close(lock) }
            lock = -1
        }

        /// A file being written in parts (`OutputPage.continuesInNextPage`), compared with the previous site's file
        /// as it goes, so that a large file that did not change is linked, its modification time kept, like a page.
        private struct PartedFile {
            var path: String
            var destination: String
            var previous: String
            var output: Int32
            /// The previous site's file, read along; -1 when there is none or a difference was found.
            var reading: Int32
            var size = 0
        }
        private var parted: PartedFile?

        /// Writes one page, or hard-links the previous site's file when its bytes are the same, in order on the writing stream.
        public func add(_ page: OutputPage) {
            let size = page.bytes.count
            pending.lock()
            // A page larger than the limit is let through alone.
            while pendingBytes > 0, pendingBytes + size > pendingLimit { pending.wait() }
            pendingBytes += size
            pending.unlock()
            writes.add {
                self.write(page)
                self.pending.lock()
                self.pendingBytes -= size
                self.pending.broadcast()
                self.pending.unlock()
            }
        }

        /// Copies the file at `source` into the new site as `path`, a piece at a time on the writing stream, or
        /// hard-links the previous site's file when its bytes are the same: a file of `Static/` is never held whole.
        public func addCopy(of source: String, as path: String) {
            writes.add { self.copy(source, as: path) }
        }

        private func copy(_ source: String, as path: String) {
            guard failure == nil else { return }
            guard parted == nil else {
                failure = Failure(description: "'\(parted!.path)' ended without its last part (next came '\(path)')")
                closeParted()
                return
            }
            do {
                let (destination, previous) = try prepare(path)
                let input = ixs_open(source, O_RDONLY | O_CLOEXEC, 0)
                guard input >= 0 else { throw Failure(description: "cannot read '\(source)': \(String(cString: strerror(errno)))") }
                defer { close(input) }
                if SiteWriter.sameBytes(atPath: previous, asFile: input), link(previous, destination) == 0 {
                    summary.unchanged += 1
                    sizes[path] = SiteWriter.size(of: input)
                    return
                }
                guard lseek(input, 0, SEEK_SET) == 0 else { throw Failure(description: "cannot read '\(source)': \(String(cString: strerror(errno)))") }
                let output = ixs_open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard output >= 0 else { throw Failure(description: "cannot create '\(destination)': \(String(cString: strerror(errno)))") }
                defer { close(output) }
                var buffer = [UInt8](repeating: 0, count: SiteWriter.copyPiece)
                var copied = 0
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count >= 0 else { throw Failure(description: "cannot read '\(source)': \(String(cString: strerror(errno)))") }
                    if count == 0 { break }
                    try SiteWriter.writeAll(buffer[..<count], to: output, path: destination)
                    copied += count
                }
                summary.written += 1
                sizes[path] = copied
            } catch let error as Failure {
                failure = error
            } catch {
                failure = Failure(description: "cannot write '\(path)': \(error.localizedDescription)")
            }
        }

        /// Waits until every page added has been written.
        private func drain() {
            writes.wait()
        }

        /// Holds the writing stream until the returned function is called: for tests of what `add` does meanwhile
        /// (with the parallel engine: the serial one would wait here for ever).
        package func holdWriting() -> @Sendable () -> Void {
            let held = DispatchSemaphore(value: 0)
            writes.add { held.wait() }
            return { held.signal() }
        }

        private func write(_ page: OutputPage) {
            guard failure == nil else { return }
            if parted != nil || page.continuesInNextPage {
                addPart(page)
                return
            }
            do {
                let (destination, previous) = try prepare(page.path)
                if SiteWriter.sameBytes(atPath: previous, page.bytes), link(previous, destination) == 0 {
                    summary.unchanged += 1
                } else {
                    try SiteWriter.writeFile(page.bytes, to: destination)
                    summary.written += 1
                }
                sizes[page.path] = page.bytes.count
            } catch let error as Failure {
                failure = error
            } catch {
                failure = Failure(description: "cannot write '\(page.path)': \(error.localizedDescription)")
            }
        }

        /// Checks that `path` stays inside the output, makes its folder, and says where it goes and where the previous
        /// site had it.
        private func prepare(_ path: String) throws -> (destination: String, previous: String) {
            guard OutputPath.isSafe(path) else {
                throw Failure(description: "refusing to write '\(path)': it would leave the output folder", refused: true)
            }
            // Over bytes: a `/` after a prepended letter (U+0D4E) is inside that letter's Character.
            let parent = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(decoding: path.utf8[..<$0], as: UTF8.self) } ?? ""
            if madeFolders.insert(parent).inserted { try makeFolders(parent) }
            return (folder.appendingPathComponent(path).path, writer.output.appendingPathComponent(path).path)
        }

        /// Makes the folder `relative` and those above it inside the staging folder, one `mkdir` each, never the
        /// staging folder itself: if something removed it, the page fails, where making the whole path made a new
        /// staging folder that could pass for the old one (a reused inode), to be swapped in with only the later pages.
        private func makeFolders(_ relative: String) throws(Failure) {
            var path = folder.path
            for component in relative.split(separator: "/") {
                path += "/" + component
                guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                    throw Failure(description: "cannot create the folder '\(path)': \(String(cString: strerror(errno)))")
                }
            }
        }

        private func addPart(_ page: OutputPage) {
            do {
                var file: PartedFile
                if let open = parted {
                    guard open.path == page.path else {
                        throw Failure(description: "'\(open.path)' ended without its last part (next came '\(page.path)')")
                    }
                    file = open
                } else {
                    let (destination, previous) = try prepare(page.path)
                    let output = ixs_open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                    guard output >= 0 else { throw Failure(description: "cannot create '\(destination)': \(String(cString: strerror(errno)))") }
                    file = PartedFile(path: page.path, destination: destination, previous: previous, output: output,
                                      reading: ixs_open(previous, O_RDONLY | O_CLOEXEC, 0))
                }
                parted = file // so that a failure below closes its files
                if file.reading >= 0, !SiteWriter.readMatches(file.reading, page.bytes) {
                    close(file.reading)
                    file.reading = -1
                }
                try SiteWriter.writeAll(page.bytes, to: file.output, path: file.destination)
                file.size += page.bytes.count
                parted = file
                guard !page.continuesInNextPage else { return }

                // The last part: the file is the previous one when every part matched and the previous one ends
                // here. Then a link to it replaces the copy just written (rename is atomic: if linking fails, the
                // copy stays).
                parted = nil
                close(file.output)
                var same = false
                if file.reading >= 0 {
                    same = SiteWriter.atEnd(file.reading)
                    close(file.reading)
                }
                let linked = file.destination + ".link"
                if same, link(file.previous, linked) == 0, rename(linked, file.destination) == 0 {
                    summary.unchanged += 1
                } else {
                    unlink(linked)
                    summary.written += 1
                }
                sizes[file.path] = file.size
            } catch let error as Failure {
                failure = error
                closeParted()
            } catch {
                failure = Failure(description: "cannot write '\(page.path)': \(error.localizedDescription)")
                closeParted()
            }
        }

        private func closeParted() {
            guard let file = parted else { return }
            close(file.output)
            if file.reading >= 0 { close(file.reading) }
            parted = nil
        }

        /// Writes the marker with the manifest and swaps the new site in.
        public func finish(manifest: BuildManifest?) throws(Failure) -> Summary {
            drain()
            if let file = parted, failure == nil {
                failure = Failure(description: "'\(file.path)' ended without its last part")
            }
            // A staging folder removed mid-build (by another program) makes later pages fail, or, where pages re-create
            // their folders, would be swapped in with only the pages written after: either way, say what happened.
            if identity == nil || FolderIdentity(path: folder.path) != identity {
                failure = Failure(description: "the staging folder '\(folder.path)' was removed while the site was being written; the previous site is left as it was")
            }
            if let failure {
                discard()
                throw failure
            }
            defer { unlock() }
            // Never an empty marker: a folder whose marker names no files is treated as foreign by the next build.
            var written = manifest ?? BuildManifest(fingerprint: "", lists: 0, sections: 0, entries: 0, diagnostics: [], files: [:])
            written.files = sizes
            var carried: [String] = []
            do {
                try SiteWriter.writeFile(written.encoded(), to: folder.appendingPathComponent(SiteWriter.markerFile).path)
                carried = try carryOverKeptNames()
                try writer.swapIn(folder)
            } catch {
                // What was carried over is the user's: back into the old output before the staging folder goes.
                for name in carried { rename(folder.appendingPathComponent(name).path, writer.output.appendingPathComponent(name).path) }
                discard()
                throw error
            }
            return summary
        }

        /// Moves the user's own names (`SiteWriter.keptNames`) from the current output into the staging folder, so
        /// the swap keeps them; a name the new site writes itself is left to be replaced. Returns the names moved.
        private func carryOverKeptNames() throws(Failure) -> [String] {
            var moved: [String] = []
            for name in SiteWriter.keptNames where sizes[name] == nil {
                let from = writer.output.appendingPathComponent(name).path, to = folder.appendingPathComponent(name).path
                var info = stat()
                guard lstat(from, &info) == 0, lstat(to, &info) != 0 else { continue }
                guard rename(from, to) == 0 else {
                    let reason = String(cString: strerror(errno))
                    for done in moved { rename(folder.appendingPathComponent(done).path, writer.output.appendingPathComponent(done).path) }
                    throw Failure(description: "cannot keep '\(from)' in the new site: \(reason)")
                }
                moved.append(name)
            }
            return moved
        }

        /// Removes the staging folder; the previous site stays as it was.
        public func discard() {
            drain()
            closeParted()
            try? FileManager.default.removeItem(at: folder)
            unlock()
        }
    }

    /// Replaces the output with the staging folder: an atomic exchange when there is a previous site.
    fileprivate func swapIn(_ staging: URL) throws(Failure) {
        let files = FileManager.default
        if !files.fileExists(atPath: output.path) {
            guard rename(staging.path, output.path) == 0 else { throw Failure(description: "cannot move the new site into place: \(String(cString: strerror(errno)))") }
            return
        }
        guard ixs_rename_exchange(staging.path, output.path) == 0 else {
            throw Failure(description: "cannot swap the new site into place: \(String(cString: strerror(errno)))")
        }
        // `staging` now holds the previous site; it is ours (it had the marker), so it can go.
        try? files.removeItem(at: staging)
    }

    /// Whether the file at `path` holds exactly `bytes`: its size first, then its bytes a piece at a time, as a file
    /// written in parts is compared (reading it whole into a `Data` cost a copy of every page and Foundation's
    /// attribute dictionary).
    static func sameBytes(atPath path: String, _ bytes: [UInt8]) -> Bool {
        // Not through a link: an unchanged file is hard-linked, and a link to a link would not be the file.
        let descriptor = ixs_open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count else { return false }
        return readMatches(descriptor, bytes)
    }

    /// The bytes copied or compared at a time.
    static let copyPiece = 1 << 20

    /// Whether the file at `path` holds exactly the bytes of the open file `other` (read from its start), a piece
    /// at a time.
    static func sameBytes(atPath path: String, asFile other: Int32) -> Bool {
        let descriptor = ixs_open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat(), otherStatus = stat()
        guard fstat(descriptor, &status) == 0, fstat(other, &otherStatus) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              status.st_size == otherStatus.st_size else { return false }
        var left = Int(otherStatus.st_size)
        var buffer = [UInt8](repeating: 0, count: min(max(left, 1), copyPiece))
        while left > 0 {
            var filled = 0
            let wanted = min(buffer.count, left)
            while filled < wanted {
                let count = buffer.withUnsafeMutableBytes { read(other, $0.baseAddress! + filled, wanted - filled) }
                guard count > 0 else { return false }
                filled += count
            }
            guard readMatches(descriptor, Array(buffer[..<wanted])) else { return false }
            left -= wanted
        }
        return atEnd(descriptor)
    }

    /// The size of an open file.
    static func size(of descriptor: Int32) -> Int {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    static func writeFile(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = ixs_open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot create '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path)
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
        try writeAll(bytes[...], to: descriptor, path: path)
    }

    static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { throw Failure(description: "cannot write '\(path)': \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// Reads the next `bytes.count` bytes of `descriptor` and says whether they are `bytes`.
    static func readMatches(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: min(bytes.count, 1 << 20))
        var offset = 0
        while offset < bytes.count {
            let wanted = min(buffer.count, bytes.count - offset)
            var filled = 0
            while filled < wanted {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, wanted - filled) }
                guard count > 0 else { return false }
                filled += count
            }
            let equal = buffer.withUnsafeBytes { a in bytes.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress! + offset, wanted) == 0 } }
            guard equal else { return false }
            offset += wanted
        }
        return true
    }

    /// True when `descriptor` has no more bytes to read.
    static func atEnd(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        return read(descriptor, &byte, 1) == 0
    }
}

/// Checks relative output paths: no `..`, no absolute paths, no backslashes, no empty components.
enum OutputPath {
    /// True when `path` stays inside the output folder.
    static func isSafe(_ path: String) -> Bool {
        // Over bytes, not Characters: a `/` or `\\` after a prepended letter (U+0D4E) is inside that letter's Character.
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes[0] != UInt8(ascii: "/"), !bytes.contains(UInt8(ascii: "\\")), !bytes.contains(0) else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .allSatisfy { !$0.isEmpty && !$0.elementsEqual([0x2E]) && !$0.elementsEqual([0x2E, 0x2E]) }
    }
}

/// write(2), named apart from the writer's own `write` methods.
#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

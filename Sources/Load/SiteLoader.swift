import Foundation
import IndexSiteCore

/// Load: reads `indexsite.yml`, `Content/` and `Templates/` of a site folder into memory.
public struct SiteLoader: Sendable {
    /// The files read as lists: every file format of `SourceFormat.all`.
    static let listExtensions = Set(SourceFormat.listExtensions)
    /// The kinds of file an entry folder or a documentation folder reads as pages: a Markdown list's.
    static let pageExtensions = Set(SourceKind.markdownList.format.extensions)

    /// The folder read; every path the loader reports is relative to it.
    public let siteFolder: URL

    /// The site folder with its links resolved, found once: a file read must lie inside it (`insideSite`).
    private let root: String
    /// The site folder's path, which the paths of its files extend (joined as text: three URLs made per file were a
    /// tenth of loading a folder of 500 Markdown files).
    private let folderPath: String
    /// The resolved folders a link may lead into (`Content/`, `Templates/`, `Static/`); hidden names only in `Static/`,
    /// which publishes them.
    private let linkableFolders: [(path: String, hiddenAllowed: Bool)]

    /// A loader for the site in `siteFolder`.
    public init(siteFolder: URL) {
        self.siteFolder = siteFolder.standardizedFileURL
        root = self.siteFolder.resolvingSymlinksInPath().path
        folderPath = self.siteFolder.path
        let folderPath = folderPath
        linkableFolders = [(SiteLayout.contentFolder, false), (SiteLayout.templatesFolder, false), (SiteLayout.staticFolder, true)].compactMap { name, hidden in
            guard let resolved = realpath(SiteLoader.joined(folderPath, name), nil) else { return nil }
            defer { free(resolved) }
            return (String(cString: resolved), hidden)
        }
    }

    /// The path of a file or folder of the site, given relative to the site folder.
    private func path(of relative: String) -> String {
        SiteLoader.joined(folderPath, relative)
    }

    /// `folder` and `name` joined by one slash (the root folder already ends with one).
    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The running binary's path, size and modification time, so that a new build of IndexSite never reuses an output
    /// an older one wrote. Read with readlink and stat on Linux: `Bundle.main` costs a small build far more than
    /// these two calls.
    static func executableIdentity() -> String {
        #if os(Linux)
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        var status = stat()
        if length > 0, stat(path, &status) == 0 {
            let executable = String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            return "\(executable) \(status.st_size) \(modified)"
        }
        return ""
        #else
        guard let executable = Bundle.main.executablePath, let attributes = try? FileManager.default.attributesOfItem(atPath: executable) else { return "" }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(executable) \(size) \(modified)"
        #endif
    }

    /// Reads the whole site into memory; unreadable files and links leaving the site are diagnostics, not failures.
    public func load() -> LoadedSite {
        var site = loadSettingsAndTheme()
        loadContent(into: &site)
        return site
    }

    /// Reads all of the site but its content: `indexsite.yml`, `Templates/` (templates, catalogs of page words,
    /// assets) and `Static/`. A build reads these first and makes its templates on another core while it reads
    /// `Content/` (`loadContent(into:)`), which may be most of the bytes.
    public func loadSettingsAndTheme() -> LoadedSite {
        var site = LoadedSite()
        site.toolIdentity = SiteLoader.executableIdentity()
        if FileManager.default.fileExists(atPath: path(of: SiteLayout.configurationFile)) {
            site.configuration = read(relative: SiteLayout.configurationFile, diagnostics: &site.diagnostics)
        }
        let templatesFolder = resolved(SiteLayout.templatesFolder)
        for name in listing(SiteLayout.templatesFolder) where name.hasSuffix(".mustache") {
            let relative = SiteLayout.templatesFolder + "/" + name
            guard insideSite(relative, name: name, folder: templatesFolder, diagnostics: &site.diagnostics) else { continue }
            if let file = read(relative: relative, diagnostics: &site.diagnostics) {
                site.templates[String(name.dropLast(".mustache".count))] = file
            }
        }
        var stringsWalk = FolderWalk(), assetsWalk = FolderWalk(), staticWalk = FolderWalk()
        var strings: [String] = [], assets: [String] = [], statics: [String] = []
        collectFiles(in: SiteLayout.templatesFolder + "/strings", keep: { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") },
                     walk: &stringsWalk, into: &strings, diagnostics: &site.diagnostics)
        collectFiles(in: SiteLayout.templatesFolder + "/assets", walk: &assetsWalk, into: &assets, diagnostics: &site.diagnostics)
        collectFiles(in: SiteLayout.staticFolder, includeHidden: true, walk: &staticWalk, into: &statics, diagnostics: &site.diagnostics)
        site.stringCatalogs = strings.compactMap { read(relative: $0, diagnostics: &site.diagnostics) }
        site.assets = assets.compactMap { read(relative: $0, diagnostics: &site.diagnostics) }
        site.staticFiles = statics.compactMap { stamped(relative: $0, diagnostics: &site.diagnostics) }
        return site
    }

    /// Reads `Content/` into `site`: each file or folder directly inside it is a source.
    public func loadContent(into site: inout LoadedSite) {
        site.hasContentFolder = isDirectory(SiteLayout.contentFolder)
        let contentNames = listing(SiteLayout.contentFolder)
        site.diagnostics += normalizationClashes(contentNames, in: SiteLayout.contentFolder)
        let contentFolder = resolved(SiteLayout.contentFolder)
        for name in contentNames {
            let relative = SiteLayout.contentFolder + "/" + name
            guard insideSite(relative, name: name, folder: contentFolder, diagnostics: &site.diagnostics) else { continue }
            if isDirectory(relative) {
                site.sources.append(.folder(path: relative, files: pages(in: relative, diagnostics: &site.diagnostics)))
            } else if SiteLoader.listExtensions.contains(fileExtension(name)) {
                if let file = read(relative: relative, diagnostics: &site.diagnostics) { site.sources.append(.file(file)) }
            } else {
                let reason = UnreadFiles.reason(forListFile: relative)
                site.unreadSources[name] = UnreadSource(why: reason.why, fix: reason.fix)
                site.diagnostics.append(UnreadFiles.warning(forListFile: relative, reason: reason))
            }
        }
    }

    /// How deep folders are read below the folder a walk starts in; deeper ones are named in an error, not dropped.
    static let folderDepthLimit = 64
    /// How many paths (through links) may lead to one folder within one walk: aliases are published as copies, and
    /// a chain of folders each linking twice to the one below would otherwise be read 2^n times.
    static let folderReadLimit = 16

    /// What one walk of a folder tree has seen: the folders being read (a link back to one of them is a cycle) and
    /// how often each folder was read (through links, an alias is a copy).
    struct FolderWalk {
        var ancestors: [FolderIdentity: String] = [:]
        var reads: [FolderIdentity: Int] = [:]
    }

    /// The paths of the files of a folder and its subfolders that `keep` accepts (given each file's path), in path order. `Static/` keeps hidden files
    /// (`.nojekyll`, `.well-known/`). A link to a folder is read as a copy of it (`docs/latest -> v2` publishes both),
    /// but a link back to a folder being read is a cycle and not followed: `ln -s . loop` would otherwise read the
    /// folder again and again (issue 17, item 10).
    func collectFiles(in relative: String, includeHidden: Bool = false, keep: (String) -> Bool = { _ in true },
                              depth: Int = 0, walk: inout FolderWalk, into files: inout [String],
                              diagnostics: inout [Diagnostic]) {
        let at = SourceLocation(path: relative, line: 1)
        guard depth <= SiteLoader.folderDepthLimit else {
            diagnostics.append(.error(.folderWalkLimit, "'\(relative)' is more than \(SiteLoader.folderDepthLimit) folders deep; its files are not read",
                                      at: at, hint: "move the files into a shallower folder"))
            return
        }
        let identity = FolderIdentity(path: path(of: relative))
        if let identity {
            if let first = walk.ancestors[identity] {
                diagnostics.append(.warning(.symlinkCycle, "'\(relative)' leads back to '\(first)', which is already read; it is not read again",
                                            at: at, hint: "remove the link, or point it at a folder outside this list"))
                return
            }
            let reads = walk.reads[identity, default: 0] + 1
            guard reads <= SiteLoader.folderReadLimit else {
                diagnostics.append(.warning(.folderWalkLimit, "'\(relative)' is the \(reads)th path through links to the same folder; it is not read again",
                                            at: at, hint: "link to the folder fewer times, or copy it"))
                return
            }
            walk.reads[identity] = reads
            walk.ancestors[identity] = relative
        }
        defer { if let identity { walk.ancestors[identity] = nil } }
        let folder = resolved(relative)
        for name in listing(relative, includeHidden: includeHidden) {
            let childPath = relative + "/" + name
            guard insideSite(childPath, name: name, folder: folder, diagnostics: &diagnostics) else { continue }
            if isDirectory(childPath) {
                collectFiles(in: childPath, includeHidden: includeHidden, keep: keep, depth: depth + 1, walk: &walk,
                             into: &files, diagnostics: &diagnostics)
            } else if keep(childPath) {
                files.append(childPath)
            }
        }
    }

    /// Visible names in a folder of the site, sorted by their UTF-8 bytes; empty when the folder does not exist.
    private func listing(_ relative: String, includeHidden: Bool = false) -> [String] {
        let names = folderNames(atPath: path(of: relative)) ?? []
        return names.filter { includeHidden ? $0 != ".DS_Store" : !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    func isDirectory(_ relative: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path(of: relative), isDirectory: &directory) && directory.boolValue
    }

    /// The pages of a folder source, in path order; its other files are named in `unread-file` warnings.
    func pages(in relative: String, diagnostics: inout [Diagnostic]) -> [SourceFile] {
        var paths: [String] = []
        var walk = FolderWalk()
        var unread: [String] = []
        collectFiles(in: relative, keep: { path in
            if isMarkdown(path) { return true }
            unread.append(path)
            return false
        }, walk: &walk, into: &paths, diagnostics: &diagnostics)
        diagnostics += UnreadFiles.warnings(unread, inFolder: relative)
        return paths.compactMap { read(relative: $0, diagnostics: &diagnostics) }
    }

    /// The last part of a path relative to the site.
    private func lastComponent(_ path: String) -> String {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// True for a page a folder source reads (`.md`, `.markdown`, `.mdx`), given its name or path.
    package func isMarkdown(_ name: String) -> Bool {
        SiteLoader.pageExtensions.contains(fileExtension(lastComponent(name)))
    }

    /// Found over bytes: a prepended letter (U+0D4E) makes one Character of itself and the dot after it.
    func fileExtension(_ name: String) -> String {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return "" }
        return String(decoding: utf8[utf8.index(after: dot)...], as: UTF8.self).lowercased()
    }

    /// A path of the site with its links resolved.
    func resolved(_ relative: String) -> String {
        URL(fileURLWithPath: path(of: relative)).resolvingSymlinksInPath().path
    }

    /// Refuses files that lie outside the site folder, and links that lead anywhere but into `Content/`, `Templates/`
    /// or `Static/` (never to the site's other files, its `.git/`, a hidden file, or outside): a link is the user's
    /// choice of what to publish only when it points at what they publish anyway. `folder` is the resolved path of the
    /// folder holding `name`: a name that is not a link lies there, and only links are resolved one by one (resolving
    /// every name was a large share of loading a folder of Markdown files).
    func insideSite(_ relative: String, name: String, folder: String, diagnostics: inout [Diagnostic]) -> Bool {
        let at = SourceLocation(path: relative, line: 1)
        guard isSymbolicLink(relative) else {
            let lying = SiteLoader.joined(folder, name)
            if SiteLoader.isInside(lying, root) { return true }
            diagnostics.append(.error(.symlinkOutsideSite, "'\(relative)' lies in '\(folder)', outside the site folder", at: at,
                                      hint: "copy the file into the site instead of linking to it"))
            return false
        }
        let written = (try? FileManager.default.destinationOfSymbolicLink(atPath: path(of: relative))) ?? "?"
        guard let target = realpath(path(of: relative), nil) else {
            let reason = errno
            if reason == ELOOP {
                diagnostics.append(.error(.symlinkCycle, "'\(relative)' is a link to '\(written)' that loops back on itself, so it leads to no file",
                                          at: at, hint: "point the link at a file or folder, or remove it"))
            } else {
                diagnostics.append(.error(.sourceUnreadable, "'\(relative)' is a link to '\(written)', which does not exist", at: at,
                                          hint: "point the link at an existing file, or remove it"))
            }
            return false
        }
        let resolved = String(cString: target)
        free(target)
        if SiteLoader.isInside(resolved, root), let place = linkableFolders.first(where: { SiteLoader.isInside(resolved, $0.path) }) {
            // Within `Content/` and `Templates/` a hidden name is never read, so a link may not reach one either.
            let inner = resolved.dropFirst(place.path.count).split(separator: "/")
            if place.hiddenAllowed || !inner.contains(where: { $0.hasPrefix(".") }) { return true }
        }
        let problem = SiteLoader.isInside(resolved, root) ? "'\(relative)' is a link to '\(written)', outside \(SiteLayout.contentFolder)/, \(SiteLayout.templatesFolder)/ and \(SiteLayout.staticFolder)/ or hidden, so it is not followed"
            : "'\(relative)' is a link to '\(resolved)', outside the site folder"
        diagnostics.append(.error(.symlinkOutsideSite, problem, at: at,
                                  hint: "link only to files and folders inside Content/, Templates/ or Static/, or copy the file there"))
        return false
    }

    /// True when `path` is `folder` or lies inside it.
    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(joined(folder, ""))
    }

    /// True for a symbolic link; false for a path that cannot be looked at (reading it then says why: a name that is
    /// not UTF-8, a file that vanished).
    private func isSymbolicLink(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(of: relative), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// A file of `Static/` by its stamp (size, modification time, identity), not its bytes; nil with a diagnostic
    /// when it is not a regular file or cannot be read.
    private func stamped(relative: String, diagnostics: inout [Diagnostic]) -> StaticFile? {
        let path = path(of: relative)
        if let problem = notARegularFile(path, relative: relative) {
            diagnostics.append(problem)
            return nil
        }
        var info = stat()
        guard stat(path, &info) == 0, access(path, R_OK) == 0 else {
            diagnostics.append(.error(.sourceUnreadable, "cannot read '\(relative)'", at: SourceLocation(path: relative, line: 1),
                                      hint: "check the file's permissions"))
            return nil
        }
        #if os(Linux)
        let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        #else
        let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
        #endif
        let stamp = "\(info.st_size) \(modified) \(info.st_dev) \(info.st_ino)"
        return StaticFile(path: relative, location: path, stamp: stamp)
    }

    func read(relative: String, diagnostics: inout [Diagnostic]) -> SourceFile? {
        let path = path(of: relative)
        if let problem = notARegularFile(path, relative: relative) {
            diagnostics.append(problem)
            return nil
        }
        guard let bytes = SiteLoader.contents(atPath: path) else {
            diagnostics.append(.error(.sourceUnreadable, "cannot read '\(relative)'", at: SourceLocation(path: relative, line: 1),
                                      hint: "check the file's permissions"))
            return nil
        }
        return SourceFile(path: relative, bytes: bytes)
    }

    /// A file's bytes, read straight into the array: read into `Data` and copied, a large file was written into memory
    /// twice, a large share of a rebuild that finds nothing changed. Nil when it cannot be read (without the error
    /// value Foundation makes for a missing file, which is costly the first time it is made).
    package static func contents(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        /// Reads into `buffer` until it is full or the file ends; the count read, or nil on an error.
        func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int? {
            var filled = 0
            while filled < buffer.count {
                let count = systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    return nil
                }
                if count == 0 { break }
                filled += count
            }
            return filled
        }
        var failed = false
        var bytes = [UInt8](hugePagedCapacity: max(Int(status.st_size), 0)) { buffer, count in
            guard let filled = fill(UnsafeMutableRawBufferPointer(buffer)) else { failed = true; count = 0; return }
            count = filled
        }
        // A file that grew since `fstat` is read to its end.
        var more = [UInt8](repeating: 0, count: 4096)
        while !failed {
            guard let filled = more.withUnsafeMutableBytes(fill) else { failed = true; break }
            if filled == 0 { break }
            bytes += more[..<filled]
        }
        return failed ? nil : bytes
    }
}

/// read(2), named apart from the loader's own `read` methods.
#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

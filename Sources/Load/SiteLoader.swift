import Foundation
import IndexSiteCore

/// Load: reads `indexsite.yml`, `Content/` and `Templates/` of a site folder into memory.
public struct SiteLoader: Sendable {
    static let listExtensions: Set<String> = ["csv", "tsv", "tab", "json", "yml", "yaml", "md", "markdown", "mdx"]
    /// The kinds of file an entry folder or a documentation folder reads as pages.
    static let pageExtensions: Set<String> = ["md", "markdown", "mdx"]

    /// The folder read; every path the loader reports is relative to it.
    public let siteFolder: URL

    /// The site folder with its links resolved, found once: a file read must lie inside it (`insideSite`).
    private let root: String
    /// The site folder's path, which the paths of its files extend (joined as text: three URLs made per file were a
    /// tenth of loading a folder of 500 Markdown files).
    private let folderPath: String

    /// A loader for the site in `siteFolder`.
    public init(siteFolder: URL) {
        self.siteFolder = siteFolder.standardizedFileURL
        root = self.siteFolder.resolvingSymlinksInPath().path
        folderPath = self.siteFolder.path
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
    /// an older one wrote. Read with readlink and stat on Linux: `Bundle.main` cost a twentieth of a small build.
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
        var visitedStrings: [FolderIdentity: String] = [:]
        collectFiles(in: SiteLayout.templatesFolder + "/strings", keep: { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") },
                     visited: &visitedStrings, into: &site.stringCatalogs, diagnostics: &site.diagnostics)
        var visitedAssets: [FolderIdentity: String] = [:], visitedStatic: [FolderIdentity: String] = [:]
        collectFiles(in: SiteLayout.templatesFolder + "/assets", visited: &visitedAssets, into: &site.assets,
                     diagnostics: &site.diagnostics)
        collectFiles(in: SiteLayout.staticFolder, includeHidden: true, visited: &visitedStatic, into: &site.staticFiles,
                     diagnostics: &site.diagnostics)
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

    /// The files of a folder and its subfolders that `keep` accepts (given each file's path), in path order. `Static/` keeps hidden files
    /// (`.nojekyll`, `.well-known/`). Each folder is read once, however many links lead to it: `ln -s . loop` would
    /// otherwise read the folder again and again (issue 17, item 10).
    func collectFiles(in relative: String, includeHidden: Bool = false, keep: (String) -> Bool = { _ in true },
                              depth: Int = 0, visited: inout [FolderIdentity: String], into files: inout [SourceFile],
                              diagnostics: inout [Diagnostic]) {
        guard depth < 16 else { return }
        if let identity = FolderIdentity(path: path(of: relative)) {
            if let first = visited[identity] {
                diagnostics.append(.warning(.symlinkCycle, "'\(relative)' leads back to '\(first)', which is already read; it is not read again",
                                            at: SourceLocation(path: relative, line: 1), hint: "remove the link, or point it at a folder outside this list"))
                return
            }
            visited[identity] = relative
        }
        let folder = resolved(relative)
        for name in listing(relative, includeHidden: includeHidden) {
            let childPath = relative + "/" + name
            guard insideSite(childPath, name: name, folder: folder, diagnostics: &diagnostics) else { continue }
            if isDirectory(childPath) {
                collectFiles(in: childPath, includeHidden: includeHidden, keep: keep, depth: depth + 1, visited: &visited,
                             into: &files, diagnostics: &diagnostics)
            } else if keep(childPath), let file = read(relative: childPath, diagnostics: &diagnostics) {
                files.append(file)
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
        var files: [SourceFile] = []
        var visited: [FolderIdentity: String] = [:]
        var unread: [String] = []
        collectFiles(in: relative, keep: { path in
            if isMarkdown(path) { return true }
            unread.append(path)
            return false
        }, visited: &visited, into: &files, diagnostics: &diagnostics)
        diagnostics += UnreadFiles.warnings(unread, inFolder: relative)
        return files
    }

    /// The last part of a path relative to the site.
    private func lastComponent(_ path: String) -> String {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// True for a page a folder source reads (`.md`, `.markdown`, `.mdx`), given its name or path.
    func isMarkdown(_ name: String) -> Bool {
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

    /// Refuses files that are symbolic links to places outside the site folder (or that lie in a folder that is one).
    /// `folder` is the resolved path of the folder holding `name`: a name that is not a link lies there, and only links
    /// are resolved one by one (each a tenth of a millisecond, a fifth of loading a folder of 500 Markdown files).
    func insideSite(_ relative: String, name: String, folder: String, diagnostics: inout [Diagnostic]) -> Bool {
        let resolved = isSymbolicLink(relative) ? resolved(relative) : SiteLoader.joined(folder, name)
        if resolved == root || resolved.hasPrefix(SiteLoader.joined(root, "")) { return true }
        diagnostics.append(.error(.symlinkOutsideSite, "'\(relative)' is a link to '\(resolved)', outside the site folder", at: SourceLocation(path: relative, line: 1),
                                  hint: "copy the file into the site instead of linking to it"))
        return false
    }

    /// True for a symbolic link, and for a path that cannot be looked at (it is then resolved as a link would be).
    private func isSymbolicLink(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(of: relative), &info) != 0 || (info.st_mode & S_IFMT) == S_IFLNK
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

    /// A file's bytes, read straight into the array: read into `Data` and copied, a 100,000-row file (12 MB) was
    /// written into memory twice, a fifth of a rebuild that finds nothing changed. Nil when it cannot be read (without
    /// the error value Foundation makes for a missing file, which cost a fortieth of a 1,000-entry build).
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
                let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
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

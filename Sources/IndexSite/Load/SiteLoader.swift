import Foundation

/// One source of content: a single file (CSV, TSV, JSON, Markdown list) or a folder of Markdown entry files.
public enum ContentSource: Sendable {
    /// A file that is one list by itself.
    case file(SourceFile)
    /// A folder whose Markdown files (subfolders included, in path order) make one list; `path` is relative to the site.
    case folder(path: String, files: [SourceFile])

    /// The path relative to `Content/`, as `source:` names it in the configuration.
    public var sourceName: String {
        switch self {
        case .file(let file): String(file.path.dropFirst(SiteLoader.contentFolder.count + 1))
        case .folder(let path, _): String(path.dropFirst(SiteLoader.contentFolder.count + 1))
        }
    }
}

/// Everything the build reads from disk, read once, before any other stage runs.
public struct LoadedSite: Sendable {
    /// `indexsite.yml`, when the site has one.
    public var configuration: SourceFile?
    /// Content sources in path order, so the build never depends on the file system's listing order.
    public var sources: [ContentSource] = []
    /// The site's own templates (`Templates/*.mustache`), which override the built-in theme file by file.
    public var templates: [String: SourceFile] = [:]
    /// Static files of the theme (`Templates/assets/`), copied to the output's `assets/`.
    public var assets: [SourceFile] = []
    /// The files of `Static/`, copied as they are to the output root (path relative to the site, `Static/CNAME`).
    public var staticFiles: [SourceFile] = []
    /// Whether the site has a `Content/` folder at all (a build without one is an error with a hint).
    public var hasContentFolder = true
    /// The site's own catalogs of page words (`Templates/strings/<locale>.yml`), over the built-in ones key by key.
    public var stringCatalogs: [SourceFile] = []
    /// Files that could not be read, and links that point outside the site.
    public var diagnostics: [Diagnostic] = []
    /// The running program's identity (path, size, modification time), so a new build of IndexSite never reuses old output.
    var toolIdentity = ""
}

/// Load: reads `indexsite.yml`, `Content/` and `Templates/` of a site folder into memory.
public struct SiteLoader: Sendable {
    /// The name of the site configuration file, in the site folder.
    public static let configurationFile = "indexsite.yml"
    /// The folder of the site's sources; each file or folder directly inside it is one list.
    public static let contentFolder = "Content"
    /// Files copied verbatim to the output root, subfolders and hidden files included (CNAME, .nojekyll, images).
    public static let staticFolder = "Static"
    /// The folder of the site's own templates and `assets/`, which override the built-in theme.
    public static let templatesFolder = "Templates"
    static let listExtensions: Set<String> = ["csv", "tsv", "tab", "json", "md", "markdown"]

    /// The folder read; every path the loader reports is relative to it.
    public var siteFolder: URL

    /// A loader for the site in `siteFolder`.
    public init(siteFolder: URL) {
        self.siteFolder = siteFolder.standardizedFileURL
    }

    /// Reads the whole site into memory; unreadable files and links leaving the site are diagnostics, not failures.
    public func load() -> LoadedSite {
        var site = LoadedSite()
        let files = FileManager.default
        if let executable = Bundle.main.executablePath, let attributes = try? files.attributesOfItem(atPath: executable) {
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            site.toolIdentity = "\(executable) \(size) \(modified)"
        }
        let root = siteFolder.resolvingSymlinksInPath().path
        let configPath = siteFolder.appendingPathComponent(SiteLoader.configurationFile).path
        if files.fileExists(atPath: configPath) {
            site.configuration = read(relative: SiteLoader.configurationFile, diagnostics: &site.diagnostics)
        }
        site.hasContentFolder = isDirectory(SiteLoader.contentFolder)
        let contentNames = listing(SiteLoader.contentFolder)
        site.diagnostics += normalizationClashes(contentNames, in: SiteLoader.contentFolder)
        for name in contentNames {
            let relative = SiteLoader.contentFolder + "/" + name
            guard insideSite(relative, root: root, diagnostics: &site.diagnostics) else { continue }
            if isDirectory(relative) {
                var entryFiles: [SourceFile] = []
                var visited: [FolderIdentity: String] = [:]
                collectFiles(in: relative, root: root, keep: isMarkdown, visited: &visited, into: &entryFiles, diagnostics: &site.diagnostics)
                site.sources.append(.folder(path: relative, files: entryFiles))
            } else if SiteLoader.listExtensions.contains(fileExtension(name)) {
                if let file = read(relative: relative, diagnostics: &site.diagnostics) { site.sources.append(.file(file)) }
            }
        }
        for name in listing(SiteLoader.templatesFolder) where name.hasSuffix(".mustache") {
            let relative = SiteLoader.templatesFolder + "/" + name
            guard insideSite(relative, root: root, diagnostics: &site.diagnostics) else { continue }
            if let file = read(relative: relative, diagnostics: &site.diagnostics) {
                site.templates[String(name.dropLast(".mustache".count))] = file
            }
        }
        var visitedStrings: [FolderIdentity: String] = [:]
        collectFiles(in: SiteLoader.templatesFolder + "/strings", root: root, keep: { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") },
                     visited: &visitedStrings, into: &site.stringCatalogs, diagnostics: &site.diagnostics)
        var visitedAssets: [FolderIdentity: String] = [:], visitedStatic: [FolderIdentity: String] = [:]
        collectFiles(in: SiteLoader.templatesFolder + "/assets", root: root, visited: &visitedAssets, into: &site.assets,
                     diagnostics: &site.diagnostics)
        collectFiles(in: SiteLoader.staticFolder, root: root, includeHidden: true, visited: &visitedStatic, into: &site.staticFiles,
                     diagnostics: &site.diagnostics)
        return site
    }

    /// The files of a folder and its subfolders that `keep` accepts, in path order. `Static/` keeps hidden files
    /// (`.nojekyll`, `.well-known/`). Each folder is read once, however many links lead to it: `ln -s . loop` would
    /// otherwise read the folder again and again (issue 17, item 10).
    private func collectFiles(in relative: String, root: String, includeHidden: Bool = false, keep: (String) -> Bool = { _ in true },
                              depth: Int = 0, visited: inout [FolderIdentity: String], into files: inout [SourceFile],
                              diagnostics: inout [Diagnostic]) {
        guard depth < 16 else { return }
        if let identity = FolderIdentity(path: siteFolder.appendingPathComponent(relative).path) {
            if let first = visited[identity] {
                diagnostics.append(.warning(.symlinkCycle, "'\(relative)' leads back to '\(first)', which is already read; it is not read again",
                                            at: SourceLocation(path: relative, line: 1), hint: "remove the link, or point it at a folder outside this list"))
                return
            }
            visited[identity] = relative
        }
        for name in listing(relative, includeHidden: includeHidden) {
            let childPath = relative + "/" + name
            guard insideSite(childPath, root: root, diagnostics: &diagnostics) else { continue }
            if isDirectory(childPath) {
                collectFiles(in: childPath, root: root, includeHidden: includeHidden, keep: keep, depth: depth + 1, visited: &visited,
                             into: &files, diagnostics: &diagnostics)
            } else if keep(name), let file = read(relative: childPath, diagnostics: &diagnostics) {
                files.append(file)
            }
        }
    }

    /// Visible names in a folder of the site, sorted by their UTF-8 bytes; empty when the folder does not exist.
    private func listing(_ relative: String, includeHidden: Bool = false) -> [String] {
        let path = siteFolder.appendingPathComponent(relative).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { includeHidden ? $0 != ".DS_Store" : !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private func isDirectory(_ relative: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: siteFolder.appendingPathComponent(relative).path, isDirectory: &directory) && directory.boolValue
    }

    private func isMarkdown(_ name: String) -> Bool {
        let ext = fileExtension(name)
        return ext == "md" || ext == "markdown"
    }

    /// Found over bytes: a prepended letter (U+0D4E) makes one Character of itself and the dot after it.
    private func fileExtension(_ name: String) -> String {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return "" }
        return String(decoding: utf8[utf8.index(after: dot)...], as: UTF8.self).lowercased()
    }

    /// Refuses files that are symbolic links to places outside the site folder.
    private func insideSite(_ relative: String, root: String, diagnostics: inout [Diagnostic]) -> Bool {
        let url = siteFolder.appendingPathComponent(relative)
        let resolved = url.resolvingSymlinksInPath().path
        if resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") { return true }
        diagnostics.append(.error(.symlinkOutsideSite, "'\(relative)' is a link to '\(resolved)', outside the site folder", at: SourceLocation(path: relative, line: 1),
                                  hint: "copy the file into the site instead of linking to it"))
        return false
    }

    private func read(relative: String, diagnostics: inout [Diagnostic]) -> SourceFile? {
        let path = siteFolder.appendingPathComponent(relative).path
        if let problem = notARegularFile(path, relative: relative) {
            diagnostics.append(problem)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.append(.error(.sourceUnreadable, "cannot read '\(relative)'", at: SourceLocation(path: relative, line: 1),
                                      hint: "check the file's permissions"))
            return nil
        }
        return SourceFile(path: relative, bytes: [UInt8](data))
    }
}

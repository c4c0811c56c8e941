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
    /// The folder of the site's own templates and `assets/`, which override the built-in theme.
    public static let templatesFolder = "Templates"
    static let listExtensions: Set<String> = ["csv", "tsv", "json", "md", "markdown"]

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
        let contentNames = listing(SiteLoader.contentFolder)
        for name in contentNames {
            let relative = SiteLoader.contentFolder + "/" + name
            guard insideSite(relative, root: root, diagnostics: &site.diagnostics) else { continue }
            if isDirectory(relative) {
                var entryFiles: [SourceFile] = []
                collectMarkdown(in: relative, root: root, depth: 0, into: &entryFiles, diagnostics: &site.diagnostics)
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
        let stringsFolder = SiteLoader.templatesFolder + "/strings"
        for name in listing(stringsFolder) where name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
            let relative = stringsFolder + "/" + name
            guard !isDirectory(relative), insideSite(relative, root: root, diagnostics: &site.diagnostics) else { continue }
            if let file = read(relative: relative, diagnostics: &site.diagnostics) { site.stringCatalogs.append(file) }
        }
        let assetsFolder = SiteLoader.templatesFolder + "/assets"
        for name in listing(assetsFolder) {
            let relative = assetsFolder + "/" + name
            guard !isDirectory(relative), insideSite(relative, root: root, diagnostics: &site.diagnostics) else { continue }
            if let file = read(relative: relative, diagnostics: &site.diagnostics) { site.assets.append(file) }
        }
        return site
    }

    /// Markdown files of a folder and its subfolders (documentation is nested), in path order.
    private func collectMarkdown(in relative: String, root: String, depth: Int, into files: inout [SourceFile], diagnostics: inout [Diagnostic]) {
        guard depth < 16 else { return }
        for child in listing(relative) {
            let childPath = relative + "/" + child
            guard insideSite(childPath, root: root, diagnostics: &diagnostics) else { continue }
            if isDirectory(childPath) {
                collectMarkdown(in: childPath, root: root, depth: depth + 1, into: &files, diagnostics: &diagnostics)
            } else if isMarkdown(child), let file = read(relative: childPath, diagnostics: &diagnostics) {
                files.append(file)
            }
        }
    }

    /// Visible names in a folder of the site, sorted by their UTF-8 bytes; empty when the folder does not exist.
    private func listing(_ relative: String) -> [String] {
        let path = siteFolder.appendingPathComponent(relative).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }
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

    private func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
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
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.append(.error(.sourceUnreadable, "cannot read '\(relative)'", at: SourceLocation(path: relative, line: 1),
                                      hint: "check the file's permissions"))
            return nil
        }
        return SourceFile(path: relative, bytes: [UInt8](data))
    }
}

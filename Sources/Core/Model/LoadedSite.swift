/// One source of content: a single file (CSV, TSV, JSON, Markdown list) or a folder of Markdown entry files.
public enum ContentSource: Sendable {
    /// A file that is one list by itself.
    case file(SourceFile)
    /// A folder whose Markdown files (subfolders included, in path order) make one list; `path` is relative to the site.
    case folder(path: String, files: [SourceFile])

    /// A source in `Content/` is named by its path inside it (`books.csv`); one elsewhere in the site folder by its
    /// path there (`README.md`, `docs`), as `lists:` names it.
    static func name(ofPath path: String) -> String {
        path.hasPrefix(SiteLayout.contentFolder + "/") ? String(path.dropFirst(SiteLayout.contentFolder.count + 1)) : path
    }

    /// The name `source:` gives it in the configuration (see `name(ofPath:)`).
    public var sourceName: String {
        switch self {
        case .file(let file): Self.name(ofPath: file.path)
        case .folder(let path, _): Self.name(ofPath: path)
        }
    }
}

/// A file of `Static/`, known by where it is and what `stat` says of it: it is copied into the output a piece at a time
/// when written, never held whole (a large video was held in memory on every build, even one that changed nothing, and
/// under a memory limit the build died with a trap).
public struct StaticFile: Sendable {
    /// The path relative to the site folder, as diagnostics name it (`Static/images/logo.svg`).
    public var path: String
    /// Where the file is read from when it is copied.
    public var location: String
    /// Its size, modification time and identity on the file system, for the site's fingerprint: a file that
    /// changes is a file whose stamp changes.
    public var stamp: String

    public init(path: String, location: String, stamp: String) {
        self.path = path
        self.location = location
        self.stamp = stamp
    }
}

/// Why a file of `Content/` is not read, and what to do: said in its `unread-file` warning, and again when a list
/// names it as its source.
public struct UnreadSource: Sendable {
    /// What follows "it" in the sentence: "is a spreadsheet (.xlsx), which IndexSite does not read".
    public var why: String
    /// What to do, as a hint.
    public var fix: String

    /// A reason and its fix.
    public init(why: String, fix: String) {
        self.why = why
        self.fix = fix
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
    /// The files of `Static/`, copied as they are to the output root (path relative to the site, `Static/CNAME`);
    /// never read into memory (see `StaticFile`).
    public var staticFiles: [StaticFile] = []
    /// Whether the site has a `Content/` folder at all (a build without one is an error with a hint).
    public var hasContentFolder = true
    /// The site's own catalogs of page words (`Templates/strings/<locale>.yml`), over the built-in ones key by key.
    public var stringCatalogs: [SourceFile] = []
    /// Files directly inside `Content/` that are not read because of their kind, by their name there (as `source:`
    /// names them), so a list naming one is told about its kind.
    public var unreadSources: [String: UnreadSource] = [:]
    /// The contributing guide awesome-lint looks for beside each Markdown list file, by the file's path (Load finds
    /// them, so the lint reads no disk and a new or emptied guide changes the fingerprint).
    public var contributingGuides: [String: ContributingGuide] = [:]
    /// Files that could not be read, and links that point outside the site.
    public var diagnostics: [Diagnostic] = []
    /// The running program's identity (path, size, modification time), so a new build of IndexSite never reuses old output.
    package var toolIdentity = ""

    /// An empty site, for the loader to fill in.
    package init() {}
}

/// The names of a site folder's parts, read by Load and named in diagnostics and hints by every stage.
public enum SiteLayout {
    /// The name of the site configuration file, in the site folder.
    public static let configurationFile = "indexsite.yml"
    /// The folder of the site's sources; each file or folder directly inside it is one list.
    public static let contentFolder = "Content"
    /// Files copied verbatim to the output root, subfolders and hidden files included (CNAME, .nojekyll, images).
    public static let staticFolder = "Static"
    /// The folder of the site's own templates and `assets/`, which override the built-in theme.
    public static let templatesFolder = "Templates"
}

/// How a list's entries are put into sections.
public enum Grouping: Sendable, Hashable {
    /// By the first letter of the sort title, in the locale's alphabet.
    case letter
    /// By the Markdown list's own headings, in the order the file declares them.
    case heading
    /// By the value of a field (a category, tags: an entry with several values is in several sections).
    case field(KeyPath)
    /// By a date field, one section per day, month or year.
    case date(KeyPath, DateGranularity)
}

public enum DateGranularity: String, Sendable, Hashable, CaseIterable {
    case day, month, year
}

/// What the index strip shows for a section: the whole title, its initials, or its first letter.
public enum IndexTitleStyle: String, Sendable, Hashable, CaseIterable {
    case auto, initials, full
    case firstLetter = "first-letter"
}

/// What happens to a section with no entries (a letter nobody starts with, a declared room with no chores).
public enum EmptySectionStyle: String, Sendable, Hashable, CaseIterable {
    /// Greyed in the strip, no header on the page: the Contacts app's behaviour.
    case index
    /// In the strip and on the page, with an empty header.
    case show
    /// Not shown at all.
    case hide
}

/// What the entries of a folder source are.
public enum ListKind: String, Sendable, Hashable, CaseIterable {
    /// One entry per Markdown file (a glossary, a directory).
    case entries
    /// A general index of documentation: every heading of every page, and the terms pages list under `index:`.
    case headings
}

/// Whether a large list is cut into one page per section.
public enum SplitStyle: String, Sendable, Hashable, CaseIterable {
    case none, sections, auto
}

/// Where the catch-all section ("#": digits, symbols, other scripts) stands.
public enum CatchAllPosition: String, Sendable, Hashable, CaseIterable {
    case first, last
}

/// One sort key: a field and a direction.
public struct SortKey: Sendable, Hashable {
    public var path: KeyPath
    public var descending: Bool

    public init(path: KeyPath, descending: Bool = false) {
        self.path = path
        self.descending = descending
    }

    /// Reads `title` or `-year`.
    public init(parsing text: String) {
        if text.hasPrefix("-") {
            self.init(path: KeyPath(String(text.dropFirst())), descending: true)
        } else {
            self.init(path: KeyPath(text.hasPrefix("+") ? String(text.dropFirst()) : text))
        }
    }
}

/// Every setting of one list, resolved: site defaults, then the list's entry in `indexsite.yml`, then the source's front matter.
public struct ListSettings: Sendable, Hashable {
    /// The source path relative to `Content/`.
    public var source: String
    public var title: String?
    public var description: String?
    /// The output folder name; derived from the source's name when absent.
    public var slug: String?
    /// `nil` means the default for the source kind: headings for Markdown lists, letters otherwise.
    public var grouping: Grouping?
    public var sectionOrder: [String]?
    public var sort: [SortKey] = []
    public var ignorePrefixes: [String] = []
    public var indexTitles: IndexTitleStyle = .auto
    public var emptySections: EmptySectionStyle = .index
    public var titleField: KeyPath = "title"
    public var urlField: KeyPath = "url"
    public var descriptionField: KeyPath = "description"
    /// Extra fields shown with each entry; `nil` means every plain field not otherwise shown (CSV and JSON) or none (Markdown).
    public var fields: [KeyPath]?
    public var locale: String = "en"
    public var indexLocales: [String] = []
    public var catchAllLabel: String = "#"
    public var catchAllPosition: CatchAllPosition = .last
    public var split: SplitStyle = .auto
    /// Whether each entry also gets a page of its own; `nil` means yes for entry folders, no otherwise.
    public var entryPages: Bool?
    /// Date sections newest first unless turned off.
    public var newestFirst: Bool = true
    /// For folder sources: entry files, or a documentation index of headings.
    public var kind: ListKind = .entries
    /// For documentation indexes: how the docs' generator makes heading ids.
    public var headingIDs: DocsIndexParser.HeadingIDStyle = .github
    /// For documentation indexes: what `.md` becomes in links to the pages.
    public var linkExtension: String = ".html"
    /// For documentation indexes: prefixed to every link to a page.
    public var linkBase: String = ""
    /// Where each setting was written (indexsite.yml or front matter), so problems found later point at it.
    public var locations: [String: SourceLocation] = [:]

    /// The place a setting was written, or `fallback` when it was not written anywhere.
    public func location(of key: String, or fallback: SourceLocation) -> SourceLocation {
        locations[key] ?? fallback
    }

    public init(source: String) {
        self.source = source
    }
}

/// The site-wide settings of `indexsite.yml`.
public struct SiteSettings: Sendable, Hashable {
    public var title: String = "Index"
    public var description: String?
    /// When set, pages get canonical links and the site a `sitemap.xml`.
    public var baseURL: String?
    public var locale: String = "en"
    public var indexLocales: [String] = []
    public var catchAllLabel: String = "#"
    public var catchAllPosition: CatchAllPosition = .last
    /// Lets raw HTML and any link scheme through Markdown; off by default because content is often edited by many hands.
    public var allowUnsafeHTML: Bool = false
    /// Per-list settings, in the order the configuration lists them.
    public var lists: [ListSettings] = []
    /// Where each site-wide setting was written.
    public var locations: [String: SourceLocation] = [:]
    /// Where each configured list was declared, for diagnostics about its source.
    public var listLocations: [String: SourceLocation] = [:]

    public init() {}

    /// The settings a list starts from before its own configuration applies.
    public func defaults(forSource source: String) -> ListSettings {
        var settings = ListSettings(source: source)
        settings.locale = locale
        settings.indexLocales = indexLocales
        settings.catchAllLabel = catchAllLabel
        settings.catchAllPosition = catchAllPosition
        for key in ["locale", "index_locales", "catch_all_label", "catch_all_position"] {
            if let location = locations[key] { settings.locations[key] = location }
        }
        return settings
    }
}

/// How a list's entries are put into sections.
public enum Grouping: Sendable, Hashable {
    /// By the first letter of the sort title, in the locale's alphabet.
    case letter
    /// By the Markdown list's own headings, in the order the file declares them.
    case heading
    /// By the value of a field (a category, tags: an entry with several values is in several sections).
    case field(FieldPath)
    /// By a date field, one section per day, month or year.
    case date(FieldPath, DateGranularity)
}

/// How wide the sections of a list grouped by date are (`group_by: date:<key path>:month`).
public enum DateGranularity: String, Sendable, Hashable, CaseIterable {
    /// One section per day: "22 November 2026".
    case day
    /// One section per month: "November 2026".
    case month
    /// One section per year: "2026".
    case year
}

/// What the index strip shows for a section: the whole title, its initials, or its first letter.
public enum IndexTitleStyle: String, Sendable, Hashable, CaseIterable {
    /// The whole title when it is short (up to three characters), its initials otherwise.
    case auto
    /// The first letter of each word: "MB" for "Master Bathroom".
    case initials
    /// The whole title, however long.
    case full
    /// The title's first letter, upper-cased.
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

/// Which extra checks `check` and `build` run over a list's source.
public enum LintStyle: String, Sendable, Hashable, CaseIterable {
    /// No extra checks.
    case none
    /// The checks awesome-list maintainers run: alphabetical order within sections, duplicate links, entries without
    /// a description, links to anchors the README does not have.
    case awesome
}

/// Whether a large list is cut into one page per section.
public enum SplitStyle: String, Sendable, Hashable, CaseIterable {
    /// Always one page.
    case none
    /// One page per section, with an overview page; the strip links across the pages.
    case sections
    /// One page per section only past `PageRenderer.automaticSplitThreshold` entries.
    case auto
}

/// Where the catch-all section ("#": digits, symbols, other scripts) stands.
public enum CatchAllPosition: String, Sendable, Hashable, CaseIterable {
    /// Before every other section.
    case first
    /// After every other section, as iOS puts "#".
    case last
}

/// One sort key: a field and a direction.
public struct SortKey: Sendable, Hashable {
    /// The field compared, by its dotted key path.
    public var path: FieldPath
    /// True for `-year`: largest or last first.
    public var descending: Bool

    /// Sorts by the field at `path`, ascending unless told otherwise.
    public init(path: FieldPath, descending: Bool = false) {
        self.path = path
        self.descending = descending
    }

    /// Reads `title` or `-year`.
    public init(parsing text: String) {
        if text.hasPrefix("-") {
            self.init(path: FieldPath(String(text.dropFirst())), descending: true)
        } else {
            self.init(path: FieldPath(text.hasPrefix("+") ? String(text.dropFirst()) : text))
        }
    }
}

/// Every setting of one list: the site file's defaults, then the list's entry in `indexsite.yml`, then the source's
/// front matter, resolved once by `ListSettings.resolve` before the list is sectioned.
public struct ListSettings: Sendable, Hashable {
    /// The source path relative to `Content/`.
    public var source: String
    /// The list's title; when nil, the source's own `# Title`, else a title made from the file name.
    public var title: String?
    /// Markdown shown under the list's title; when nil, the source's own description, if any.
    public var description: String?
    /// The output folder name; derived from the source's name when absent.
    public var slug: String?
    /// `nil` means the default for the source kind: headings for Markdown lists, letters otherwise.
    public var grouping: Grouping?
    /// Section titles to put first, in this order; the others follow in collation order.
    public var sectionOrder: [String]?
    /// How entries are sorted inside a section; empty means by title (or source order under headings).
    public var sort: [SortKey] = []
    /// Leading words ignored for sorting and letters, case-insensitively ("The " files "The Hobbit" under H).
    public var ignorePrefixes: [String] = []
    /// A field whose text sorts and letters the entry instead of its title: a phonetic reading (日本 read にほん files
    /// under な), as iOS Contacts uses the phonetic name; entries without it use their title.
    public var readingField: FieldPath?
    /// The title of the section holding a Markdown list's entries that stand before its first heading, in the
    /// list's language (set from its catalog of page words).
    public var defaultSectionTitle: String = "Entries"
    /// The title of the last section of a list grouped by date, holding the entries without a date (`undated_section`).
    public var undatedSectionTitle: String = "Undated"
    /// The title of the last section of a list grouped by a field, holding the entries without a value for it, with
    /// `{field}` standing for the field (`no_value_section`: "No {field}").
    public var noValueSectionTitle: String = "No {field}"
    /// How category section titles are shortened for the strip.
    public var indexTitles: IndexTitleStyle = .auto
    /// What happens to sections with no entries.
    public var emptySections: EmptySectionStyle = .index
    /// The field that names an entry: its title, sort key, letter and id.
    public var titleField: FieldPath = "title"
    /// The field holding an entry's link (http, https, mailto and relative links only).
    public var urlField: FieldPath = "url"
    /// The Markdown field shown under each entry.
    public var descriptionField: FieldPath = "description"
    /// The field holding an entry's picture (`image_field`); nil means `image`, else `logo`, when entries have one.
    public var imageField: FieldPath?
    /// Extra fields shown with each entry; `nil` means every plain field not otherwise shown (CSV and JSON) or none (Markdown).
    public var fields: [FieldPath]?
    /// Fields `entries.json` publishes besides the shown ones (`publish_fields`): hidden columns stay out of every output.
    public var publishFields: [FieldPath] = []
    /// `publish_fields: all`: `entries.json` publishes every field, shown or not.
    public var publishAllFields = false
    /// Fields readers narrow the list by (`facets: [language, license]`): chips per value on the list page, and a
    /// page per value, because a directory is browsed by more than the one field its sections follow.
    public var facets: [FieldPath] = []
    /// The ICU locale id that decides collation, the alphabet of the strip and date titles (`sv`, `de@collation=phonebook`).
    public var locale: String = "en"
    /// Locales whose alphabets are added to the strip, as UIKit shows A–Z before the kana.
    public var indexLocales: [String] = []
    /// The title and strip label of the catch-all section for digits, symbols and other scripts.
    public var catchAllLabel: String = "#"
    /// Whether the catch-all section comes first or last.
    public var catchAllPosition: CatchAllPosition = .last
    /// Whether the list is cut into one page per section.
    public var split: SplitStyle = .auto
    /// At most this many entries on one page of a section of a split list (`page_size`); a longer section is cut
    /// into several pages (`SectionPaging`).
    public var pageSize: Int = SectionPaging.defaultPageSize
    /// Whether each entry also gets a page of its own; `nil` means yes for entry folders, no otherwise.
    public var entryPages: Bool?
    /// Date sections newest first unless turned off.
    public var newestFirst: Bool = true
    /// Entries added (by the git history) less than this many seconds before the HEAD commit are marked new
    /// (`new_for: 30d`); nil marks none.
    public var newFor: Int64?
    /// For folder sources: entry files, or a documentation index of headings.
    public var kind: ListKind = .entries
    /// For documentation indexes: how the docs' generator makes heading ids; `nil` follows `linkStyle` (github without one).
    public var headingIDs: DocsLinkStyle?
    /// For documentation indexes: the tool that publishes the pages (their URLs and heading ids); `nil` links `page.html`.
    public var linkStyle: DocsLinkStyle?
    /// For documentation indexes: what `.md` becomes in links with the github or pandoc style; `nil` is the style's own.
    public var linkExtension: String?
    /// For documentation indexes: prefixed to every link to a page.
    public var linkBase: String = ""
    /// For JSON sources: the key path of the array inside the document (`items: "3166-1"`); nil means the top level.
    public var items: FieldPath?
    /// For CSV/TSV: the field separator (one character); nil means detected from the header line.
    public var separator: String?
    /// For CSV/TSV: lines starting with this text are skipped (`comment: "#"`).
    public var comment: String?
    /// For CSV/TSV: the field names, when the file has no header row.
    public var header: [String]?
    /// For CSV/TSV: rows with fewer fields than the header are read with the missing trailing fields empty.
    public var allowsShortRows: Bool = false
    /// Splits a field's text into several values for `group_by` (`values_separator: ","`); nil keeps it whole.
    public var valuesSeparator: String?
    /// The same per field (`values_separator: {tags: ",", authors: ";"}`); wins over `valuesSeparator`.
    public var valuesSeparatorByField: [String: String] = [:]

    /// The separator that splits the text of the field at `path` into several values, if any.
    public func valuesSeparator(for path: FieldPath) -> String? {
        valuesSeparatorByField[path.description] ?? valuesSeparator
    }
    /// Extra checks of a Markdown list's source (`lint: awesome`), reported as warnings.
    public var lint: LintStyle = .none
    /// Which lint rules run and how severe their findings are (`lint: {sorted: true, awesome-badge: off}`).
    public var lintRules = LintRules()
    /// Labels readers see for fields, by field name (`official_name: Official name`); others are humanised.
    public var fieldLabels: [String: String] = [:]
    /// Where each setting was written (indexsite.yml or front matter), so problems found later point at it.
    /// Items of list settings are also kept as `key#item` (`sort#1`, `values_separator#tags`), so a problem with one
    /// item points at that item. Read and written through the typed key only.
    private var locations: [String: SourceLocation] = [:]

    /// The place a setting was written, or `fallback` when it was not written anywhere.
    public func location(of key: ListSettingKey, or fallback: SourceLocation) -> SourceLocation {
        locations[key.rawValue] ?? fallback
    }

    /// The place one item of a setting was written (`item` is its index in a list, or its field name in a mapping),
    /// else the setting's place, else `fallback`.
    public func location(of key: ListSettingKey, item: String, or fallback: SourceLocation) -> SourceLocation {
        locations["\(key.rawValue)#\(item)"] ?? location(of: key, or: fallback)
    }

    /// Whether the setting was written anywhere (not left at its default).
    public func isWritten(_ key: ListSettingKey) -> Bool {
        locations[key.rawValue] != nil
    }

    /// Records where the setting, or one item of it, was written.
    package mutating func setLocation(_ location: SourceLocation, of key: ListSettingKey, item: String? = nil) {
        locations[item.map { "\(key.rawValue)#\($0)" } ?? key.rawValue] = location
    }

    /// The defaults for the list read from `source` (a path inside `Content/`); in-memory lists may name anything.
    public init(source: String) {
        self.source = source
    }
}

/// The site-wide settings of `indexsite.yml`.
public struct SiteSettings: Sendable, Hashable {
    /// The site's name, shown in every page header and on the home page.
    public var title: String = "Index"
    /// The home page's description, also its `<meta name="description">`.
    public var description: String?
    /// When set, pages get canonical links and the site a `sitemap.xml`.
    public var baseURL: String?
    /// The default locale of every list, and the language of the pages (`<html lang>`).
    public var locale: String = "en"
    /// The default extra alphabets of every list's strip.
    public var indexLocales: [String] = []
    /// The default label of every list's catch-all section.
    public var catchAllLabel: String = "#"
    /// Where every list's catch-all section stands by default.
    public var catchAllPosition: CatchAllPosition = .last
    /// The default `new_for` of every list, in seconds.
    public var newFor: Int64?
    /// Lets raw HTML and any link scheme through Markdown; off by default because content is often edited by many hands.
    public var allowUnsafeHTML: Bool = false
    /// Markdown shown at the foot of every page (a licence, an attribution), so a footer needs no template.
    public var footer: String?
    /// The address of the page that edits a source, with `{path}` standing for its path in the site folder
    /// (`https://github.com/me/site/edit/main/{path}`): readers who spot a mistake can fix it.
    public var editURL: String?
    /// Page words the site changes or adds, by locale (`strings:` in `indexsite.yml`), over every other catalog.
    public var strings: [String: StringCatalog] = [:]
    /// How external links are checked (`links:`).
    public var links = LinkSettings()
    /// Per-list settings, in the order the configuration lists them.
    public var lists: [ListSettings] = []
    /// Where each site-wide setting was written.
    public var locations: [SiteSettingKey: SourceLocation] = [:]
    /// Where each configured list was declared, for diagnostics about its source.
    public var listLocations: [String: SourceLocation] = [:]

    /// The settings of a site with no `indexsite.yml`.
    public init() {}

    /// The settings a list starts from before its own configuration applies.
    public func defaults(forSource source: String) -> ListSettings {
        var settings = ListSettings(source: source)
        settings.locale = locale
        settings.indexLocales = indexLocales
        settings.catchAllLabel = catchAllLabel
        settings.catchAllPosition = catchAllPosition
        settings.newFor = newFor
        let inherited: [(SiteSettingKey, ListSettingKey)] = [
            (.locale, .locale), (.indexLocales, .indexLocales), (.catchAllLabel, .catchAllLabel), (.catchAllPosition, .catchAllPosition),
            (.newFor, .newFor),
        ]
        for (site, list) in inherited {
            if let location = locations[site] { settings.setLocation(location, of: list) }
        }
        return settings
    }
}

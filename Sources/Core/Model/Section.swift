/// A group of entries on a list page: a letter bucket, a category, a month.
public struct Section: Sendable {
    /// The heading shown on the page: "A", "Master Bathroom", "November 2026".
    public var title: String
    /// The section index title in the strip: "A", "MB", "Nov 2026".
    public var label: String
    /// Markdown describing the section (a paragraph under a Markdown list heading).
    public var description: String?
    /// The entries of the section, in display order.
    public var entries: [Entry]
    /// The catch-all section for digits, symbols and other scripts ("#").
    public var isCatchAll: Bool
    /// The anchor id on the page, set by the AnchorAllocator.
    public var id: String = ""
    /// Depth in the heading tree: 1 for a top-level section, 2 for its sub-sections, and so on. Sections stay one flat
    /// array in page order (the tree's pre-order); a section's sub-sections are the deeper ones that follow it.
    public var level: Int = 1
    /// For a Markdown list's heading: the id GitHub gives it, which the README's `#` links use (`InPageLinks` points
    /// them at `id`), and where the heading is.
    public var githubID: String?
    public var location: SourceLocation?
    /// The HTML anchors of the Markdown list's HTML blocks left out in this section (see `DeclaredSection.htmlAnchors`).
    public var htmlAnchors: [String] = []

    /// A section titled `title`; its strip label is the title unless given.
    public init(title: String, label: String? = nil, description: String? = nil, entries: [Entry] = [], isCatchAll: Bool = false) {
        self.title = title
        self.label = label ?? title
        self.description = description
        self.entries = entries
        self.isCatchAll = isCatchAll
    }

    /// True when no entry is in the section: greyed in the strip, shown or hidden as `empty_sections` says.
    public var isEmpty: Bool { entries.isEmpty }

    /// The section's entries with their nested items, as the reader sees them on the page.
    public var readerEntryCount: Int { entries.itemCount }
}

extension [Entry] {
    /// The entries with all their nested items, counted where they are: `reduce` copied every entry, a retain per field.
    var itemCount: Int {
        let entries = span
        var count = entries.count
        for index in entries.indices where !entries[index].children.isEmpty { count += entries[index].children.itemCount }
        return count
    }
}

extension Entry {
    /// This entry and all its nested items.
    var itemCount: Int { 1 + children.itemCount }
}

/// What kind of source a list was read from; its row of `SourceFormat.all` (`format`) decides its defaults.
public enum SourceKind: String, Sendable, CaseIterable {
    /// A CSV or TSV file: one entry per row.
    case csv
    /// A JSON or YAML data file: one entry per record of its array or keyed map, or per plain value of an array.
    case json
    /// A Markdown list file: list items are entries, headings are sections.
    case markdownList
    /// A folder of Markdown files with front matter: one entry, with a page of its own, per file.
    case entryFolder
    /// A folder of Markdown documentation indexed by its headings and `index:` terms (`kind: headings`).
    case docsIndex
}

/// One list, sectioned and ready to render: the output of the Section and Anchor stages.
public struct IndexedList: Sendable {
    /// The list's resolved settings, which the renderer reads too (fields shown, split, empty sections).
    public var settings: ListSettings

    /// The entry's title, read from the field that names this list's entries (`title_field`, or the one picked when
    /// the entries have no `title`).
    public func title(of entry: Entry) -> String? { entry.text(at: settings.titleField) }

    /// Where the entry links to, read from this list's `url_field`.
    public func url(of entry: Entry) -> String? { entry.text(at: settings.urlField) }
    /// The list's heading and page title.
    public var title: String
    /// Markdown shown under the title, when the list has a description.
    public var description: String?
    /// The output folder of the list, unique in the site.
    public var slug: String
    /// The kind of source the list was read from.
    public var kind: SourceKind
    /// The sections in page order, with their entries and anchor ids.
    public var sections: [Section]
    /// The newest `updated` of the list's entries (RFC 3339, UTC), set by the build when it read the list's history:
    /// the page's "Last updated", and what tells the renderer the entries have `added` for a feed.
    public var lastUpdated: String?
    /// The time from which an entry's `added` counts as new (`new_for`), written as `added` is (RFC 3339, UTC), so the
    /// two compare as text: set by the build from the HEAD commit's time, not the clock, so a build is the same on any day.
    public var newSince: String?

    /// A list from sections already made; `make(title:entries:settings:kind:)` sections plain entries in one call.
    public init(settings: ListSettings, title: String, description: String?, slug: String, kind: SourceKind, sections: [Section]) {
        self.settings = settings
        self.title = title
        self.description = description
        self.slug = slug
        self.kind = kind
        self.sections = sections
    }

    /// Entries on the list, counting an entry once per section it appears in.
    public var entryCount: Int { sections.reduce(0) { $0 + $1.entries.count } }

    /// Entries a reader counts: every item on the page, nested items included, once per section it appears in.
    /// The header, the home page and the filter's status all count this way, so their numbers agree.
    public var readerEntryCount: Int { sections.reduce(0) { $0 + $1.readerEntryCount } }

    /// Whether each entry gets a page of its own: the `entry_pages` setting, or yes for entry folders only.
    public var hasEntryPages: Bool { settings.entryPages ?? kind.format.entryPagesByDefault }
}

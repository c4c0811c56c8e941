/// A group of entries on a list page: a letter bucket, a category, a month.
public struct Section: Sendable {
    /// The heading shown on the page: "A", "Master Bathroom", "November 2026".
    public var title: String
    /// The section index title in the strip: "A", "MB", "Nov 2026".
    public var label: String
    /// Markdown describing the section (a paragraph under a Markdown list heading).
    public var description: String?
    public var entries: [Entry]
    /// The catch-all section for digits, symbols and other scripts ("#").
    public var isCatchAll: Bool
    /// The anchor id on the page, set by the AnchorAllocator.
    public var id: String = ""

    public init(title: String, label: String? = nil, description: String? = nil, entries: [Entry] = [], isCatchAll: Bool = false) {
        self.title = title
        self.label = label ?? title
        self.description = description
        self.entries = entries
        self.isCatchAll = isCatchAll
    }

    public var isEmpty: Bool { entries.isEmpty }
}

/// What kind of source a list was read from; decides defaults such as entry pages.
public enum SourceKind: String, Sendable {
    case csv, json, markdownList, entryFolder, docsIndex
}

/// One list, sectioned and ready to render: the output of the Section and Anchor stages.
public struct IndexedList: Sendable {
    public var settings: ListSettings
    public var title: String
    public var description: String?
    /// The output folder of the list, unique in the site.
    public var slug: String
    public var kind: SourceKind
    public var sections: [Section]

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

    public var hasEntryPages: Bool { settings.entryPages ?? (kind == .entryFolder) }
}

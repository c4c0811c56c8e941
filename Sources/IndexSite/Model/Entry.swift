/// One item of a list: a CSV row, a JSON object, a Markdown list item or a Markdown entry file.
public struct Entry: Sendable {
    public var fields: FieldRecord
    /// Where the entry starts in its source, for diagnostics.
    public var location: SourceLocation
    /// Nested items of a Markdown list, kept under their parent.
    public var children: [Entry]
    /// The Markdown body of an entry file, rendered on the entry's own page.
    public var body: String?
    /// The heading a Markdown list item stands under, for sectioning by heading.
    public var heading: String?
    /// The anchor id on the page, set by the AnchorAllocator.
    public var id: String = ""
    /// Where individual fields were written, when the source says (front matter keys); others fall back to `location`.
    public var fieldLocations: [String: SourceLocation] = [:]

    /// Where a field was written, as precisely as the source allows.
    public func location(of path: KeyPath) -> SourceLocation {
        fieldLocations[path.components.first ?? ""] ?? location
    }

    public init(fields: FieldRecord, location: SourceLocation, children: [Entry] = [], body: String? = nil, heading: String? = nil) {
        self.fields = fields
        self.location = location
        self.children = children
        self.body = body
        self.heading = heading
    }

    public func text(at path: KeyPath) -> String? {
        guard let value = fields.value(at: path) else { return nil }
        let text = value.displayText
        return text.isEmpty ? nil : text
    }
}

/// A heading of a Markdown list file: a section the author declared, possibly with no items.
public struct DeclaredSection: Sendable, Hashable {
    public var title: String
    /// The paragraph under the heading, as Markdown.
    public var description: String?
    public var location: SourceLocation

    public init(title: String, description: String? = nil, location: SourceLocation) {
        self.title = title
        self.description = description
        self.location = location
    }
}

/// What a parser makes of one source: entries, declared sections, the settings a file carries about itself, and problems.
public struct ParsedSource: Sendable {
    public var entries: [Entry] = []
    public var declaredSections: [DeclaredSection] = []
    /// The list's own title and description, when the source names them (a Markdown list's `# Title` or front matter).
    public var title: String?
    public var description: String?
    /// Settings from the source's front matter, applied over the site configuration.
    public var settings: SettingsPatch?
    public var diagnostics: [Diagnostic] = []

    public init() {}
}

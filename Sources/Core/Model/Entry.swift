/// One item of a list: a CSV row, a JSON object, a Markdown list item or a Markdown entry file.
public struct Entry: Sendable {
    /// The entry's named fields in source order (`title`, `url`, `description` and any others), reached by key paths.
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
    /// Which of the source's declared sections the item stands under (an index into `ParsedSource.declaredSections`):
    /// when heading names repeat ("Libraries" under two parents) the title alone cannot say which one.
    public var declaredSectionIndex: Int?
    /// Where individual fields were written, when the source says (front matter keys); others fall back to `location`.
    public var fieldLocations: [String: SourceLocation] = [:]
    /// Set by the Sectioner on every copy of an entry it files under several sections (tags), the same number in
    /// each and unique in the list, so the renderer can show the entry in full once and refer to it elsewhere; nil
    /// for an entry in one section.
    public var copyKey: Int?

    /// Where a field was written, as precisely as the source allows.
    public func location(of path: KeyPath) -> SourceLocation {
        fieldLocations[path.components.first ?? ""] ?? location
    }

    /// An entry with `fields`; entries made in memory may leave `location` empty (diagnostics then name no file).
    public init(fields: FieldRecord, location: SourceLocation = SourceLocation(path: ""), children: [Entry] = [], body: String? = nil, heading: String? = nil) {
        self.fields = fields
        self.location = location
        self.children = children
        self.body = body
        self.heading = heading
    }

    /// The anchor id the author gave the entry (its `id` field), or nil when the id is made from the title.
    public var explicitID: String? { fields.explicitID }

    /// The field at `path` as one line of text (lists joined with ", "), or nil when it is missing or empty.
    /// Inlinable, as the field look-ups below: called across modules for every entry and field, a call that cannot be
    /// inlined copied the whole entry out of its array first (a retain and a release per field).
    @inlinable
    public func text(at path: KeyPath) -> String? {
        guard let value = fields.value(at: path) else { return nil }
        let text = value.displayText
        return text.isEmpty ? nil : text
    }
}

extension FieldRecord {
    /// The `id` field when it is non-blank text (see `Entry.explicitID`).
    package var explicitID: String? {
        guard case .text(let text)? = self["id"], !text.isBlank else { return nil }
        return text
    }
}

/// A heading of a Markdown list file: a section the author declared, possibly with no items.
public struct DeclaredSection: Sendable, Hashable {
    /// The heading's text, which becomes the section's title and is what `section_order` names.
    public var title: String
    /// The paragraph under the heading, as Markdown.
    public var description: String?
    /// Where the heading is, for diagnostics about the section.
    public var location: SourceLocation
    /// Depth in the file's heading tree: 1 for a top-level section, 2 for a sub-section, … (see `Section.level`).
    public var level: Int

    /// A section declared at `location`, with an optional Markdown description.
    public init(title: String, description: String? = nil, location: SourceLocation, level: Int = 1) {
        self.title = title
        self.description = description
        self.location = location
        self.level = level
    }
}

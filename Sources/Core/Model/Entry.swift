/// One item of a list: a CSV row, a JSON object, a Markdown list item or a Markdown entry file.
///
/// A million of them are held, sorted and moved into sections, so what most entries leave empty (nested items, an
/// entry file's body, where its front matter keys were) is kept out of line, and numbers in 32 bits: 104 bytes an
/// entry, not 168.
public struct Entry: Sendable {
    /// The entry's named fields in source order (`title`, `url`, `description` and any others), reached by key paths.
    public var fields: FieldRecord
    /// `location`, kept as its parts.
    @usableFromInline var sourcePath: String
    @usableFromInline var sourceLine: Int32
    @usableFromInline var sourceColumn: Int32
    /// The heading a Markdown list item stands under, for sectioning by heading.
    public var heading: String?
    /// The anchor id on the page, set by the AnchorAllocator.
    public var id: String = ""
    /// `declaredSectionIndex` and `copyKey`, -1 for nil.
    @usableFromInline var sectionIndex: Int32 = -1
    @usableFromInline var sharedKey: Int32 = -1
    /// What few entries have; nil for none of it.
    @usableFromInline var extras: Extras?

    /// `children`, `body` and `fieldLocations`, shared between copies of an entry until one of them changes
    /// (copy on write).
    @usableFromInline final class Extras: @unchecked Sendable {
        @usableFromInline var children: [Entry]
        @usableFromInline var body: String?
        var fieldLocations: [String: SourceLocation]

        init(children: [Entry] = [], body: String? = nil, fieldLocations: [String: SourceLocation] = [:]) {
            self.children = children
            self.body = body
            self.fieldLocations = fieldLocations
        }
    }

    /// The extras, made or copied so that this entry alone holds them, to be changed.
    private mutating func uniqueExtras() -> Extras {
        if isKnownUniquelyReferenced(&extras), let extras { return extras }
        let unique = extras.map { Extras(children: $0.children, body: $0.body, fieldLocations: $0.fieldLocations) } ?? Extras()
        extras = unique
        return unique
    }

    /// Where the entry starts in its source, for diagnostics.
    public var location: SourceLocation {
        get { SourceLocation(path: sourcePath, line: Int(sourceLine), column: Int(sourceColumn)) }
        set {
            sourcePath = newValue.path
            sourceLine = Int32(clamping: newValue.line)
            sourceColumn = Int32(clamping: newValue.column)
        }
    }

    /// Nested items of a Markdown list, kept under their parent.
    public var children: [Entry] {
        // Inlinable, as `body` is: a loop reading entries in place through a pointer copied each whole entry to call them.
        @inlinable get { extras?.children ?? [] }
        _modify {
            if extras == nil {
                // Walked over with nothing to change (most entries): no extras are made.
                var children: [Entry] = []
                yield &children
                if !children.isEmpty { extras = Extras(children: children) }
            } else {
                yield &uniqueExtras().children
            }
        }
    }

    /// The Markdown body of an entry file, rendered on the entry's own page.
    public var body: String? {
        @inlinable get { extras?.body }
        _modify {
            if extras == nil {
                var body: String?
                yield &body
                if let body { extras = Extras(body: body) }
            } else {
                yield &uniqueExtras().body
            }
        }
    }

    /// Which of the source's declared sections the item stands under (an index into `ParsedSource.declaredSections`):
    /// when heading names repeat ("Libraries" under two parents) the title alone cannot say which one.
    public var declaredSectionIndex: Int? {
        get { sectionIndex < 0 ? nil : Int(sectionIndex) }
        set { sectionIndex = newValue.map { Int32(clamping: $0) } ?? -1 }
    }

    /// Where individual fields were written, when the source says (front matter keys); others fall back to `location`.
    public var fieldLocations: [String: SourceLocation] {
        get { extras?.fieldLocations ?? [:] }
        _modify {
            if extras == nil {
                var locations: [String: SourceLocation] = [:]
                yield &locations
                if !locations.isEmpty { extras = Extras(fieldLocations: locations) }
            } else {
                yield &uniqueExtras().fieldLocations
            }
        }
    }

    /// Set by the Sectioner on every copy of an entry it files under several sections (tags), the same number in
    /// each and unique in the list, so the renderer can show the entry in full once and refer to it elsewhere; nil
    /// for an entry in one section.
    public var copyKey: Int? {
        get { sharedKey < 0 ? nil : Int(sharedKey) }
        set { sharedKey = newValue.map { Int32(clamping: $0) } ?? -1 }
    }

    /// Where a field was written, as precisely as the source allows.
    public func location(of path: FieldPath) -> SourceLocation {
        extras?.fieldLocations[path.components.first ?? ""] ?? location
    }

    /// An entry with `fields`; entries made in memory may leave `location` empty (diagnostics then name no file).
    public init(fields: FieldRecord, location: SourceLocation = SourceLocation(path: ""), children: [Entry] = [], body: String? = nil, heading: String? = nil) {
        self.fields = fields
        sourcePath = location.path
        sourceLine = Int32(clamping: location.line)
        sourceColumn = Int32(clamping: location.column)
        self.heading = heading
        if !children.isEmpty || body != nil { extras = Extras(children: children, body: body) }
    }

    /// The anchor id the author gave the entry (its `id` field), or nil when the id is made from the title.
    public var explicitID: String? { fields.explicitID }

    /// The field at `path` as one line of text (lists joined with ", "), or nil when it is missing or empty.
    /// Inlinable, as the field look-ups below: called across modules for every entry and field, a call that cannot be
    /// inlined copied the whole entry out of its array first (a retain and a release per field).
    @inlinable
    public func text(at path: FieldPath) -> String? {
        guard let value = fields.value(at: path) else { return nil }
        let text = value.displayText
        return text.isEmpty ? nil : text
    }

    /// The field named `name` (a dotted path reaches into a nested record: `author.last`) as one line of text, or nil
    /// when the entry has none: `entry["year"]`.
    public subscript(_ name: String) -> String? {
        text(at: FieldPath(name))
    }

    /// The `title` field. A list whose entries are named by another field (`title_field`) says which through
    /// `IndexedList.title(of:)`.
    public var title: String? { self["title"] }

    /// The `url` field: where the entry links to. A list with another `url_field` says which through
    /// `IndexedList.url(of:)`.
    public var url: String? { self["url"] }
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
    /// The id GitHub gives the heading (`calendar--contacts`), which in-page links of the README use.
    public var githubID: String?
    /// The HTML anchors (`<a name="tools"></a>`) of the HTML blocks right above the heading or in its section, which
    /// the page leaves out with the blocks: links to them land on the section.
    public var htmlAnchors: [String] = []

    /// A section declared at `location`, with an optional Markdown description.
    public init(title: String, description: String? = nil, location: SourceLocation, level: Int = 1) {
        self.title = title
        self.description = description
        self.location = location
        self.level = level
    }
}

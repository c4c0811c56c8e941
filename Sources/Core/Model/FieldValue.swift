/// The value of one field of an entry: text, a list (tags) or a nested record (reached by dotted key paths).
/// Numbers, booleans and dates are kept as the text the author wrote, so nothing is reformatted behind their back.
///
/// Literals make values in memory: `"Dune"` is `.text("Dune")` and `["sci-fi", "classic"]` a `.list` of texts.
public enum FieldValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// One piece of text, exactly as written in the source.
    case text(String)
    /// Several values, such as tags; an entry grouped by a list field is in one section per value.
    case list([FieldValue])
    /// Named sub-fields, such as `author` with `first` and `last`, reached as `author.last`.
    case record(FieldRecord)

    /// A text value from a string literal.
    public init(stringLiteral value: String) { self = .text(value) }

    /// A list value from an array literal.
    public init(arrayLiteral elements: FieldValue...) { self = .list(elements) }

    /// The value as one line of text: lists joined with ", ", records empty.
    @inlinable
    public var displayText: String {
        switch self {
        case .text(let text): text
        case .list(let items): items.map(\.displayText).filter { !$0.isEmpty }.joined(separator: ", ")
        case .record: ""
        }
    }

    /// True for `.text`: titles and links must be text, not lists or records.
    public var isText: Bool {
        if case .text = self { return true }
        return false
    }

    /// "a list" or "a mapping", for diagnostics about fields of the wrong kind.
    public var kindDescription: String {
        switch self {
        case .text: "text"
        case .list: "a list"
        case .record: "a mapping"
        }
    }

    /// The texts of a field that may hold one value or several (a tag list).
    public var texts: [String] {
        switch self {
        case .text(let text): [text]
        case .list(let items): items.flatMap(\.texts)
        case .record: []
        }
    }
}

/// Named fields in source order. CSV rows share one `names` array (copy-on-write), so a million rows keep one header,
/// and read their texts from the one buffer of their file (`FieldTexts`), so they keep no value of their own.
///
/// A dictionary literal keeps its order: `["title": "Dune", "year": "1965"]`.
public struct FieldRecord: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The field names, in source order; there is one value per name.
    public private(set) var names: [String]
    /// Where the values are.
    @usableFromInline private(set) var storage: Storage
    /// For a row of texts, the address of its row in the table that `storage` holds (and so keeps alive); nil for
    /// values of its own. Fields are read through this plain address: reading them through `storage` took and dropped a
    /// reference on the table every row of a file shares, from both cores at once, for every field read (with the cache
    /// line passed back and forth, those counts were a large share of a large build's time).
    @usableFromInline private(set) var row: FieldTexts.Row?

    @usableFromInline enum Storage: Sendable {
        /// Values of their own, in the order of `names`.
        case values([FieldValue])
        /// Texts only: a row of a table of texts (at `row`; a field the row lacks is empty), and the text of the last
        /// name when a parser added it after the row was written (a Markdown item's `category`, the heading it stands
        /// under).
        case texts(FieldTexts, appended: SharedText?)
    }

    /// An empty record, for fields to be added with `set(_:_:)`.
    public init() {
        self.init(names: [], values: [])
    }

    /// A record of `names` and their `values`, which must have the same count.
    public init(names: [String], values: [FieldValue]) {
        precondition(names.count == values.count, "one value per field name")
        self.names = names
        storage = .values(values)
        row = nil
    }

    /// A record of `names` whose values are the texts of the row starting at byte `row` of `texts`.
    package init(names: [String], texts: FieldTexts, row: Int) {
        self.names = names
        storage = .texts(texts, appended: nil)
        self.row = texts.row(at: row)
    }

    /// A text that many records append (`appending(_:names:)`): one object, referred to by each (a word, where a
    /// `String` beside every row made every entry 8 bytes longer).
    @usableFromInline package final class SharedText: Sendable {
        @usableFromInline package let text: String
        package init(_ text: String) { self.text = text }
    }

    /// The record with one more field, a text, named by the last of `names` (the record's names and that one, an
    /// array the caller shares between records). A row of texts stays one, with the text beside it.
    package func appending(_ text: SharedText, names: [String]) -> FieldRecord {
        var record = self
        record.append(text, names: names)
        return record
    }

    /// Appends one more field, a text, named by the last of `names`, in place (see `appending(_:names:)`): a record
    /// made anew and assigned back took and dropped a reference on each of its parts.
    package mutating func append(_ text: SharedText, names: [String]) {
        precondition(names.count == self.names.count + 1, "one more name")
        switch storage {
        case .texts(let texts, nil): storage = .texts(texts, appended: text)
        default: setValues(values + [.text(text.text)])
        }
        self.names = names
    }

    /// A record with the literal's fields in the order written; a repeated name keeps its last value, in its first place.
    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self.init()
        for (name, value) in elements { set(name, value) }
    }

    /// The field values, in the same order as `names` (made for a row of texts: read one with `value(column:)`).
    public var values: [FieldValue] {
        switch storage {
        case .values(let values): values
        case .texts: names.indices.map(value(column:))
        }
    }

    /// The values a record of its own holds; set only here, so that `row` is nil whenever `storage` holds values.
    private mutating func setValues(_ values: [FieldValue]) {
        storage = .values(values)
        row = nil
    }

    /// The text a parser appended to a row of texts, when `column` is its place (the last name, which the row itself
    /// lacks: a row written with all its names never reads this).
    @inlinable @inline(__always)
    package func appendedText(column: Int) -> String? {
        guard column == names.count - 1, case .texts(_, let appended?) = storage else { return nil }
        return appended.text
    }

    /// The value of the field at `column` (an index into `names`).
    @inlinable
    public func value(column: Int) -> FieldValue {
        if let row {
            if column >= row.fieldCount, let appended = appendedText(column: column) { return .text(appended) }
            return .text(row.withField(column) { String(decodingUTF8: $0) })
        }
        guard case .values(let values) = storage else { preconditionFailure("a row of texts has its row") }
        return values[column]
    }

    /// Calls `body` with the UTF-8 bytes of the field at `column` as one line of text (`FieldValue.displayText`), read
    /// in place when the record is a row of texts.
    @inlinable
    public func withDisplayText<Result>(column: Int, _ body: (Span<UInt8>) -> Result) -> Result {
        if let row {
            if column >= row.fieldCount, let appended = appendedText(column: column) { return body(appended.utf8.span) }
            return row.withField(column, body)
        }
        guard case .values(let values) = storage else { preconditionFailure("a row of texts has its row") }
        let text = values[column].displayText
        return body(text.utf8.span)
    }

    /// True for a row of texts, whose fields are read in place (`withDisplayText`) and never made into values.
    @inlinable
    public var isRowOfTexts: Bool { row != nil }

    /// True when every value is text (so `withDisplayText` is each value's own text).
    @inlinable
    public var isAllText: Bool {
        if row != nil { return true }
        guard case .values(let values) = storage else { return true }
        return values.allSatisfy(\.isText)
    }

    /// The value of the top-level field `name`, or nil when there is none (see `value(at:)` for dotted paths).
    @inlinable
    public subscript(name: String) -> FieldValue? {
        for index in names.indices where names[index] == name { return value(column: index) }
        return nil
    }

    /// Sets a field, replacing the value of an existing name or appending a new one.
    public mutating func set(_ name: String, _ value: FieldValue) {
        var values = self.values
        setValues([]) // `values` alone holds them now, so they change in place, not copied
        if let index = names.firstIndex(of: name) {
            values[index] = value
        } else {
            names.append(name)
            values.append(value)
        }
        setValues(values)
    }

    /// The value at a dotted key path such as `author.last`, or nil when any part of the path is missing.
    /// A field literally named `author.last` is found first.
    @inlinable
    public func value(at path: FieldPath) -> FieldValue? {
        // Most paths are one name: looked up without walking the components (a hot path, once per field and entry).
        if path.components.count == 1 { return self[path.components[0]] }
        // A field whose own name has a dot (a CSV column "meta.kind") wins over the path through a record.
        if let literal = self[path.description] { return literal }
        guard let first = path.components.first, var current = self[first] else { return nil }
        for component in path.components.dropFirst() {
            guard case .record(let record) = current, let next = record[component] else { return nil }
            current = next
        }
        return current
    }

    /// True when the record has no fields.
    public var isEmpty: Bool { names.isEmpty }

    /// Records are equal when their names and values are, wherever the values are kept.
    public static func == (a: FieldRecord, b: FieldRecord) -> Bool {
        a.names == b.names && a.values == b.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(names)
        hasher.combine(values)
    }
}

extension String {
    /// True when the text is empty or only white space: `trimmingSpaces.isEmpty` without making the trimmed copy,
    /// for checks run once per entry and field.
    package var isBlank: Bool {
        guard let first = utf8.first else { return true }
        if first > 0x20 && first < 0x7F { return false }
        return trimmingSpaces.isEmpty
    }
}

/// A dotted path into an entry's fields, such as `author.last`.
public struct FieldPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The field names along the path: `["author", "last"]` for `author.last`.
    public var components: [String]

    /// The path written with dots, as settings write it (`author.last`).
    public init(_ dotted: String) {
        components = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The path from a string literal, so settings read `titleField = "name"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// The path written with dots, as in settings and diagnostics.
    public var description: String { components.joined(separator: ".") }

    /// True when every component is non-empty: `a..b` and `.a` name no field.
    public var isWellFormed: Bool { !components.isEmpty && components.allSatisfy { !$0.isEmpty } }
}

/// The value of one field of an entry: text, a list (tags) or a nested record (reached by dotted key paths).
/// Numbers, booleans and dates are kept as the text the author wrote, so nothing is reformatted behind their back.
public enum FieldValue: Sendable, Hashable {
    case text(String)
    case list([FieldValue])
    case record(FieldRecord)

    /// The value as one line of text: lists joined with ", ", records empty.
    public var displayText: String {
        switch self {
        case .text(let text): text
        case .list(let items): items.map(\.displayText).filter { !$0.isEmpty }.joined(separator: ", ")
        case .record: ""
        }
    }

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

/// Named fields in source order. CSV rows share one `names` array (copy-on-write), so a million rows keep one header.
public struct FieldRecord: Sendable, Hashable {
    public private(set) var names: [String]
    public private(set) var values: [FieldValue]

    public init(names: [String] = [], values: [FieldValue] = []) {
        precondition(names.count == values.count, "one value per field name")
        self.names = names
        self.values = values
    }

    public subscript(name: String) -> FieldValue? {
        guard let index = names.firstIndex(of: name) else { return nil }
        return values[index]
    }

    /// Sets a field, replacing the value of an existing name or appending a new one.
    public mutating func set(_ name: String, _ value: FieldValue) {
        if let index = names.firstIndex(of: name) {
            values[index] = value
        } else {
            names.append(name)
            values.append(value)
        }
    }

    public func value(at path: KeyPath) -> FieldValue? {
        var current = FieldValue.record(self)
        for component in path.components {
            guard case .record(let record) = current, let next = record[component] else { return nil }
            current = next
        }
        return current
    }

    public var isEmpty: Bool { names.isEmpty }
}

/// A dotted path into an entry's fields, such as `author.last`.
public struct KeyPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var components: [String]

    public init(_ dotted: String) {
        components = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { components.joined(separator: ".") }

    /// True when every component is non-empty: `a..b` and `.a` name no field.
    public var isWellFormed: Bool { !components.isEmpty && components.allSatisfy { !$0.isEmpty } }
}

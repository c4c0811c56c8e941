import Yams
import IndexSiteCore

/// Reads a YAML data file (`.yml`, `.yaml`) in the shapes of `DataShape`: an array of records, a map from key to
/// record, an array of plain values, or one of these under a key (`items:`, or found when it is the only one).
/// Values stay the text the author wrote, and a tag the reader does not know (`!ruby/regexp`) is read as plain text.
public struct YAMLDataParser: Sendable {
    /// The key path of the records inside the document; nil to find them.
    public var items: FieldPath?

    /// A YAML data parser; `items` points at the records when the document keeps them under a key.
    public init(items: FieldPath? = nil) {
        self.items = items
    }

    /// Parses a file into entries, one per record (or plain value).
    public func parse(_ file: SourceFile) -> ParsedSource {
        var parsed = ParsedSource()
        let body = file.bytes[file.textStart...]
        guard let text = String(validating: body, as: UTF8.self) else {
            parsed.diagnostics.append(.error(.invalidUTF8, "the file is not valid UTF-8", at: file.location(line: 1)))
            return parsed
        }
        // A data file holds as many values as it has bytes at most, without aliases: the budget grows with it.
        let (block, diagnostics) = YAMLReader.compose(text, path: file.path, lineOffset: 0,
                                                      budget: max(YAMLReader.maximumExpandedNodes, body.count))
        parsed.diagnostics += diagnostics
        guard let block else {
            if diagnostics.isEmpty {
                parsed.diagnostics.append(.error(.jsonNotArray, "the YAML file is empty, so it has no entries", at: file.location(line: 1),
                                                 hint: "write a list of records (- name: …) or a map from key to record"))
            }
            return parsed
        }
        var node = block.node
        var path = items
        if path == nil {
            switch DataShape.collection(in: YAMLReader.fieldValue(node)) {
            case .at(let found): path = found.isWellFormed ? found : nil
            case .several(let paths):
                // Each list is read where it is; its entries say which list they come from.
                parsed.diagnostics.append(DataShape.severalListsWarning(paths, at: block.location(of: node)))
                for path in paths {
                    guard let list = YAMLDataParser.node(at: FieldPath(path), in: node) else { continue }
                    var part = ParsedSource()
                    YAMLDataParser.read(list, block: block, into: &part)
                    parsed.entries += DataShape.marked(part.entries, list: path)
                    parsed.diagnostics += part.diagnostics
                }
                return parsed
            case .none:
                parsed.diagnostics.append(.error(.jsonNotArray, "a YAML data file must be a list (- {…} or - text) or a map from key to record (key: {field: …})",
                                                 at: block.location(of: node), hint: "the document holds no list and no map of records"))
                return parsed
            }
        }
        if let path {
            guard let found = YAMLDataParser.node(at: path, in: node) else {
                let keys = YAMLDataParser.keys(of: node).map { "'\($0)'" }.joined(separator: ", ")
                parsed.diagnostics.append(.error(.jsonNotArray, "the YAML document has no list at '\(path)'", at: block.location(of: node),
                                                 hint: keys.isEmpty ? "set items to the key path of the list" : "its top-level keys: \(keys)"))
                return parsed
            }
            node = found
        }
        YAMLDataParser.read(node, block: block, into: &parsed)
        return parsed
    }

    /// Reads the list or keyed map `node` into entries.
    private static func read(_ node: Node, block: YAMLBlock, into parsed: inout ParsedSource) {
        switch node {
        case .sequence(let sequence):
            var plain: [Node] = []
            var nested: [Node] = []
            for item in sequence {
                switch item {
                case .mapping:
                    if case .record(let record) = YAMLReader.fieldValue(item) {
                        parsed.entries.append(entry(record, node: item, block: block))
                    }
                case .scalar: plain.append(item)
                case .sequence, .alias: nested.append(item)
                }
            }
            if parsed.entries.isEmpty && nested.isEmpty {
                for item in plain {
                    parsed.entries.append(Entry(fields: DataShape.record(ofPlainValue: item.string ?? ""), location: block.location(of: item)))
                }
            } else if let first = (plain + nested).min(by: { block.location(of: $0) < block.location(of: $1) }) {
                parsed.diagnostics.append(DataShape.notRecordsError(count: plain.count + nested.count, total: sequence.count,
                                                                    first: block.location(of: first), what: "list"))
            }
        case .mapping(let mapping):
            var records: [(key: Node, value: Node, record: FieldRecord)] = []
            var others: [Node] = []
            for (key, value) in mapping {
                if case .mapping = value, case .record(let record) = YAMLReader.fieldValue(value) {
                    records.append((key, value, record))
                } else {
                    others.append(key)
                }
            }
            let keyField = DataShape.keyField(for: records.map(\.record))
            for (key, value, record) in records {
                var keyed = entry(DataShape.record(record, key: key.string ?? "", keyField: keyField), node: value, block: block)
                keyed.location = block.location(of: key)
                keyed.fieldLocations[keyField] = block.location(of: key)
                parsed.entries.append(keyed)
            }
            if let first = others.first {
                parsed.diagnostics.append(DataShape.notRecordsWarning(keys: others.map { $0.string ?? "" }, first: block.location(of: first)))
            }
        case .scalar, .alias:
            parsed.diagnostics.append(.error(.jsonNotArray, "a YAML data file must be a list or a map from key to record, not a single value",
                                             at: block.location(of: node)))
        }
    }

    /// An entry of a record, knowing where each of its fields is.
    private static func entry(_ record: FieldRecord, node: Node, block: YAMLBlock) -> Entry {
        var entry = Entry(fields: record, location: block.location(of: node))
        if case .mapping(let mapping) = node {
            for (key, value) in mapping { entry.fieldLocations[key.string ?? ""] = block.location(of: value) }
        }
        return entry
    }

    /// The node at `path` inside nested mappings (a literal key with dots wins over the path).
    static func node(at path: FieldPath, in node: Node) -> Node? {
        guard case .mapping(let mapping) = node else { return nil }
        let literal = path.components.joined(separator: ".")
        if let value = mapping.first(where: { $0.key.string == literal })?.value { return value }
        guard let first = path.components.first, path.components.count > 1,
              let value = mapping.first(where: { $0.key.string == first })?.value else { return nil }
        return self.node(at: FieldPath(path.components.dropFirst().joined(separator: ".")), in: value)
    }

    private static func keys(of node: Node) -> [String] {
        guard case .mapping(let mapping) = node else { return [] }
        return mapping.map { $0.key.string ?? "" }
    }
}

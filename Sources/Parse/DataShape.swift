import IndexSiteCore

/// The shapes people keep data in, shared by the JSON and YAML readers: where a document's records are when no
/// `items:` setting says, and how an array of plain values or a map from key to record becomes entries.
enum DataShape {
    /// Where a document's records were found.
    enum Found: Equatable {
        /// The array or keyed map at this key path (empty: the document itself).
        case at(FieldPath)
        /// Several arrays or keyed maps at the same depth, named by their key paths: `items:` must pick one.
        case several([String])
        /// No array and no map of records.
        case none
    }

    /// How deep below the document's top a lone collection is looked for (MDN's `browsers.firefox.releases` is 3).
    static let searchDepth = 4

    /// True for a map whose values are mostly records (at least two, and more than half): a map from key to record,
    /// like RuboCop's cops or MDN's releases; the few other values are named in a warning. A single record is looked
    /// into instead.
    static func isKeyedMap(_ record: FieldRecord) -> Bool {
        let values = record.values
        let records = values.count { if case .record = $0 { true } else { false } }
        return records >= 2 && records * 2 > values.count
    }

    /// The one collection of `value`: the value itself when it is an array or a keyed map, else the one array (or,
    /// failing that, the one keyed map) among its fields, looking inside a lone nested record.
    static func collection(in value: FieldValue) -> Found {
        collection(in: value, prefix: [], depth: 0)
    }

    private static func collection(in value: FieldValue, prefix: [String], depth: Int) -> Found {
        let here = prefix.isEmpty ? FieldPath("") : FieldPath(prefix.joined(separator: "."))
        switch value {
        case .list: return .at(here)
        case .text: return .none
        case .record(let record):
            if isKeyedMap(record) { return .at(here) }
            let names = record.names, values = record.values
            let arrays = names.indices.filter { if case .list = values[$0] { true } else { false } }
            let maps = names.indices.filter { if case .record(let nested) = values[$0] { isKeyedMap(nested) } else { false } }
            for candidates in [arrays, maps] where !candidates.isEmpty {
                let paths = candidates.map { (prefix + [names[$0]]).joined(separator: ".") }
                return paths.count == 1 ? .at(FieldPath(paths[0])) : .several(paths)
            }
            let records = names.indices.filter { if case .record = values[$0] { true } else { false } }
            if records.count == 1, depth < searchDepth {
                return collection(in: values[records[0]], prefix: prefix + [names[records[0]]], depth: depth + 1)
            }
            return .none
        }
    }

    /// The field a map's keys are kept in: `name`, unless the records have a `name` of their own (then `key`).
    static func keyField(for records: [FieldRecord]) -> String {
        records.contains { $0["name"] != nil } ? "key" : "name"
    }

    /// The record of an array item that is a plain value (a string or a number): the value is its `name`.
    static func record(ofPlainValue text: String) -> FieldRecord {
        FieldRecord(names: ["name"], values: [.text(text)])
    }

    /// The record of a keyed map's value, with its key as the first field (unless the record already has that field).
    static func record(_ record: FieldRecord, key: String, keyField: String) -> FieldRecord {
        guard record[keyField] == nil else { return record }
        return FieldRecord(names: [keyField] + record.names, values: [.text(key)] + record.values)
    }

    /// One error for every array item of a kind that makes no entry (nested arrays, or plain values among records),
    /// with the count and where the first is, instead of one error per item.
    static func notRecordsError(count: Int, total: Int, first: SourceLocation, what: String) -> Diagnostic {
        let subject = count == 1 ? "1 item of \(total)" : "\(count) items of \(total)"
        return .error(.jsonEntryNotObject, "\(subject) in the \(what) \(count == 1 ? "is" : "are") not a record (an object with fields), so \(count == 1 ? "it makes" : "they make") no entry\(count == 1 ? "" : "; the first is here")",
                      at: first, hint: "make every item a record ({\"name\": …}), or every item a plain value (one entry each)")
    }

    /// One warning for the keys of a keyed map whose values are not records (notes beside the records).
    static func notRecordsWarning(keys: [String], first: SourceLocation) -> Diagnostic {
        let shown = keys.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (keys.count > 5 ? " and \(keys.count - 5) more" : "")
        return .warning(.jsonEntryNotObject, "\(keys.count == 1 ? "1 key holds" : "\(keys.count) keys hold") no record, so \(keys.count == 1 ? "it is" : "they are") not entries: \(shown)",
                        at: first, hint: "entries of a map are its keys whose values are records ({field: value, …})")
    }

    /// The field that says which of several lists of a document an entry comes from.
    static let listField = "list"

    /// Entries of several lists of one document read together, each marked with its list's key path in `listField`.
    static func marked(_ entries: [Entry], list: String) -> [Entry] {
        entries.map { entry in
            var entry = entry
            if entry.fields[listField] == nil { entry.fields.set(listField, .text(list)) }
            return entry
        }
    }

    /// The warning for a document holding several lists, all of which were read.
    static func severalListsWarning(_ paths: [String], at location: SourceLocation) -> Diagnostic {
        .warning(.jsonNotArray, "the document holds several lists (\(paths.map { "'\($0)'" }.joined(separator: ", "))): all are read, and each entry's '\(listField)' field says which it comes from",
                 at: location, hint: "to list one of them, set items to its key, as items: \"\(paths[0])\"; to section by them, group_by: \(listField)")
    }
}

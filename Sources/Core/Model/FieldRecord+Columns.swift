import IndexSiteEngine
/// Field look-up by column: the rows of one CSV file (or JSON array) share their field names in the same order, so a
/// name is found once per list and then read by position, instead of searched for in every row. With a million columns
/// the search per row and field made rendering quadratic in columns (issue 17, item 6).
extension FieldRecord {
    /// Where each one-name path sits in the record (nil for dotted paths and missing names). Paths in the record's own
    /// order (the shown fields of a CSV file) are found in one walk along the names, without hashing a million of them;
    /// the first path out of order switches to a dictionary of the names, made once.
    package func columns(of paths: [FieldPath]) -> [Int?] {
        var cursor = 0
        var byName: [String: Int]?
        return paths.map { path in
            guard path.components.count == 1 else { return nil }
            let name = path.components[0]
            if byName == nil {
                var probe = cursor
                while probe < names.count, names[probe] != name { probe += 1 }
                if probe < names.count {
                    cursor = probe + 1
                    return probe
                }
                var columns: [String: Int] = [:]
                columns.reserveCapacity(names.count)
                for (index, name) in names.enumerated() where columns[name] == nil { columns[name] = index }
                byName = columns
            }
            return byName?[name]
        }
    }

    /// `column` when the record has the one-name `path` there (a column found once for a list, see `columns(of:)`).
    @inlinable
    func holds(_ path: FieldPath, at column: Int?) -> Int? {
        guard path.components.count == 1, let column, column < names.count, names[column] == path.components[0] else { return nil }
        return column
    }

    /// The value at `path`, read at `column` when the record has the path's first name there, else searched for.
    @inlinable
    package func value(at path: FieldPath, column: Int?) -> FieldValue? {
        guard let column = holds(path, at: column) else { return value(at: path) }
        return value(column: column)
    }

    /// Calls `body` with the bytes of the field at `path` as one line of text, read at `column` when the record has
    /// the path's first name there, in place for a row of texts (see `FieldTexts`); nil when there is no such field.
    @inlinable
    package func withText<Result>(at path: FieldPath, column: Int?, _ body: (Span<UInt8>) -> Result) -> Result? {
        if let column = holds(path, at: column) { return withDisplayText(column: column, body) }
        guard let value = value(at: path) else { return nil }
        let text = value.displayText
        return body(text.utf8.span)
    }
}

extension FieldRecord {
    /// Calls `body` with the bytes of field `column` of a row of texts, where they are; nil (and `body` not called)
    /// when the record holds values of its own or the row lacks the field (a parser's appended text, a short row: read
    /// those with `withDisplayText`).
    @inlinable @inline(__always)
    func withRowText<Result>(column: Int, _ body: (Span<UInt8>) -> Result) -> Result? {
        guard let row, column < row.fieldCount else { return nil }
        return row.withField(column, body)
    }

    /// Where the names are kept: records with the same address share one names array, so a column found in one holds
    /// in the others without comparing names (a comparison of Strings is a call, which made the record be copied).
    @inlinable @inline(__always)
    package var namesAddress: ElementsAddress? { names.elementsAddress }
}

/// One field read from every entry of a list, in its hot loops: its key path, and its column in the list's rows,
/// found once in the first entry. Another entry with the same names array (every row of a CSV file, every item of a
/// Markdown list under the same names) is read at that column in place, with no reference taken on anything the
/// rows share, and is known to lack a one-name field its names lack; any other entry is read by path
/// (`FieldRecord.withText(at:column:_:)`).
/// Usable from inlinable code: without it, the stages' compiler sees no body of the type's inlinable methods, and calls
/// them unspecialised, an entry's fields copied for each call.
@usableFromInline package struct FieldColumn: Sendable {
    @usableFromInline package let path: FieldPath
    /// Where the field is in the first entry's names; nil when they lack it or the path is dotted.
    @usableFromInline package let column: Int?
    /// True when the path is one name, so that names without it have no such field.
    @usableFromInline package let isOneName: Bool
    /// The names the column was looked for in, kept so that their address stays theirs while this lives.
    private let names: [String]?
    @usableFromInline package let namesAddress: ElementsAddress?

    /// The fields at `paths`, their columns found in `first` (the list's first entry) in one walk along its names.
    package static func columns(_ paths: [FieldPath], in first: FieldRecord?) -> [FieldColumn] {
        let columns = first?.columns(of: paths) ?? paths.map { _ in nil }
        return zip(paths, columns).map { FieldColumn(path: $0, column: $1, names: first?.names) }
    }

    /// The field at `path`, its column found in `first`.
    package init(_ path: FieldPath, in first: FieldRecord?) {
        self = FieldColumn.columns([path], in: first)[0]
    }

    private init(path: FieldPath, column: Int?, names: [String]?) {
        self.path = path
        self.column = column
        isOneName = path.components.count == 1
        self.names = names
        namesAddress = names?.elementsAddress
    }

    /// Calls `body` with the bytes of the field of `entries[index]` as one line of text, read in place where the
    /// entry's row has them; nil when the entry has no such field. The entry is named by its span and index, not
    /// passed: an entry handed to a call the optimiser does not inline is copied first, a retain per reference it holds.
    @inlinable @inline(__always)
    package func withText<Result>(of entries: Span<Entry>, at index: Int, _ body: (Span<UInt8>) -> Result) -> Result? {
        if let text = withTextInPlace(of: entries, at: index, body) { return text }
        if isAbsent(in: entries, at: index) { return nil }
        return entries[index].fields.withText(at: path, column: column, body)
    }

    /// Calls `body` with the field's bytes where the row of `entries[index]` has them at the column; nil (and `body`
    /// not called) when they must be read by path. Only the row's address is taken out of the entry before `body`
    /// runs: holding its fields across a call the optimiser cannot see into would copy them, a retain a call.
    @inlinable @inline(__always)
    package func withTextInPlace<Result>(of entries: Span<Entry>, at index: Int, _ body: (Span<UInt8>) -> Result) -> Result? {
        guard let column, let namesAddress, entries[index].fields.namesAddress == namesAddress,
              let row = entries[index].fields.row, column < row.fieldCount else { return nil }
        return row.withField(column, body)
    }

    /// True when `entries[index]` has the names the field was looked for in, and they lack it.
    @inlinable @inline(__always)
    package func isAbsent(in entries: Span<Entry>, at index: Int) -> Bool {
        guard column == nil, isOneName, let namesAddress else { return false }
        return entries[index].fields.namesAddress == namesAddress
    }
}

extension Span<Entry> {
    /// In a loop over the entries at `index` and after, in order, asks for the row of the entry `prefetchDistance`
    /// ahead when it is before `end` (see `Entry.prefetchRow`).
    @inlinable @inline(__always)
    package func prefetchRow(after index: Int, before end: Int) {
        let ahead = index + Entry.prefetchDistance
        if ahead < end { self[ahead].prefetchRow() }
    }
}

extension Entry {
    /// How far ahead a loop over a sorted list's entries asks for their rows (see `prefetchRow`).
    @inlinable package static var prefetchDistance: Int { 8 }

    /// Asks the processor to start loading the entry's row of texts (its first three cache lines: a row with a
    /// sentence of description), for a loop that reads the entries of a sorted list in page order: their rows lie in
    /// file order, so without it every row read waited on memory (the passes over the rows of 100,000 sorted entries
    /// were half waiting).
    @inlinable @inline(__always)
    package func prefetchRow() {
        fields.row?.prefetch()
    }
}

extension Entry {
    /// The field at `path` as display text, read at `column` when the entry has it there (see `FieldRecord.value(at:column:)`).
    /// Always inlined: a call that is not copies the whole entry first when it is read in place (a retain per field,
    /// on what every row of a file shares, from every core).
    @inlinable @inline(__always)
    package func text(at path: FieldPath, column: Int?) -> String? {
        guard let value = fields.value(at: path, column: column) else { return nil }
        let text = value.displayText
        return text.isEmpty ? nil : text
    }
}

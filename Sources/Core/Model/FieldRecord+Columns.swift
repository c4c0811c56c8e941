/// Field look-up by column: the rows of one CSV file (or JSON array) share their field names in the same order, so a
/// name is found once per list and then read by position, instead of searched for in every row. With a million columns
/// the search per row and field made rendering quadratic in columns (issue 17, item 6).
extension FieldRecord {
    /// Where each one-name path sits in the record (nil for dotted paths and missing names). Paths in the record's own
    /// order (the shown fields of a CSV file) are found in one walk along the names, without hashing a million of them;
    /// the first path out of order switches to a dictionary of the names, made once.
    public func columns(of paths: [KeyPath]) -> [Int?] {
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
    func holds(_ path: KeyPath, at column: Int?) -> Int? {
        guard path.components.count == 1, let column, column < names.count, names[column] == path.components[0] else { return nil }
        return column
    }

    /// The value at `path`, read at `column` when the record has the path's first name there, else searched for.
    @inlinable
    public func value(at path: KeyPath, column: Int?) -> FieldValue? {
        guard let column = holds(path, at: column) else { return value(at: path) }
        return value(column: column)
    }

    /// Calls `body` with the bytes of the field at `path` as one line of text, read at `column` when the record has
    /// the path's first name there, in place for a row of texts (see `FieldTexts`); nil when there is no such field.
    @inlinable
    public func withText<Result>(at path: KeyPath, column: Int?, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        if let column = holds(path, at: column) { return withDisplayText(column: column, body) }
        guard let value = value(at: path) else { return nil }
        var text = value.displayText
        return text.withUTF8(body)
    }
}

extension Entry {
    /// The field at `path` as display text, read at `column` when the entry has it there (see `FieldRecord.value(at:column:)`).
    /// Always inlined: a call that is not copies the whole entry first when it is read in place (a retain per field,
    /// on what every row of a file shares, from every core).
    @inlinable @inline(__always)
    public func text(at path: KeyPath, column: Int?) -> String? {
        guard let value = fields.value(at: path, column: column) else { return nil }
        let text = value.displayText
        return text.isEmpty ? nil : text
    }
}

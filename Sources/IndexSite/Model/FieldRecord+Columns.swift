/// Field look-up by column: the rows of one CSV file (or JSON array) share their field names in the same order, so a
/// name is found once per list and then read by position, instead of searched for in every row. With a million columns
/// the search per row and field made rendering quadratic in columns (issue 17, item 6).
extension FieldRecord {
    /// The position of the top-level field `name`, or nil when the record has none.
    public func column(of name: String) -> Int? {
        names.firstIndex(of: name)
    }

    /// The value at `path`, read at `column` when the record has the path's first name there, else searched for.
    public func value(at path: KeyPath, column: Int?) -> FieldValue? {
        guard path.components.count == 1, let column, column < names.count, names[column] == path.components[0] else {
            return value(at: path)
        }
        return values[column]
    }
}

extension Entry {
    /// The field at `path` as display text, read at `column` when the entry has it there (see `FieldRecord.value(at:column:)`).
    public func text(at path: KeyPath, column: Int?) -> String? {
        guard let value = fields.value(at: path, column: column) else { return nil }
        let text = value.displayText
        return text.isEmpty ? nil : text
    }
}

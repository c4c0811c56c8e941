import IndexSiteEngine

extension FieldTexts {
    /// Moves the texts of `entries` and of their nested entries into one table, where every value of a record is text
    /// (other records keep their values), and gives records with the same names one shared array of them: the items
    /// of a Markdown list become rows like a CSV file's, not a `String` per field and two arrays per item.
    package static func compact(_ entries: inout [Entry]) {
        var builder = Builder()
        // Each record's row in walk order (an entry, then its nested entries), or nil when it keeps its values.
        var rows: [Int?] = []
        // The entries and their values are borrowed where they are: `for entry in entries` copied each entry out, a
        // retain and a release for each of its fields, a large share of the reference counting of a Markdown list's parse.
        func write(_ entries: Span<Entry>) {
            for entry in entries.indices {
                if case .values(let values) = entries[entry].fields.storage, values.allSatisfy(\.isText) {
                    let values = values.span
                    for value in values.indices {
                        if case .text(let text) = values[value] { builder.append(text.utf8.span) }
                        builder.endField()
                    }
                    rows.append(builder.nextRow)
                    builder.endRow()
                } else {
                    rows.append(nil)
                }
                if !entries[entry].children.isEmpty { write(entries[entry].children.span) }
            }
        }
        write(entries.span)
        guard rows.contains(where: { $0 != nil }) else { return }
        let table = builder.finished()
        var names = SharedNames()
        var next = 0
        func assign(_ entries: inout [Entry]) {
            for index in entries.indices {
                if let row = rows[next] {
                    entries[index].fields = FieldRecord(names: names.array(for: entries[index].fields.names), texts: table, row: row)
                }
                next += 1
                if !entries[index].children.isEmpty { assign(&entries[index].children) }
            }
        }
        assign(&entries)
    }
}

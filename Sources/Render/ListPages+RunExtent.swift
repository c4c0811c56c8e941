import IndexSiteCore

/// What a run of entries shows besides a title each, for the stylesheet's estimate of the run's height while the
/// browser has not laid it out: the characters of its descriptions and fields, which take more lines the narrower
/// the column (only the browser knows its width), and its nested items. An estimate of titles alone made
/// awesome-go's page 43% too short on a phone, so the scrollbar jumped as the reader went.
struct RunExtent: Sendable, Equatable {
    /// Characters (Unicode scalars) of the descriptions as written (a link's address counts: a rough measure) and of
    /// the fields as shown ("Licence: MIT" and the gap after it).
    var characters = 0
    /// Nested items, at all depths: a title line each.
    var lines = 0
}

extension ListPages {
    /// The extent of `entries[range]`, their nested items included.
    func runExtent(of entries: [Entry], _ range: Range<Int>) -> RunExtent {
        var extent = RunExtent()
        let entries = entries.span
        for index in range {
            _ = descriptionColumn.withText(of: entries, at: index) { extent.characters += Self.scalarCount($0) }
            for field in fieldColumns.indices {
                guard let count = fieldColumns[field].withText(of: entries, at: index, Self.scalarCount), count > 0 else { continue }
                // the name, ": ", the value and the gap to the next field, about three characters wide
                extent.characters += fieldNames[field].unicodeScalars.count + 2 + count + 3
            }
            let children = entries[index].children
            if !children.isEmpty {
                let nested = runExtent(of: children, children.indices)
                extent.characters += nested.characters
                extent.lines += nested.lines + children.count
            }
        }
        return extent
    }

    /// The Unicode scalars of UTF-8 text: every byte but the continuation bytes 0b10xxxxxx.
    static func scalarCount(_ text: Span<UInt8>) -> Int {
        var count = 0
        for i in text.indices where text[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

import IndexSiteCore

/// Which shown fields are quantities, written with the locale's grouping ("2 381 741" in sv, "2,381,741" in en), and
/// which are codes that stay as written: a population is read more easily grouped; an id, a year or a postcode is not
/// a quantity and grouping would change it.
enum QuantityField {
    /// Words of a field name that make it a code, whatever its values.
    static let codeWords: Set<String> = ["id", "code", "year", "zip", "postal", "postcode", "phone", "phonecode", "isbn", "issn",
                                         "ean", "upc", "number", "no", "version", "pin"]

    /// Whether the field at `path` is a quantity: its name holds no code word, every entry's value is empty or a
    /// whole number without a leading zero, and some value has five digits or more (a column of years or small counts
    /// is left as written).
    static func isQuantity(_ path: FieldPath, in sections: [Section]) -> Bool {
        let words = path.description.lowercased().split { !$0.isLetter }.map(String.init)
        guard !words.contains(where: codeWords.contains) else { return false }
        var long = false
        // Read in place (a CSV row's bytes), as the rows are: a column of a million numbers makes no String.
        let column = FieldColumn(path, in: sections.lazy.flatMap(\.entries).first?.fields)
        for section in sections {
            let entries = section.entries.span
            let allNumbers = entries.indices.allSatisfy { index in
                column.withText(of: entries, at: index) { text in
                    if text.isEmpty { return true }
                    var start = 0
                    if text[0] == UInt8(ascii: "-") { start = 1 }
                    let digits = text.count - start
                    guard digits > 0, digits <= 18, text[start] != 0x30 || digits == 1 else { return false }
                    for index in start..<text.count where text[index] < 0x30 || text[index] > 0x39 { return false }
                    if digits >= 5 { long = true }
                    return true
                } ?? true
            }
            if !allNumbers { return false }
        }
        return long
    }

    /// The whole number a field's bytes hold, or nil.
    static func integer(_ bytes: Span<UInt8>) -> Int? {
        Int(String(decodingUTF8: bytes))
    }
}

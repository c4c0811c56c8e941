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
            let allNumbers = section.entries.withUnsafeBufferPointer { entries in
                entries.indices.allSatisfy { index in
                    column.withText(of: entries.baseAddress! + index) { text in
                        let digits = text.drop { $0 == UInt8(ascii: "-") }
                        if text.isEmpty { return true }
                        guard text.count - digits.count <= 1, !digits.isEmpty, digits.count <= 18, digits.first != 0x30 || digits.count == 1,
                              digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
                        if digits.count >= 5 { long = true }
                        return true
                    } ?? true
                }
            }
            if !allNumbers { return false }
        }
        return long
    }

    /// The whole number a field's bytes hold, or nil.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        Int(String(decoding: bytes, as: UTF8.self))
    }
}

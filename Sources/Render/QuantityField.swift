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
    static func isQuantity(_ path: KeyPath, in sections: [Section]) -> Bool {
        let words = path.description.lowercased().split { !$0.isLetter }.map(String.init)
        guard !words.contains(where: codeWords.contains) else { return false }
        var long = false
        for section in sections {
            for entry in section.entries {
                guard let text = entry.text(at: path), !text.isEmpty else { continue }
                let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
                guard text.utf8.count - digits.count <= 1, !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                      digits.first != 0x30 || digits.count == 1, digits.count <= 18 else { return false }
                if digits.count >= 5 { long = true }
            }
        }
        return long
    }

    /// The whole number a field's bytes hold, or nil.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        Int(String(decoding: bytes, as: UTF8.self))
    }
}

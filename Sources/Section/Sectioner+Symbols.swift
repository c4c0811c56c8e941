import IndexSiteCore
extension Sectioner {
    /// The title without the punctuation and symbols it starts with (`--help` → `help`, `#[derive]` → `derive]`), for
    /// sorting and letters; a title of nothing but symbols keeps them, so it still goes to the catch-all section.
    static func strippingLeadingSymbols(_ title: String) -> String {
        guard let first = title.unicodeScalars.first, !first.properties.isAlphabetic, first.properties.numericType == nil else { return title }
        let rest = title.drop { character in
            character.unicodeScalars.allSatisfy { !$0.properties.isAlphabetic && $0.properties.numericType == nil }
        }
        return rest.isEmpty ? title : String(rest)
    }
}

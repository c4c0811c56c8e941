/// The sort keys of a list's entries, in one arena: for each entry and each field `sort` names, in that order, the
/// bytes that order it (an ICU collation key, or a number's key when every value of the field is a number), empty
/// when the entry has no value for the field.
struct SortKeyTable: Sendable {
    var bytes: [UInt8]
    /// `width` ranges of `bytes` per entry, in entry order.
    var ranges: [Range<Int>]
    /// How many keys each entry has.
    var width: Int

    /// The entry's `k`th key, nil when the entry has no value for it.
    func key(of entry: Int, _ k: Int) -> ArraySlice<UInt8>? {
        let range = ranges[entry * width + k]
        return range.isEmpty ? nil : bytes[range]
    }
}

/// The sort rules of a list, stated once and readable without the machinery that makes them fast
/// (`Sectioner.fastOrder`, held to `order` by a property test).
enum SortRule {
    /// What one entry is compared by: its keys, its title as written, and its place in the source.
    struct Item: Sendable {
        /// One per sort field, in the order `sort` names them; nil when the entry has no value for the field.
        var keys: [ArraySlice<UInt8>?]
        var rawTitle: String
        var position: Int
    }

    /// Whether `a` comes before `b`:
    /// 1. field by field, in the order `sort` names them: an entry without the field comes after one with it, in
    ///    either direction; two keys compare byte by byte (a shorter key first when it begins the longer), the
    ///    other way round for a descending field (`-year`);
    /// 2. entries no field tells apart, by their titles' UTF-8 bytes ("é" composed and decomposed, which the collator
    ///    cannot tell apart);
    /// 3. true ties by source order, so that shuffling the input never changes the output.
    static func precedes(_ a: Item, _ b: Item, descending: [Bool]) -> Bool {
        for (k, isDescending) in descending.enumerated() {
            switch (a.keys[k], b.keys[k]) {
            case (nil, nil): continue
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?):
                if x == y { continue }
                return isDescending ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y)
            }
        }
        if a.rawTitle.utf8.elementsEqual(b.rawTitle.utf8) { return a.position < b.position }
        return a.rawTitle.utf8.lexicographicallyPrecedes(b.rawTitle.utf8)
    }

    /// The order of the entries whose keys `table` holds under the rules: indices into the entries, first to last.
    static func order(_ table: SortKeyTable, rawTitles: [String], descending: [Bool]) -> [Int] {
        let items = rawTitles.indices.map { entry in
            Item(keys: (0..<table.width).map { table.key(of: entry, $0) }, rawTitle: rawTitles[entry], position: entry)
        }
        return items.indices.sorted { precedes(items[$0], items[$1], descending: descending) }
    }
}

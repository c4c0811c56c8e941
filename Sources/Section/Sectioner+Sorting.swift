import Foundation
import IndexSiteCollation
import IndexSiteCore

/// The order of entries: ignored prefixes, ICU sort keys, byte order for what the collator cannot tell apart.
extension Sectioner {
    /// The title used for sorting and letters: the title without an ignored leading article ("The "), compared
    /// case-insensitively; a title that is nothing but the article keeps it.
    static func stripPrefixes(_ title: String, _ prefixes: [String]) -> String {
        let trimmed = title.trimmingSpaces
        for prefix in prefixes where !prefix.isEmpty {
            guard let end = end(ofPrefix: prefix, in: trimmed) else { continue }
            let rest = trimmed[end...].trimmingSpaces
            if !rest.isEmpty { return rest }
        }
        return trimmed
    }

    /// Where `prefix` ends in `text` when the text starts with it (ignoring case) and goes on after it. ASCII prefixes
    /// ("The ", "A ") are compared over bytes, without lower-casing every title.
    static func end(ofPrefix prefix: String, in text: String) -> String.Index? {
        guard prefix.utf8.allSatisfy({ $0 < 0x80 }) else {
            guard text.count > prefix.count, text.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
            return text.index(text.startIndex, offsetBy: prefix.count)
        }
        var index = text.utf8.startIndex
        for expected in prefix.utf8 {
            guard index < text.utf8.endIndex else { return nil }
            let byte = text.utf8[index], folded = byte | 0x20
            guard byte == expected || (folded == expected | 0x20 && folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")) else { return nil }
            text.utf8.formIndex(after: &index)
        }
        // The prefix must end between two characters: "The" does not end inside "Thé" written with a combining accent.
        guard index < text.utf8.endIndex, let boundary = String.Index(index, within: text) else { return nil }
        return boundary
    }

    /// The entries' order under the sort settings: one collation key per entry and sort field, compared as bytes.
    /// Titles the collator cannot tell apart ("é" composed and decomposed) are ordered by their bytes, and only
    /// true ties by source order, so shuffling the input never changes the output.
    func sortedOrder(_ entries: [Entry], titles: [String], rawTitles: [String], settings: ListSettings, collator: Collator) -> [Int] {
        let sortKeys = settings.sort.isEmpty ? [SortKey(path: settings.titleField)] : settings.sort
        let width = sortKeys.count
        // A key whose every present value is a number compares by value; a missing value has an empty key. Titles never
        // do, and the reader of the locale's number marks loads Foundation's locale data, which a small build notices.
        let numberReader = sortKeys.contains { $0.path != settings.titleField } ? NumberSortKey.Reader(locale: settings.locale) : nil
        let numeric = sortKeys.map { key in
            guard key.path != settings.titleField, let numberReader else { return false }
            return NumberSortKey.allNumeric(entries.lazy.compactMap { $0.text(at: key.path) }, reader: numberReader)
        }
        // A key whose every present value is an ISO date or UTC time (`added`) is its own bytes.
        let dates = sortKeys.indices.map { k in
            !numeric[k] && sortKeys[k].path != settings.titleField && DateSortKey.allDates(entries.lazy.compactMap { $0.text(at: sortKeys[k].path) })
        }
        let readsTitle = sortKeys.map { $0.path == settings.titleField }
        // Keys are made on every core, a block of entries each, with a collator per block (a collator serves one
        // thread at a time); the blocks' keys are then joined into one arena.
        let blockCount = min(Engine.current.width, max(1, entries.count / 2048))
        let collators = [collator] + (1..<blockCount).compactMap { _ in try? Collator(locale: settings.locale) }
        let blocks = Engine.current.orderedMap(count: collators.count) { block -> (bytes: [UInt8], ranges: [Range<Int>]) in
            let lower = entries.count * block / collators.count, upper = entries.count * (block + 1) / collators.count
            var bytes: [UInt8] = []
            bytes.reserveCapacity((upper - lower) * width * 24)
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity((upper - lower) * width)
            // Fields other than the title are read from the entries where they are (a copy of an entry costs a retain per field).
            let entries = entries.span
            for index in lower..<upper {
                for k in 0..<width {
                    let start = bytes.count
                    if let text = readsTitle[k] ? titles[index] : entries[index].text(at: sortKeys[k].path) {
                        if numeric[k], let value = numberReader?.value(of: text) {
                            NumberSortKey.append(value, to: &bytes)
                        } else if dates[k] {
                            bytes.append(contentsOf: text.utf8)
                        } else {
                            collators[block].appendSortKey(of: text, to: &bytes)
                        }
                    }
                    ranges.append(start..<bytes.count)
                }
            }
            return (bytes, ranges)
        }
        var keyBytes = blocks[0].bytes
        var ranges = blocks[0].ranges
        for block in blocks.dropFirst() {
            let offset = keyBytes.count
            keyBytes += block.bytes
            ranges += block.ranges.lazy.map { $0.lowerBound + offset..<$0.upperBound + offset }
        }
        return Sectioner.fastOrder(SortKeyTable(bytes: keyBytes, ranges: ranges, width: width), rawTitles: rawTitles,
                                   descending: sortKeys.map(\.descending))
    }

    /// The order `SortRule.precedes` gives the entries whose keys `table` holds, made fast: each entry is sorted as its
    /// index beside the first 24 bytes of its one key (zeros after a shorter key), in one array, so nearly every
    /// comparison is settled there without reaching into the arena; when they are equal the full comparison decides,
    /// so the order is exactly the rule's (a property test holds it to `SortRule.order`).
    static func fastOrder(_ table: SortKeyTable, rawTitles: [String], descending: [Bool]) -> [Int] {
        let (keyBytes, keyRanges, width) = (table.bytes, table.ranges, table.width)
        let count = keyRanges.count / max(1, width)
        let comparesPrefixes = width == 1 && !descending[0]
        // Made on every core, each word of a prefix loaded whole where the key has eight bytes for it.
        var slots = Engine.current.orderedMap(count: count) { index in
            let range = keyRanges[index * width]
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            if comparesPrefixes {
                let bytes = keyBytes.span
                func word(_ at: Int) -> UInt64 {
                    if at + 8 <= range.count { return UInt64(bigEndian: bytes.word(at: range.lowerBound + at)) }
                    var word: UInt64 = 0
                    for offset in at..<at + 8 { word = word << 8 | UInt64(offset < range.count ? bytes[range.lowerBound + offset] : 0) }
                    return word
                }
                words = (word(0), word(8), word(16))
            }
            return SortSlot(prefix: words, keyLength: UInt32(range.count), position: UInt32(index))
        }
        // Sorted a run per core, then merged (`Engine.sort`): source order breaks the last ties, so no two
        // slots are equivalent and the order is the one a single sort gives.
        Engine.current.sort(&slots) { x, y in
            let a = x.index, b = y.index
            var keysEqual = false
            if comparesPrefixes, x.keyLength > 0, y.keyLength > 0 {
                if x.prefix.0 != y.prefix.0 { return x.prefix.0 < y.prefix.0 }
                if x.prefix.1 != y.prefix.1 { return x.prefix.1 < y.prefix.1 }
                if x.prefix.2 != y.prefix.2 { return x.prefix.2 < y.prefix.2 }
                keysEqual = x.keyLength == y.keyLength && x.keyLength <= SortSlot.prefixLength
            }
            if !keysEqual {
                for k in 0..<width {
                    let ra = keyRanges[a * width + k], rb = keyRanges[b * width + k]
                    // Missing values go last whichever the direction.
                    if ra.isEmpty != rb.isEmpty { return rb.isEmpty }
                    let bytes = keyBytes.span
                    let result = bytes.extracting(ra).compareBytes(bytes.extracting(rb))
                    if result != 0 { return descending[k] ? result > 0 : result < 0 }
                }
            }
            let bytes = Sectioner.compareBytes(rawTitles[a], rawTitles[b])
            return bytes == 0 ? a < b : bytes < 0
        }
        return slots.map(\.index)
    }

    /// One entry being sorted: its index and the first bytes of its first key (when a single ascending key is sorted).
    private struct SortSlot {
        static let prefixLength: UInt32 = 24
        var prefix: (UInt64, UInt64, UInt64)
        /// Kept in 32 bits, as an entry's other places are: a slot is 32 bytes, and a million are sorted in place.
        var keyLength: UInt32
        var position: UInt32
        var index: Int { Int(position) }
    }

    /// Compares two strings' UTF-8 bytes with memcmp (the generic byte-by-byte comparison weighed on every sort).
    static func compareBytes(_ a: String, _ b: String) -> Int {
        let result = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Int in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
                return order != 0 ? order : x.count - y.count
            }
        }
        if let result, let result { return result }
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }
}

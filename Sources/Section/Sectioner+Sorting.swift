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
        var keyBytes: [UInt8] = []
        keyBytes.reserveCapacity(entries.count * sortKeys.count * 24)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(entries.count * sortKeys.count)
        // A key whose every present value is a number compares by value; a missing value has an empty key.
        let numberReader = NumberSortKey.Reader(locale: settings.locale)
        let numeric = sortKeys.map { key in
            key.path != settings.titleField && NumberSortKey.allNumeric(entries.lazy.compactMap { $0.text(at: key.path) }, reader: numberReader)
        }
        let readsTitle = sortKeys.map { $0.path == settings.titleField }
        for index in entries.indices {
            for (k, key) in sortKeys.enumerated() {
                let start = keyBytes.count
                // The title is read from `titles`; other fields from the entry in place (a copy of it costs a retain per field).
                let text: String? = readsTitle[k] ? titles[index] : entries.withUnsafeBufferPointer { $0[index].text(at: key.path) }
                if let text {
                    if numeric[k], let value = numberReader.value(of: text) {
                        NumberSortKey.append(value, to: &keyBytes)
                    } else {
                        collator.appendSortKey(of: text, to: &keyBytes)
                    }
                }
                ranges.append(start..<keyBytes.count)
            }
        }
        // Ties on every key are broken by the titles' bytes, then by source order.
        let descending = sortKeys.map(\.descending)
        let width = sortKeys.count
        // Each entry is sorted as its index with its first key's first eight bytes as one big-endian number (zeros
        // after a shorter key), side by side in one array: most comparisons are settled by those, without reaching
        // into the key bytes. When they are equal the full comparison decides, so the order is exactly that of the keys.
        let comparesPrefixes = width == 1 && !descending[0]
        var slots: [SortSlot] = keyBytes.withUnsafeBufferPointer { bytes in
            entries.indices.map { index in
                let range = ranges[index * width]
                var prefix: UInt64 = 0
                if comparesPrefixes {
                    for offset in 0..<8 { prefix = prefix << 8 | UInt64(offset < range.count ? bytes[range.lowerBound + offset] : 0) }
                }
                return SortSlot(prefix: prefix, hasKey: !range.isEmpty, index: index)
            }
        }
        keyBytes.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress
            slots.sort { x, y in
                if comparesPrefixes, x.prefix != y.prefix, x.hasKey, y.hasKey { return x.prefix < y.prefix }
                let a = x.index, b = y.index
                for k in 0..<width {
                    let ra = ranges[a * width + k], rb = ranges[b * width + k]
                    // Missing values go last whichever the direction.
                    if ra.isEmpty != rb.isEmpty { return rb.isEmpty }
                    let common = min(ra.count, rb.count)
                    var result = common == 0 ? 0 : memcmp(base! + ra.lowerBound, base! + rb.lowerBound, common)
                    if result == 0 { result = ra.count == rb.count ? 0 : (ra.count < rb.count ? -1 : 1) }
                    if result != 0 { return descending[k] ? result > 0 : result < 0 }
                }
                let bytes = Sectioner.compareBytes(rawTitles[a], rawTitles[b])
                return bytes == 0 ? a < b : bytes < 0
            }
        }
        return slots.map(\.index)
    }

    /// One entry being sorted: its index and the first bytes of its first key.
    private struct SortSlot {
        var prefix: UInt64
        var hasKey: Bool
        var index: Int
    }

    /// Compares two strings' UTF-8 bytes with memcmp (the generic byte-by-byte comparison cost a tenth of sorting).
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

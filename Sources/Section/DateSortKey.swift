import IndexSiteCore

/// Sort keys for fields that hold ISO dates and UTC times (`2026-11`, `2026-11-22`, `2026-11-22T09:30:00Z`, as `added`
/// and `updated` are written): their bytes are already in time order, so they are their own keys, with no collation
/// sort key to make per entry (making those keys was a large share of a build sorted by date).
enum DateSortKey {
    /// Whether `text` is `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`, every part its fixed width: then
    /// comparing bytes is comparing times, and agrees with the collator's order of the same texts.
    static func isDate(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var count = 0
        let shape = Array("0000-00-00T00:00:00Z".utf8)
        while let byte = utf8.next() {
            guard count < shape.count else { return false }
            let expected = shape[count]
            if expected == UInt8(ascii: "0") {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            } else if byte != expected {
                return false
            }
            count += 1
        }
        return count == 4 || count == 7 || count == 10 || count == 20
    }

    /// Whether every text is a date of `isDate`'s shapes (and there is at least one).
    static func allDates(_ texts: some Sequence<String>) -> Bool {
        var any = false
        for text in texts {
            guard isDate(text) else { return false }
            any = true
        }
        return any
    }
}

import IndexSiteCore
import IndexSiteEngine

/// What an entry is known by across the versions of its source: its link, else its title (`u:` and `t:` keep the
/// two apart), so a re-worded description, a move to another section or a new place in the order is the same entry.
public enum ItemKey {
    /// The key of a parsed entry of a Markdown list: its link, else its title.
    public static func ofListItem(_ entry: Entry, titleField: FieldPath, urlField: FieldPath) -> String? {
        if let url = entry.text(at: urlField), !url.isBlank { return "u:" + url.trimmingSpaces }
        guard let title = entry.text(at: titleField), !title.isBlank else { return nil }
        return "t:" + plainTitle(Array(title.utf8))
    }

    /// The key of a record of a data file: its `id` field, else its title.
    public static func ofRecord(_ entry: Entry, titleField: FieldPath) -> String? {
        if let id = entry.explicitID { return "i:" + id.trimmingSpaces }
        guard let title = entry.text(at: titleField), !title.isBlank else { return nil }
        return "t:" + title.trimmingSpaces
    }

    /// A title without its Markdown emphasis and code marks, its spaces trimmed: `**Dune**` and `Dune` are one item.
    static func plainTitle<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let kept = bytes.filter { $0 != UInt8(ascii: "*") && $0 != UInt8(ascii: "`") && $0 != UInt8(ascii: "_") }
        return String(decoding: kept, as: UTF8.self).trimmingSpaces
    }

}

/// One line of a Markdown list file as the history reads it: which item it holds (`key`: its first link's
/// destination as written, without `<>` and backslash escapes, else its title, the text before the first " - ",
/// ": " or " — ") and the hash of its text without indentation and marker, which tells a re-worded item from a moved one.
struct ItemLine: Hashable {
    var key: String
    var text: Int
}

extension ItemLine {
    /// The item line `line` holds (list item or table row), or nil for any other line (headings, paragraphs, blanks,
    /// a table's delimiter row).
    init?(_ line: Span<UInt8>) {
        var index = 0
        let count = line.count
        while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard index < count else { return nil }
        var isTableRow = false
        switch line[index] {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            guard index + 1 < count, line[index + 1] == 0x20 || line[index + 1] == 0x09 else { return nil }
            index += 2
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var end = index
            while end < count, end - index < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[end]) { end += 1 }
            guard end + 1 < count, line[end] == UInt8(ascii: ".") || line[end] == UInt8(ascii: ")"), line[end + 1] == 0x20 else { return nil }
            index = end + 2
        case UInt8(ascii: "|"):
            isTableRow = true
            index += 1
        default:
            return nil
        }
        while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        var end = count
        while end > index, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D { end -= 1 }
        guard index < end else { return nil }
        let body = line.extracting(index..<end)
        if isTableRow, ItemLine.isDelimiterRow(body) { return nil }
        var hasher = Hasher()
        for offset in body.indices { hasher.combine(body[offset]) }
        let text = hasher.finalize()
        if let url = ItemLine.firstLink(body) {
            self.init(key: "u:" + url, text: text)
            return
        }
        // No link: the title, which for a table row is its first cell.
        var titleEnd = body.count
        if isTableRow {
            titleEnd = ItemLine.find([UInt8(ascii: "|")], in: body) ?? body.count
        } else {
            for separator in [" - ", ": ", " — ", " – "].map({ Array($0.utf8) }) {
                if let found = ItemLine.find(separator, in: body), found < titleEnd { titleEnd = found }
            }
        }
        var titleBytes: [UInt8] = []
        titleBytes.append(copying: body.extracting(0..<titleEnd))
        let title = ItemKey.plainTitle(titleBytes)
        guard !title.isEmpty else { return nil }
        self.init(key: "t:" + title, text: text)
    }

    /// Whether `body` is a table's delimiter row (`|---|:--:|`): pipes, dashes, colons and blanks only.
    static func isDelimiterRow(_ body: Span<UInt8>) -> Bool {
        for offset in body.indices {
            switch body[offset] {
            case UInt8(ascii: "|"), UInt8(ascii: "-"), UInt8(ascii: ":"), 0x20, 0x09: continue
            default: return false
            }
        }
        return true
    }

    /// The destination of the first inline link `[…](destination …)` in `text`, unescaped, or nil.
    static func firstLink(_ text: Span<UInt8>) -> String? {
        var index = 0
        while let open = ItemLine.find(Array("](".utf8), in: text, from: index) {
            var start = open + 2
            while start < text.count, text[start] == 0x20 { start += 1 }
            var destination: [UInt8] = []
            if start < text.count, text[start] == UInt8(ascii: "<") {
                var end = start + 1
                while end < text.count, text[end] != UInt8(ascii: ">") { end += 1 }
                destination.append(copying: text.extracting((start + 1)..<min(end, text.count)))
            } else {
                var depth = 0
                var end = start
                scan: while end < text.count {
                    switch text[end] {
                    case UInt8(ascii: "\\") where end + 1 < text.count:
                        destination.append(text[end + 1])
                        end += 2
                        continue
                    case UInt8(ascii: "("): depth += 1
                    case UInt8(ascii: ")"):
                        if depth == 0 { break scan }
                        depth -= 1
                    case 0x20, 0x09: break scan
                    default: break
                    }
                    destination.append(text[end])
                    end += 1
                }
            }
            if !destination.isEmpty { return String(decoding: destination, as: UTF8.self) }
            index = open + 2
        }
        return nil
    }

    /// Where `needle` first starts in `text` at or after `from`.
    static func find(_ needle: [UInt8], in text: Span<UInt8>, from: Int = 0) -> Int? {
        guard let first = needle.first, text.count >= needle.count else { return nil }
        var index = from
        while index + needle.count <= text.count {
            if text[index] == first {
                var matched = true
                for offset in 1..<needle.count where text[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}

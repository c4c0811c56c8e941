import Foundation
import IndexSiteCore

/// The plain top-level keys of TOML front matter between `+++` lines, as Hugo sites write it: strings, booleans,
/// numbers and arrays of strings (`title = "Contains"`, `draft = true`, `aliases = ["/a/"]`). Tables and anything
/// else are skipped; a docs index only needs `title`, `slug`, `url`, `draft`, `index` and `main`.
struct TOMLFrontMatter {
    var fields = FieldRecord()
    /// Where the body starts in the file's bytes, and the lines before it.
    var bodyStart: Int
    var bodyLineOffset: Int

    init?(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "+++" else { return nil }
        guard let close = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "+++" }) else { return nil }
        var names: [String] = [], values: [FieldValue] = []
        for line in lines[1..<close] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") { break } // a table: the top-level keys are over
            guard let equals = trimmed.firstIndex(of: "="), !trimmed.hasPrefix("#") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            let raw = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard let value = TOMLFrontMatter.value(raw) else { continue }
            names.append(key)
            values.append(value)
        }
        fields = FieldRecord(names: names, values: values)
        bodyLineOffset = close + 1
        bodyStart = lines[...close].reduce(0) { $0 + $1.utf8.count + 1 } + SourceFile.byteOrderMarkLength(bytes)
        bodyStart = min(bodyStart, bytes.count)
    }

    private static func value(_ raw: String) -> FieldValue? {
        if raw.hasPrefix("["), raw.hasSuffix("]") {
            let items = raw.dropFirst().dropLast().split(separator: ",").compactMap { value(String($0).trimmingCharacters(in: .whitespaces)) }
            return .list(items)
        }
        if raw.count >= 2, let quote = raw.first, quote == "\"" || quote == "'", raw.last == quote {
            let inner = String(raw.dropFirst().dropLast())
            return .text(quote == "\"" ? inner.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\") : inner)
        }
        if raw == "true" || raw == "false" || Double(raw) != nil { return .text(raw) }
        return nil
    }
}

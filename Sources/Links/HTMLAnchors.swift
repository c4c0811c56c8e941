import Foundation

/// Reads the anchors of an HTML page: the `id` and `name` values of its elements, which a link's `#fragment` may name.
/// A scan of start tags and their attributes (quoted, unquoted or bare), not a parser: comments are skipped, and the
/// text of `<script>` and `<style>` is not read as tags, which is all anchors need.
public enum HTMLAnchors {
    /// The `id` and `name` values of `html`'s start tags, each once, in order, with `&amp;`-style references in them
    /// left as written but for the common five.
    public static func names(in html: [UInt8]) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        var index = 0
        let count = html.count
        func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 12 || byte == 13 }
        func startsWith(_ text: String, at position: Int) -> Bool {
            let bytes = Array(text.utf8)
            guard position + bytes.count <= count else { return false }
            for offset in 0..<bytes.count where lower(html[position + offset]) != bytes[offset] { return false }
            return true
        }
        while index < count {
            guard html[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if startsWith("<!--", at: index) {
                var end = index + 4
                while end < count, !startsWith("-->", at: end) { end += 1 }
                index = end + 3
                continue
            }
            guard index + 1 < count, (lower(html[index + 1]) >= 97 && lower(html[index + 1]) <= 122) else {
                index += 1
                continue
            }
            // The tag's name.
            var position = index + 1
            let nameStart = position
            while position < count, !isSpace(html[position]), html[position] != UInt8(ascii: ">"), html[position] != UInt8(ascii: "/") { position += 1 }
            let tagName = String(decoding: html[nameStart..<position].map(lower), as: UTF8.self)
            // Its attributes, up to the closing `>`.
            while position < count, html[position] != UInt8(ascii: ">") {
                if isSpace(html[position]) || html[position] == UInt8(ascii: "/") {
                    position += 1
                    continue
                }
                let attributeStart = position
                while position < count, !isSpace(html[position]), html[position] != UInt8(ascii: "="), html[position] != UInt8(ascii: ">") { position += 1 }
                let attribute = String(decoding: html[attributeStart..<position].map(lower), as: UTF8.self)
                while position < count, isSpace(html[position]) { position += 1 }
                guard position < count, html[position] == UInt8(ascii: "=") else { continue }
                position += 1
                while position < count, isSpace(html[position]) { position += 1 }
                var value: ArraySlice<UInt8> = []
                if position < count, html[position] == UInt8(ascii: "\"") || html[position] == UInt8(ascii: "'") {
                    let quote = html[position]
                    let valueStart = position + 1
                    position = valueStart
                    while position < count, html[position] != quote { position += 1 }
                    value = html[valueStart..<min(position, count)]
                    position += 1
                } else {
                    let valueStart = position
                    while position < count, !isSpace(html[position]), html[position] != UInt8(ascii: ">") { position += 1 }
                    value = html[valueStart..<position]
                }
                if attribute == "id" || attribute == "name" {
                    let text = unescaped(String(decoding: value, as: UTF8.self))
                    if !text.isEmpty, seen.insert(text).inserted { found.append(text) }
                }
            }
            index = position + 1
            // The text of a script or style element is not markup.
            if tagName == "script" || tagName == "style" {
                let closing = "</" + tagName
                while index < count, !startsWith(closing, at: index) { index += 1 }
            }
        }
        return found
    }

    /// `text` with the five common character references (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`) replaced.
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// HTML escaping of text, for element content and attribute values alike.
package enum HTML {
    /// Runs of bytes that need no escaping (nearly all of them) are appended in one copy, not byte by byte.
    package static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        appendEscaped(text.utf8.span, to: &output)
    }

    /// UTF-8 `bytes` escaped, appended to `output`. `apostrophes: false` leaves `'` as it is, as cmark writes text
    /// (`SimpleMarkdown` writes descriptions as cmark would).
    package static func appendEscaped(_ bytes: Span<UInt8>, to output: inout [UInt8], apostrophes: Bool = true) {
        func isPlain(_ word: UInt64) -> Bool {
            !(ByteWord.word(word, contains: UInt8(ascii: "&")) || ByteWord.word(word, contains: UInt8(ascii: "<"))
                || ByteWord.word(word, contains: UInt8(ascii: ">")) || ByteWord.word(word, contains: UInt8(ascii: "\""))
                || ByteWord.word(word, contains: UInt8(ascii: "'")))
        }
        var runStart = 0
        var index = 0
        while index < bytes.count {
            // Words holding none of the five are stepped over whole; the one that holds one is looked at byte by byte.
            index = bytes.endOfPlainBytes(from: index, while: isPlain)
            guard index < bytes.count else { break }
            defer { index += 1 }
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'") where apostrophes: replacement = "&#39;"
            default: continue
            }
            output.append(copying: bytes.extracting(runStart..<index))
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            runStart = index + 1
        }
        output.append(copying: bytes.extracting(runStart..<bytes.count))
    }

    /// `text` appended as a template's variable tag writes it: escaped (`{{name}}`) or as it is (`{{{name}}}`).
    package static func append(_ text: String, escaped: Bool, to output: inout [UInt8]) {
        if escaped { appendEscaped(text, to: &output) } else { output.append(contentsOf: text.utf8) }
    }

    /// UTF-8 `bytes` appended as a template's variable tag writes them.
    package static func append(_ bytes: Span<UInt8>, escaped: Bool, to output: inout [UInt8]) {
        if escaped { appendEscaped(bytes, to: &output) } else { output.append(copying: bytes) }
    }

    /// `text` escaped for HTML element content and attribute values.
    package static func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        appendEscaped(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

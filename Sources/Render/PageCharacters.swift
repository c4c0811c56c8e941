import IndexSiteCollation

/// The characters of a list page that its script folds for searching and the list's own table does not cover (that
/// table, in the head of every page, holds the letters readers type: `ScriptStrings.typedCharacters`). They are noted
/// piece by piece as the body is made, and their search forms are written after the body, as a second JSON element
/// the script reads (`indexsite-page-fold`): the head is handed out before the body exists.
struct PageCharacters {
    /// The id of the element the search forms are written in.
    static let elementID = "indexsite-page-fold"

    /// Scalars are compared as numbers: a page of a million characters makes no string per character.
    private var seen: Set<UInt32> = []
    private(set) var extra: [Unicode.Scalar] = []

    /// Notes the characters of a piece of the body (pieces end between items, never inside a character).
    mutating func note(_ bytes: [UInt8]) {
        if let scalars = PageCharacters.nonASCIIScalars(of: bytes) {
            scalars.forEach { note($0) }
        } else {
            // Not valid UTF-8 (never from the templates and cmark): decoded with repairs, as a String would show it.
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where scalar.value >= 0x80 { note(scalar) }
        }
    }

    private mutating func note(_ scalar: Unicode.Scalar) {
        guard seen.insert(scalar.value).inserted, !ScriptStrings.typedCharacters.contains(where: { $0.contains(scalar.value) }) else { return }
        extra.append(scalar)
    }

    /// The element with the search forms of the noted characters, in order of first appearance; nil when none has a
    /// search form of its own.
    func foldScript(locale: String) -> [UInt8]? {
        guard !extra.isEmpty, let folder = try? SearchFolder(locale: locale) else { return nil }
        let fold = ScriptStrings.foldTable(extra, folder: folder)
        guard !fold.isEmpty else { return nil }
        return Array(("<script type=\"application/json\" id=\"" + PageCharacters.elementID + "\">" + ScriptStrings.foldJSON(fold) + "</script>\n").utf8)
    }

    /// The distinct non-ASCII scalars of UTF-8 `bytes` in order of first appearance, read over the bytes (a page is
    /// tens of megabytes, nearly all ASCII); nil when the bytes are not valid UTF-8.
    static func nonASCIIScalars(of bytes: [UInt8]) -> [Unicode.Scalar]? {
        var seenSmall = [UInt64](repeating: 0, count: 0x800 / 64) // two-byte scalars, U+0080–U+07FF
        var seenLarge: Set<UInt32> = []
        var scalars: [Unicode.Scalar] = []
        let buffer = bytes.span
        func scan() -> Bool {
            let count = buffer.count
            var index = 0
            while index < count {
                // Eight ASCII bytes at a time: a page is nearly all ASCII.
                if index + 8 <= count, buffer.word(at: index) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                let length: Int, initial: UInt32
                switch lead {
                case 0xC2...0xDF: (length, initial) = (2, UInt32(lead & 0x1F))
                case 0xE0...0xEF: (length, initial) = (3, UInt32(lead & 0x0F))
                case 0xF0...0xF4: (length, initial) = (4, UInt32(lead & 0x07))
                default: return false
                }
                guard index + length <= count else { return false }
                var value = initial
                for offset in 1..<length {
                    let byte = buffer[index + offset]
                    guard byte & 0xC0 == 0x80 else { return false }
                    value = value << 6 | UInt32(byte & 0x3F)
                }
                // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
                guard value >= (length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000), value <= 0x10FFFF,
                      !(0xD800...0xDFFF).contains(value), let scalar = Unicode.Scalar(value) else { return false }
                index += length
                if value < 0x800 {
                    let word = Int(value >> 6), bit = UInt64(1) << (value & 63)
                    guard seenSmall[word] & bit == 0 else { continue }
                    seenSmall[word] |= bit
                } else {
                    guard seenLarge.insert(value).inserted else { continue }
                }
                scalars.append(scalar)
            }
            return true
        }
        return scan() ? scalars : nil
    }
}

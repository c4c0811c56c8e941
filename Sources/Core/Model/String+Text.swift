extension StringProtocol {
    /// The text without leading and trailing white space, including line breaks.
    package var trimmingSpaces: String {
        // Nearly every title starts and ends with a visible ASCII character: then nothing is trimmed and no Unicode
        // property is looked up.
        let string = String(self)
        if let first = string.utf8.first, let last = string.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return string
        }
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}

extension String {
    /// The text with `_` turned into `-`, as BCP 47 language tags write locale ids.
    package func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }

    /// The text percent-encoded except for URL-unreserved characters: safe after `#` (ids hold letters of any script)
    /// and as a path segment.
    package var percentEncoded: String {
        // Ids are mostly plain slugs: those come back as they are, without building a string byte by byte.
        var text = self
        let plain = text.withUTF8 { bytes in
            bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"): true
                default: false
                }
            }
        }
        if plain { return self }
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

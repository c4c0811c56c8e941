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
        // A title that starts or ends with a letter such as "É" has nothing to trim either: it is kept, not copied.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return string }
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
        func isUnreserved(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"): true
            default: false
            }
        }
        var text = self
        return text.withUTF8 { bytes in
            // Ids are mostly plain slugs: those come back as they are.
            guard !bytes.allSatisfy(isUnreserved) else { return self }
            // Others are built as bytes: a string per encoded byte cost a few allocations each, and an id in a
            // non-Latin script has every byte encoded.
            let hex: StaticString = "0123456789ABCDEF"
            var encoded: [UInt8] = []
            encoded.reserveCapacity(bytes.count * 3)
            for byte in bytes {
                if isUnreserved(byte) {
                    encoded.append(byte)
                } else {
                    encoded.append(UInt8(ascii: "%"))
                    encoded.append(hex.utf8Start[Int(byte >> 4)])
                    encoded.append(hex.utf8Start[Int(byte & 0x0F)])
                }
            }
            return String(decoding: encoded, as: UTF8.self)
        }
    }

    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

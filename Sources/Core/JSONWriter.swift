/// Writes JSON into a byte buffer with keys in the order given, so output files are byte-identical across runs.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends literal JSON (punctuation and keys written in the source), copied as it is.
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            // Most text needs no escaping: copy it in one go.
            guard JSONWriter.needsEscaping(utf8) else {
                bytes.append(contentsOf: utf8)
                bytes.append(UInt8(ascii: "\""))
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0x00..<0x20: raw("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16))
                // "<" is escaped so the JSON can be inlined in a <script> element safely.
                case UInt8(ascii: "<"): raw("\\u003c")
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    package static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { needsEscaping($0) }
    }

    /// Whether any byte is a control character, `"`, `\` or `<`; eight bytes at a time, since descriptions are long
    /// and nearly always clean.
    package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            /// A high bit set in each byte of `word` that is zero (exact for bytes under 0x80; any byte of 0x80 or
            /// more only makes a false alarm, which the byte loop below settles).
            func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let control = (word &- ones &* 0x20) & ~word & highs // bytes under 0x20
                let quote = zeroBytes(word ^ (ones &* 0x22))
                let backslash = zeroBytes(word ^ (ones &* 0x5C))
                let less = zeroBytes(word ^ (ones &* 0x3C))
                if control | quote | backslash | less != 0 { break }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<") { return true }
            index += 1
        }
        return false
    }

    /// Appends a field value: text as a string, a list as an array, a record as an object with keys in source order.
    package mutating func value(_ value: FieldValue) {
        switch value {
        case .text(let text):
            string(text)
        case .list(let items):
            raw("[")
            for (index, item) in items.enumerated() {
                if index > 0 { raw(",") }
                self.value(item)
            }
            raw("]")
        case .record(let record):
            self.record(record)
        }
    }

    /// Appends a record as an object with keys in source order.
    package mutating func record(_ record: FieldRecord) {
        raw("{")
        for index in record.names.indices {
            if index > 0 { raw(",") }
            string(record.names[index])
            raw(":")
            value(record.values[index])
        }
        raw("}")
    }
}

/// Writes JSON into a byte buffer with keys in the order given, so output files are byte-identical across runs.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escaping: copy it in one go.
        if !JSONWriter.needsEscaping(text) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
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

    package static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<") {
                return true
            }
            return false
        }
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

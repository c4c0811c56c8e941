import Foundation
import IndexSiteCollation
import IndexSiteCore

/// Sort keys for fields that hold numbers, so 0.25 < 0.5 < 9.99 < 10 < 1200 and −10 < −3 instead of comparing as text.
/// A sort field is numeric when every entry that has it holds a number: sign, decimals, exponent, and the grouping
/// separators of the list's locale ("1,200" in `en`, "1.200,5" in `de`).
enum NumberSortKey {
    /// Reads numbers as the list's locale writes them.
    struct Reader: Sendable {
        let grouping: String
        let decimal: String

        init(locale: String) {
            let separators = numberSeparators(locale: locale)
            decimal = separators?.decimal ?? "."
            let group = separators?.grouping ?? ","
            grouping = group == decimal ? "" : group
        }

        /// The number `text` holds, or nil when it is not only a number.
        func value(of text: String) -> Double? {
            if let decided = asciiValue(of: text) { return decided }
            return slowValue(of: text)
        }

        /// The common case over bytes (a million prices must not cost a million string copies): ASCII digits, sign,
        /// exponent and the locale's marks when they are ASCII. The outer nil means "not decided here".
        private func asciiValue(of text: String) -> Double?? {
            let groupingByte = grouping.utf8.count == 1 ? grouping.utf8.first : nil
            let decimalByte = decimal.utf8.count == 1 ? decimal.utf8.first : nil
            guard let decimalByte, grouping.isEmpty || groupingByte != nil else { return nil }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(24)
            var digits = false
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true; buffer.append(byte)
                case decimalByte: buffer.append(UInt8(ascii: "."))
                case groupingByte: continue
                case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "e"), UInt8(ascii: "E"): buffer.append(byte)
                case UInt8(ascii: "."): return .some(nil) // a point that is not the locale's decimal mark
                case UInt8(ascii: " "), UInt8(ascii: "\t"): return nil // padded or grouped by spaces: the slow way
                case 0x80...: return nil // non-ASCII: minus signs and no-break spaces are read the slow way
                default: return .some(nil)
                }
                if buffer.count > 64 { return .some(nil) }
            }
            guard digits, let value = Double(String(decoding: buffer, as: UTF8.self)), value.isFinite else { return .some(nil) }
            return .some(value)
        }

        private func slowValue(of text: String) -> Double? {
            var text = text.trimmingSpaces
            guard !text.isEmpty, text.utf8.count < 64 else { return nil }
            text = text.replacingOccurrences(of: "\u{2212}", with: "-")
            if !grouping.isEmpty {
                // Narrow and ordinary no-break spaces group thousands in fr, ru, sv…: all read as the locale's grouping.
                let groupings = grouping == "\u{202F}" || grouping == "\u{00A0}" ? ["\u{202F}", "\u{00A0}", " "] : [grouping]
                for mark in groupings { text = text.replacingOccurrences(of: mark, with: "") }
            }
            if decimal != "." {
                guard !text.contains(".") else { return nil }
                text = text.replacingOccurrences(of: decimal, with: ".")
            }
            // Only digits, one sign, one point, one exponent: no "inf", "nan" or hex.
            guard text.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }),
                  text.contains(where: \.isNumber), let value = Double(text), value.isFinite else { return nil }
            return value
        }
    }

    /// True when every text is a number (and there is at least one).
    static func allNumeric(_ texts: some Sequence<String>, reader: Reader) -> Bool {
        var any = false
        for text in texts {
            guard reader.value(of: text) != nil else { return false }
            any = true
        }
        return any
    }

    /// Appends eight bytes that compare with memcmp as the numbers compare.
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        let bits = (value == 0 ? 0.0 : value).bitPattern
        let ordered = value.sign == .minus && value != 0 ? ~bits : bits | (1 << 63)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: ordered >> UInt64(shift))) }
    }
}

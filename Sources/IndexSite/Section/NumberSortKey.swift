import Foundation

/// Sort keys for fields that hold numbers, so 0.25 < 0.5 < 9.99 < 10 < 1200 and −10 < −3 instead of comparing as text.
/// A sort field is numeric when every entry that has it holds a number: sign, decimals, exponent, and the grouping
/// separators of the list's locale ("1,200" in `en`, "1.200,5" in `de`).
enum NumberSortKey {
    /// Reads numbers as the list's locale writes them.
    struct Reader: Sendable {
        let grouping: String
        let decimal: String

        init(locale: String) {
            let locale = Locale(identifier: locale)
            decimal = locale.decimalSeparator ?? "."
            let group = locale.groupingSeparator ?? ","
            grouping = group == decimal ? "" : group
        }

        /// The number `text` holds, or nil when it is not only a number.
        func value(of text: String) -> Double? {
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

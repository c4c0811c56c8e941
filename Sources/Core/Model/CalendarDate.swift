/// A date as written in content (YYYY, YYYY-MM, YYYY-MM-DD, optionally followed by a time), without time zones,
/// so the same file gives the same sections on every machine.
public struct CalendarDate: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Reads the date at the start of `text`; nil when it is not a real date.
    public init?(parsing text: String) {
        let digits = Array(text.trimmingSpaces.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var value = 0
            for byte in digits[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), year >= 1 else { return nil }
        var month = 1, day = 1
        if digits.count > 4 {
            guard digits[4] == UInt8(ascii: "-"), let m = number(5..<7), (1...12).contains(m) else { return nil }
            month = m
            if digits.count > 7 {
                guard digits[7] == UInt8(ascii: "-"), let d = number(8..<10), (1...CalendarDate.days(inMonth: m, year: year)).contains(d) else { return nil }
                day = d
                if digits.count > 10, digits[10] != UInt8(ascii: "T"), digits[10] != UInt8(ascii: " ") { return nil }
            }
        }
        self.year = year
        self.month = month
        self.day = day
    }

    public static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

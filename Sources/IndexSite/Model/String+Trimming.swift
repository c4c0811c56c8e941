extension StringProtocol {
    /// The text without leading and trailing white space, including line breaks.
    var trimmingSpaces: String {
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

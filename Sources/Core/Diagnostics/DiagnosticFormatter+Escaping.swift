extension DiagnosticFormatter {
    /// The text with every C0 and C1 control, DEL and bidirectional override written as a visible `\u{…}` escape.
    /// Messages quote content (a CSV header, a link, a file name): raw, an escape sequence in it would drive the
    /// reader's terminal (an OSC 52 clipboard write, a cleared screen) and a bidi override would reorder the line.
    static func terminalSafe(_ text: String) -> String {
        // Nearly every message is plain: no byte below 0x20, no DEL, and no lead byte of C1 (0xC2) or of the bidi controls (0xE2).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// C0 controls, DEL, C1 controls, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

import Testing
@testable import IndexSiteCore

/// HTML escaping steps over words that need none: the result is that of a look at every byte, wherever the five
/// characters fall in or across the words.
@Suite struct HTMLEscapingTests {
    @Test func escapingAWordAtATimeIsEscapingEveryByte() {
        func byteByByte(_ text: String) -> String {
            var out = ""
            for character in text.unicodeScalars {
                switch character {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.unicodeScalars.append(character)
                }
            }
            return out
        }
        var generator = SplitMix(seed: 11)
        let alphabet: [Unicode.Scalar] = ["a", "b", " ", "&", "<", ">", "\"", "'", "é", "中", "x", "y", "z", "w"]
        for length in 0..<120 {
            let text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }))
            #expect(HTML.escaped(text) == byteByByte(text), "\(text.debugDescription)")
        }
        // One special character at every place in plain texts of every length to 33 (the last eight bytes are looked
        // at in one look that overlaps the words before).
        for special in ["&", "<", ">", "\"", "'"] {
            for length in 1...33 {
                for offset in 0..<length {
                    let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: length - 1 - offset)
                    #expect(HTML.escaped(text) == byteByByte(text), "\(text)")
                }
            }
        }
    }
}

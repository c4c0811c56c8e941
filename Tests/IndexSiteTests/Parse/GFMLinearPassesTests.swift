import Foundation
import Testing
@testable import IndexSiteCore
@testable import IndexSiteParse

/// Issue 34, items 6 and 7: the GitHub passes cost their input's length, checked here as results (the same as the
/// plain, quadratic way of finding them, on inputs made of the bytes that matter) and as output bounds; their time on
/// the attack round's inputs is checked by Tests/Stress/gfm-*.sh against the release binary.
@Suite struct GFMLinearPassesTests {
    /// A small deterministic generator (xorshift), so a failure names its seed.
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        mutating func text(from alphabet: String, count: Int) -> [UInt8] {
            let letters = Array(alphabet.utf8)
            return (0..<count).map { _ in letters[Int(next() % UInt64(letters.count))] }
        }
    }

    /// The trailing-bracket rule as written before: every bracket of the link counted again for each one trimmed.
    static func trimmedEndByCounting(_ data: ArraySlice<UInt8>, _ end: Int) -> Int {
        let base = data.startIndex
        var end = end
        if let less = data[base..<(base + end)].firstIndex(of: UInt8(ascii: "<")) { end = less - base }
        while end > 0 {
            let last = data[base + end - 1]
            let opening: UInt8? = switch last {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "'"): UInt8(ascii: "'")
            case UInt8(ascii: ")"): UInt8(ascii: "(")
            case UInt8(ascii: "]"): UInt8(ascii: "[")
            case UInt8(ascii: "}"): UInt8(ascii: "{")
            default: nil
            }
            if "?!.,:*_~".utf8.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ";") {
                var entityStart = end - 2
                while entityStart > 0, data[base + entityStart].isASCIIAlpha { entityStart -= 1 }
                if entityStart >= 0, entityStart < end - 2, data[base + entityStart] == UInt8(ascii: "&") { end = entityStart } else { end -= 1 }
            } else if let opening {
                var opened = 0, closed = 0
                for byte in data[base..<(base + end)] { if byte == opening { opened += 1 } else if byte == last { closed += 1 } }
                if opened == closed { break }
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    @Test(arguments: 1...400) func trailingBracketsAreTrimmedAsByCounting(_ seed: Int) {
        var bytes = Bytes(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        let text = bytes.text(from: "a()[]{}\"';&.?x<", count: Int(bytes.next() % 40) + 1)
        let slice = text[...]
        #expect(GFMAutolinks.trimmedEnd(slice, text.count) == Self.trimmedEndByCounting(slice, text.count), "\(String(decoding: text, as: UTF8.self))")
    }

    /// The address rule as written before: the run scanned to its end whatever it held, then judged by its `@` count.
    static func emailByWholeScan(_ text: [UInt8], at: Int, earliest: Int) -> Range<Int>? {
        var rewind = 0
        while at - rewind > earliest {
            let byte = text[at - rewind - 1]
            guard byte.isASCIIAlphanumeric || ".+-_".utf8.contains(byte) else {
                if byte == UInt8(ascii: "/") { return nil }
                break
            }
            rewind += 1
        }
        guard rewind > 0 else { return nil }
        let data = text[at...]
        var end = 0, ats = 0, periods = 0
        while end < data.count {
            let byte = text[at + end]
            if byte.isASCIIAlphanumeric {
            } else if byte == UInt8(ascii: "@") {
                ats += 1
            } else if byte == UInt8(ascii: "."), end < data.count - 1 {
                periods += 1
            } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                break
            }
            end += 1
        }
        guard end >= 2, ats == 1, periods > 0 else { return nil }
        let lastByte = text[at + end - 1]
        guard lastByte.isASCIIAlpha || lastByte == UInt8(ascii: ".") else { return nil }
        end = trimmedEndByCounting(data, end)
        guard end > 0 else { return nil }
        return (at - rewind)..<(at + end)
    }

    /// An address has one `@`: scanning stops at the second, and what is found is what a whole scan found.
    @Test(arguments: 1...300) func emailsAreFoundAsByAWholeScan(_ seed: Int) {
        var bytes = Bytes(state: UInt64(seed) &* 0x2545_F491_4F6C_DD1D | 1)
        let text = bytes.text(from: "a@.-_b .@a/)", count: Int(bytes.next() % 48) + 1)
        for at in text.indices where text[at] == UInt8(ascii: "@") {
            let earliest = Int(bytes.next() % UInt64(at + 1))
            #expect(GFMAutolinks.email(text, at: at, earliest: earliest)?.range == Self.emailByWholeScan(text, at: at, earliest: earliest),
                    "\(String(decoding: text, as: UTF8.self)) at \(at)")
        }
    }

    @Test func aRunOfAtSignsMakesNoLinkAndAnAddressAfterItDoes() {
        let run = String(repeating: "a@", count: 2_000)
        #expect(!CommonMark.html(run, allowUnsafeHTML: false).contains("mailto:"))
        #expect(CommonMark.html(run + " mail ada@example.org", allowUnsafeHTML: false).contains("href=\"mailto:ada@example.org\""))
    }

    @Test func strikethroughPairsTheNearestOpenerOfItsLength() {
        let cases = [
            // A closer takes the nearest opener of its length, and the openers after that one are given up (cmark-gfm).
            ("~a ~~b c~ d~~", "<p><del>a ~~b c</del> d~~</p>\n"),
            ("~~a ~b~~ c~", "<p><del>a ~b</del> c~</p>\n"),
            ("~a ~~b~~ c~", "<p><del>a <del>b</del> c</del></p>\n"),
            (String(repeating: "~a ", count: 300) + String(repeating: "a~~ ", count: 300) + "~~x~~", ""),
        ]
        for (markdown, expected) in cases.prefix(3) {
            #expect(CommonMark.html(markdown, allowUnsafeHTML: false) == expected, "\(markdown)")
        }
        // Unmatched openers of one length do not stop the other length from pairing after them.
        let html = CommonMark.html(cases[3].0, allowUnsafeHTML: false)
        #expect(html.components(separatedBy: "<del>").count == 2 && html.hasSuffix("<del>x</del></p>\n"), "\(html.suffix(80))")
    }

    /// A header of 2,000 cells over 2,000 rows of one cell: the padding is bounded by the table's own size, every
    /// row keeps its cell, and a normal short row is still padded to the header's width.
    @Test func tablePaddingIsBoundedByTheTablesSize() {
        let width = 2_000, rows = 2_000
        let markdown = String(repeating: "|a", count: width) + "|\n" + String(repeating: "|-", count: width) + "|\n"
            + String(repeating: "|b\n", count: rows)
        let html = CommonMark.html(markdown, allowUnsafeHTML: false)
        #expect(html.components(separatedBy: "<td>b</td>").count - 1 == rows)
        #expect(html.utf8.count < 40 * markdown.utf8.count, "\(html.utf8.count) bytes of HTML from \(markdown.utf8.count) of Markdown")
        let small = CommonMark.html("| a | b | c |\n|---|---|---|\n| 1 |\n", allowUnsafeHTML: false)
        #expect(small.contains("<td>1</td>\n<td></td>\n<td></td>"), "\(small)")
    }
}

import IndexSiteCore

/// The Markdown nearly every description is — one line of text with `*emphasis*`, `**strong**`, `code` and
/// [links](https://…) — written straight as the HTML cmark makes of it, without cmark: a description's tree, its GitHub
/// extensions and its rendering were a large share of a large list's build, for a paragraph whose HTML its bytes alone
/// decide.
///
/// A text is taken only when every part of it is one whose HTML is certain whatever surrounds it: it starts like a
/// paragraph (a letter, a number, a quote, a parenthesis, a code span, a link or emphasis), holds no line break, tab
/// or other control character (C1 ones too) and ends in no space; its text has no `&`, `<`, `\`, `_`, `~`, `|` or
/// `@`, nor `www.` or `://` (GitHub's autolinks); emphasis is one or two `*` around plain text, opened after a space
/// or the start and closed before a space, the end or punctuation; a code span is one backtick each side; a link has
/// plain text and a destination of plain URL characters, either relative or `http(s)://`. Anything else is left to
/// cmark (false). A test holds every text taken to cmark's HTML over generated texts and real lists, and so does the
/// `description` fuzz target.
package enum SimpleMarkdown {
    /// Appends the HTML of `bytes` and returns true when it is of the simple kind; otherwise appends nothing.
    package static func appendHTML(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        let start = output.count
        guard let last = bytes.last, last != UInt8(ascii: " "), startsParagraph(bytes) else { return false }
        var writer = Writer(bytes: bytes)
        append("<p>", to: &output)
        if writer.write(to: &output) {
            append("</p>\n", to: &output)
            return true
        }
        output.removeSubrange(start...)
        return false
    }

    /// Whether the first character can only begin a paragraph (no heading, list, quote, HTML block, code or break).
    private static func startsParagraph(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes[0] {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "\""), UInt8(ascii: "("),
             UInt8(ascii: "`"), UInt8(ascii: "["):
            return true
        case UInt8(ascii: "*"):
            // Emphasis, not a list item or a break: a letter or digit follows the delimiters.
            return bytes.count > 1 && (bytes[1].isASCIIAlphanumeric || (bytes[1] == UInt8(ascii: "*") && bytes.count > 2 && bytes[2].isASCIIAlphanumeric))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // A number, not an ordered list's marker (digits, then `.` or `)`).
            let end = bytes.firstIndex { $0 < UInt8(ascii: "0") || $0 > UInt8(ascii: "9") } ?? bytes.count
            return end == bytes.count || (bytes[end] != UInt8(ascii: ".") && bytes[end] != UInt8(ascii: ")"))
        case 0x80...:
            // A letter or sign beyond ASCII: no block starts with one (its bytes are checked as text). A byte order
            // mark is not text: cmark drops it at the start.
            return !bytes.starts(with: [0xEF, 0xBB, 0xBF])
        default:
            return false
        }
    }

    /// A set of ASCII bytes as two words of bits: a test is a shift, where a table was a look-up through a global
    /// initialized on first use (a check on every byte).
    struct ASCIISet {
        private var bits: (UInt64, UInt64) = (0, 0)

        /// The bytes of `members`, and the letters and digits too when `alphanumerics`.
        init(_ members: StaticString, alphanumerics: Bool = false) {
            if alphanumerics { for byte in UInt8(ascii: "0")...UInt8(ascii: "z") where byte.isASCIIAlphanumeric { insert(byte) } }
            members.withUTF8Buffer { for byte in $0 { insert(byte) } }
        }

        private mutating func insert(_ byte: UInt8) {
            if byte < 64 { bits.0 |= 1 << UInt64(byte) } else { bits.1 |= 1 << UInt64(byte - 64) }
        }

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? bits.0 >> UInt64(byte) & 1 != 0 : byte < 128 && bits.1 >> UInt64(byte &- 64) & 1 != 0
        }
    }

    /// ASCII that is plain text wherever it stands in a line: letters, digits, the space and the punctuation that
    /// opens nothing inline. `"` and `>` are plain too, written as entities.
    static let plainASCII = ASCIISet(" .,;:!?'\"()-/+=#$%^{}>", alphanumerics: true)

    /// The length of the character beyond ASCII at `at`, or nil when it is invalid UTF-8 (cmark would replace it) or
    /// a control character (U+0080–U+009F: no description holds one, and the GitHub passes borrow U+0080).
    static func characterLength(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Int? {
        guard let length = bytes.validUTF8SequenceLength(at: at) else { return nil }
        return bytes[at] == 0xC2 && bytes[at + 1] < 0xA0 ? nil : length
    }

    /// What may stand right before emphasis opens, and right after it closes.
    static let opensAfter = ASCIISet(" (\""), closesBefore = ASCIISet(" .,;:!?)\"'-/")

    /// Characters of a link destination that cmark writes as they are (`houdini_escape_href` leaves them), without
    /// parentheses (which nest) and without the `&` and `'` it would turn into entities.
    static let plainDestination = ASCIISet("-_.+!*,;=~$/?#:%@", alphanumerics: true)

    /// Whether `bytes` begin with `prefix`.
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, startWith prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[$0] == prefix[$0] } }
    }

    /// Appends markup written in the source.
    private static func append(_ markup: StaticString, to output: inout [UInt8]) {
        markup.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// One pass over the text, writing as it reads; false at the first part that is not simple.
    private struct Writer {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The byte sets, taken once for the text rather than from their globals at every byte.
        let plain = SimpleMarkdown.plainASCII, plainDestination = SimpleMarkdown.plainDestination
        var index = 0
        /// The length of the emphasis open (1 or 2 `*`), 0 for none.
        var openEmphasis = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func write(to output: inout [UInt8]) -> Bool {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "*"):
                    guard emphasis(to: &output) else { return false }
                case UInt8(ascii: "`"):
                    guard openEmphasis == 0, codeSpan(to: &output) else { return false }
                case UInt8(ascii: "["):
                    guard openEmphasis == 0, index == 0 || bytes[index - 1] != UInt8(ascii: "!"), link(to: &output) else { return false }
                default:
                    guard let (end, needsEscape) = plainRun(from: index), end > index else { return false }
                    appendText(index..<end, needsEscape: needsEscape, to: &output)
                    index = end
                }
            }
            return openEmphasis == 0
        }

        /// A run of plain text starting at `start`: where it ends (at a `*`, `` ` ``, `[` or `]`, or the end) and whether
        /// it holds a byte HTML needs as an entity (`"` or `>`); nil when it holds something that is not plain
        /// (invalid UTF-8 too).
        func plainRun(from start: Int) -> (end: Int, needsEscape: Bool)? {
            var at = start
            var needsEscape = false
            while at < bytes.count {
                let byte = bytes[at]
                if byte >= 0x80 {
                    guard let length = SimpleMarkdown.characterLength(bytes, at: at) else { return nil }
                    at += length
                    continue
                }
                guard plain.contains(byte) else {
                    if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                        return (at, needsEscape)
                    }
                    return nil
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: ">"):
                    needsEscape = true
                // GitHub's autolinks: `www.` and `scheme://` in text are left to cmark and the extensions.
                case UInt8(ascii: "w"):
                    if at + 3 < bytes.count, bytes[at + 1] == byte, bytes[at + 2] == byte, bytes[at + 3] == UInt8(ascii: ".") { return nil }
                case UInt8(ascii: ":"):
                    if at + 2 < bytes.count, bytes[at + 1] == UInt8(ascii: "/"), bytes[at + 2] == UInt8(ascii: "/") { return nil }
                default:
                    break
                }
                at += 1
            }
            return (at, needsEscape)
        }

        /// Text escaped as cmark escapes it: `&`, `<`, `>` and `"` as entities (plain text holds only the last two).
        func appendText(_ range: Range<Int>, needsEscape: Bool = true, to output: inout [UInt8]) {
            let text = UnsafeBufferPointer(rebasing: bytes[range])
            if needsEscape { HTML.appendEscaped(text.span, to: &output, apostrophes: false) } else { output.append(contentsOf: text) }
        }

        /// A run of `*` that opens emphasis after a space (or the start) before a letter or digit, or closes the open
        /// one after a letter or digit before a space, punctuation or the end.
        mutating func emphasis(to output: inout [UInt8]) -> Bool {
            var end = index
            while end < bytes.count, bytes[end] == UInt8(ascii: "*") { end += 1 }
            let run = end - index
            guard run <= 2 else { return false }
            if openEmphasis == 0 {
                guard index == 0 || SimpleMarkdown.opensAfter.contains(bytes[index - 1]), end < bytes.count, bytes[end].isASCIIAlphanumeric else {
                    return false
                }
                SimpleMarkdown.append(run == 1 ? "<em>" : "<strong>", to: &output)
                openEmphasis = run
            } else {
                guard run == openEmphasis, bytes[index - 1].isASCIIAlphanumeric,
                      end == bytes.count || SimpleMarkdown.closesBefore.contains(bytes[end]) else { return false }
                SimpleMarkdown.append(run == 1 ? "</em>" : "</strong>", to: &output)
                openEmphasis = 0
            }
            index = end
            return true
        }

        /// `` `code` ``: one backtick each side; its content escaped, one space stripped from each end when it has one
        /// at both and is not all spaces (as CommonMark says).
        mutating func codeSpan(to output: inout [UInt8]) -> Bool {
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "`") {
                let byte = bytes[end]
                if byte < 0x80 {
                    guard byte >= 0x20, byte != 0x7F else { return false }
                    end += 1
                } else {
                    guard let length = SimpleMarkdown.characterLength(bytes, at: end) else { return false }
                    end += length
                }
            }
            // Unclosed, empty (a run of two) or closed by a longer run: not simple.
            guard end < bytes.count, end > index + 1, end + 1 == bytes.count || bytes[end + 1] != UInt8(ascii: "`") else { return false }
            var content = index + 1..<end
            if bytes[content.lowerBound] == UInt8(ascii: " "), bytes[content.upperBound - 1] == UInt8(ascii: " "),
               bytes[content].contains(where: { $0 != UInt8(ascii: " ") }) {
                content = content.lowerBound + 1..<content.upperBound - 1
            }
            SimpleMarkdown.append("<code>", to: &output)
            appendText(content, to: &output)
            SimpleMarkdown.append("</code>", to: &output)
            index = end + 1
            return true
        }

        /// `[text](destination)`: plain text with no space at either end, and a destination of plain URL characters
        /// that is relative or `http://` or `https://` (cmark's safe mode empties other schemes' links), bare or in
        /// `<…>` (as a Markdown list's descriptions are written back).
        mutating func link(to output: inout [UInt8]) -> Bool {
            let textStart = index + 1
            guard let (textEnd, needsEscape) = plainRun(from: textStart), textEnd > textStart, textEnd + 2 < bytes.count,
                  bytes[textEnd] == UInt8(ascii: "]"), bytes[textEnd + 1] == UInt8(ascii: "("),
                  bytes[textStart] != UInt8(ascii: " "), bytes[textEnd - 1] != UInt8(ascii: " ") else { return false }
            let bracketed = bytes[textEnd + 2] == UInt8(ascii: "<")
            let destinationStart = textEnd + (bracketed ? 3 : 2)
            var destinationEnd = destinationStart
            while destinationEnd < bytes.count, plainDestination.contains(bytes[destinationEnd]) {
                destinationEnd += 1
            }
            var close = destinationEnd
            if bracketed {
                guard close < bytes.count, bytes[close] == UInt8(ascii: ">") else { return false }
                close += 1
            }
            guard close < bytes.count, bytes[close] == UInt8(ascii: ")"), destinationEnd > destinationStart else { return false }
            let destination = UnsafeBufferPointer(rebasing: bytes[destinationStart..<destinationEnd])
            if destination.contains(UInt8(ascii: ":")) {
                guard SimpleMarkdown.bytes(destination, startWith: "http://") || SimpleMarkdown.bytes(destination, startWith: "https://") else {
                    return false
                }
            }
            SimpleMarkdown.append("<a href=\"", to: &output)
            output.append(contentsOf: destination)
            SimpleMarkdown.append("\">", to: &output)
            appendText(textStart..<textEnd, needsEscape: needsEscape, to: &output)
            SimpleMarkdown.append("</a>", to: &output)
            index = close + 1
            return true
        }
    }
}

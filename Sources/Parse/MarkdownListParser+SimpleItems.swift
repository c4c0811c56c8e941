import IndexSiteCore

/// The line nearly every item of an awesome list is, `- [Title](https://…) - text with *emphasis*, `code` and
/// [links](https://…)`, read without cmark: cmark's tree of a list, and the Strings walked out of the tree, were most
/// of the time of reading it.
///
/// A line is read here only when cmark would read it the same way whatever surrounds it, and when blanking it changes
/// nothing cmark reads of the lines around it; its parts must be ones whose tree is known from their bytes alone
/// (plain text, single or double `*` emphasis around letters or digits, one-backtick code, links with plain text and
/// a plain destination). Anything else — an underscore, a backslash, `<`, an entity, an image, a line that
/// continues below — leaves the line to cmark. A test holds every parse to cmark's over generated lists and real ones.
enum SimpleItems {
    /// An item read off its line: the line's number in its piece (counted from 1, as cmark counts) and its row of
    /// `title`, `url` and, when it has one, `description` in the piece's table.
    struct Item {
        var line: Int
        var row: Int
        var hasDescription: Bool

        /// The item's field names: every item shares one of two arrays.
        var names: [String] { hasDescription ? SimpleItems.namesWithDescription : SimpleItems.names }
    }

    static let names = ["title", "url"]
    static let namesWithDescription = ["title", "url", "description"]

    /// The items of a piece read off their lines, and their texts, written straight into one table: no `String`,
    /// array or record is made for an item until it becomes an entry.
    struct Taken {
        var items: [Item] = []
        var table: FieldTexts?
    }

    /// Reads the simple item lines of a piece of a list and blanks each to one space, its ending kept, so cmark's line
    /// and column numbers of the rest hold and cmark reads little more than the rest. (An empty line after a lone "\r"
    /// would join it into one "\r\n", a line less.) Inside fenced code and HTML blocks a line is not what it looks
    /// like: no line is read after a line that may open a fence, nor in what may be an HTML block (`HTMLBlock`). A line
    /// at column 1 is in no other container: a list item or a quote that held the line before ends there.
    /// What cmark is to read of the piece comes back as `rest`: nil when no item was taken, so that the piece is read
    /// as it is, without a copy.
    static func take(from piece: ArraySlice<UInt8>) -> (taken: Taken, rest: [UInt8]?) {
        var rest: [UInt8] = []
        let taken = piece.withUnsafeBufferPointer { text -> Taken in
            var lines: [Range<Int>] = []
            MarkdownPieces.forEachLine(text) { line, _ in
                lines.append(line)
                return true
            }
            var items: [Item] = []
            var table = FieldTexts.Builder(reservingBytes: text.count)
            // The bytes not yet copied to `rest`.
            var restStart = 0
            var markdown: [UInt8] = []
            // Every HTML block that may be open: where one began is not always where cmark saw one begin (a `<!x`
            // it takes as text, a `<details>` under it), so each `<` line adds one and each ends on its own terms.
            var html: [HTMLBlock] = []
            for (number, line) in lines.enumerated() {
                let bytesOfLine = UnsafeBufferPointer(rebasing: text[line])
                if MarkdownPieces.mayOpenFence(bytesOfLine) { break }
                let wasInHTML = !html.isEmpty
                if wasInHTML { html.removeAll { $0.ends(at: bytesOfLine) } }
                if let opened = HTMLBlock(opening: bytesOfLine) {
                    if !opened.endsOnItsFirstLine(bytesOfLine) { html.append(opened) }
                    continue
                }
                if wasInHTML { continue }
                guard opensSimpleItem(text, line), endsItsBlock(text, lines, after: number),
                      let item = read(UnsafeBufferPointer(rebasing: text[line.lowerBound + 2..<line.upperBound]), line: number + 1,
                                      into: &table, markdown: &markdown) else { continue }
                items.append(item)
                rest.append(contentsOf: UnsafeBufferPointer(rebasing: text[restStart..<line.lowerBound]))
                rest.append(space)
                restStart = line.upperBound
            }
            guard !items.isEmpty else { return Taken() }
            rest.append(contentsOf: UnsafeBufferPointer(rebasing: text[restStart...]))
            return Taken(items: items, table: table.finished())
        }
        return (taken, taken.items.isEmpty ? nil : rest)
    }

    /// Reads a simple item line from its `[` on into a row of `table`: the texts cmark's reading gives its title, link
    /// and description (`MarkdownListParser.ItemParts`). Nil, with nothing written, when cmark must read the line or
    /// when its reading leaves the item out or warns about it (a link to an `#anchor`, an empty title).
    /// `markdown` is room for the description's Markdown, kept from line to line.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, into table: inout FieldTexts.Builder,
                     markdown: inout [UInt8]) -> Item? {
        markdown.removeAll(keepingCapacity: true)
        guard isValidText(bytes), let link = link(in: bytes, at: 0), bytes[link.destination.lowerBound] != UInt8(ascii: "#"),
              appendMarkdown(of: UnsafeBufferPointer(rebasing: bytes[link.end...]), to: &markdown) else { return nil }
        guard appendTrimmed(UnsafeBufferPointer(rebasing: bytes[link.text]), to: &table) else {
            table.dropOpenRow()
            return nil
        }
        table.endField()
        table.append(UnsafeBufferPointer(rebasing: bytes[link.destination]))
        table.endField()
        let hasDescription = markdown.withUnsafeBufferPointer { markdown in
            appendTrimmed(UnsafeBufferPointer(rebasing: markdown[MarkdownListParser.ItemParts.separatorEnd(markdown)...]), to: &table)
        }
        if hasDescription { table.endField() }
        let row = table.nextRow
        table.endRow()
        return Item(line: line, row: row, hasDescription: hasDescription)
    }

    /// Appends `bytes` to the field being written, trimmed as `trimmingSpaces` trims a String; false when nothing is
    /// left. Text that starts and ends with a visible ASCII character (nearly all) is appended as it is.
    static func appendTrimmed(_ bytes: UnsafeBufferPointer<UInt8>, to table: inout FieldTexts.Builder) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            table.append(bytes)
            return true
        }
        var trimmed = String(decoding: bytes, as: UTF8.self).trimmingSpaces
        guard !trimmed.isEmpty else { return false }
        trimmed.withUTF8 { table.append($0) }
        return true
    }

    /// What may be an HTML block, from a line starting with `<` (after any indentation) to where it may end: the
    /// line holding its end mark (comments, `<script>`, `<pre>`, …), else the next blank line. Any line starting with
    /// `<` counts, so that no block is missed; one that is not a block only keeps a few items for cmark.
    struct HTMLBlock {
        /// The marks of which one ends the block, lower-cased; empty for a block that ends at a blank line.
        let endMarks: [[UInt8]]
        /// Where the opening line may hold an end mark: past the mark that opened the block (`<!--` is no `-->`).
        let searchFrom: Int

        init?(opening line: UnsafeBufferPointer<UInt8>) {
            guard let first = line.firstIndex(where: { !MarkdownPieces.isSpaceOrTab($0) }), line[first] == UInt8(ascii: "<") else { return nil }
            let rest = HTMLBlock.lowercased(line[(first + 1)...])
            func starts(_ prefix: String) -> Bool { rest.starts(with: prefix.utf8) }
            func startsTag(_ name: String) -> Bool {
                starts(name) && (rest.count == name.utf8.count || MarkdownPieces.isSpaceOrTab(rest[name.utf8.count]) || rest[name.utf8.count] == UInt8(ascii: ">"))
            }
            let opening: String
            if let tag = ["script", "pre", "style", "textarea"].first(where: startsTag) {
                (opening, endMarks) = (tag, ["</script>", "</pre>", "</style>", "</textarea>"].map { Array($0.utf8) })
            } else if let (mark, end) = [("!--", "-->"), ("?", "?>"), ("![cdata[", "]]>"), ("!", ">")].first(where: { starts($0.0) }) {
                (opening, endMarks) = (mark, [Array(end.utf8)])
            } else {
                (opening, endMarks) = ("", [])
            }
            searchFrom = first + 1 + opening.utf8.count
        }

        /// True when the block may end at `line`.
        func ends(at line: UnsafeBufferPointer<UInt8>) -> Bool {
            if endMarks.isEmpty { return line.allSatisfy(MarkdownPieces.isSpaceOrTab) }
            let lowered = HTMLBlock.lowercased(line[...])
            return endMarks.contains { mark in lowered.firstRange(of: mark) != nil }
        }

        /// ASCII letters lower-cased (HTML's tag names and marks are matched without regard to case).
        private static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
            bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        }

        /// True when the opening line holds its end mark after the mark that opens it (`<!-- a comment -->`).
        func endsOnItsFirstLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            !endMarks.isEmpty && ends(at: UnsafeBufferPointer(rebasing: line[searchFrom...]))
        }
    }

    /// `- [`, `* [` or `+ [` at the start of the line.
    private static func opensSimpleItem(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard line.count > 3 else { return false }
        let marker = text[line.lowerBound]
        return (marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "+"))
            && text[line.lowerBound + 1] == space && text[line.lowerBound + 2] == UInt8(ascii: "[")
    }

    /// True when nothing after line `number` can belong to its item, so the line may be blanked: the next line opens
    /// a top-level item or heading, or the blank lines after it are followed by the end or by a line at column 1.
    /// (Any other line might continue the item: lazily, indented under it, or as a setext underline.)
    private static func endsItsBlock(_ text: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>], after number: Int) -> Bool {
        var next = number + 1
        guard next < lines.count else { return true }
        if !isBlank(text, lines[next]) { return MarkdownPieces.opensTopLevelBlock(UnsafeBufferPointer(rebasing: text[lines[next]])) }
        while next < lines.count, isBlank(text, lines[next]) { next += 1 }
        guard next < lines.count else { return true }
        return !MarkdownPieces.isSpaceOrTab(text[lines[next].lowerBound])
    }

    private static func isBlank(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        line.allSatisfy { MarkdownPieces.isSpaceOrTab(text[$0]) }
    }

    static let space = UInt8(ascii: " ")

    /// A byte of plain text: one that starts no inline syntax in any place (not `\` `` ` `` `*` `_` `[` `]` `<` `&`
    /// `!`), and no control character (cmark keeps tabs, but trims them at a paragraph's end where this does not).
    /// `isPlain(_:at:)` also takes an `&` where no entity can start.
    static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<0x20, UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "!"):
            false
        default:
            true
        }
    }

    /// True when the byte at `index` is plain text: `isPlain`, or an `&` that starts no entity (one not followed by a
    /// letter, a digit or `#`, as in "Radio & Compass").
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "&") else { return isPlain(byte) }
        return index + 1 == bytes.count || !(bytes[index + 1].isASCIIAlphanumeric || bytes[index + 1] == UInt8(ascii: "#"))
    }

    /// A byte of a plain link destination, which cmark keeps as it is: no space, parenthesis, `<`, `>`, backslash
    /// escape or entity (nor brackets, backticks or asterisks, which cmark also takes as part of it, to leave no doubt).
    static func isPlainDestination(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
             UInt8(ascii: "&"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "`"), UInt8(ascii: "*"), 0x7F:
            false
        default:
            true
        }
    }

    /// The end of the plain link `[text](destination)` starting at `start` (just past its `)`), its text and its
    /// destination; nil when there is none there.
    static func link(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, text: Range<Int>, destination: Range<Int>)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var close = start + 1
        while close < bytes.count, isPlain(bytes, at: close) { close += 1 }
        guard close > start + 1, close + 1 < bytes.count, bytes[close] == UInt8(ascii: "]"), bytes[close + 1] == UInt8(ascii: "(") else { return nil }
        var end = close + 2
        while end < bytes.count, isPlainDestination(bytes[end]) { end += 1 }
        guard end > close + 2, end < bytes.count, bytes[end] == UInt8(ascii: ")") else { return nil }
        return (end + 1, start + 1..<close, close + 2..<end)
    }

    /// Appends the Markdown that `MarkdownText.markdown(of:)` writes for the inlines cmark makes of `bytes` (the rest
    /// of a line after its title's link); false when they hold anything this does not read exactly as cmark does.
    static func appendMarkdown(of bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "`"):
                // One backtick, then code without a backtick and not starting or ending with a space (cmark would
                // strip one), then one backtick.
                guard let close = bytes.index(of: byte, from: index + 1, to: bytes.count), close > index + 1,
                      close + 1 == bytes.count || bytes[close + 1] != byte,
                      bytes[index + 1] != space, bytes[close - 1] != space,
                      (index + 1..<close).allSatisfy({ bytes[$0] >= 0x20 }) else { return false }
                out.append(byte)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index + 1..<close]))
                out.append(byte)
                index = close + 1
            case UInt8(ascii: "*"):
                // A run of one or two before a letter or digit can open, the same run after a letter or digit can
                // close: with plain text between them, cmark pairs them and nothing else (a run that could do both
                // pairs with another as long, which the rule of three allows).
                let run = index + 1 < bytes.count && bytes[index + 1] == byte ? 2 : 1
                guard index + run < bytes.count, bytes[index + run].isASCIIAlphanumeric else { return false }
                var close = index + run
                while close < bytes.count, bytes[close] != byte {
                    guard isPlain(bytes, at: close) else { return false }
                    close += 1
                }
                let after = close + run
                guard after <= bytes.count, bytes[close..<after].allSatisfy({ $0 == byte }), bytes[close - 1].isASCIIAlphanumeric,
                      after == bytes.count || bytes[after] != byte else { return false }
                out.append(contentsOf: repeatElement(byte, count: run))
                MarkdownText.appendEscaped(UnsafeBufferPointer(rebasing: bytes[index + run..<close]), to: &out)
                out.append(contentsOf: repeatElement(byte, count: run))
                index = after
            case UInt8(ascii: "["):
                guard let link = link(in: bytes, at: index) else { return false }
                out.append(byte)
                MarkdownText.appendEscaped(UnsafeBufferPointer(rebasing: bytes[link.text]), to: &out)
                out.append(contentsOf: "](<".utf8)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[link.destination]))
                out.append(contentsOf: ">)".utf8)
                index = link.end
            case UInt8(ascii: "!"):
                // Text, unless it starts an image.
                guard index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "[") else { return false }
                out.append(contentsOf: [UInt8(ascii: "\\"), byte])
                index += 1
            default:
                guard isPlain(bytes, at: index) else { return false }
                var end = index + 1
                while end < bytes.count, isPlain(bytes, at: end) { end += 1 }
                MarkdownText.appendEscaped(UnsafeBufferPointer(rebasing: bytes[index..<end]), to: &out)
                index = end
            }
        }
        return true
    }

    /// True when the bytes are valid UTF-8 without U+0080, which stands for an escaped tilde in the text cmark reads
    /// (`GitHubMarkdown.shieldingEscapedTildes`) and is turned back into one: cmark would repair invalid bytes.
    static func isValidText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while true {
            // ASCII, nearly every byte of a line, is stepped over eight bytes at a time.
            index = bytes.endOfWords(from: index) { $0 & 0x8080_8080_8080_8080 == 0 }
            guard index < bytes.count else { return true }
            guard bytes[index] >= 0x80 else {
                index += 1
                continue
            }
            guard let length = bytes.validUTF8SequenceLength(at: index),
                  length != 2 || bytes[index] != GitHubMarkdown.shieldedTilde[0] || bytes[index + 1] != GitHubMarkdown.shieldedTilde[1] else { return false }
            index += length
        }
    }
}

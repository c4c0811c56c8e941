import IndexSiteCore
/// Cuts a long Markdown body into pieces that cmark reads into the same top-level blocks as the whole body, so the
/// pieces can be parsed on every core and their trees freed one by one.
///
/// Each piece after the first starts on a line that begins a top-level list item or heading: such a line closes
/// every open block above it (only paragraphs continue lazily, and neither an item nor a heading is paragraph text).
/// Bodies with blocks that such a line does not close, or with definitions that reach across the file — fenced code,
/// HTML blocks, link reference definitions — are kept whole.
enum MarkdownPieces {
    struct Piece {
        /// The piece's bytes, as indices of the body.
        var bytes: Range<Int>
        /// Lines of the body before the piece, to add to the line numbers cmark reports inside it.
        var linesBefore: Int
    }

    static func cut(_ body: ArraySlice<UInt8>, size: Int) -> [Piece] {
        let whole = [Piece(bytes: body.startIndex..<body.endIndex, linesBefore: 0)]
        guard body.count > size else { return whole }
        return body.withUnsafeBufferPointer { bytes -> [Piece] in
            let base = body.startIndex
            var pieces: [Piece] = []
            var pieceStart = 0
            var pieceLines = 0
            var reaches = false
            forEachLine(bytes) { line, number in
                let text = UnsafeBufferPointer(rebasing: bytes[line])
                if mayReachPastItsBlock(text) {
                    reaches = true
                    return false
                }
                if line.lowerBound - pieceStart >= size, opensTopLevelBlock(text) {
                    pieces.append(Piece(bytes: base + pieceStart..<base + line.lowerBound, linesBefore: pieceLines))
                    pieceStart = line.lowerBound
                    pieceLines = number
                }
                return true
            }
            if reaches { return whole }
            pieces.append(Piece(bytes: base + pieceStart..<base + bytes.count, linesBefore: pieceLines))
            return pieces
        }
    }

    /// Calls `body` with each line's bytes (without its ending) and its number counted from 0, until it returns false.
    /// Lines end where cmark ends them, at "\n", "\r\n" and a lone "\r", so the numbers agree with cmark's.
    static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ line: Range<Int>, _ number: Int) -> Bool) {
        var line = 0
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = bytes.index(of: newline, from: lineStart, to: bytes.count) ?? bytes.count
            lineEnd = bytes.index(of: carriageReturn, from: lineStart, to: lineEnd) ?? lineEnd
            guard body(lineStart..<lineEnd, line) else { return }
            if lineEnd < bytes.count, bytes[lineEnd] == carriageReturn, lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == newline {
                lineEnd += 1
            }
            lineStart = lineEnd + 1
            line += 1
        }
    }

    /// Markdown's whitespace within a line: what indents a line and what a blank line is made of.
    static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// A code fence or an HTML block opener (after any indentation), or anything that may be a link reference
    /// definition (`]:` anywhere): cutting a body holding one could change what the rest of the body means.
    static func mayReachPastItsBlock(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var first = 0
        while first < line.count, isSpaceOrTab(line[first]) { first += 1 }
        if first < line.count {
            switch line[first] {
            case UInt8(ascii: "<"):
                return true
            case UInt8(ascii: "`"), UInt8(ascii: "~"):
                if mayOpenFence(line) { return true }
            default:
                break
            }
        }
        var index = first
        while let bracket = line.index(of: UInt8(ascii: "]"), from: index, to: line.count - 1) {
            if line[bracket + 1] == UInt8(ascii: ":") { return true }
            index = bracket + 1
        }
        return false
    }

    /// Three backticks or tildes after any indentation.
    static func mayOpenFence(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = line.firstIndex(where: { !isSpaceOrTab($0) }) else { return false }
        let mark = line[first]
        guard mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~") else { return false }
        return first + 2 < line.count && line[first + 1] == mark && line[first + 2] == mark
    }

    /// A bullet item with text (`- x`, `* x`, `+ x`, not a thematic break like `- - -`) or an ATX heading, at column 1.
    static func opensTopLevelBlock(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let marker = line.first else { return false }
        switch marker {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            guard line.count >= 3, line[1] == UInt8(ascii: " ") else { return false }
            return line.dropFirst(2).contains { $0 != marker && !isSpaceOrTab($0) }
        case UInt8(ascii: "#"):
            var level = 0
            while level < line.count, line[level] == UInt8(ascii: "#") { level += 1 }
            guard level <= 6 else { return false }
            return level == line.count || isSpaceOrTab(line[level])
        default:
            return false
        }
    }
}

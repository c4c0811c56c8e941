import IndexSiteCore

/// The inputs on which the bundled cmark (Debian's 0.30.2, the newest Debian has) is quadratic, bounded before cmark
/// sees them: a line that opens many nested lists or block quotes (`- - - - …`) keeps that many containers open over
/// every following line (90 KB with blank lines takes many seconds), and many `![` openers in one paragraph are walked
/// back at every link that closes (`![[]()` repeated, CVE-2023-22486; 720 KB likewise). Past the limits the markers are
/// escaped, so they read as text; `excesses` names where, for a warning.
package enum CommonMarkLimits {
    /// Containers (list items, block quotes) one line may open.
    static let nestingPerLine = 32
    /// `![` openers in one paragraph (lines between blank lines).
    static let imageOpenersPerParagraph = 1000

    /// What went past a limit, and where (1-based line of `bytes`).
    enum Excess: Equatable {
        case nesting(line: Int)
        case imageOpeners(line: Int)
    }

    /// The bytes with the markers past the limits escaped, or nil when nothing is past them (nearly always).
    static func defused(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let insertions = escapes(bytes).map(\.offset)
        guard !insertions.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + insertions.count)
        var start = 0
        for offset in insertions {
            output.append(contentsOf: bytes[start..<offset])
            output.append(UInt8(ascii: "\\"))
            start = offset
        }
        output.append(contentsOf: bytes[start...])
        return output
    }

    /// A warning for each place of a Markdown file past a limit (once per line or paragraph).
    package static func diagnostics(for file: SourceFile) -> [Diagnostic] {
        file.bytes.withUnsafeBufferPointer { excesses($0) }.map { excess in
            switch excess {
            case .nesting(let line):
                .warning(.markdownLimit, "this line opens more than \(nestingPerLine) nested lists or block quotes; the markers past them are read as text",
                         at: SourceLocation(path: file.path, line: line), hint: "cmark takes time quadratic in such nesting; nest less deeply")
            case .imageOpeners(let line):
                .warning(.markdownLimit, "this paragraph holds more than \(imageOpenersPerParagraph) image openers '![': those past them are read as text",
                         at: SourceLocation(path: file.path, line: line), hint: "cmark takes time quadratic in unclosed image openers; split the paragraph")
            }
        }
    }

    /// Each place past a limit, once per line or paragraph, for warnings.
    static func excesses(_ bytes: UnsafeBufferPointer<UInt8>) -> [Excess] {
        var found: [Excess] = []
        for escape in escapes(bytes) where found.last != escape.excess { found.append(escape.excess) }
        return found
    }

    /// The offsets before which a backslash escapes a marker past a limit, with the excess each belongs to.
    private static func escapes(_ bytes: UnsafeBufferPointer<UInt8>) -> [(offset: Int, excess: Excess)] {
        var escapes: [(offset: Int, excess: Excess)] = []
        var index = 0, line = 1
        var openers = 0, paragraphLine = 1
        let count = bytes.count
        while index < count {
            // A line: first its leading container markers.
            let lineStart = index
            var depth = 0
            var position = index
            markers: while position < count {
                var spaces = 0
                while position < count, bytes[position] == UInt8(ascii: " "), spaces < 3 { position += 1; spaces += 1 }
                guard position < count else { break }
                let byte = bytes[position]
                var markerEnd = position + 1
                if byte == UInt8(ascii: ">") {
                } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
                    guard markerEnd < count, bytes[markerEnd] == UInt8(ascii: " ") || bytes[markerEnd] == UInt8(ascii: "\t") else { break markers }
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    var digits = position
                    while digits < count, digits - position < 9, bytes[digits] >= UInt8(ascii: "0") && bytes[digits] <= UInt8(ascii: "9") { digits += 1 }
                    guard digits < count, bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")"),
                          digits + 1 < count, bytes[digits + 1] == UInt8(ascii: " ") || bytes[digits + 1] == UInt8(ascii: "\t") else { break markers }
                    markerEnd = digits + 1
                } else {
                    break markers
                }
                depth += 1
                if depth > nestingPerLine {
                    // Escaped before its punctuation: `\-`, `\>`, `1\.`.
                    escapes.append((markerEnd - 1, .nesting(line: line)))
                    break markers
                }
                position = markerEnd
                if position < count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
            }
            // Then the rest of the line, counting `![` of its paragraph; a blank line ends the paragraph.
            var blank = true
            while index < count, bytes[index] != UInt8(ascii: "\n") {
                let byte = bytes[index]
                if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { blank = false }
                if byte == UInt8(ascii: "!"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "[") {
                    openers += 1
                    if openers > imageOpenersPerParagraph {
                        escapes.append((index + 1, .imageOpeners(line: paragraphLine)))
                    }
                }
                index += 1
            }
            if blank || lineStart == index {
                openers = 0
                paragraphLine = line + 1
            }
            index += 1
            line += 1
        }
        // Offsets in order: a nesting escape of a line comes before the openers of its rest.
        return escapes.sorted { $0.offset < $1.offset }
    }
}

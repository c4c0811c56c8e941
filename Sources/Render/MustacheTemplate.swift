import IndexSiteCore
/// A parsed Mustache template: comments, set delimiters, interpolation, sections, inverted sections and partials,
/// following the official specification (standalone lines, partial indentation). Lambdas are not supported.
/// Parsing happens once per template; rendering walks the node tree into a byte buffer.
struct MustacheTemplate: Sendable {
    /// A piece of a template.
    indirect enum Node: Sendable {
        case text([UInt8])
        case variable(name: [TemplateKey], escaped: Bool, line: Int)
        case section(name: [TemplateKey], inverted: Bool, children: [Node], line: Int)
        case partial(name: String, indent: [UInt8], line: Int)
    }

    /// A syntax error with its place in the template.
    struct SyntaxError: Error, Sendable, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// Sections nested deeper than this are a syntax error: rendering and checking recurse once per level, and no
    /// real template comes near it (20,000 levels crashed the build with a stack overflow).
    static let maximumNesting = 100

    /// The template's name, as partials refer to it and diagnostics show it.
    var name: String
    let nodes: [Node]
    /// The nodes compiled to the steps the renderer runs.
    let program: MustacheProgram

    init(name: String, source: String) throws(SyntaxError) {
        self.name = name
        var parser = Parser(source: Array(source.utf8))
        nodes = try parser.parse()
        program = MustacheProgram(nodes)
    }

    /// The source with every line prefixed by `indent`, as the specification asks for standalone partials.
    static func indented(_ source: String, by indent: [UInt8]) -> String {
        guard !indent.isEmpty else { return source }
        var out: [UInt8] = []
        var atLineStart = true
        for byte in source.utf8 {
            if atLineStart { out.append(contentsOf: indent) }
            out.append(byte)
            atLineStart = byte == 0x0A
        }
        return String(decoding: out, as: UTF8.self)
    }

    private struct Parser {
        let source: [UInt8]
        var position = 0
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        /// Where the last tag ended: a tag is standalone only if no other tag stands before it on its line.
        var lastTagEnd = 0
        /// Where the template's lines start, for the line and column of every tag and error.
        let lines: LineIndex

        struct OpenSection {
            var name: [TemplateKey]
            var rawName: String
            var inverted: Bool
            var line: Int
            var column: Int
            var nodes: [Node] = []
        }

        init(source: [UInt8]) {
            self.source = source
            lines = LineIndex(source)
        }

        func error(_ message: String, at offset: Int) -> SyntaxError {
            let (line, column) = lines.lineAndColumn(ofByte: offset)
            return SyntaxError(message: message, line: line, column: column)
        }

        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard !needle.isEmpty, start + needle.count <= source.count else { return nil }
            var index = start
            let first = needle[0]
            while index + needle.count <= source.count {
                if source[index] == first, source[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }

        mutating func parse() throws(SyntaxError) -> [Node] {
            var stack: [OpenSection] = [OpenSection(name: [], rawName: "", inverted: false, line: 0, column: 0)]
            var text: [UInt8] = []

            func flush(_ text: inout [UInt8], into stack: inout [OpenSection]) {
                if !text.isEmpty {
                    stack[stack.count - 1].nodes.append(.text(text))
                    text.removeAll(keepingCapacity: true)
                }
            }

            while position < source.count {
                guard let tagStart = find(open, from: position) else {
                    text.append(contentsOf: source[position...])
                    position = source.count
                    break
                }
                text.append(contentsOf: source[position..<tagStart])
                var contentStart = tagStart + open.count
                guard contentStart < source.count else { throw error("tag is never closed", at: tagStart) }
                var sigil = source[contentStart]
                var closer = close
                switch sigil {
                case UInt8(ascii: "{"): closer = [UInt8(ascii: "}")] + close; contentStart += 1
                case UInt8(ascii: "="): closer = [UInt8(ascii: "=")] + close; contentStart += 1
                case UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "!"):
                    contentStart += 1
                default: sigil = 0
                }
                guard let contentEnd = find(closer, from: contentStart) else {
                    throw error("tag opened with '\(String(decoding: open, as: UTF8.self))' is never closed", at: tagStart)
                }
                let tagEnd = contentEnd + closer.count
                let content = String(decoding: source[contentStart..<contentEnd], as: UTF8.self).trimmingSpaces

                // Standalone: only white space around the tag on its line, so the whole line disappears.
                var standalone = false
                var indent: [UInt8] = []
                var afterLine = tagEnd
                if sigil != 0 && sigil != UInt8(ascii: "{") && sigil != UInt8(ascii: "&") {
                    // Looks back no further than the last tag: past it the tag cannot be standalone, and the parse stays
                    // linear when thousands of tags share one line.
                    var lineStart = tagStart
                    while lineStart > lastTagEnd, source[lineStart - 1] != 0x0A { lineStart -= 1 }
                    let before = source[lineStart..<tagStart]
                    if lineStart == 0 || source[lineStart - 1] == 0x0A, before.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        var index = tagEnd
                        while index < source.count, source[index] == 0x20 || source[index] == 0x09 { index += 1 }
                        if index == source.count {
                            standalone = true; afterLine = index
                        } else if source[index] == 0x0A {
                            standalone = true; afterLine = index + 1
                        } else if source[index] == 0x0D, index + 1 < source.count, source[index + 1] == 0x0A {
                            standalone = true; afterLine = index + 2
                        }
                        if standalone {
                            indent = Array(before)
                            text.removeLast(before.count)
                        }
                    }
                }
                flush(&text, into: &stack)
                let tagLine = lines.line(ofByte: tagStart)
                func names(_ raw: String) throws(SyntaxError) -> [TemplateKey] {
                    guard !raw.isEmpty else { throw error("tag has no name", at: tagStart) }
                    if raw == "." { return [TemplateKey(".")] }
                    let parts = raw.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                    guard parts.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
                        throw error("'\(raw)' is not a valid name", at: tagStart)
                    }
                    return parts.map(TemplateKey.init)
                }
                switch sigil {
                case 0, UInt8(ascii: "{"), UInt8(ascii: "&"):
                    stack[stack.count - 1].nodes.append(.variable(name: try names(content), escaped: sigil == 0, line: tagLine))
                case UInt8(ascii: "#"), UInt8(ascii: "^"):
                    guard stack.count <= MustacheTemplate.maximumNesting else {
                        throw error("sections are nested more than \(MustacheTemplate.maximumNesting) deep", at: tagStart)
                    }
                    let (sectionLine, sectionColumn) = lines.lineAndColumn(ofByte: tagStart)
                    stack.append(OpenSection(name: try names(content), rawName: content, inverted: sigil == UInt8(ascii: "^"),
                                             line: sectionLine, column: sectionColumn))
                case UInt8(ascii: "/"):
                    guard stack.count > 1 else { throw error("'{{/\(content)}}' closes a section that was never opened", at: tagStart) }
                    let finished = stack.removeLast()
                    guard finished.rawName == content else {
                        throw error("'{{/\(content)}}' closes section '\(finished.rawName)' opened on line \(finished.line)", at: tagStart)
                    }
                    stack[stack.count - 1].nodes.append(.section(name: finished.name, inverted: finished.inverted, children: finished.nodes, line: finished.line))
                case UInt8(ascii: ">"):
                    guard !content.isEmpty else { throw error("partial tag has no name", at: tagStart) }
                    stack[stack.count - 1].nodes.append(.partial(name: content, indent: standalone ? indent : [], line: tagLine))
                case UInt8(ascii: "="):
                    let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                        throw error("set-delimiter tag must be '{{=<open> <close>=}}'", at: tagStart)
                    }
                    open = Array(parts[0].utf8)
                    close = Array(parts[1].utf8)
                default:
                    break // a comment
                }
                position = standalone ? afterLine : tagEnd
                lastTagEnd = position
            }
            flush(&text, into: &stack)
            guard stack.count == 1, let unclosed = stack.last else {
                let section = stack[stack.count - 1]
                throw SyntaxError(message: "section '\(section.rawName)' is never closed", line: section.line, column: section.column)
            }
            return unclosed.nodes
        }
    }
}

import IndexSiteCore
/// Splits YAML front matter (between `---` lines at the top of a Markdown file) from the body and reads it.
package enum FrontMatterParser {
    /// A Markdown file cut in two: the YAML block, if any, and the body with the line it starts on.
    package struct Split: Sendable {
        /// The front matter, when the file has a readable one.
        package var yaml: YAMLBlock?
        /// The body bytes after the closing `---`.
        package var body: ArraySlice<UInt8>
        /// Lines before the body, to add to line numbers found in it.
        package var bodyLineOffset: Int
        /// Problems with the front matter (unclosed, not UTF-8, not YAML, not a mapping).
        package var diagnostics: [Diagnostic] = []
    }

    /// Cuts `file` into front matter and body; a file without an opening `---` is all body.
    package static func split(_ file: SourceFile) -> Split {
        let bytes = file.bytes
        let start = file.textStart
        guard let firstLineEnd = lineEnd(in: bytes, from: start), isFence(bytes[start..<firstLineEnd.contentEnd]) else {
            return Split(yaml: nil, body: bytes[start...], bodyLineOffset: 0)
        }
        var lineStart = firstLineEnd.next
        var line = 2
        while let end = lineEnd(in: bytes, from: lineStart) {
            let content = bytes[lineStart..<end.contentEnd]
            if isFence(content) || content.elementsEqual("...".utf8) {
                let yamlBytes = Array(bytes[firstLineEnd.next..<lineStart])
                var split = Split(yaml: nil, body: bytes[end.next...], bodyLineOffset: line)
                guard let text = String(validating: yamlBytes, as: UTF8.self) else {
                    split.diagnostics.append(.error(.invalidUTF8, "front matter is not valid UTF-8", at: file.location(line: 2)))
                    return split
                }
                let (block, diagnostics) = YAMLReader.compose(text, path: file.path, lineOffset: 1, laterKeyWins: true)
                split.yaml = block
                split.diagnostics = diagnostics
                if let block, case .mapping = block.node {} else if let block {
                    split.diagnostics.append(.error(.yamlSyntax, "front matter must be a mapping of fields (key: value)", at: block.location(of: block.node)))
                    split.yaml = nil
                }
                return split
            }
            lineStart = end.next
            line += 1
        }
        return Split(yaml: nil, body: bytes[start...], bodyLineOffset: 0, diagnostics: [
            .error(.frontMatterUnclosed, "front matter opened with '---' is never closed", at: file.location(line: 1),
                   hint: "add a line with '---' after the last front matter field"),
        ])
    }

    private static func isFence(_ line: ArraySlice<UInt8>) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == 0x20 || last == 0x09 { trimmed.removeLast() }
        return trimmed.elementsEqual("---".utf8)
    }

    /// The end of the line starting at `from` (without its CR LF) and where the next line starts; nil at the end of the bytes.
    private static func lineEnd(in bytes: [UInt8], from: Int) -> (contentEnd: Int, next: Int)? {
        guard from < bytes.count else { return nil }
        var index = from
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        let next = min(index + 1, bytes.count)
        var contentEnd = index
        if contentEnd > from, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        return (contentEnd, next)
    }
}

import IndexSiteCore

/// MDX pages (Docusaurus, Storybook) and the admonitions of Docusaurus and VitePress, read as the Markdown they
/// mostly are: `import`/`export` lines, `{/* comments */}` and JSX component blocks (`<Tabs>…</Tabs>`) are left out,
/// and `:::tip Title … :::` becomes a block quote headed by its kind. Lines keep their numbers (what is left out
/// becomes blank), so diagnostics in the page still point at the right line.
public enum MDXText {
    /// What was left out of one file.
    public struct LeftOut: Sendable, Equatable {
        /// `import` and `export` lines.
        public var moduleLines = 0
        /// JSX components by name, each with the line it starts on.
        public var components: [(name: String, line: Int)] = []
        /// True when nothing was left out.
        public var isEmpty: Bool { moduleLines == 0 && components.isEmpty }

        public static func == (a: LeftOut, b: LeftOut) -> Bool {
            a.moduleLines == b.moduleLines && a.components.map(\.name) == b.components.map(\.name) && a.components.map(\.line) == b.components.map(\.line)
        }
    }

    /// The kinds of admonition Docusaurus and VitePress write (`:::note`, `::: tip`); other `:::` lines (mkdocstrings'
    /// `::: module.Name`) are left as they are.
    static let admonitionKinds: Set<String> = ["note", "tip", "info", "warning", "danger", "caution", "important", "details",
                                               "success", "question", "example", "quote", "secondary"]

    /// True for a file read as MDX.
    public static func isMDX(_ path: String) -> Bool { path.lowercased().hasSuffix(".mdx") }

    /// The file as Markdown: for `.mdx` files without its MDX syntax; for every file, admonitions as block quotes.
    /// Returns the file unchanged (and nothing left out) when there is nothing to do.
    public static func markdown(_ file: SourceFile) -> (file: SourceFile, leftOut: LeftOut) {
        var mdx = isMDX(file.path)
        // Cheap test first: a Markdown file with no `:::` and no `import` is read as it is.
        if !mdx, !hasTripleColon(file.bytes), !contains("import ", in: file.bytes) { return (file, LeftOut()) }
        guard let text = String(validating: file.bytes[file.textStart...], as: UTF8.self) else { return (file, LeftOut()) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var leftOut = LeftOut()
        var index = 0
        // Front matter is left to the front matter reader.
        if lines.first?.trimmingSpaces == "---" {
            index = 1
            while index < lines.count, lines[index].trimmingSpaces != "---", lines[index] != "..." { index += 1 }
            index += 1
        }
        // Docusaurus reads `.md` pages as MDX too: one that opens with a JavaScript import is read as MDX.
        if !mdx, let first = lines[min(index, lines.count)...].first(where: { !$0.trimmingSpaces.isEmpty }) {
            mdx = isImportStatement(first)
        }
        var fence: String?
        var quoteDepth = 0
        func blank(_ line: Int) { lines[line] = "" }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingSpaces
            let prefix = String(repeating: "> ", count: quoteDepth)
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                lines[index] = prefix + line
                index += 1
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                lines[index] = prefix + line
                index += 1
                continue
            }
            if let admonition = admonitionOpening(trimmed) {
                quoteDepth += 1
                lines[index] = String(repeating: "> ", count: quoteDepth) + admonition
                index += 1
                continue
            }
            if quoteDepth > 0, trimmed.count >= 3, trimmed.allSatisfy({ $0 == ":" }) {
                quoteDepth -= 1
                lines[index] = quoteDepth > 0 ? String(repeating: "> ", count: quoteDepth).trimmingSpaces : ""
                index += 1
                continue
            }
            if mdx, line.hasPrefix("import ") || line.hasPrefix("export ") {
                leftOut.moduleLines += 1
                // A statement over several lines ends with `;`, a closing brace at the start of a line, or a blank line.
                var end = index
                while end < lines.count {
                    let current = lines[end].trimmingSpaces
                    if current.hasSuffix(";") || (end > index && (current.isEmpty || lines[end].hasPrefix("}") || lines[end].hasPrefix(")"))) { break }
                    if end == index, !current.hasSuffix("{"), !current.hasSuffix("("), !current.hasSuffix(","), !current.hasSuffix("=") { break }
                    end += 1
                }
                for line in index...min(end, lines.count - 1) { blank(line) }
                index = end + 1
                continue
            }
            if mdx, trimmed.hasPrefix("{/*") {
                var end = index
                while end < lines.count, !lines[end].contains("*/}") { end += 1 }
                for line in index...min(end, lines.count - 1) { blank(line) }
                index = end + 1
                continue
            }
            if mdx, let name = componentName(trimmed) {
                let end = componentEnd(name, lines: lines, from: index)
                leftOut.components.append((name, index + 1))
                for line in index...end { blank(line) }
                index = end + 1
                continue
            }
            if quoteDepth > 0 { lines[index] = prefix + line }
            index += 1
        }
        guard !leftOut.isEmpty || lines.joined(separator: "\n") != text else { return (file, leftOut) }
        let bytes = Array(file.bytes[..<file.textStart]) + Array(lines.joined(separator: "\n").utf8)
        return (SourceFile(path: file.path, bytes: bytes), leftOut)
    }

    /// True for `import Tabs from '@theme/Tabs';` and `import '…';`: a JavaScript import, not a sentence.
    static func isImportStatement(_ line: String) -> Bool {
        guard line.hasPrefix("import ") else { return false }
        let trimmed = line.trimmingSpaces
        return (trimmed.contains(" from '") || trimmed.contains(" from \"") || trimmed.hasPrefix("import '") || trimmed.hasPrefix("import \""))
            && (trimmed.hasSuffix(";") || trimmed.hasSuffix("'") || trimmed.hasSuffix("\""))
    }

    /// True when `bytes` hold `word` somewhere.
    static func contains(_ word: String, in bytes: [UInt8]) -> Bool {
        let needle = Array(word.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// True when `bytes` hold `:::` somewhere.
    static func hasTripleColon(_ bytes: [UInt8]) -> Bool {
        var run = 0
        for byte in bytes {
            run = byte == UInt8(ascii: ":") ? run + 1 : 0
            if run == 3 { return true }
        }
        return false
    }

    /// `:::tip Title`, `::: warning`, `:::note[Title]` → "**Tip:** Title"; nil for any other line.
    static func admonitionOpening(_ trimmed: String) -> String? {
        guard trimmed.hasPrefix(":::") else { return nil }
        let rest = trimmed.drop { $0 == ":" }.drop { $0 == " " }
        let kind = rest.prefix { $0.isLetter }
        guard admonitionKinds.contains(kind.lowercased()) else { return nil }
        var title = rest.dropFirst(kind.count).trimmingSpaces
        if title.hasPrefix("["), title.hasSuffix("]") { title = String(title.dropFirst().dropLast()) }
        if title.hasPrefix("{") { title = "" } // an attribute block (`{#id}`) is not a title
        let label = kind.prefix(1).uppercased() + kind.dropFirst().lowercased()
        return title.isEmpty ? "**\(label)**" : "**\(label):** \(title)"
    }

    /// The name of the JSX component a line opens (`<Tabs>`, `<PackageLink … />`, `<Foo.Bar`): a capital letter
    /// after `<`; nil for HTML (`<div>`), which Markdown reads itself.
    static func componentName(_ trimmed: String) -> String? {
        guard trimmed.hasPrefix("<"), let first = trimmed.dropFirst().first, first.isUppercase else { return nil }
        return String(trimmed.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" })
    }

    /// The last line of the component opened at `start`: where its opening tag closes itself (`/>`), or the line of
    /// its matching `</Name>` (components of the same name nest); the opening tag's last line when it is never closed.
    static func componentEnd(_ name: String, lines: [String], from start: Int) -> Int {
        // The opening tag may run over several lines of attributes.
        var tagEnd = start
        while tagEnd < lines.count, !lines[tagEnd].contains(">") { tagEnd += 1 }
        guard tagEnd < lines.count else { return start }
        let opening = lines[start...tagEnd].joined(separator: "\n")
        if let close = opening.firstIndex(of: ">"), opening[..<close].hasSuffix("/") { return tagEnd }
        if opening.contains("</\(name)>") { return tagEnd }
        var depth = 1
        var line = tagEnd + 1
        while line < lines.count {
            let text = lines[line]
            depth += text.components(separatedBy: "<\(name)>").count - 1 + text.components(separatedBy: "<\(name) ").count - 1
            depth -= text.components(separatedBy: "</\(name)>").count - 1
            if depth <= 0 { return line }
            line += 1
        }
        return tagEnd
    }

    /// One warning for the MDX files of a source that had something left out, naming each (at most ten in full).
    public static func warning(_ files: [(path: String, leftOut: LeftOut)]) -> Diagnostic? {
        guard let first = files.first else { return nil }
        let described = files.prefix(10).map { path, leftOut -> String in
            var parts: [String] = []
            if leftOut.moduleLines > 0 { parts.append("\(leftOut.moduleLines) import/export \(leftOut.moduleLines == 1 ? "line" : "lines")") }
            parts += leftOut.components.prefix(3).map { "<\($0.name)> at line \($0.line)" }
            if leftOut.components.count > 3 { parts.append("\(leftOut.components.count - 3) more components") }
            return "'\(path.split(separator: "/").last.map(String.init) ?? path)' (\(parts.joined(separator: ", ")))"
        }.joined(separator: ", ") + (files.count > 10 ? " and \(files.count - 10) more" : "")
        let subject = files.count == 1 ? "1 MDX file has" : "\(files.count) MDX files have"
        return .warning(.mdxLeftOut, "\(subject) JavaScript left out, read as Markdown without it: \(described)",
                        at: first.path.isEmpty ? SourceLocation(path: first.path) : SourceLocation(path: first.path, line: first.leftOut.components.first?.line ?? 1),
                        hint: "imports and JSX components render only in the tool they were written for; write what they show as Markdown to have it here")
    }
}

import Foundation

/// Reads a Markdown list file (the shape of every "awesome list") through cmark's tree: headings are sections,
/// list items are entries (`[Title](url) - description`, `**Title**: description` or plain text), nested items
/// are child entries, a paragraph under a heading describes its section. Links to `#anchors` (a table of contents)
/// and raw HTML blocks are not entries.
public struct MarkdownListParser: Sendable {
    /// Nested lists deeper than this are kept flat, so a hostile file cannot exhaust the stack.
    public static let maximumDepth = 64

    /// A Markdown list parser.
    public init() {}

    /// Parses one Markdown list file: its entries, its headings as declared sections, its title, and its front matter settings.
    public func parse(_ file: SourceFile) -> ParsedSource {
        let split = FrontMatterParser.split(file)
        var parsed = ParsedSource()
        parsed.diagnostics = split.diagnostics
        parsed.settings = split.yaml.map(SettingsPatch.init(block:))
        CommonMark.withDocument(Array(split.body)) { document in
            var walker = Walker(file: file, lineOffset: split.bodyLineOffset)
            walker.walk(document)
            parsed.entries = walker.entries
            parsed.declaredSections = walker.sections.filter { !$0.onlyTableOfContents }.map(\.declared)
            parsed.title = walker.documentTitle
            parsed.description = walker.documentDescription
            parsed.diagnostics += walker.diagnostics
        }
        return parsed
    }

    private struct Walker {
        struct OpenSection {
            var declared: DeclaredSection
            var itemCount = 0
            var skippedCount = 0
            var onlyTableOfContents: Bool { itemCount == 0 && skippedCount > 0 }
        }

        let file: SourceFile
        let lineOffset: Int
        var entries: [Entry] = []
        var sections: [OpenSection] = []
        var diagnostics: [Diagnostic] = []
        var documentTitle: String?
        var documentDescription: String?
        var sawHeading = false
        /// Paragraphs of the document's and the last section's description, joined once they are complete: joining
        /// as they come would copy the growing text for each paragraph (quadratic for thousands of paragraphs).
        var documentParagraphs: [String] = []
        var sectionParagraphs: [String] = []

        init(file: SourceFile, lineOffset: Int) {
            self.file = file
            self.lineOffset = lineOffset
        }

        func location(_ node: MarkdownNode) -> SourceLocation {
            file.location(line: node.startLine + lineOffset, column: max(node.startColumn, 1))
        }

        mutating func walk(_ document: MarkdownNode) {
            let blocks = Array(document.children)
            // A single top-level `#` heading before any other heading titles the whole list, not a section.
            let headingLevels = blocks.filter { $0.kind == .heading }.map(\.headingLevel)
            var titleIndex: Int?
            if let first = blocks.firstIndex(where: { $0.kind == .heading }), blocks[first].headingLevel == 1,
               headingLevels.filter({ $0 == 1 }).count == 1 {
                titleIndex = first
            }
            for (index, block) in blocks.enumerated() {
                switch block.kind {
                case .heading where index == titleIndex:
                    documentTitle = MarkdownText.plain(block)
                case .heading:
                    finishSectionDescription()
                    sawHeading = true
                    sections.append(OpenSection(declared: DeclaredSection(title: MarkdownText.plain(block), location: location(block))))
                case .paragraph:
                    let text = MarkdownText.markdown(ofInlines: block)
                    if sections.isEmpty {
                        if !sawHeading { documentParagraphs.append(text) }
                    } else {
                        sectionParagraphs.append(text)
                    }
                case .list:
                    for item in block.children where item.kind == .item {
                        if let entry = entry(from: item, depth: 1) {
                            entries.append(entry)
                            if !sections.isEmpty { sections[sections.count - 1].itemCount += 1 }
                        } else if !sections.isEmpty {
                            sections[sections.count - 1].skippedCount += 1
                        }
                    }
                default:
                    break
                }
            }
            finishSectionDescription()
            documentDescription = Walker.description(joining: documentParagraphs)
        }

        /// Gives the last section the paragraphs read under its heading.
        mutating func finishSectionDescription() {
            if !sections.isEmpty, let description = Walker.description(joining: sectionParagraphs) {
                sections[sections.count - 1].declared.description = description
            }
            sectionParagraphs = []
        }

        /// Paragraphs joined by blank lines, leading empty ones dropped; nil when there are none.
        static func description(joining paragraphs: [String]) -> String? {
            guard !paragraphs.isEmpty else { return nil }
            return paragraphs.drop(while: \.isEmpty).joined(separator: "\n\n")
        }

        /// Makes an entry of a list item; nil for table-of-contents links (to `#anchors` only) and empty items.
        mutating func entry(from item: MarkdownNode, depth: Int) -> Entry? {
            var names: [String] = []
            var values: [FieldValue] = []
            var children: [Entry] = []
            var hasParagraph = false
            var extraParagraphs: [String] = []
            for block in item.children {
                switch block.kind {
                case .paragraph where !hasParagraph:
                    hasParagraph = true
                    let parts = ItemParts(paragraph: block)
                    if let url = parts.url, url.hasPrefix("#"), parts.description == nil { return nil }
                    if let done = parts.done { names.append("done"); values.append(.text(done ? "true" : "false")) }
                    names.append("title"); values.append(.text(parts.title))
                    if let url = parts.url { names.append("url"); values.append(.text(url)) }
                    if let description = parts.description { names.append("description"); values.append(.text(description)) }
                case .paragraph:
                    extraParagraphs.append(MarkdownText.markdown(ofInlines: block))
                case .list:
                    for child in block.children where child.kind == .item {
                        if depth >= MarkdownListParser.maximumDepth {
                            continue
                        }
                        if let entry = entry(from: child, depth: depth + 1) { children.append(entry) }
                    }
                default:
                    break
                }
            }
            if !extraParagraphs.isEmpty {
                let more = extraParagraphs.joined(separator: "\n\n")
                if let index = names.firstIndex(of: "description"), case .text(let first) = values[index] {
                    values[index] = .text(first + "\n\n" + more)
                } else {
                    names.append("description"); values.append(.text(more))
                }
            }
            let title = names.firstIndex(of: "title").map { values[$0].displayText } ?? ""
            if title.trimmingSpaces.isEmpty {
                diagnostics.append(.warning(.emptyListItem, "list item has no text", at: location(item), hint: "write the entry's title after the '-', or remove the item"))
                return nil
            }
            let heading = sections.last?.declared.title
            if let heading {
                names.append("category"); values.append(.text(heading))
            }
            return Entry(fields: FieldRecord(names: names, values: values), location: location(item), children: children, heading: heading)
        }
    }

    /// The title, link and description read off a list item's first paragraph.
    struct ItemParts {
        var title = ""
        var url: String?
        var description: String?
        /// A task-list item's state (`[ ]` or `[x]`), when it is one.
        var done: Bool?

        init(paragraph: MarkdownNode) {
            let inlines = Array(paragraph.children)
            guard let first = inlines.first else { return }
            var rest = inlines.dropFirst()
            switch first.kind {
            case .link:
                title = MarkdownText.plain(first)
                url = first.url
            case .strong:
                title = MarkdownText.plain(first)
            default:
                rest = inlines[...]
            }
            if url != nil || first.kind == .strong {
                var markdown = MarkdownText.markdown(of: rest)
                markdown = ItemParts.dropSeparator(markdown)
                description = markdown.isEmpty ? nil : markdown
                if first.kind == .strong, description == nil, url == nil {
                    title = MarkdownText.plain(paragraph)
                }
                return
            }
            var text = MarkdownText.plain(paragraph)
            for (marker, state) in [("[ ] ", false), ("[x] ", true), ("[X] ", true)] where text.hasPrefix(marker) {
                done = state
                text.removeFirst(marker.count)
            }
            title = text.trimmingSpaces
        }

        /// Removes the " - ", " – ", " — " or ":" that separates a title from its description.
        static func dropSeparator(_ text: String) -> String {
            var text = Substring(text)
            while text.first == " " { text.removeFirst() }
            for separator in ["- ", "– ", "— ", ": ", "-", "–", "—", ":"] where text.hasPrefix(separator) {
                text.removeFirst(separator.count)
                break
            }
            return String(text).trimmingSpaces
        }
    }
}

/// Turns cmark inline nodes back into text: plain (for titles) or Markdown (for descriptions rendered later).
enum MarkdownText {
    /// The visible text of a node and its descendants, without formatting.
    static func plain(_ node: MarkdownNode) -> String {
        var out = ""
        appendPlain(node, to: &out, depth: 0)
        return out.trimmingSpaces
    }

    private static func appendPlain(_ node: MarkdownNode, to out: inout String, depth: Int) {
        switch node.kind {
        case .text, .code: out += node.literal
        case .softBreak, .lineBreak: out += " "
        case .htmlInline: break
        default:
            guard depth < 64 else { return }
            for child in node.children { appendPlain(child, to: &out, depth: depth + 1) }
        }
    }

    /// The Markdown source of a block's inline children.
    static func markdown(ofInlines block: MarkdownNode) -> String {
        markdown(of: Array(block.children)[...]).trimmingSpaces
    }

    static func markdown(of inlines: ArraySlice<MarkdownNode>) -> String {
        var out = ""
        for node in inlines { appendMarkdown(node, to: &out, depth: 0) }
        return out
    }

    private static func appendMarkdown(_ node: MarkdownNode, to out: inout String, depth: Int) {
        guard depth < 64 else { return }
        switch node.kind {
        case .text: out += escaped(node.literal)
        case .softBreak: out += "\n"
        case .lineBreak: out += "\\\n"
        case .code:
            let literal = node.literal
            let fence = literal.contains("`") ? "``" : "`"
            let pad = literal.hasPrefix("`") || literal.hasSuffix("`") ? " " : ""
            out += fence + pad + literal + pad + fence
        case .htmlInline: out += node.literal
        case .emphasis: out += "*"; children(node, &out, depth); out += "*"
        case .strong: out += "**"; children(node, &out, depth); out += "**"
        case .link, .image:
            out += node.kind == .image ? "![" : "["
            children(node, &out, depth)
            out += "](<" + node.url.replacingOccurrences(of: ">", with: "%3E") + ">"
            let title = node.title
            if !title.isEmpty { out += " \"" + title.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            out += ")"
        default:
            children(node, &out, depth)
        }
    }

    private static func children(_ node: MarkdownNode, _ out: inout String, _ depth: Int) {
        for child in node.children { appendMarkdown(child, to: &out, depth: depth + 1) }
    }

    /// Backslash-escapes the characters that would otherwise start Markdown syntax.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { "\\`*_[]<>!&#".utf8.contains($0) }) else { return text }
        var out = ""
        for character in text {
            if "\\`*_[]<>!&#".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

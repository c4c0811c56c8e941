import IndexSiteCore
/// GitHub's extensions to CommonMark — tables, strikethrough, extended autolinks and task list items — added over
/// the tree libcmark parsed, so every Markdown IndexSite renders reads as it does on GitHub (Debian has cmark, not
/// cmark-gfm). The output is cmark-gfm's, byte for byte, on the GFM spec's extension examples.
enum GitHubMarkdown {
    /// Which extensions a text can need at all, found with one pass over its bytes: most descriptions need none and
    /// skip the tree walk.
    struct Marks {
        var pipe = false
        var tilde = false
        var bracket = false
        var autolink = false

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            let count = bytes.count
            while index < count {
                // Words holding none of the bytes below are stepped over whole (this ran over every description's bytes
                // one at a time).
                // A `w` matters only as the start of `www.`: a word is looked at when it holds two in a row, or ends in
                // one (the next word may go on with it); English has a `w` in every fifth word, rarely two.
                index = bytes.endOfWords(from: index) { word in
                    let w = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "w"))
                    return !(ByteWord.word(word, contains: UInt8(ascii: "|")) || ByteWord.word(word, contains: UInt8(ascii: "~"))
                        || ByteWord.word(word, contains: UInt8(ascii: "[")) || ByteWord.word(word, contains: UInt8(ascii: "@"))
                        || ByteWord.word(word, contains: UInt8(ascii: ":")) || w & (w >> 8) != 0 || w >> 63 != 0)
                }
                // The word that holds one (or the last bytes) is looked at byte by byte, then words again.
                let end = min(index + 8, count)
                while index < end {
                    switch bytes[index] {
                    case UInt8(ascii: "|"): pipe = true
                    case UInt8(ascii: "~"): tilde = true
                    case UInt8(ascii: "["): bracket = true
                    case UInt8(ascii: "@"): autolink = true
                    case UInt8(ascii: ":"):
                        if index + 2 < count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") { autolink = true }
                    case UInt8(ascii: "w"):
                        if index + 3 < count, bytes[index + 1] == UInt8(ascii: "w"), bytes[index + 2] == UInt8(ascii: "w"),
                           bytes[index + 3] == UInt8(ascii: ".") { autolink = true }
                    default: break
                    }
                    index += 1
                }
            }
        }

        var isEmpty: Bool { !pipe && !tilde && !bracket && !autolink }
    }

    /// Rewrites a parsed document in place: tables first (they re-read the source lines of paragraphs), then task
    /// list markers, strikethrough, and autolinks last (cmark-gfm finds `~~www.a.org~~` struck, not linked with tildes).
    static func extend(_ document: MarkdownNode, source: UnsafeBufferPointer<UInt8>, marks: Marks) {
        // A `[` matters only to task list items: without a list the tree is not walked for them (a description with
        // a link has a bracket and, nearly always, no list).
        let bracket = marks.bracket && hasList(document)
        if marks.pipe || bracket {
            // Collected before any is replaced: a replaced paragraph's nodes are freed.
            var paragraphs: [MarkdownNode] = []
            var items: [MarkdownNode] = []
            for (node, entering) in document.walk() where entering {
                switch node.kind {
                case .paragraph where marks.pipe: paragraphs.append(node)
                case .item where bracket: items.append(node)
                default: break
                }
            }
            if !paragraphs.isEmpty {
                let lines = SourceLines(source)
                for paragraph in paragraphs { GFMTables.replaceTable(in: paragraph, lines: lines) }
            }
            for item in items { GFMTaskLists.replaceMarker(in: item) }
        }
        guard marks.tilde || (marks.autolink && mayHoldAutolinks(document)) else { return }
        var containers = inlineContainers(document)
        if marks.tilde {
            for container in containers {
                let struck = GFMStrikethrough.strike(in: container.node, edgeIsPunctuation: container.edgeIsPunctuation)
                containers += struck.map { InlineContainer(node: $0, insideLink: container.insideLink, edgeIsPunctuation: true) }
            }
        }
        if marks.autolink {
            for container in containers where !container.insideLink {
                GFMAutolinks.link(in: container.node, edgeIsPunctuation: container.edgeIsPunctuation)
            }
        }
    }

    /// Whether the autolink pass could change the document: some text outside links holds a trigger (`://`, `www.`,
    /// `@`), or text follows text (a run is looked at whole). The mark in the source is nearly always a link's own
    /// destination (`[the guide](https://…)`), and collecting every inline container to find nothing was a large share
    /// of rendering a list's descriptions.
    static func mayHoldAutolinks(_ document: MarkdownNode) -> Bool {
        var linkDepth = 0
        var found = false
        document.forEachEvent { node, entering in
            guard !found else { return }
            switch node.kind {
            case .link, .image: linkDepth += entering ? 1 : -1
            case .text where linkDepth == 0:
                found = node.next?.kind == .text || node.withLiteral(GFMAutolinks.mayHoldAutolink)
            default: break
            }
        }
        return found
    }

    /// Whether a block holds a list anywhere below it, looking only where blocks can hold lists (block quotes and
    /// lists themselves), never into a paragraph's inlines.
    static func hasList(_ block: MarkdownNode) -> Bool {
        var child = block.firstChild
        while let current = child {
            switch current.kind {
            case .list, .item: return true
            case .blockQuote: if hasList(current) { return true }
            default: break
            }
            child = current.next
        }
        return false
    }

    /// The text a reader sees of a (GitHub-extended) document, its blocks and table cells separated by single spaces;
    /// raw HTML is left out.
    static func plainText(of document: MarkdownNode) -> String {
        var words: [UInt8] = []
        for (node, entering) in document.walk() {
            switch node.kind {
            case .text, .code, .codeBlock:
                if entering { words += node.literalBytes }
            case .softBreak, .lineBreak:
                words.append(UInt8(ascii: " "))
            case .paragraph, .heading, .item, .customInline, .customBlock, .blockQuote, .list:
                words.append(UInt8(ascii: " "))
            default:
                break
            }
        }
        return String(decoding: words, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A node whose children are inlines, with what stands just outside its children in the source.
    struct InlineContainer {
        var node: MarkdownNode
        /// Whether the children are inside a link's or image's text, where GitHub makes no autolinks.
        var insideLink: Bool
        /// Whether the source character before the first child (and after the last) is punctuation — an emphasis,
        /// strikethrough or link delimiter — rather than the start or end of a line.
        var edgeIsPunctuation: Bool
    }

    static func inlineContainers(_ document: MarkdownNode) -> [InlineContainer] {
        var containers: [InlineContainer] = []
        var linkDepth = 0
        document.forEachEvent { node, entering in
            let kind = node.kind
            if kind == .link || kind == .image { linkDepth += entering ? 1 : -1 }
            guard entering else { return }
            switch kind {
            case .paragraph, .heading:
                containers.append(InlineContainer(node: node, insideLink: linkDepth > 0, edgeIsPunctuation: false))
            case .emphasis, .strong, .link, .image:
                containers.append(InlineContainer(node: node, insideLink: linkDepth > 0, edgeIsPunctuation: true))
            case .customInline where node.firstChild != nil:
                // A table cell starts like a line; a strikethrough starts after its tildes.
                let isCell = node.onEnter.hasPrefix("<t")
                containers.append(InlineContainer(node: node, insideLink: linkDepth > 0, edgeIsPunctuation: !isCell))
            default:
                break
            }
        }
        return containers
    }

    /// The start offset of every line of a text, found when a table may need a paragraph's source.
    struct SourceLines {
        let source: UnsafeBufferPointer<UInt8>
        let starts: [Int]

        init(_ source: UnsafeBufferPointer<UInt8>) {
            self.source = source
            var starts = [0]
            for index in source.indices where source[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
            self.starts = starts
        }

        /// Line `number` (1-based) without its line ending.
        func line(_ number: Int) -> ArraySlice<UInt8> {
            guard number >= 1, number <= starts.count else { return [] }
            let start = starts[number - 1]
            var end = number < starts.count ? starts[number] - 1 : source.count
            if end > start, source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return Array(source[start..<max(start, end)])[...]
        }
    }
}

/// Byte classes as cmark-gfm's extensions test them (ASCII only).
extension UInt8 {
    var isMarkdownSpace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0B || self == 0x0C || self == 0x0D
    }
    var isASCIIAlpha: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    var isASCIIAlphanumeric: Bool { isASCIIAlpha || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) }
}

import Foundation
import IndexSiteCore

/// Reads a Markdown list file (the shape of every "awesome list") through cmark's tree: headings are a tree of
/// sections and sub-sections (`Assembler`), list items are entries (`[Title](url) - description`,
/// `**Title**: description` or plain text), nested items are child entries, a paragraph under a heading describes its
/// section. README furniture — links to `#anchors` (a table of contents), back-to-top links, badges — and raw HTML
/// blocks are not entries (`Furniture`). The common item line, `- [Title](url) - text`, is read without cmark where
/// cmark's reading of it is sure (`SimpleItems`); cmark reads the rest.
public struct MarkdownListParser: Sendable {
    /// Nested lists deeper than this are kept flat, so a hostile file cannot exhaust the stack.
    public static let maximumDepth = 64

    /// Bodies longer than this are cut into pieces of about this size, parsed on every core: cmark's tree of a whole
    /// large list would be many times its size, made on one core. A piece of 128 KB makes a tree that stays in a core's
    /// cache while cmark walks it again (it joins adjacent texts once the piece is parsed) and the items are read from
    /// it: larger pieces were slower, smaller ones no faster.
    let pieceSize: Int
    /// A body shorter than four pieces a core is cut into pieces of a quarter of its share, but none smaller than
    /// this: a 1 MB list was two pieces on two cores and then a third on one.
    static let minimumPieceSize = 1 << 16
    /// Whether the simple item lines are read without cmark (`SimpleItems`); tests turn it off to compare with cmark.
    let readsSimpleItems: Bool

    /// A Markdown list parser.
    public init() {
        pieceSize = 1 << 17
        readsSimpleItems = true
    }

    /// A parser that cuts bodies into pieces of about `pieceSize` bytes, so tests and the fuzzer can cut small files,
    /// and that may leave every line to cmark.
    package init(pieceSize: Int, readsSimpleItems: Bool = true) {
        self.pieceSize = max(1, pieceSize)
        self.readsSimpleItems = readsSimpleItems
    }

    /// Parses one Markdown list file: its entries, its headings as declared sections, its title, and its front matter settings.
    public func parse(_ file: SourceFile) -> ParsedSource {
        let split = FrontMatterParser.split(file)
        var parsed = ParsedSource()
        parsed.diagnostics = split.diagnostics
        parsed.settings = split.yaml.map(SettingsPatch.init(block:))
        let share = split.body.count / (4 * Engine.current.width)
        let pieces = MarkdownPieces.cut(split.body, size: min(pieceSize, max(MarkdownListParser.minimumPieceSize, share)))
        var results = Engine.current.orderedMap(count: pieces.count) { index -> (blocks: [Block], diagnostics: [Diagnostic]) in
            let piece = split.body[pieces[index].bytes]
            let (simpleItems, rest) = readsSimpleItems ? SimpleItems.take(from: piece) : (SimpleItems.Taken(), nil)
            // What cmark reads: the piece, or what is left of it once the simple lines are blanked, tildes shielded.
            let source = rest.map { GitHubMarkdown.shieldingEscapedTildes($0) ?? $0 } ?? GitHubMarkdown.shieldingEscapedTildes(piece) ?? Array(piece)
            return CommonMark.withDocument(source) { document in
                var reader = BlockReader(file: file, lineOffset: split.bodyLineOffset + pieces[index].linesBefore, simpleItems: simpleItems)
                source.withUnsafeBufferPointer { reader.read(document, source: $0) }
                reader.compactEntries()
                return (reader.blocks, reader.diagnostics)
            }
        }
        var assembler = Assembler(blocks: results.map(\.blocks))
        for index in results.indices {
            parsed.diagnostics += results[index].diagnostics
            let blocks = results[index].blocks
            results[index] = ([], []) // each piece's blocks held by nothing else, so their entries are moved, not copied
            assembler.add(blocks)
        }
        assembler.finish()
        parsed.entries = assembler.entries
        parsed.declaredSections = assembler.declaredSections
        parsed.title = assembler.documentTitle
        parsed.description = assembler.documentDescription
        parsed.topAnchors = assembler.topAnchors
        return parsed
    }

    /// A top-level block of the file, as much as can be read without knowing the blocks before it.
    /// README furniture (back-to-top links, badge rows, paragraphs of links to the file's own anchors) never
    /// becomes a block: see `Furniture`.
    enum Block {
        case heading(level: Int, title: String, location: SourceLocation)
        case paragraph(String)
        /// A paragraph of nothing but bold text (`**Web Development**`): a group of the headings that follow it, when
        /// a heading follows; else an ordinary paragraph (`markdown`).
        case boldLine(title: String, markdown: String, location: SourceLocation)
        /// A block quote's text, as Markdown without the `>` markers: an awesome list's tagline.
        case blockQuote(String)
        /// A top-level list item; nil for a table-of-contents link or an empty item.
        case item(Entry?)
        /// An HTML block that may name the list (`<h1>Awesome X</h1>`, a banner `<img alt="Awesome X logo">`), or that
        /// is a sponsor's (after which no banner names the list): see `Banner`.
        case banner(title: String?, sponsor: Bool)
        /// The `id`s and `name`s of an HTML block or of a paragraph of furniture (left out of the page): where links to
        /// them should land. `bare` when the block shows nothing (`<a name="tools"></a>`): it marks the heading after it.
        case anchors([String], bare: Bool)

        /// The level of a heading; nil for any other block.
        var headingLevel: Int? {
            if case .heading(let level, _, _) = self { return level }
            return nil
        }

        /// True for an item that became an entry.
        var isItem: Bool {
            if case .item(.some) = self { return true }
            return false
        }
    }

    /// Reads the top-level blocks of one piece's tree into `Block`s, with the items read off their lines before it
    /// (`SimpleItems`) put back in their places; runs on any core.
    private struct BlockReader {
        let file: SourceFile
        let lineOffset: Int
        var blocks: [Block] = []
        var diagnostics: [Diagnostic] = []
        /// Items left out as table-of-contents links (to `#anchors`), counted to tell a parent of only such links.
        var tableOfContentsSkips = 0
        /// The piece's items read without cmark, in line order, and the first not yet among the blocks.
        let simpleItems: SimpleItems.Taken
        var nextSimpleItem = 0
        /// Where the items read from cmark's tree are among the blocks (their fields are values, until `compactEntries`).
        var treeItemPlaces: [Int] = []
        /// The items after the first of a list opened on its bullet's own line (`* * [A](a)`), which `entry(from:)`
        /// returns in the bullet's place: its caller adds these after it.
        var hoisted: [Entry] = []

        init(file: SourceFile, lineOffset: Int, simpleItems: SimpleItems.Taken) {
            self.file = file
            self.lineOffset = lineOffset
            self.simpleItems = simpleItems
        }

        func location(_ node: MarkdownNode) -> SourceLocation {
            file.location(line: node.startLine + lineOffset, column: max(node.startColumn, 1))
        }

        /// Reads the piece's blocks; `source` is what cmark read, for the lines of a paragraph that may be a table.
        mutating func read(_ document: MarkdownNode, source: UnsafeBufferPointer<UInt8>) {
            var lines: GitHubMarkdown.SourceLines?
            for block in document.children {
                addSimpleItems(before: block.startLine)
                switch block.kind {
                case .heading:
                    blocks.append(.heading(level: block.headingLevel, title: MarkdownText.plain(block), location: location(block)))
                case .paragraph:
                    if block.endLine > block.startLine, TableEntries.mayHoldTable(block) {
                        if lines == nil { lines = GitHubMarkdown.SourceLines(source) }
                        if let table = TableEntries.read(block, lines: lines!) {
                            addTable(table, column: block.startColumn)
                            continue
                        }
                    }
                    if Furniture.isFurniture(block) {
                        // `<a name="tools"></a>` on a line of its own is a paragraph of inline HTML to cmark.
                        let anchors = block.children.filter { $0.kind == .htmlInline }.flatMap { Banner.anchors(in: $0.literal) }
                        if !anchors.isEmpty { blocks.append(.anchors(anchors, bare: MarkdownText.plain(block).isEmpty)) }
                        continue
                    }
                    if let bold = Furniture.boldOnlyText(block) {
                        blocks.append(.boldLine(title: bold, markdown: MarkdownText.markdown(ofInlines: block), location: location(block)))
                    } else if block.children.contains(where: Furniture.isBackToTopLink) {
                        // "Back to top" in a paragraph that says more: the link goes, the rest stays.
                        let kept = block.children.filter { !Furniture.isBackToTopLink($0) }
                        blocks.append(.paragraph(MarkdownText.markdown(of: kept[...]).trimmingSpaces))
                    } else {
                        blocks.append(.paragraph(MarkdownText.markdown(ofInlines: block)))
                    }
                case .htmlBlock:
                    let html = block.literal
                    if let banner = Banner(html: html) { blocks.append(.banner(title: banner.title, sponsor: banner.isSponsor)) }
                    let anchors = Banner.anchors(in: html)
                    if !anchors.isEmpty { blocks.append(.anchors(anchors, bare: Banner.plainText(of: html[...]).isEmpty)) }
                case .blockQuote:
                    let paragraphs = block.children.filter { $0.kind == .paragraph && !Furniture.isFurniture($0) }.map(MarkdownText.markdown(ofInlines:))
                    if !paragraphs.isEmpty { blocks.append(.blockQuote(paragraphs.joined(separator: "\n\n"))) }
                case .list:
                    for item in block.children where item.kind == .item {
                        addSimpleItems(before: item.startLine)
                        treeItemPlaces.append(blocks.count)
                        blocks.append(.item(entry(from: item, depth: 1)))
                        for entry in hoisted {
                            treeItemPlaces.append(blocks.count)
                            blocks.append(.item(entry))
                        }
                        hoisted = []
                    }
                default:
                    break
                }
            }
            addSimpleItems(before: Int.max)
        }

        /// Adds a table's rows as items (read from cmark's tree: their fields are compacted with the others), after
        /// the lines of its paragraph above its header row.
        mutating func addTable(_ table: TableEntries.Table, column: Int) {
            if let above = table.above { blocks.append(.paragraph(above)) }
            for row in table.rows {
                treeItemPlaces.append(blocks.count)
                let location = file.location(line: row.line + lineOffset, column: max(column, 1))
                blocks.append(.item(Entry(fields: FieldRecord(names: row.names, values: row.values), location: location)))
            }
        }

        /// Adds the items read off lines before `line`: a blanked line sits between cmark's blocks, never inside one.
        mutating func addSimpleItems(before line: Int) {
            guard let table = simpleItems.table else { return }
            while nextSimpleItem < simpleItems.items.count, simpleItems.items[nextSimpleItem].line < line {
                let item = simpleItems.items[nextSimpleItem]
                let location = file.location(line: item.line + lineOffset, column: 1)
                blocks.append(.item(Entry(fields: FieldRecord(names: item.names, texts: table, row: item.row), location: location, children: [])))
                nextSimpleItem += 1
            }
        }

        /// Puts the piece's items' texts into one table (`FieldTexts.compact`), once they are all read: a million
        /// items held a `String` per field and two arrays each.
        /// The entries are moved out of their blocks and back, never copied: a copy of an entry is a retain and a
        /// release for each of its fields.
        mutating func compactEntries() {
            // Items read off their lines are rows of a table already: only cmark's are moved.
            var entries: [Entry] = []
            var places: [Int] = []
            for index in treeItemPlaces {
                var block = Block.item(nil) // the items are held once, in `entries`
                swap(&block, &blocks[index])
                guard case .item(let entry?) = consume block else { continue }
                entries.append(entry)
                places.append(index)
            }
            FieldTexts.compact(&entries)
            while let entry = entries.popLast() { blocks[places.removeLast()] = .item(entry) }
        }

        /// Makes an entry of a list item, without its heading (the `Assembler` knows it); nil for table-of-contents
        /// links (to `#anchors`, and plain items holding only such links) and empty items.
        mutating func entry(from item: MarkdownNode, depth: Int) -> Entry? {
            // Room for done, title, url, description and the `category` the assembler adds: no regrowth per item.
            var names: [String] = []
            names.reserveCapacity(5)
            var values: [FieldValue] = []
            values.reserveCapacity(5)
            var children: [Entry] = []
            var hasParagraph = false
            var extraParagraphs: [String] = []
            let skipsBefore = tableOfContentsSkips
            for block in item.children {
                switch block.kind {
                case .paragraph where !hasParagraph:
                    hasParagraph = true
                    let parts = ItemParts(paragraph: block)
                    if let url = parts.url, url.hasPrefix("#") {
                        tableOfContentsSkips += 1
                        return nil
                    }
                    if let done = parts.done { names.append("done"); values.append(.text(done ? "true" : "false")) }
                    names.append("title"); values.append(.text(parts.title))
                    if let url = parts.url { names.append("url"); values.append(.text(url)) }
                    if let description = parts.description { names.append("description"); values.append(.text(description)) }
                    if let prefix = parts.prefix { names.append("prefix"); values.append(.text(prefix)) }
                    if parts.struck { names.append("struck"); values.append(.text("true")) }
                case .paragraph:
                    extraParagraphs.append(MarkdownText.markdown(ofInlines: block))
                case .list:
                    for child in block.children where child.kind == .item {
                        if depth >= MarkdownListParser.maximumDepth {
                            continue
                        }
                        if let entry = entry(from: child, depth: depth + 1) { children.append(entry) }
                        children += hoisted
                        hoisted = []
                    }
                default:
                    break
                }
            }
            // `* * [Name](url)`: a bullet whose line opens a nested list is no item of its own; the nested items stand
            // in its place.
            if !hasParagraph, extraParagraphs.isEmpty, let first = children.first {
                hoisted = Array(children.dropFirst())
                return first
            }
            // A plain item whose nested items were all table-of-contents links ("- Tools" over "[Hammers](#hammers)").
            if children.isEmpty, tableOfContentsSkips > skipsBefore, !names.contains("url"), !names.contains("description"), extraParagraphs.isEmpty {
                return nil
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
            return Entry(fields: FieldRecord(names: names, values: values), location: location(item), children: children)
        }
    }

}

/// Turns cmark inline nodes back into text: plain (for titles) or Markdown (for descriptions rendered later).
enum MarkdownText {
    /// The visible text of a node and its descendants, without formatting. Images' alt text is left out (a badge's
    /// "Build Status" is not part of a title) unless `keepingImageText` asks for it.
    static func plain(_ node: MarkdownNode, keepingImageText: Bool = false) -> String {
        var out = ""
        appendPlain(node, to: &out, depth: 0, images: keepingImageText)
        return out.trimmingSpaces
    }

    /// The visible text of several inline nodes in a row.
    static func plainJoined(_ nodes: [MarkdownNode]) -> String {
        var out = ""
        for node in nodes { appendPlain(node, to: &out, depth: 0, images: false) }
        return out.trimmingSpaces
    }

    private static func appendPlain(_ node: MarkdownNode, to out: inout String, depth: Int, images: Bool) {
        switch node.kind {
        case .text: out += GitHubMarkdown.unshielded(node.literal, as: "~")
        case .code: out += GitHubMarkdown.unshielded(node.literal, as: "\\~")
        case .softBreak, .lineBreak: out += " "
        case .htmlInline: break
        case .image where !images: break
        default:
            guard depth < 64 else { return }
            for child in node.children { appendPlain(child, to: &out, depth: depth + 1, images: images) }
        }
    }

    /// The Markdown source of a block's inline children.
    static func markdown(ofInlines block: MarkdownNode) -> String {
        markdown(of: Array(block.children)[...]).trimmingSpaces
    }

    static func markdown(of inlines: ArraySlice<MarkdownNode>) -> String {
        // Written as bytes: string concatenation per node was a large share of reading a large Markdown list.
        var out: [UInt8] = []
        for node in inlines { appendMarkdown(node, to: &out, depth: 0) }
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendMarkdown(_ node: MarkdownNode, to out: inout [UInt8], depth: Int) {
        guard depth < 64 else { return }
        switch node.kind {
        case .text: appendEscapedLiteral(of: node, to: &out)
        case .softBreak: out.append(UInt8(ascii: "\n"))
        case .lineBreak: out += "\\\n".utf8
        case .code:
            let literal = GitHubMarkdown.unshielded(node.literal, as: "\\~")
            // Over bytes, appended piece by piece: with Foundation imported, `contains("`")` is NSString's search, and
            // joining the pieces first made three strings per code span.
            let backtick = UInt8(ascii: "`")
            let fence = literal.utf8.contains(backtick) ? 2 : 1
            let pad = literal.utf8.first == backtick || literal.utf8.last == backtick
            out.append(contentsOf: repeatElement(backtick, count: fence))
            if pad { out.append(UInt8(ascii: " ")) }
            out += literal.utf8
            if pad { out.append(UInt8(ascii: " ")) }
            out.append(contentsOf: repeatElement(backtick, count: fence))
        case .htmlInline: out += GitHubMarkdown.unshielded(node.literal, as: "\\~").utf8
        case .emphasis: out.append(UInt8(ascii: "*")); children(node, &out, depth); out.append(UInt8(ascii: "*"))
        case .strong: out += "**".utf8; children(node, &out, depth); out += "**".utf8
        case .link, .image:
            out += (node.kind == .image ? "![" : "[").utf8
            children(node, &out, depth)
            out += "](<".utf8
            // The destination read in place from cmark, a `>` in it written as %3E (it would end the angle brackets).
            node.withURL { url in
                for byte in url {
                    if byte == UInt8(ascii: ">") { out += "%3E".utf8 } else { out.append(byte) }
                }
            }
            out.append(UInt8(ascii: ">"))
            let title = node.title
            if !title.isEmpty { out += (" \"" + title.replacing("\"", with: "\\\"") + "\"").utf8 }
            out.append(UInt8(ascii: ")"))
        default:
            children(node, &out, depth)
        }
    }

    private static func children(_ node: MarkdownNode, _ out: inout [UInt8], _ depth: Int) {
        for child in node.children { appendMarkdown(child, to: &out, depth: depth + 1) }
    }

    /// A text node's literal, backslash-escaped as `escaped` does, read in place from cmark (valid UTF-8: documents
    /// are parsed with validation).
    private static func appendEscapedLiteral(of node: MarkdownNode, to out: inout [UInt8]) {
        guard let literal = node.literalPointer else { return }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
        // A shielded escaped tilde (see GitHubMarkdown.shieldingEscapedTildes) is written back as `\~`.
        if bytes.contains(GitHubMarkdown.shieldedTilde[0]) {
            out += GitHubMarkdown.unshielded(escaped(node.literal), as: "\\~").utf8
            return
        }
        appendEscaped(bytes, to: &out)
    }

    /// Appends text backslash-escaped as `escaped` does.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard bytes.contains(where: isSyntax) else {
            out.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            if isSyntax(byte) { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
    }

    /// Backslash-escapes the characters that would otherwise start Markdown syntax (all ASCII, so bytes will do).
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: isSyntax) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if isSyntax(byte) { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isSyntax(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "#"):
            true
        default:
            false
        }
    }
}

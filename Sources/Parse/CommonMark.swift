import CCmark
import CMarkdownArena
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IndexSiteCore

/// The one door to libcmark: every cmark call of the package is in this file.
/// Markdown is rendered in cmark's safe mode (raw HTML and `javascript:` links dropped) unless the site opts out.
package enum CommonMark {
    /// Renders Markdown to HTML.
    package static func html(_ markdown: String, allowUnsafeHTML: Bool = false) -> String {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            html(bytes, allowUnsafeHTML: allowUnsafeHTML)
        }
    }

    /// Renders Markdown bytes to HTML, with GitHub's extensions (tables, strikethrough, extended autolinks, task
    /// list items) added over cmark's tree when the text holds any of their marks.
    package static func html(_ bytes: UnsafeBufferPointer<UInt8>, allowUnsafeHTML: Bool = false) -> String {
        var output: [UInt8] = []
        appendHTML(bytes, allowUnsafeHTML: allowUnsafeHTML, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Renders Markdown bytes to HTML appended to `output`: the entries of a list render into one buffer, with no
    /// string per entry. The tree and its HTML live in the thread's arena (`CMarkdownArena`) until they are copied
    /// out: a list's descriptions are a million small documents.
    package static func appendHTML(_ bytes: UnsafeBufferPointer<UInt8>, allowUnsafeHTML: Bool = false, to output: inout [UInt8]) {
        // Most descriptions are one line of simple Markdown, whose HTML is written without a tree (`SimpleMarkdown`).
        if SimpleMarkdown.appendHTML(bytes, to: &output) { return }
        appendHTMLThroughTree(bytes, allowUnsafeHTML: allowUnsafeHTML, to: &output)
    }

    /// `appendHTML` of Markdown bytes read in place (a row's description, see `FieldTexts`).
    package static func appendHTML(_ bytes: Span<UInt8>, allowUnsafeHTML: Bool = false, to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { appendHTML($0, allowUnsafeHTML: allowUnsafeHTML, to: &output) }
    }

    /// The HTML of cmark's tree of `bytes`, extended with GitHub's extensions: what every text renders to, and the
    /// reference `SimpleMarkdown` is held to.
    package static func appendHTMLThroughTree(_ bytes: UnsafeBufferPointer<UInt8>, allowUnsafeHTML: Bool = false, to output: inout [UInt8]) {
        guard bytes.count > 0 else { return }
        let marks = GitHubMarkdown.Marks(bytes)
        let options = CMARK_OPT_VALIDATE_UTF8 | (allowUnsafeHTML ? CMARK_OPT_UNSAFE : 0)
        if marks.tilde, let shielded = GitHubMarkdown.shieldingEscapedTildes(bytes) {
            shielded.withUnsafeBufferPointer { appendHTML(parsing: $0, marks: marks, options: options, restoringTildes: true, to: &output) }
        } else {
            appendHTML(parsing: bytes, marks: marks, options: options, restoringTildes: false, to: &output)
        }
    }

    /// Parses a text in the arena, extends it with GitHub's extensions when it holds their marks, and appends its HTML.
    private static func appendHTML(parsing bytes: UnsafeBufferPointer<UInt8>, marks: GitHubMarkdown.Marks, options: Int32,
                                   restoringTildes: Bool, to output: inout [UInt8]) {
        inArena(bytes) { root in
            if !marks.isEmpty { GitHubMarkdown.extend(MarkdownNode(pointer: root), source: bytes, marks: marks) }
            if restoringTildes { GitHubMarkdown.restoreEscapedTildes(MarkdownNode(pointer: root)) }
            // Made with the tree's allocator: it is the arena's, and goes with it.
            guard let rendered = cmark_render_html(root, options) else { return }
            rendered.withMemoryRebound(to: UInt8.self, capacity: 1) { output.append(contentsOf: UnsafeBufferPointer(start: $0, count: strlen(rendered))) }
        }
    }

    /// Parses `bytes` into the calling thread's arena and lends the root to `body`; the tree and everything cmark made
    /// for it are gone when `body` returns. Every node of it is the arena's (nodes made while it is in use, and
    /// fragments parsed into it, are too), so it is dropped with the arena, never walked to be freed: freeing every
    /// description's tree node by node was a real share of a Markdown list's build.
    private static func inArena<T>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (OpaquePointer) throws -> T) rethrows -> T {
        // cmark's quadratic inputs are escaped first (`CommonMarkLimits`); the build warns where (`markdown-limit`).
        if let defused = CommonMarkLimits.defused(bytes) {
            return try defused.withUnsafeBufferPointer { try parse($0, body) }
        }
        return try parse(bytes, body)
    }

    private static func parse<T>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (OpaquePointer) throws -> T) rethrows -> T {
        indexsite_arena_enter()
        defer { indexsite_arena_leave() }
        guard let parser = cmark_parser_new_with_mem(CMARK_OPT_VALIDATE_UTF8, indexsite_arena_mem()) else {
            fatalError("cmark could not allocate a parser") // the arena aborts first
        }
        if let base = bytes.baseAddress {
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parser_feed(parser, $0, bytes.count) }
        }
        let root = cmark_parser_finish(parser)
        cmark_parser_free(parser)
        guard let root else { fatalError("cmark could not finish a document") } // the arena aborts first
        return try body(root)
    }

    /// The visible text of Markdown (GitHub's extensions applied), in one line: for `<meta name="description">`,
    /// where Markdown syntax such as a table's `|---|` must not show.
    package static func plainText(_ markdown: String) -> String {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            guard bytes.count > 0 else { return "" }
            let marks = GitHubMarkdown.Marks(bytes)
            func plain(_ bytes: UnsafeBufferPointer<UInt8>, restoringTildes: Bool) -> String {
                inArena(bytes) { root in
                    let document = MarkdownNode(pointer: root)
                    GitHubMarkdown.extend(document, source: bytes, marks: marks)
                    if restoringTildes { GitHubMarkdown.restoreEscapedTildes(document) }
                    return GitHubMarkdown.plainText(of: document)
                }
            }
            if marks.tilde, let shielded = GitHubMarkdown.shieldingEscapedTildes(bytes) {
                return shielded.withUnsafeBufferPointer { plain($0, restoringTildes: true) }
            }
            return plain(bytes, restoringTildes: false)
        }
    }

    /// Parses a piece of Markdown on its own (a table cell, the lines above a table) and lends its root to `body`,
    /// which moves the nodes it wants into another tree. It is parsed in the arena, as the tree is (`inArena`): what
    /// is moved lives as long as that tree, and what is left goes with it.
    static func withFragment<T>(_ text: [UInt8], _ body: (MarkdownNode) -> T) -> T {
        text.withUnsafeBufferPointer { buffer in inArena(buffer) { body(MarkdownNode(pointer: $0)) } }
    }

    /// Parses Markdown and lends the document's root node to `body`; the tree is freed when `body` returns,
    /// so nodes must not escape it.
    /// The tree lives in the thread's arena (`CMarkdownArena`): a piece of a Markdown list is a tree of thousands of
    /// nodes, made and freed at once. Nodes made elsewhere and moved in (a table's cells) are freed by their own
    /// allocator; nothing of the tree may be kept after `body`.
    static func withDocument<T>(_ bytes: [UInt8], _ body: (MarkdownNode) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            try inArena(buffer) { try body(MarkdownNode(pointer: $0)) }
        }
    }
}

/// A node of a cmark document tree, valid only inside `CommonMark.withDocument`.
struct MarkdownNode {
    fileprivate let pointer: OpaquePointer

    enum Kind {
        case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, link, image, customInline, customBlock, other
    }

    var kind: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_EMPH: .emphasis
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        case CMARK_NODE_CUSTOM_INLINE: .customInline
        case CMARK_NODE_CUSTOM_BLOCK: .customBlock
        default: .other
        }
    }

    /// The children in order; walking them allocates nothing.
    var children: Children { Children(first: cmark_node_first_child(pointer)) }

    var firstChild: MarkdownNode? { cmark_node_first_child(pointer).map(MarkdownNode.init) }

    /// The text of a text, code or HTML node.
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var title: String { cmark_node_get_title(pointer).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    /// Whether a list is tight (its items' paragraphs are not wrapped in `<p>`).
    var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
    var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }
    var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
    var endColumn: Int { Int(cmark_node_get_end_column(pointer)) }

    struct Children: Sequence, IteratorProtocol {
        var upcoming: OpaquePointer?

        init(first: OpaquePointer?) { upcoming = first }

        mutating func next() -> MarkdownNode? {
            guard let current = upcoming else { return nil }
            upcoming = cmark_node_next(current)
            return MarkdownNode(pointer: current)
        }
    }
}

/// Building and rearranging a tree, for GitHub's extensions (GitHubMarkdown and its GFM* files): new nodes are either
/// linked into a tree or freed with `delete()`. Custom nodes print their markup as it is, even in safe mode, so they
/// are only ever given markup IndexSite writes itself.
extension MarkdownNode: Equatable {
    /// A new node of `type`; cmark's allocator aborts rather than return NULL, so there is no failure to pass on.
    private static func new(_ type: cmark_node_type) -> MarkdownNode {
        // In the arena when the tree being built is (`CommonMark.inArena`): nothing of such a tree is freed on its own.
        let memory = indexsite_arena_in_use() != 0 ? indexsite_arena_mem() : cmark_get_default_mem_allocator()
        guard let pointer = cmark_node_new_with_mem(type, memory) else { fatalError("cmark could not allocate a node") }
        return MarkdownNode(pointer: pointer)
    }

    static func text(_ literal: some Sequence<UInt8>) -> MarkdownNode {
        let node = new(CMARK_NODE_TEXT)
        node.setLiteral(literal)
        return node
    }

    static func link(url: some Sequence<UInt8>, text: some Sequence<UInt8>) -> MarkdownNode {
        let node = new(CMARK_NODE_LINK)
        var bytes = Array(url)
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { _ = cmark_node_set_url(node.pointer, $0) }
        }
        node.append(MarkdownNode.text(text))
        return node
    }

    static func paragraph() -> MarkdownNode { new(CMARK_NODE_PARAGRAPH) }

    /// An inline node printed as `enter`, its children, then `exit`.
    static func customInline(enter: String, exit: String) -> MarkdownNode {
        let node = new(CMARK_NODE_CUSTOM_INLINE)
        _ = cmark_node_set_on_enter(node.pointer, enter)
        _ = cmark_node_set_on_exit(node.pointer, exit)
        return node
    }

    /// A block printed on lines of its own as `enter`, its children, then `exit`.
    static func customBlock(enter: String, exit: String) -> MarkdownNode {
        let node = new(CMARK_NODE_CUSTOM_BLOCK)
        _ = cmark_node_set_on_enter(node.pointer, enter)
        _ = cmark_node_set_on_exit(node.pointer, exit)
        return node
    }

    var parent: MarkdownNode? { cmark_node_parent(pointer).map(MarkdownNode.init) }
    var next: MarkdownNode? { cmark_node_next(pointer).map(MarkdownNode.init) }
    var previous: MarkdownNode? { cmark_node_previous(pointer).map(MarkdownNode.init) }
    /// What a custom node prints before its children.
    var onEnter: String { cmark_node_get_on_enter(pointer).map { String(cString: $0) } ?? "" }

    /// The text of a text node as bytes.
    /// The node's literal as cmark holds it (NUL-terminated), valid while the tree lives.
    var literalPointer: UnsafePointer<CChar>? { cmark_node_get_literal(pointer) }

    /// Lends the node's link or image destination to `body` without copying it.
    func withURL<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let url = cmark_node_get_url(pointer) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), count: strlen(url)))
    }

    /// Lends the node's literal text to `body` without copying it.
    func withLiteral<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let literal = cmark_node_get_literal(pointer) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal)))
    }

    var literalBytes: [UInt8] {
        guard let literal = cmark_node_get_literal(pointer) else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal)))
    }

    func setLiteral(_ literal: some Sequence<UInt8>) {
        var bytes = Array(literal)
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { _ = cmark_node_set_literal(pointer, $0) }
        }
    }

    func insertBefore(_ sibling: MarkdownNode) { _ = cmark_node_insert_before(pointer, sibling.pointer) }
    func append(_ child: MarkdownNode) { _ = cmark_node_append_child(pointer, child.pointer) }
    /// Unlinks the node and frees it with its children.
    func delete() { cmark_node_free(pointer) }

    /// Every node under this one (itself included) in document order, each with whether it is being entered
    /// (containers are also visited on exit); collected first, so the caller may rearrange the tree afterwards.
    func walk() -> [(node: MarkdownNode, entering: Bool)] {
        var visited: [(node: MarkdownNode, entering: Bool)] = []
        forEachEvent { visited.append(($0, $1)) }
        return visited
    }

    /// Calls `body` for every node of the tree, entering and leaving, as `walk()` lists them, without making the
    /// list: for walks that only look (`body` must not change the tree).
    func forEachEvent(_ body: (_ node: MarkdownNode, _ entering: Bool) -> Void) {
        guard let iterator = cmark_iter_new(pointer) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            body(MarkdownNode(pointer: node), event == CMARK_EVENT_ENTER)
        }
    }
}

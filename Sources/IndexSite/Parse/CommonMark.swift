import CCmark
#if canImport(Glibc)
import Glibc
#endif

/// The one door to libcmark: every cmark call of the package is in this file.
/// Markdown is rendered in cmark's safe mode (raw HTML and `javascript:` links dropped) unless the site opts out.
enum CommonMark {
    /// Renders Markdown to HTML.
    static func html(_ markdown: String, allowUnsafeHTML: Bool = false) -> String {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            html(bytes, allowUnsafeHTML: allowUnsafeHTML)
        }
    }

    /// Renders Markdown bytes to HTML.
    static func html(_ bytes: UnsafeBufferPointer<UInt8>, allowUnsafeHTML: Bool = false) -> String {
        let options = CMARK_OPT_VALIDATE_UTF8 | (allowUnsafeHTML ? CMARK_OPT_UNSAFE : 0)
        guard let base = bytes.baseAddress, bytes.count > 0 else { return "" }
        let rendered = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            cmark_markdown_to_html($0, bytes.count, options)
        }
        guard let rendered else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Parses Markdown and lends the document's root node to `body`; the tree is freed when `body` returns,
    /// so nodes must not escape it.
    static func withDocument<T>(_ bytes: [UInt8], _ body: (MarkdownNode) throws -> T) rethrows -> T {
        let root: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                cmark_parse_document($0, buffer.count, CMARK_OPT_VALIDATE_UTF8)
            }
        }
        guard let root else {
            return try withDocument(Array("\n".utf8), body)
        }
        defer { cmark_node_free(root) }
        return try body(MarkdownNode(pointer: root))
    }
}

/// A node of a cmark document tree, valid only inside `CommonMark.withDocument`.
struct MarkdownNode {
    fileprivate let pointer: OpaquePointer

    enum Kind {
        case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, link, image, other
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

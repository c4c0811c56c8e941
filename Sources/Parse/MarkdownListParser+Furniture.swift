import IndexSiteCore
/// README furniture: the parts of a GitHub README that serve GitHub's page rather than the list — "back to top"
/// links, rows of badges, paragraphs of links to the README's own anchors. They are left out of entries, titles and
/// descriptions (the README's "What a Markdown list leaves out" says so to users).
enum Furniture {
    /// A paragraph made only of furniture: links to the file's own `#anchors`, images and links holding only images
    /// (badges), separators between them, or a "back to top" phrase however it is linked (inline HTML included).
    static func isFurniture(_ paragraph: MarkdownNode) -> Bool {
        isFurnitureLine(Array(paragraph.children))
    }

    /// The same test over a run of inline nodes: a line of a paragraph, such as a "back to top" link written right
    /// under the last item of a list (Markdown makes it part of that item's text).
    static func isFurnitureLine(_ nodes: [MarkdownNode]) -> Bool {
        var strayText = false
        guard !nodes.isEmpty, onlyFurniture(nodes, strayText: &strayText, depth: 0) else { return false }
        return !strayText || isBackToTopPhrase(MarkdownText.plainJoined(nodes))
    }

    private static func onlyFurniture(_ nodes: some Sequence<MarkdownNode>, strayText: inout Bool, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        for child in nodes {
            switch child.kind {
            case .link:
                if child.url.hasPrefix("#") || isImageOnly(child) { continue }
                return false
            case .image, .softBreak, .lineBreak, .htmlInline:
                continue
            case .text:
                if !child.literal.unicodeScalars.allSatisfy({ separators.contains($0) }) { strayText = true }
            case .strong, .emphasis:
                if !onlyFurniture(child.children, strayText: &strayText, depth: depth + 1) { return false }
            default:
                return false
            }
        }
        return true
    }

    /// Spaces and the marks READMEs put between badges or links: `|`, `·`, `•`, dashes, slashes, arrows.
    private static let separators: Set<Unicode.Scalar> = Set(" \t|·•-–—/⬆↑⇧^()[]".unicodeScalars)

    /// "⬆ back to top", "↑ Back to Top", "[top]", "Go to top", "return to contents": short phrases whose words are only
    /// these, with "top" or "back" among them.
    static func isBackToTopPhrase(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        guard !words.isEmpty, words.count <= 6, words.contains("top") || words.contains("back") else { return false }
        return words.allSatisfy { backToTopWords.contains($0) }
    }

    private static let backToTopWords: Set<String> = ["back", "to", "top", "go", "return", "the", "scroll", "up", "contents", "table", "of", "index", "page"]

    /// A "back to top" link inside a paragraph that says more (`*Libraries for AI.* [back to top](#readme)`): a link
    /// to an `#anchor` whose text is a back-to-top phrase, or bold or emphasis holding only one.
    static func isBackToTopLink(_ node: MarkdownNode) -> Bool {
        switch node.kind {
        case .link:
            return node.url.hasPrefix("#") && isBackToTopPhrase(MarkdownText.plain(node))
        case .strong, .emphasis:
            return onlyLink(in: node).map(isBackToTopLink) ?? false
        default:
            return false
        }
    }

    /// An image, or a link whose content is only images (and spaces): a badge or a logo.
    static func isImageOnly(_ node: MarkdownNode) -> Bool {
        switch node.kind {
        case .image: return true
        case .link:
            var sawImage = false
            for child in node.children {
                if child.kind == .image { sawImage = true; continue }
                if child.kind == .text, child.literal.trimmingSpaces.isEmpty { continue }
                if child.kind == .softBreak { continue }
                return false
            }
            return sawImage
        default: return false
        }
    }

    /// The one link inside an emphasis (`**[Name](url)**`), when the emphasis holds nothing else.
    static func onlyLink(in node: MarkdownNode) -> MarkdownNode? {
        var link: MarkdownNode?
        for child in node.children {
            if child.kind == .link, link == nil { link = child; continue }
            if child.kind == .text, child.literal.trimmingSpaces.isEmpty { continue }
            return nil
        }
        return link
    }

    /// The text of a paragraph that is nothing but bold text (`**Web Development**`), or nil. Bold text holding a
    /// link or code (`**Please visit [awesome-sysadmin](…)**`) is a note, not a label.
    static func boldOnlyText(_ paragraph: MarkdownNode) -> String? {
        var strong: MarkdownNode?
        for child in paragraph.children {
            if child.kind == .strong, strong == nil { strong = child; continue }
            if child.kind == .text, child.literal.trimmingSpaces.isEmpty { continue }
            return nil
        }
        guard let strong, !strong.children.contains(where: { $0.kind == .link || $0.kind == .code || $0.kind == .image }) else { return nil }
        let text = MarkdownText.plain(strong)
        return text.isEmpty ? nil : text
    }
}

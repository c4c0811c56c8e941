import IndexSiteCore
extension MarkdownListParser {
    /// The title, link and description read off a list item's first paragraph.
    ///
    /// The item's link is its first link that is not a badge or logo and not an `#anchor`, wherever it stands:
    /// - at the start (`[Name](url) - text`, `**[Name](url)**`), after brackets or strikethrough marks
    ///   (`[[name](url)] - text`, `~~[Name](url)~~ - text`), or after a short marker (`` `0BSD` - [Name](url) ``,
    ///   `⚠ [Name](url)`): the link titles the item, the marker is its `prefix`;
    /// - after a label ending with a colon (`Arabic version: [here](url)`, `More tools: [A](a), [B](b)`): the label
    ///   titles the item, the link is its url, and the links after the label are its description;
    /// - after longer text (`“A quote” - what it says. Source: [Book](url)`): the text up to its separator titles
    ///   the item, the rest (links and all) is its description, the link its url.
    /// An icon of the list's own linking elsewhere (`[![Open-Source Software][oss icon]](https://github.com/…)`, an
    /// image at a relative path) and a bracketed link right after the title link (`[[crate](https://crates.io/…)]`)
    /// are extra links, added to the end of the description named by their alt text or link text. Badges from
    /// elsewhere (shields.io) stay furniture.
    struct ItemParts {
        var title = ""
        var url: String?
        var description: String?
        /// What stands before the item's link: a marker such as a licence code or `⚠`.
        var prefix: String?
        /// Whether the item's link is struck through (`~~[Name](url)~~ - deprecated`): kept, and shown struck.
        var struck = false
        /// A task-list item's state (`[ ]` or `[x]`), when it is one.
        var done: Bool?

        init(paragraph: MarkdownNode) {
            // Badges and logos (images, and links holding only images) are furniture: never part of a title or description.
            var badge: MarkdownNode?
            var inlines: [MarkdownNode] = []
            inlines.reserveCapacity(8)
            var extraLinks: [String] = []
            for node in paragraph.children {
                if Furniture.isImageOnly(node) {
                    if badge == nil, node.kind == .link { badge = node }
                    if let extra = ItemParts.iconLink(node) { extraLinks.append(extra) }
                } else {
                    inlines.append(node)
                }
            }
            while let first = inlines.first, first.kind == .text, first.literal.trimmingSpaces.isEmpty { inlines.removeFirst() }
            // A "back to top" line right under an item continues its paragraph: it is furniture, not description.
            while let lastBreak = inlines.lastIndex(where: { $0.kind == .softBreak || $0.kind == .lineBreak }),
                  Furniture.isFurnitureLine(Array(inlines[(lastBreak + 1)...])) {
                inlines.removeSubrange(lastBreak...)
            }
            guard var first = inlines.first else {
                // An item that is nothing but a linked logo: its alt text names it.
                if let badge {
                    title = MarkdownText.plain(badge, keepingImageText: true)
                    url = badge.url
                }
                return
            }
            defer { addExtraLinks(extraLinks) }
            var rest = inlines.dropFirst()
            // `**[Name](url)**` and `_[Name](url)_`: the link inside the emphasis is the title.
            if first.kind == .strong || first.kind == .emphasis, let link = Furniture.onlyLink(in: first) { first = link }
            switch first.kind {
            case .link where !first.url.hasPrefix("#"):
                title = MarkdownText.plain(first)
                url = first.url
            case .link:
                // A link to an anchor of the page: the parser leaves the item out as a table-of-contents link.
                url = first.url
                return
            case .strong:
                title = MarkdownText.plain(first)
            default:
                if readLinkAfterText(inlines) { return }
                rest = inlines[...]
            }
            if url != nil || first.kind == .strong {
                rest = ItemParts.extraLinksAfterTitle(rest, into: &extraLinks)
                var markdown = MarkdownText.markdown(of: rest)
                markdown = ItemParts.dropSeparator(markdown)
                description = markdown.isEmpty ? nil : markdown
                if first.kind == .strong, description == nil, url == nil {
                    title = MarkdownText.plain(paragraph)
                }
                return
            }
            var text = MarkdownText.plainJoined(inlines)
            for (marker, state) in [("[ ] ", false), ("[x] ", true), ("[X] ", true)] where text.hasPrefix(marker) {
                done = state
                text.removeFirst(marker.count)
            }
            title = text.trimmingSpaces
        }

        /// Reads an item whose link does not stand first (see the type's comment); false when the item has no link,
        /// and is plain text.
        mutating func readLinkAfterText(_ inlines: [MarkdownNode]) -> Bool {
            guard let index = inlines.firstIndex(where: { ItemParts.entryLink($0) != nil }), let link = ItemParts.entryLink(inlines[index]) else {
                return false
            }
            let leading = inlines[..<index]
            let marker = ItemParts.trimmed(MarkdownText.plainJoined(Array(leading)), ItemParts.decoration)
            url = link.url
            if ItemParts.isMarker(leading, text: marker) {
                // `` `0BSD` - [Name](url) - text``, `[[name](url)] - text`, `~~[Name](url)~~ - text`.
                title = MarkdownText.plain(link)
                prefix = marker.isEmpty ? nil : marker
                if let next = inlines[(index + 1)...].first, next.kind == .text {
                    let opening = GitHubMarkdown.unshielded(MarkdownText.plainJoined(Array(leading)), as: "~")
                    struck = opening.hasSuffix("~~") && GitHubMarkdown.unshielded(next.literal, as: "~").hasPrefix("~~")
                }
                let after = ItemParts.droppingClosingMarks(inlines[(index + 1)...])
                let markdown = ItemParts.dropSeparator(MarkdownText.markdown(of: after))
                description = markdown.isEmpty ? nil : markdown
                return true
            }
            // Text before the link: the text up to its first separator is the title (`Arabic version: [here](…)`,
            // `“A quote” - what it says. Source: [Book](…)`), the rest, links and all, the description.
            for (position, node) in leading.enumerated() where node.kind == .text {
                let literal = GitHubMarkdown.unshielded(node.literal, as: "~")
                guard let separator = ItemParts.textSeparators.compactMap({ literal.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) else { continue }
                let before = MarkdownText.plainJoined(Array(leading.prefix(position))) + literal[..<separator.lowerBound]
                guard !before.trimmingSpaces.isEmpty else { continue }
                title = before.trimmingSpaces
                let tail = String(literal[separator.upperBound...])
                let after = inlines[(position + 1)...]
                // `Label: [link](url).`: the link is the url, and nothing else is left to describe.
                let onlyTheLink = tail.trimmingSpaces.isEmpty && after.allSatisfy { node in
                    node == link || (node.kind == .text && ItemParts.trimmed(node.literal, ItemParts.decoration.union([".", ",", ";"])).isEmpty)
                }
                if !onlyTheLink { description = (MarkdownText.escaped(tail) + MarkdownText.markdown(of: after)).trimmingSpaces }
                return true
            }
            // Text with links inside and no separator: the text titles the item, the first link is its url, and the
            // links are kept in the description when there are several.
            title = MarkdownText.plainJoined(inlines)
            if inlines.filter({ ItemParts.entryLink($0) != nil }).count > 1 { description = MarkdownText.markdown(of: inlines[...]).trimmingSpaces }
            return true
        }

        /// `text` without the characters of `set` at either end.
        static func trimmed(_ text: String, _ set: Set<Character>) -> String {
            guard let first = text.firstIndex(where: { !set.contains($0) }), let last = text.lastIndex(where: { !set.contains($0) }) else { return "" }
            return String(text[first...last])
        }

        /// Adds the extra links to the end of the description, as Markdown links named by their text.
        mutating func addExtraLinks(_ links: [String]) {
            guard !links.isEmpty else { return }
            let joined = links.joined(separator: " ")
            description = description.map { $0 + " " + joined } ?? joined
        }

        /// The link of an item that names it, standing at the top level or alone inside emphasis; nil for anything else.
        static func entryLink(_ node: MarkdownNode) -> MarkdownNode? {
            switch node.kind {
            case .link:
                return Furniture.isImageOnly(node) || node.url.hasPrefix("#") || node.url.isEmpty ? nil : node
            case .strong, .emphasis:
                return Furniture.onlyLink(in: node).flatMap(entryLink)
            default:
                return nil
            }
        }

        /// A marker before an item's link: nothing but brackets, strikethrough marks and separators, code spans
        /// (`` `0BSD` ``), or one short word or symbol (`⚠`, `NEW`).
        static func isMarker(_ leading: ArraySlice<MarkdownNode>, text marker: String) -> Bool {
            if marker.isEmpty { return true }
            let onlyCodeAndDecoration = leading.allSatisfy { node in
                node.kind == .code || (node.kind == .text && trimmed(node.literal, decoration).isEmpty)
            }
            if onlyCodeAndDecoration { return true }
            return marker.count <= 12 && !marker.contains(" ")
        }

        /// What may surround a marker or a title link: spaces, brackets, strikethrough marks, separators.
        static let decoration: Set<Character> = [" ", "[", "]", "(", ")", "~", "-", "–", "—", ":", "|", "→", ">", "*", "_"]

        /// The separators looked for in text before an item's link.
        static let textSeparators = [" - ", " – ", " — ", " -> ", ": "]

        /// The inlines after an item's title link without the marks that closed around it (`]` of `[[name](url)]`,
        /// `~~` of `~~[Name](url)~~`).
        static func droppingClosingMarks(_ after: ArraySlice<MarkdownNode>) -> ArraySlice<MarkdownNode> {
            guard let first = after.first, first.kind == .text else { return after }
            let literal = first.literal
            let kept = literal.drop { $0 == "]" || $0 == "~" || $0 == ")" }
            guard kept.count < literal.count else { return after }
            first.setLiteral(Array(kept.utf8))
            return after
        }

        /// The `[[crate](https://crates.io/…)]` right after an item's title link, taken out of the inlines as an extra
        /// link (written as Markdown, named by its text).
        static func extraLinksAfterTitle(_ rest: ArraySlice<MarkdownNode>, into links: inout [String]) -> ArraySlice<MarkdownNode> {
            var rest = rest
            while rest.count >= 3 {
                let open = rest[rest.startIndex], link = rest[rest.startIndex + 1], close = rest[rest.startIndex + 2]
                guard open.kind == .text, open.literal.trimmingSpaces == "[", link.kind == .link, !Furniture.isImageOnly(link),
                      close.kind == .text, close.literal.hasPrefix("]") else { break }
                links.append(MarkdownText.markdown(of: [link][...]))
                let closing = close.literal.dropFirst()
                if closing.isEmpty {
                    rest = rest.dropFirst(3)
                } else {
                    close.setLiteral(Array(closing.utf8))
                    rest = rest.dropFirst(2)
                }
            }
            return rest
        }

        /// An icon of the list's own (an image at a relative path, `./img/oss.svg`) linking to a page: the Markdown
        /// link it is kept as, named by the image's alt text (`[Open-Source Software](<https://github.com/…>)`).
        static func iconLink(_ node: MarkdownNode) -> String? {
            guard node.kind == .link, !node.url.isEmpty, !node.url.hasPrefix("#"),
                  let image = node.children.first(where: { $0.kind == .image }) else { return nil }
            let source = image.url.lowercased()
            guard !source.isEmpty, !source.contains("://"), !source.hasPrefix("//"), !source.hasPrefix("data:") else { return nil }
            var name = MarkdownText.plain(node, keepingImageText: true)
            if name.isEmpty { name = "source" }
            return "[" + MarkdownText.escaped(name) + "](<" + node.url.replacing(">", with: "%3E") + ">)"
        }

        /// Removes the " - ", " – ", " — ", " -> " or ":" that separates a title from its description (compared as
        /// bytes: this runs once per entry).
        static func dropSeparator(_ text: String) -> String {
            var text = text
            let start = text.withUTF8(separatorEnd)
            guard start > 0 else { return text.trimmingSpaces }
            // A separator is whole characters (ASCII, or a dash of one scalar), so the cut is on a character boundary.
            return String(text.utf8.dropFirst(start))!.trimmingSpaces
        }

        /// Where a description starts after its separator and the spaces before it (0 when it has neither).
        static func separatorEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var start = 0
            while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
            for separator in separators where bytes.count - start >= separator.count {
                if separator.indices.allSatisfy({ bytes[start + $0] == separator[$0] }) { return start + separator.count }
            }
            return start
        }

        /// `->` is written `-\>` in a description's Markdown (`>` is escaped), so both spellings are here.
        private static let separators: [[UInt8]] = ["-\\> ", "-> ", "→ ", "- ", "– ", "— ", ": ", "-\\>", "->", "-", "–", "—", ":"]
            .map { Array($0.utf8) }
    }
}

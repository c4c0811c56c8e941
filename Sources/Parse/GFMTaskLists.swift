import IndexSiteCore
/// GitHub's task list items: a list item whose first paragraph starts with `[ ]`, `[x]` or `[X]` and a space gets a
/// disabled checkbox in place of the marker, as cmark-gfm renders it.
enum GFMTaskLists {
    static let unchecked = "<input type=\"checkbox\" disabled=\"\" /> "
    static let checked = "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "

    static func replaceMarker(in item: MarkdownNode) {
        guard let paragraph = item.firstChild, paragraph.kind == .paragraph else { return }
        // cmark splits `[ ] foo` into the text nodes "[", " ", "]", " foo": read the leading text nodes as one.
        var leading: [MarkdownNode] = []
        var text: [UInt8] = []
        var node = paragraph.firstChild
        while let current = node, current.kind == .text, text.count < 4 {
            leading.append(current)
            text += current.literalBytes
            node = current.next
        }
        guard text.count >= 4, text[0] == UInt8(ascii: "["), text[2] == UInt8(ascii: "]"),
              text[3] == UInt8(ascii: " ") || text[3] == UInt8(ascii: "\t") else { return }
        let state = text[1]
        let isChecked = state == UInt8(ascii: "x") || state == UInt8(ascii: "X")
        guard isChecked || state == UInt8(ascii: " ") || state == UInt8(ascii: "\t") else { return }
        let rest = text.dropFirst(4).drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        let first = leading[0]
        let checkbox = isChecked ? checked : unchecked
        if item.parent?.isTightList ?? true {
            first.insertBefore(MarkdownNode.customInline(enter: checkbox, exit: ""))
        } else {
            // In a loose list cmark-gfm writes the checkbox right after `<li>`, before the item's `<p>`.
            paragraph.insertBefore(MarkdownNode.customBlock(enter: checkbox, exit: ""))
        }
        if !rest.isEmpty { first.insertBefore(MarkdownNode.text(rest)) }
        leading.forEach { $0.delete() }
    }
}

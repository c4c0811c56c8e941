import Foundation
import IndexSiteCore

/// awesome-lint's checks of one list item (its `awesome-list-item` rule), read from its source: the link and the
/// description must be separated by ` - `, and a description is a sentence that starts with a capital and ends with
/// punctuation. The special cases are awesome-lint's own (a description of emoji only, or a parenthetical alone; the
/// casing is checked only when the description is one run of text), so the two tools agree item by item.
extension AwesomeLinter {
    /// An inline node as remark sees it: consecutive text and soft breaks are one text node.
    struct Inline {
        enum Kind { case text, link, image, code, html, emphasis, strong, other }
        var kind: Kind
        /// What mdast's `toString` gives for it.
        var text: String
    }

    /// The inline nodes of a paragraph, merged as remark merges them.
    static func inlines(of paragraph: MarkdownNode) -> [Inline] {
        var result: [Inline] = []
        for child in paragraph.children {
            let kind: Inline.Kind
            switch child.kind {
            case .text, .softBreak, .lineBreak: kind = .text
            case .link: kind = .link
            case .image: kind = .image
            case .code: kind = .code
            case .htmlInline: kind = .html
            case .emphasis: kind = .emphasis
            case .strong: kind = .strong
            default: kind = .other
            }
            let text = Self.string(child)
            if kind == .text, result.last?.kind == .text { result[result.count - 1].text += text } else { result.append(Inline(kind: kind, text: text)) }
        }
        return result
    }

    /// mdast's `toString`: the text of a node and its descendants, with image alt text, code and HTML as written.
    static func string(_ node: MarkdownNode, depth: Int = 0) -> String {
        switch node.kind {
        case .text, .code, .htmlInline, .htmlBlock: return node.literal
        case .softBreak, .lineBreak: return "\n"
        default:
            guard depth < 64 else { return "" }
            return node.children.map { string($0, depth: depth + 1) }.joined()
        }
    }

    /// The findings of the item rules for one list item's first paragraph, at `location`.
    func checkItem(_ paragraph: MarkdownNode, at location: SourceLocation, into diagnostics: inout [Diagnostic]) {
        let nodes = Self.inlines(of: paragraph)
        guard let first = nodes.first, first.kind != .text else { return }
        // The main link is the one followed by " - ", else the first.
        var linkIndex = nodes.indices.first { index in
            nodes[index].kind == .link && index + 1 < nodes.count && nodes[index + 1].kind == .text && nodes[index + 1].text.hasPrefix(" - ")
        }
        if linkIndex == nil { linkIndex = nodes.firstIndex { $0.kind == .link } }
        guard let linkIndex, !nodes[linkIndex].text.isEmpty else { return }
        let description = Array(nodes[(linkIndex + 1)...])
        guard let prefix = description.first, let suffix = description.last else { return }
        let descriptionText = description.map(\.text).joined()
        if Self.isSpecialCase(descriptionText) { return }

        if prefix.kind != .text || !(prefix.text.hasPrefix(" - ") || (Self.endsWithEmoji(prefix.text) && descriptionText == prefix.text)) {
            let problem: String
            if prefix.text.wholeMatch(of: /^[\s\u{00A0}]-[\s\u{00A0}][\s\S]*/) != nil {
                problem = "the link and the description are separated by odd spaces around '-'"
            } else if prefix.text.firstMatch(of: /^\s*[\/\u{2013}\u{2014}]/) != nil {
                problem = "the link and the description are separated by an en dash, em dash or slash, not ' - '"
            } else if descriptionText.firstMatch(of: /\ - [A-Z]/) != nil {
                // Badges or a second link before the description: a " - " followed by a capital is separator enough.
                return
            } else {
                problem = "the link and the description are not separated by ' - '"
            }
            report(.separator, problem, at: location, hint: "write the item as - [Name](https://…) - Description.", into: &diagnostics)
            return
        }
        let suffixAllowed: Set<Inline.Kind> = [.emphasis, .html, .image, .link, .strong, .text]
        if !suffixAllowed.contains(suffix.kind) || (suffix.kind == .text && !Self.endsProperly(descriptionText, suffix: suffix.text)) {
            report(.descriptionPunctuation, "the description does not end with '.', '!', '?' or '…'", at: location,
                   hint: "end it as a sentence ends", into: &diagnostics)
            return
        }
        // As awesome-lint: the first word's case is checked only when the description is one run of text.
        if description.count == 1 { checkCasing(prefix.text, at: location, into: &diagnostics) }
    }

    /// A description of emoji alone, or of one parenthetical: nothing to check.
    static func isSpecialCase(_ text: String) -> Bool {
        if text.hasPrefix(" - ") { return false }
        let stripped = String(String.UnicodeScalarView(text.unicodeScalars.filter { !isEmoji($0) })).trimmingCharacters(in: .whitespacesAndNewlines)
        if stripped.isEmpty { return true }
        if text.wholeMatch(of: /^\s\([^)]+\)\s*$/) != nil { return true }
        return stripped.wholeMatch(of: /^\([^)]+\)$/) != nil
    }

    /// awesome-lint's `validateListItemSuffix`: final punctuation, a quote after it, or a parenthesis or emoji after
    /// punctuation somewhere in the description.
    static func endsProperly(_ text: String, suffix: String) -> Bool {
        if text.wholeMatch(of: /^`[\s\S]*[.!?…]*`[.!?…]*$/) != nil {
            return text.wholeMatch(of: /^`[\s\S]+`[\s\S]+`[\s\S]+$/) != nil
        }
        if text.firstMatch(of: /["”][.!?…]+$/) != nil {
            return text.firstMatch(of: /[.!?…]["”][.!?…]+$/) == nil
        }
        if text.firstMatch(of: /[.!?…]["”]?$/) != nil { return true }
        if text.firstMatch(of: /[.!?…]/) == nil {
            let tokens = words(text)
            if tokens.count > 2 || !endsWithEmoji(tokens.last ?? "") { return false }
        }
        if suffix.firstMatch(of: /\)\s*$/) != nil { return true }
        return endsWithEmoji(suffix)
    }

    /// awesome-lint's `validateListItemPrefixCasing` on the text after " - ".
    func checkCasing(_ prefix: String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) {
        let stripped = String(prefix.dropFirst(3))
        guard let first = Self.words(stripped).first else {
            report(.descriptionCase, "the description is empty after ' - '", at: location, hint: "say what the item is", into: &diagnostics)
            return
        }
        if let lead = stripped.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.first, "/@#$~&%".unicodeScalars.contains(lead) { return }
        // Scripts without case (Chinese, Arabic, …) are not checked; awesome-lint's pattern also lets through a word
        // with a Greek or Cyrillic letter anywhere.
        let latinFirst = first.unicodeScalars.first.map(Self.isLatin) ?? false
        guard latinFirst || first.unicodeScalars.contains(where: { Self.isGreekOrCyrillic($0) }) else { return }
        if Self.hasValidCasing(first) || first.contains(where: \.isNumber) || first.first.map({ "\"'(".contains($0) }) == true || first == "npm" { return }
        report(.descriptionCase, "the description starts with '\(first)', in lower case", at: location,
               hint: "start it with a capital letter, as a sentence", into: &diagnostics)
    }

    /// The words of a text as awesome-lint splits them (on `-`, space, `;`, `.`, `/`, `'`).
    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { "- ;./'".contains($0) })
    }

    /// Whether a word, its non-word characters removed, is capitalised, all capitals or camelCase (`iOS`, `jQuery`),
    /// as the `case` package's `of` tells them apart; all lower case is not.
    static func hasValidCasing(_ word: Substring) -> Bool {
        let cleaned = word.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        guard let first = cleaned.first else { return false }
        if first.properties.isUppercase { return true }
        return cleaned.dropFirst().contains { $0.properties.isUppercase }
    }

    static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.isAlphabetic else { return false }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return true
        default: return false
        }
    }

    static func isGreekOrCyrillic(_ scalar: Unicode.Scalar) -> Bool {
        (0x370...0x3FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value) || (0x400...0x52F).contains(scalar.value)
    }

    /// An emoji as emoji-regex matches them: pictographs, and the joiners and selectors inside them.
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isEmojiPresentation || (properties.isEmoji && scalar.value > 0xFF) || scalar.value == 0xFE0F || scalar.value == 0x200D
            || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    static func endsWithEmoji<S: StringProtocol>(_ text: S) -> Bool {
        guard let last = text.unicodeScalars.last else { return false }
        return isEmoji(last)
    }
}

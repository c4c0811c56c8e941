import IndexSiteCore

/// `\~` is a literal tilde, never a strikethrough run. cmark turns the escape into a plain "~" text node, which the
/// strikethrough pass (and the list parser, writing a description back as Markdown) could not tell from a written one,
/// so before parsing each escaped tilde becomes U+0080, a control character no text holds and no pass reads as a
/// delimiter, two bytes like `\~` so every offset and line stays where it was. After the passes it becomes what the
/// source meant: "~" in text, `\~` where backslashes are literal (code, raw HTML) or the text is Markdown again.
extension GitHubMarkdown {
    /// U+0080 in UTF-8.
    static let shieldedTilde: [UInt8] = [0xC2, 0x80]
    static let shieldedTildeText = "\u{80}"

    /// The source with every escaped tilde shielded, or nil when it has none (the common case: no copy). The bytes
    /// are searched for tildes, which are rare, and only at a tilde are the backslashes before it counted (a Markdown
    /// list of a megabyte was read byte by byte through a generic collection).
    static func shieldingEscapedTildes<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8]? {
        if let result = bytes.withContiguousStorageIfAvailable(shieldingEscapedTildes) { return result }
        return Array(bytes).withUnsafeBufferPointer(shieldingEscapedTildes)
    }

    private static func shieldingEscapedTildes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var result: [UInt8]?
        var next = 0
        while let offset = bytes.index(of: UInt8(ascii: "~"), from: next, to: bytes.count) {
            next = offset + 1
            var backslashes = 0
            while backslashes < offset, bytes[offset - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            guard backslashes % 2 == 1 else { continue }
            if result == nil { result = Array(bytes) }
            result![offset - 1] = shieldedTilde[0]
            result![offset] = shieldedTilde[1]
        }
        return result
    }

    /// `text` with shielded tildes written as `replacement`.
    static func unshielded(_ text: String, as replacement: String) -> String {
        text.utf8.contains(shieldedTilde[0]) ? text.replacingAll(shieldedTildeText, with: replacement) : text
    }

    /// Puts the escaped tildes back after the extensions ran: "~" where cmark had read the escape, `\~` where it had not.
    static func restoreEscapedTildes(_ document: MarkdownNode) {
        for (node, entering) in document.walk() where entering {
            switch node.kind {
            case .text: restore(node, as: [UInt8(ascii: "~")])
            case .code, .codeBlock, .htmlInline, .htmlBlock: restore(node, as: [UInt8(ascii: "\\"), UInt8(ascii: "~")])
            default: break
            }
        }
    }

    private static func restore(_ node: MarkdownNode, as replacement: [UInt8]) {
        let literal = node.literalBytes
        guard literal.contains(shieldedTilde[0]) else { return }
        node.setLiteral(unshielded(String(decoding: literal, as: UTF8.self), as: String(decoding: replacement, as: UTF8.self)).utf8)
    }
}

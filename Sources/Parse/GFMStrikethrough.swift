import IndexSiteCore
/// GitHub's strikethrough: text between runs of one or two tildes (`~~gone~~`, `~gone~`) becomes `<del>`. The runs
/// open and close by CommonMark's flanking rules, as `*` does, and a closer takes the nearest opener of its length.
enum GFMStrikethrough {
    struct Delimiter {
        var node: MarkdownNode
        var length: Int
        var canOpen: Bool
        var canClose: Bool
    }

    /// Strikes through the text between matching tilde runs among `container`'s children; returns the `<del>`
    /// nodes made, whose children are inlines too.
    @discardableResult
    static func strike(in container: MarkdownNode, edgeIsPunctuation: Bool) -> [MarkdownNode] {
        let children = Array(container.children)
        guard children.contains(where: { $0.kind == .text && $0.literalBytes.contains(UInt8(ascii: "~")) }) else { return [] }
        var struck: [MarkdownNode] = []
        var delimiters: [Delimiter] = []
        for (position, child) in children.enumerated() where child.kind == .text {
            let literal = child.literalBytes
            guard literal.contains(UInt8(ascii: "~")) else { continue }
            let before = position > 0 ? neighbour(children[position - 1], last: true) : edge(edgeIsPunctuation)
            let after = position + 1 < children.count ? neighbour(children[position + 1], last: false) : edge(edgeIsPunctuation)
            delimiters += split(child, literal: literal, before: before, after: after)
        }
        var openers: [Delimiter] = []
        // The last opener of each length (1 and 2), and before each opener the one of its length before it: a closer
        // finds its opener at once, where searching back through openers of the other length cost their count for
        // every closer (`~a ~a ~a … a~~ a~~`: quadratic).
        var lastOfLength: [Int?] = [nil, nil, nil]
        var previousOfLength: [Int?] = []
        for closer in delimiters {
            if closer.canClose, let match = lastOfLength[closer.length] {
                let strike = MarkdownNode.customInline(enter: "<del>", exit: "</del>")
                struck.append(strike)
                let opener = openers[match].node
                opener.insertBefore(strike)
                while let inside = opener.next, inside != closer.node { strike.append(inside) }
                opener.delete()
                closer.node.delete()
                for length in 1...2 {
                    while let last = lastOfLength[length], last >= match { lastOfLength[length] = previousOfLength[last] }
                }
                openers.removeSubrange(match...)
                previousOfLength.removeSubrange(match...)
            } else if closer.canOpen {
                previousOfLength.append(lastOfLength[closer.length])
                lastOfLength[closer.length] = openers.count
                openers.append(closer)
            }
        }
        return struck
    }

    /// What a neighbouring inline looks like from a tilde run next to it.
    enum Neighbour { case space, punctuation, other }

    static func edge(_ isPunctuation: Bool) -> Neighbour { isPunctuation ? .punctuation : .space }

    static func neighbour(_ node: MarkdownNode, last: Bool) -> Neighbour {
        switch node.kind {
        case .text:
            let text = String(decoding: node.literalBytes, as: UTF8.self).unicodeScalars
            guard let scalar = last ? text.last : text.first else { return .space }
            return classify(scalar)
        case .softBreak, .lineBreak: return .space
        default: return .punctuation // an emphasis, code, link or HTML delimiter stands there in the source
        }
    }

    static func classify(_ scalar: Unicode.Scalar) -> Neighbour {
        if scalar.properties.isWhitespace { return .space }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            return .punctuation
        default:
            return scalar.isASCII && (0x21...0x2F ~= scalar.value || 0x3A...0x40 ~= scalar.value || 0x5B...0x60 ~= scalar.value
                || 0x7B...0x7E ~= scalar.value) ? .punctuation : .other
        }
    }

    /// Cuts a text node at its runs of one or two tildes, each run its own text node, and returns those that can
    /// open or close.
    static func split(_ node: MarkdownNode, literal: [UInt8], before: Neighbour, after: Neighbour) -> [Delimiter] {
        let scalars = Array(String(decoding: literal, as: UTF8.self).unicodeScalars)
        var delimiters: [Delimiter] = []
        var pieces: [(text: String, delimiter: Int?)] = [] // delimiter: index into `delimiters`
        var plain = ""
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "~" else {
                plain.unicodeScalars.append(scalars[index])
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, scalars[end] == "~" { end += 1 }
            let length = end - index
            let previous = index > 0 ? classify(scalars[index - 1]) : before
            let next = end < scalars.count ? classify(scalars[end]) : after
            let leftFlanking = next != .space && (next != .punctuation || previous != .other)
            let rightFlanking = previous != .space && (previous != .punctuation || next != .other)
            if length <= 2 && (leftFlanking || rightFlanking) {
                if !plain.isEmpty { pieces.append((plain, nil)); plain = "" }
                pieces.append((String(repeating: "~", count: length), delimiters.count))
                delimiters.append(Delimiter(node: node, length: length, canOpen: leftFlanking, canClose: rightFlanking))
            } else {
                plain += String(repeating: "~", count: length)
            }
            index = end
        }
        guard !delimiters.isEmpty else { return [] }
        if !plain.isEmpty { pieces.append((plain, nil)) }
        for piece in pieces {
            let text = MarkdownNode.text(piece.text.utf8)
            node.insertBefore(text)
            if let delimiter = piece.delimiter { delimiters[delimiter].node = text }
        }
        node.delete()
        return delimiters
    }
}

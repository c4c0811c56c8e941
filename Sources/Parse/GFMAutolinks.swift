import IndexSiteCore
/// GitHub's extended autolinks: `www.example.org`, `https://example.org/…` (also `http://`, `ftp://`) and
/// `someone@example.org` in text become links, with cmark-gfm's rules for where they end: trailing `?!.,:*_~` left
/// out, a closing `)` kept only when it balances an opening one, `&name;` at the end left out, `<` ends the link.
/// Only those schemes are linked, so `javascript:` text never becomes a link.
enum GFMAutolinks {
    struct Found {
        var range: Range<Int>
        var url: [UInt8]
    }

    /// Links the autolinks in the text children of `container` (not inside links: the caller leaves those out).
    static func link(in container: MarkdownNode, edgeIsPunctuation: Bool) {
        var run: [MarkdownNode] = []
        var beforeRun: MarkdownNode? = nil
        var child = container.firstChild
        while true {
            let current = child
            if let current, current.kind == .text {
                // A lone text node with nothing to link is passed over without a run (most are; see `link(run:…)`).
                let next = current.next
                if run.isEmpty, next?.kind != .text, !current.withLiteral(mayHoldAutolink) {
                    child = next
                    continue
                }
                if run.isEmpty { beforeRun = current.previous }
                run.append(current)
                child = next
                continue
            }
            if !run.isEmpty {
                // The character before the run opens a www link when it is a line start, a space or a delimiter.
                let wwwAllowedAtStart: Bool = switch beforeRun?.kind {
                case nil, .softBreak?, .lineBreak?, .emphasis?, .strong?, .customInline?: true
                default: false
                }
                link(run: run, wwwAllowedAtStart: wwwAllowedAtStart)
                run = []
            }
            guard let current else { break }
            child = current.next
        }
    }

    /// Replaces a run of adjacent text nodes by text and link nodes when it holds autolinks.
    static func link(run: [MarkdownNode], wwwAllowedAtStart: Bool) {
        let text = run.count == 1 ? run[0].literalBytes : run.flatMap(\.literalBytes)
        let found = autolinks(in: text, wwwAllowedAtStart: wwwAllowedAtStart)
        guard !found.isEmpty else { return }
        let anchor = run[0]
        var position = 0
        for link in found {
            if link.range.lowerBound > position { anchor.insertBefore(MarkdownNode.text(text[position..<link.range.lowerBound])) }
            anchor.insertBefore(MarkdownNode.link(url: link.url, text: text[link.range]))
            position = link.range.upperBound
        }
        if position < text.count { anchor.insertBefore(MarkdownNode.text(text[position...])) }
        run.forEach { $0.delete() }
    }

    /// Whether `text` has what every autolink starts from: `www.`, `://` or `@` (see `autolinks(in:wwwAllowedAtStart:)`).
    static func mayHoldAutolink(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "@"): return true
            case UInt8(ascii: ":"): if index + 2 < text.count, text[index + 1] == UInt8(ascii: "/"), text[index + 2] == UInt8(ascii: "/") { return true }
            case UInt8(ascii: "w"):
                if index + 3 < text.count, text[index + 1] == UInt8(ascii: "w"), text[index + 2] == UInt8(ascii: "w"),
                   text[index + 3] == UInt8(ascii: ".") { return true }
            default: break
            }
            index += 1
        }
        return false
    }

    /// The autolinks of a text, left to right, as cmark-gfm finds them at each `w`, `:` and `@`.
    static func autolinks(in text: [UInt8], wwwAllowedAtStart: Bool) -> [Found] {
        var found: [Found] = []
        var index = 0
        var lastEnd = 0
        while index < text.count {
            let match: Found? = switch text[index] {
            case UInt8(ascii: "w"): www(text, at: index, allowedAtStart: wwwAllowedAtStart)
            case UInt8(ascii: ":"): url(text, colon: index, earliest: lastEnd)
            case UInt8(ascii: "@"): email(text, at: index, earliest: lastEnd)
            default: nil
            }
            if let match {
                found.append(match)
                index = match.range.upperBound
                lastEnd = index
            } else {
                index += 1
            }
        }
        return found
    }

    static func www(_ text: [UInt8], at start: Int, allowedAtStart: Bool) -> Found? {
        if start > 0 {
            let before = text[start - 1]
            guard before.isMarkdownSpace || "*_~([".utf8.contains(before) else { return nil }
        } else if !allowedAtStart {
            return nil
        }
        let data = text[start...]
        guard data.count >= 4, data.starts(with: "www.".utf8) else { return nil }
        var end = domainLength(data, allowShort: false)
        guard end > 0 else { return nil }
        while end < data.count, !data[start + end].isMarkdownSpace { end += 1 }
        end = trimmedEnd(data, end)
        guard end > 0 else { return nil }
        return Found(range: start..<(start + end), url: Array("http://".utf8) + data.prefix(end))
    }

    static func url(_ text: [UInt8], colon: Int, earliest: Int) -> Found? {
        let data = text[colon...]
        guard data.count >= 4, text[colon + 1] == UInt8(ascii: "/"), text[colon + 2] == UInt8(ascii: "/") else { return nil }
        var rewind = 0
        while colon - rewind > earliest, text[colon - rewind - 1].isASCIIAlpha { rewind += 1 }
        let scheme = text[(colon - rewind)...]
        guard ["http://", "https://", "ftp://"].contains(where: { prefix in
            scheme.count > prefix.utf8.count && zip(scheme, prefix.utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
                && scheme[scheme.startIndex + prefix.utf8.count].isASCIIAlphanumeric
        }) else { return nil }
        let domain = domainLength(text[(colon + 3)...], allowShort: true)
        guard domain > 0 else { return nil }
        var end = 3 + domain
        while end < data.count, !text[colon + end].isMarkdownSpace { end += 1 }
        end = trimmedEnd(data, end)
        guard end > 0 else { return nil }
        let range = (colon - rewind)..<(colon + end)
        return Found(range: range, url: Array(text[range]))
    }

    static func email(_ text: [UInt8], at: Int, earliest: Int) -> Found? {
        var rewind = 0
        while at - rewind > earliest {
            let byte = text[at - rewind - 1]
            guard byte.isASCIIAlphanumeric || ".+-_".utf8.contains(byte) else {
                if byte == UInt8(ascii: "/") { return nil }
                break
            }
            rewind += 1
        }
        guard rewind > 0 else { return nil }
        let data = text[at...]
        var end = 0
        var ats = 0
        var periods = 0
        while end < data.count {
            let byte = text[at + end]
            if byte.isASCIIAlphanumeric {
            } else if byte == UInt8(ascii: "@") {
                // A second `@` makes the whole run no address (cmark-gfm's count of them must be one): the scan
                // stops there, so the scans from a run of `a@a@a@…` cost its length once, not its length each.
                ats += 1
                if ats > 1 { return nil }
            } else if byte == UInt8(ascii: "."), end < data.count - 1 {
                periods += 1
            } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                break
            }
            end += 1
        }
        guard end >= 2, ats == 1, periods > 0 else { return nil }
        let lastByte = text[at + end - 1]
        guard lastByte.isASCIIAlpha || lastByte == UInt8(ascii: ".") else { return nil }
        end = trimmedEnd(data, end)
        guard end > 0 else { return nil }
        let range = (at - rewind)..<(at + end)
        return Found(range: range, url: Array("mailto:".utf8) + text[range])
    }

    /// How many bytes from the start of `data` form a domain (segments of letters, digits, `-` and `_` joined by
    /// dots, no `_` in the last two segments; at least one dot unless `allowShort`), 0 when they do not.
    /// Like cmark-gfm, the first byte is not checked and the scan stops one short of the end.
    static func domainLength(_ data: ArraySlice<UInt8>, allowShort: Bool) -> Int {
        var index = 1
        var periods = 0
        var underscoresBefore = 0
        var underscores = 0
        while index < data.count - 1 {
            let byte = data[data.startIndex + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                periods += 1
            } else if !byte.isASCIIAlphanumeric && byte != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        if underscoresBefore > 0 || underscores > 0 { return 0 }
        return allowShort || periods > 0 ? index : 0
    }

    /// The end of a link of `end` bytes from `data`'s start once trailing punctuation, unbalanced closing brackets
    /// and a trailing entity-like `&name;` are left out; a `<` ends it first.
    /// Each bracket or quote is counted over the link once, and the counts follow the end as it moves back: counted
    /// again for every trailing `)`, a link ending in 100,000 of them cost 10^10 steps.
    static func trimmedEnd(_ data: ArraySlice<UInt8>, _ end: Int) -> Int {
        let base = data.startIndex
        var end = end
        if let less = data[base..<(base + end)].firstIndex(of: UInt8(ascii: "<")) { end = less - base }
        var counts: [Int]? // by byte, made at the first closing bracket or quote at the end
        func drop(to newEnd: Int) {
            if counts != nil { for byte in data[(base + newEnd)..<(base + end)] { counts![Int(byte)] -= 1 } }
            end = newEnd
        }
        while end > 0 {
            let last = data[base + end - 1]
            let opening: UInt8? = switch last {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "'"): UInt8(ascii: "'")
            case UInt8(ascii: ")"): UInt8(ascii: "(")
            case UInt8(ascii: "]"): UInt8(ascii: "[")
            case UInt8(ascii: "}"): UInt8(ascii: "{")
            default: nil
            }
            if "?!.,:*_~".utf8.contains(last) {
                drop(to: end - 1)
            } else if last == UInt8(ascii: ";") {
                var entityStart = end - 2
                while entityStart > 0, data[base + entityStart].isASCIIAlpha { entityStart -= 1 }
                if entityStart >= 0, entityStart < end - 2, data[base + entityStart] == UInt8(ascii: "&") {
                    drop(to: entityStart)
                } else {
                    drop(to: end - 1)
                }
            } else if let opening {
                if counts == nil {
                    var made = [Int](repeating: 0, count: 256)
                    for byte in data[base..<(base + end)] { made[Int(byte)] += 1 }
                    counts = made
                }
                // A trailing quote is always left out (it counts as its own opening, never as a closing).
                if opening != last, counts![Int(opening)] == counts![Int(last)] { break }
                drop(to: end - 1)
            } else {
                break
            }
        }
        return end
    }
}

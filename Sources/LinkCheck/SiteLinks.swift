import Foundation
import IndexSiteCore

/// One place a site links to a URL: the URL as written and where it was written.
public struct LinkUse: Sendable, Hashable {
    /// The address as the source has it (an absolute http(s) URL).
    public var url: String
    /// Where it stands: the entry's field, refined to the URL's own line and column when the source is at hand.
    public var location: SourceLocation

    public init(url: String, location: SourceLocation) {
        self.url = url
        self.location = location
    }

    /// The URL without its `#fragment`, which is what is fetched: pages with several anchors are checked once.
    public var fetchedURL: String {
        guard let hash = url.firstIndex(of: "#") else { return url }
        return String(url[..<hash])
    }
}

/// Finds every external link of a built site's lists: link fields and any field holding a URL, the links and bare
/// addresses of Markdown descriptions, and the prose of sections and lists.
public enum SiteLinks {
    /// The http(s) links of `lists`, each place once, in source order.
    public static func external(in lists: [IndexedList]) -> [LinkUse] {
        var uses: [LinkUse] = []
        var seen: Set<LinkUse> = []
        func add(_ text: String, at location: SourceLocation) {
            for url in urls(in: text) {
                let use = LinkUse(url: url, location: location)
                if seen.insert(use).inserted { uses.append(use) }
            }
        }
        func walk(_ entries: [Entry]) {
            for entry in entries {
                for (name, value) in zip(entry.fields.names, entry.fields.values) {
                    for text in value.texts { add(text, at: entry.location(of: FieldPath(name))) }
                }
                walk(entry.children)
            }
        }
        for list in lists {
            if let description = list.description { add(description, at: SourceLocation(path: list.settings.source.isEmpty ? "" : "Content/" + list.settings.source)) }
            for section in list.sections {
                if let description = section.description { add(description, at: section.location ?? SourceLocation(path: "Content/" + list.settings.source)) }
                walk(section.entries)
            }
        }
        return uses.sorted { ($0.location, $0.url) < ($1.location, $1.url) }
    }

    /// The relative links of `lists` (Markdown links and link fields that name no scheme and are not `#fragments`,
    /// which every build checks as `dead-anchor`), each with the folder of its list's page, which it is relative to.
    public static func relative(in lists: [IndexedList]) -> [(use: LinkUse, base: String)] {
        var found: [(use: LinkUse, base: String)] = []
        var seen: Set<LinkUse> = []
        // A docs index's relative links are named once already (`docs-links-relative`).
        for list in lists where list.kind != .docsIndex {
            let base = list.slug + "/"
            func add(_ target: String, at location: SourceLocation) {
                guard isRelative(target) else { return }
                let use = LinkUse(url: target, location: location)
                if seen.insert(use).inserted { found.append((use, base)) }
            }
            func walk(_ entries: [Entry]) {
                for entry in entries {
                    for (name, value) in zip(entry.fields.names, entry.fields.values) {
                        for text in value.texts {
                            if name == list.settings.urlField.description { add(text, at: entry.location(of: FieldPath(name))) }
                            for target in markdownTargets(in: text) { add(target, at: entry.location(of: FieldPath(name))) }
                        }
                    }
                    walk(entry.children)
                }
            }
            for section in list.sections {
                if let description = section.description {
                    for target in markdownTargets(in: description) { add(target, at: section.location ?? SourceLocation(path: "Content/" + list.settings.source)) }
                }
                walk(section.entries)
            }
        }
        return found
    }

    /// Whether a link target is a path within the site: no scheme, not protocol-relative, not only a `#fragment`.
    static func isRelative(_ target: String) -> Bool {
        guard !target.isEmpty, !target.hasPrefix("#"), !target.hasPrefix("//"), !target.hasPrefix("/"), !target.contains(" ") else { return false }
        if let colon = target.firstIndex(of: ":"), !target[..<colon].contains("/") { return false }
        return true
    }

    /// The targets of `[text](target)` in Markdown text.
    static func markdownTargets(in text: String) -> [String] {
        guard text.contains("](") else { return [] }
        var targets: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            let angle = rest.hasPrefix("<")
            if angle { rest = rest.dropFirst() }
            let end = rest.firstIndex { angle ? $0 == ">" : ($0 == ")" || $0 == " ") } ?? rest.endIndex
            targets.append(String(rest[..<end]))
            rest = rest[end...]
        }
        return targets
    }

    /// `target` resolved against `base` (a folder, ending in `/`) without its query and fragment: `../b/` from `a/`
    /// is `b/`; nil when it climbs above the site's root.
    public static func resolve(_ target: String, against base: String) -> String? {
        var path = target
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
        path = path.removingPercentEncoding ?? path
        var parts: [Substring] = base.split(separator: "/")
        let pieces = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            case "" where index == pieces.count - 1: return parts.joined(separator: "/") + (parts.isEmpty ? "" : "/")
            case "": continue
            default: parts.append(piece)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The http(s) URLs in a text: a whole field that is one, `[text](url)`, `<url>`, `href="url"` and bare addresses
    /// (GitHub links those), without trailing punctuation or an unbalanced closing parenthesis.
    public static func urls(in text: String) -> [String] {
        let bytes = Array(text.utf8)
        var found: [String] = []
        var index = 0
        while index + 7 <= bytes.count {
            guard bytes[index] | 0x20 == UInt8(ascii: "h"), let length = schemeLength(bytes, at: index) else {
                index += 1
                continue
            }
            var end = index + length
            while end < bytes.count, !terminators.contains(bytes[end]) { end += 1 }
            var url = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end
            while let last = url.last, ".,;:!?*_~".contains(last) { url.removeLast() }
            // `(see https://a.example/b)`: the parenthesis is the prose's unless the URL opened one.
            while url.last == ")", url.count(where: { $0 == ")" }) > url.count(where: { $0 == "(" }) { url.removeLast() }
            if url.utf8.count > length { found.append(url) }
        }
        return found
    }

    /// The length of `http://` or `https://` (any case) at `index`, or nil.
    static func schemeLength(_ bytes: [UInt8], at index: Int) -> Int? {
        let lower = bytes[index..<min(index + 8, bytes.count)].map { $0 | 0x20 }
        if lower.starts(with: Array("https://".utf8)) { return 8 }
        if lower.starts(with: Array("http://".utf8)) { return 7 }
        return nil
    }

    /// Bytes that end a URL in text: white space, and the characters around one in Markdown and HTML.
    static let terminators: Set<UInt8> = Set(" \t\n\r<>\"'`|\\]".utf8)
}

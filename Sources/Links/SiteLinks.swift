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
                    for text in value.texts { add(text, at: entry.location(of: KeyPath(name))) }
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

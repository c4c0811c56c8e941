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
        guard text.contains("http://") || text.contains("https://") || text.contains("HTTP") else { return [] }
        var found: [String] = []
        for match in text.matches(of: urlPattern) {
            var url = String(match.output)
            while let last = url.last, ".,;:!?*_~'\"".contains(last) { url.removeLast() }
            // `(see https://a.example/b)`: the parenthesis is the prose's unless the URL opened one.
            while url.last == ")", url.count(where: { $0 == ")" }) > url.count(where: { $0 == "(" }) { url.removeLast() }
            if url.count > "https://".count { found.append(url) }
        }
        return found
    }

    nonisolated(unsafe) static let urlPattern = /(?i)https?:\/\/[^\s<>"'\]`|\\]+/
}

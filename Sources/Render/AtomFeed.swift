import Foundation
import IndexSiteCore
import IndexSiteParse

/// Atom feeds (RFC 4287) of the newest entries: one per list whose entries are dated (by the date field a date-grouped
/// list is sectioned by, else by `added` from the git history) and one for the whole site, so that readers learn what
/// was added without coming back to look.
struct AtomFeed: Sendable {
    /// One entry of a feed.
    struct Item: Sendable {
        var title: String
        /// Where the entry leads: its own link, else its page, else its place on the list's page; relative to the
        /// list's folder unless absolute.
        var link: String
        /// The output folder of the entry's list.
        var listSlug: String
        /// What names the entry in its list across builds and edits (its link, else its anchor), for its id.
        var key: String
        /// When it was added (or is dated) and last changed, RFC 3339.
        var published: String
        var updated: String
        var summaryHTML: String
        /// The section it is in, for lists not sectioned by date.
        var category: String?
    }

    /// A feed holds this many of the newest entries: what a reader checking weekly needs, and a small file.
    static let entryLimit = 50
    /// A feed's file name, in its list's folder and at the site's root.
    static let fileName = "feed.xml"

    /// The site's `base_url`: links and ids are absolute from it when it is known.
    let baseURL: String?
    let siteTitle: String

    /// The field a list's feed is dated by: the date field it is sectioned by, else `added` when the history was read.
    static func datePath(of list: IndexedList) -> FieldPath? {
        if case .date(let path, _)? = list.settings.grouping { return path }
        return list.lastUpdated != nil ? "added" : nil
    }

    /// A date field's text as an RFC 3339 time: a time written as `added` is (`2026-11-22T09:30:00Z`) as it is, a
    /// date (`2026-11-22`, `2026-11`) at midnight UTC; nil for text that is not a date.
    static func timestamp(_ text: String) -> String? {
        guard let date = CalendarDate(parsing: text) else { return nil }
        let bytes = Array(text.utf8)
        if bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[19] == UInt8(ascii: "Z") { return text }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(repeating: "0", count: max(0, 4 - String(date.year).count)) + String(date.year)
        return "\(year)-\(two(date.month))-\(two(date.day))T00:00:00Z"
    }

    /// The newest `entryLimit` dated entries of `list` (nested items too; an entry in several sections once), newest
    /// first, ties in page order. `paging` says which page holds each entry. Only the entries kept have their
    /// descriptions rendered.
    static func items(of list: IndexedList, paging: SectionPaging, markdown: (String) -> String) -> [Item] {
        guard let datePath = datePath(of: list) else { return [] }
        var dated: [(published: String, entry: Entry, section: Int, page: String)] = []
        var seen: Set<Int> = []
        for (index, section) in list.sections.enumerated() {
            func visit(_ entry: Entry, topLevel: Int) {
                if let text = entry.text(at: datePath), let published = timestamp(text), entry.copyKey.map({ seen.insert($0).inserted }) ?? true {
                    dated.append((published, entry, index, paging.path(sectionID: section.id, entry: topLevel)))
                }
                for child in entry.children { visit(child, topLevel: topLevel) }
            }
            for (place, entry) in section.entries.enumerated() { visit(entry, topLevel: place) }
        }
        let newest = dated.indices.sorted { a, b in
            dated[a].published != dated[b].published ? dated[a].published > dated[b].published : a < b
        }.prefix(entryLimit)
        let settings = list.settings
        return newest.map { at in
            let (published, entry, index, page) = dated[at]
            let section = list.sections[index]
            let url = entry.text(at: settings.urlField).flatMap(URLPolicy.safeHref)
            let link = url ?? (list.hasEntryPages ? entry.id.percentEncoded + ".html" : page + "#" + entry.id.percentEncoded)
            let updated = entry.text(at: "updated").flatMap(timestamp).map { max($0, published) } ?? published
            return Item(title: entry.text(at: settings.titleField) ?? entry.id, link: link, listSlug: list.slug, key: url ?? "#" + entry.id,
                        published: published, updated: updated,
                        summaryHTML: entry.text(at: settings.descriptionField).map { markdown($0).trimmingCharacters(in: .newlines) } ?? "",
                        category: datePath.description == "added" ? section.title : nil)
        }
    }

    /// The newest `entryLimit` of `items`, newest first, ties in their order.
    static func newest(_ items: [Item]) -> [Item] {
        items.indices.sorted { a, b in
            items[a].published != items[b].published ? items[a].published > items[b].published : a < b
        }.prefix(entryLimit).map { items[$0] }
    }

    /// `tag:` ids (RFC 4151) are minted under the base URL's host; without one, under `indexsite.invalid`, a name
    /// no one can own (the `feed-without-base-url` note says so).
    var authority: String { baseURL.flatMap { URL(string: $0)?.host } ?? "indexsite.invalid" }

    /// The base URL's path (`/my-index/`), `/` without one.
    var basePath: String {
        guard let baseURL, let url = URL(string: baseURL), !url.path.isEmpty else { return "/" }
        return url.path.hasSuffix("/") ? url.path : url.path + "/"
    }

    /// An entry's id: the same in every build while its link (or anchor) and date stay, whatever else changes
    /// (`tag:example.org,2026-11-22:/awesome-go/https://github.com/a/b`).
    func id(of item: Item) -> String {
        "tag:\(authority),\(item.published.prefix(10)):\(basePath)\(item.listSlug)/\(AtomFeed.tagText(item.key))"
    }

    /// `text` with every byte a tag URI's specific part may not hold percent-encoded.
    static func tagText(_ text: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/:@!$&'()*+,;=?".utf8)
        var result = ""
        for byte in text.utf8 {
            if allowed.contains(byte) { result.unicodeScalars.append(Unicode.Scalar(byte)) } else { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
        }
        return result
    }

    /// `link` (relative to `folder`, a folder of the site such as `books/`) as readers follow it: absolute from the
    /// base URL when it is known, else as it is.
    func absolute(_ link: String, in folder: String) -> String {
        guard let baseURL else { return link }
        let base = baseURL + folder
        guard URLPolicy.scheme(of: link) == nil else { return link }
        return URL(string: link, relativeTo: URL(string: base))?.absoluteString ?? base + link
    }

    /// The feed file at `folder` (`""` for the site's, `<slug>/` for a list's) with `items`.
    func xml(title: String, subtitle: String?, folder: String, language: String, items: [Item]) -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(AtomFeed.escaped(language))\">\n"
        xml += "<title>\(AtomFeed.escaped(title))</title>\n"
        if let subtitle, !subtitle.isEmpty { xml += "<subtitle>\(AtomFeed.escaped(subtitle))</subtitle>\n" }
        let feedID = baseURL.map { $0 + folder + AtomFeed.fileName } ?? "tag:\(authority),2000:/\(folder)\(AtomFeed.fileName)"
        xml += "<id>\(AtomFeed.escaped(feedID))</id>\n"
        xml += "<updated>\(items.map(\.updated).max() ?? "1970-01-01T00:00:00Z")</updated>\n"
        xml += "<author><name>\(AtomFeed.escaped(siteTitle))</name></author>\n"
        xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(AtomFeed.escaped(absolute("index.html", in: folder)))\"/>\n"
        if baseURL != nil {
            xml += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(AtomFeed.escaped(absolute(AtomFeed.fileName, in: folder)))\"/>\n"
        }
        xml += "<generator>IndexSite</generator>\n"
        for item in items {
            let itemFolder = item.listSlug + "/"
            // In the site's feed without a base URL, an entry's links are relative to its list's folder.
            let base = baseURL == nil && itemFolder != folder ? " xml:base=\"\(AtomFeed.escaped(itemFolder))\"" : ""
            xml += "<entry\(base)>\n<title>\(AtomFeed.escaped(item.title))</title>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(AtomFeed.escaped(absolute(item.link, in: itemFolder)))\"/>\n"
            xml += "<id>\(AtomFeed.escaped(id(of: item)))</id>\n<published>\(item.published)</published>\n<updated>\(item.updated)</updated>\n"
            if let category = item.category { xml += "<category term=\"\(AtomFeed.escaped(category))\"/>\n" }
            if !item.summaryHTML.isEmpty { xml += "<summary type=\"html\">\(AtomFeed.escaped(item.summaryHTML))</summary>\n" }
            xml += "</entry>\n"
        }
        xml += "</feed>\n"
        return Array(xml.utf8)
    }

    /// `text` escaped for XML text and attributes, without the characters XML 1.0 cannot hold at all (control
    /// characters but tab and line breaks, U+FFFE, U+FFFF), which no feed reader would parse.
    static func escaped(_ text: String) -> String {
        let allowed = text.unicodeScalars.allSatisfy { AtomFeed.isXMLCharacter($0) }
        return HTML.escaped(allowed ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter(AtomFeed.isXMLCharacter))))
    }

    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

extension String {
    /// The text with zeros before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

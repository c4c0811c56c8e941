import Foundation
import IndexSiteCore

/// A README's links to its own headings (`[Calendar](#calendar--contacts)`) use GitHub's ids, which are not the
/// page's (`calendar-contacts`, or `editors-libraries` for a repeated name): each `#fragment` link in a Markdown
/// list's descriptions and section prose is pointed at the page's id of the heading it names on GitHub. A fragment
/// that names no heading, section, entry or HTML anchor would land nowhere and is reported as `dead-anchor`.
public enum InPageLinks {
    /// Fragments every page has: `#top` is the top of any HTML page.
    static let alwaysThere: Set<String> = ["", "top"]

    /// Rewrites the links of `sections` in place (ids assigned); the warnings come back in page order.
    /// `topAnchors` are the HTML anchors of blocks before the first section, which the page leaves out: links to them
    /// land on the top of the page, as links to anchors of blocks left out in a section land on the section.
    /// When `paging` splits the list into a page per section (`<section id>/index.html`, a long section's later pages
    /// at `<section id>/2/index.html` …), a link to what stands on another page points at that page.
    public static func rewrite(_ sections: inout [Section], descriptionField: FieldPath, path: String, topAnchors: [String] = [],
                               paging: SectionPaging = SectionPaging(split: false)) -> [Diagnostic] {
        // GitHub's README box (`#readme`) is the top of the page here.
        var pageID: [String: String] = ["readme": "top"]
        var known = alwaysThere
        for anchor in topAnchors where pageID[anchor] == nil { pageID[anchor] = "top" }
        for section in sections {
            known.insert(section.id)
            if let githubID = section.githubID, pageID[githubID] == nil || githubID == "readme" { pageID[githubID] = section.id }
        }
        for section in sections {
            for anchor in section.htmlAnchors where pageID[anchor] == nil { pageID[anchor] = section.id }
        }
        // The description's column, found once for each array of names (entries alike share one).
        var lastNames: ElementsAddress?
        var lastColumn: Int?
        func description(of entry: Entry, holds test: (Span<UInt8>) -> Bool) -> Bool {
            if entry.fields.namesAddress != lastNames {
                lastNames = entry.fields.namesAddress
                lastColumn = entry.fields.names.firstIndex(of: descriptionField.description)
            }
            return entry.fields.withText(at: descriptionField, column: lastColumn, test) == true
        }
        // Most lists have no such link: their descriptions are only looked at, in place, without making a String each.
        func hasFragmentLink(_ text: String) -> Bool { text.contains("](#") || text.contains("](<#") }
        func anyFragmentLink(_ entries: [Entry]) -> Bool {
            entries.contains { entry in
                description(of: entry, holds: InPageLinks.holdsFragmentLink) || anyFragmentLink(entry.children)
            }
        }
        guard sections.contains(where: { section in section.description.map(hasFragmentLink) == true || anyFragmentLink(section.entries) }) else {
            return []
        }
        // The page each id stands on when the list is split: its section's, and the page of the section that holds it
        // (a section's heading, prose and anchors are on its first page; nested items are on their parent's).
        var home: [String: Page] = [:]
        let sectionIDs = sections.map(\.id)
        for (index, section) in sections.enumerated() {
            home[section.id] = Page(section: index, page: 0)
            for anchor in section.htmlAnchors where home[anchor] == nil { home[anchor] = Page(section: index, page: 0) }
        }
        func collect(_ entries: [Entry], on page: Page) {
            for entry in entries {
                known.insert(entry.id)
                if home[entry.id] == nil { home[entry.id] = page }
                if description(of: entry, holds: InPageLinks.holdsAnchorAttribute),
                   let text = entry.text(at: descriptionField) {
                    for anchor in anchors(inHTML: text) where known.insert(anchor).inserted { home[anchor] = page }
                }
                collect(entry.children, on: page)
            }
        }
        for (index, section) in sections.enumerated() {
            if let text = section.description {
                for anchor in anchors(inHTML: text) where known.insert(anchor).inserted { home[anchor] = Page(section: index, page: 0) }
            }
            for (place, entry) in section.entries.enumerated() { collect([entry], on: Page(section: index, page: paging.page(ofEntry: place))) }
        }
        var diagnostics: [Diagnostic] = []
        func fixed(_ text: String, at location: SourceLocation, on current: Page) -> String? {
            guard hasFragmentLink(text) else { return nil }
            var dead: [String] = []
            let result = rewritten(text) { fragment in
                let name = (fragment.removingPercentEncoding ?? fragment).lowercased()
                // A heading named by GitHub's id gets the page's; any other id of the page is kept as written.
                let id: String
                if let pageIDOfHeading = pageID[name] {
                    id = pageIDOfHeading
                } else if known.contains(name) || known.contains(fragment) {
                    id = fragment
                } else {
                    dead.append(fragment)
                    return nil
                }
                if paging.split, let target = home[id] ?? home[name], target != current {
                    let up = String(repeating: "../", count: paging.depth(ofPage: current.page))
                    return up + paging.path(sectionID: sectionIDs[target.section], page: target.page) + "#" + id
                }
                return id == fragment ? nil : "#" + id
            }
            for fragment in dead {
                diagnostics.append(.warning(.deadAnchor, "link to '#\(fragment)' names no heading or anchor of the list", at: location,
                                            hint: "link to a heading by GitHub's id for it (its text in lower case, spaces as '-', punctuation left out)"))
            }
            return result
        }
        func fix(_ entries: inout [Entry], on page: Page, topLevel: Bool) {
            for index in entries.indices {
                let page = topLevel ? Page(section: page.section, page: paging.page(ofEntry: index)) : page
                if description(of: entries[index], holds: InPageLinks.holdsFragmentLink),
                   let text = entries[index].text(at: descriptionField), let new = fixed(text, at: entries[index].location, on: page), new != text {
                    entries[index].fields.set(descriptionField.description, .text(new))
                }
                fix(&entries[index].children, on: page, topLevel: false)
            }
        }
        for index in sections.indices {
            if let text = sections[index].description,
               let new = fixed(text, at: sections[index].location ?? SourceLocation(path: path), on: Page(section: index, page: 0)), new != text {
                sections[index].description = new
            }
            fix(&sections[index].entries, on: Page(section: index, page: 0), topLevel: true)
        }
        return diagnostics
    }

    /// A page of a split list: a section's, and which of its pages (`SectionPaging`).
    struct Page: Equatable {
        let section: Int
        let page: Int
    }

    /// Whether Markdown bytes hold `](#` or `](<#`.
    static func holdsFragmentLink(_ bytes: Span<UInt8>) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "(") {
                if bytes[index + 2] == UInt8(ascii: "#") { return true }
                if bytes[index + 2] == UInt8(ascii: "<"), index + 3 < bytes.count, bytes[index + 3] == UInt8(ascii: "#") { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether Markdown bytes may hold an HTML anchor (`id=` or `name=`).
    static func holdsAnchorAttribute(_ bytes: Span<UInt8>) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index + 2] == UInt8(ascii: "="),
               (bytes[index] == UInt8(ascii: "i") && bytes[index + 1] == UInt8(ascii: "d"))
                || (bytes[index] == UInt8(ascii: "m") && bytes[index + 1] == UInt8(ascii: "e")) { return true }
            index += 1
        }
        return false
    }

    /// `text` with the destination of each `](#fragment)` and `](<#fragment>)` replaced by what `replacement` gives for
    /// the fragment (`#id`, or `../page/index.html#id`; kept when it gives nil).
    static func rewritten(_ text: String, replacement: (String) -> String?) -> String {
        var out = ""
        var rest = text[...]
        while let open = rest.range(of: "](") {
            out += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            let angle = rest.hasPrefix("<#")
            guard angle || rest.hasPrefix("#") else { continue }
            let start = rest.index(rest.startIndex, offsetBy: angle ? 2 : 1)
            let end = rest[start...].firstIndex { angle ? $0 == ">" : ($0 == ")" || $0 == " ") } ?? rest.endIndex
            let fragment = String(rest[start..<end])
            out += angle ? "<" : ""
            out += replacement(fragment) ?? "#" + fragment
            rest = rest[end...]
        }
        out += rest
        return out
    }

    /// The `id` and `name` values of HTML in Markdown (`<sup id="note-1">`), lower-cased.
    static func anchors(inHTML text: String) -> [String] {
        text.matches(of: /(?:name|id)\s*=\s*["']([^"']+)["']/).map { String($0.output.1).lowercased() }
    }
}

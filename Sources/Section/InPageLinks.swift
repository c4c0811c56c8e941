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
    /// With `sectionPages` (a list split into a page per section, at `<section id>/index.html`), a link to what stands
    /// in another section points at that section's page.
    public static func rewrite(_ sections: inout [Section], descriptionField: FieldPath, path: String, topAnchors: [String] = [],
                               sectionPages: Bool = false) -> [Diagnostic] {
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
        var lastNames: UnsafeRawPointer?
        var lastColumn: Int?
        func description(of entry: Entry, holds test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
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
        // The section each id of the page stands in, for the page it is on when the list is split.
        var home: [String: Int] = [:]
        let sectionIDs = sections.map(\.id)
        for (index, section) in sections.enumerated() {
            home[section.id] = index
            for anchor in section.htmlAnchors where home[anchor] == nil { home[anchor] = index }
        }
        func collect(_ entries: [Entry], in section: Int) {
            for entry in entries {
                known.insert(entry.id)
                if home[entry.id] == nil { home[entry.id] = section }
                if description(of: entry, holds: InPageLinks.holdsAnchorAttribute),
                   let text = entry.text(at: descriptionField) {
                    for anchor in anchors(inHTML: text) where known.insert(anchor).inserted { home[anchor] = section }
                }
                collect(entry.children, in: section)
            }
        }
        for (index, section) in sections.enumerated() {
            if let text = section.description {
                for anchor in anchors(inHTML: text) where known.insert(anchor).inserted { home[anchor] = index }
            }
            collect(section.entries, in: index)
        }
        var diagnostics: [Diagnostic] = []
        func fixed(_ text: String, at location: SourceLocation, in current: Int) -> String? {
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
                if sectionPages, let target = home[id] ?? home[name], target != current {
                    return "../" + sectionIDs[target] + "/index.html#" + id
                }
                return id == fragment ? nil : "#" + id
            }
            for fragment in dead {
                diagnostics.append(.warning(.deadAnchor, "link to '#\(fragment)' names no heading or anchor of the list", at: location,
                                            hint: "link to a heading by GitHub's id for it (its text in lower case, spaces as '-', punctuation left out)"))
            }
            return result
        }
        func fix(_ entries: inout [Entry], in section: Int) {
            for index in entries.indices {
                if description(of: entries[index], holds: InPageLinks.holdsFragmentLink),
                   let text = entries[index].text(at: descriptionField), let new = fixed(text, at: entries[index].location, in: section), new != text {
                    entries[index].fields.set(descriptionField.description, .text(new))
                }
                fix(&entries[index].children, in: section)
            }
        }
        for index in sections.indices {
            if let text = sections[index].description,
               let new = fixed(text, at: sections[index].location ?? SourceLocation(path: path), in: index), new != text {
                sections[index].description = new
            }
            fix(&sections[index].entries, in: index)
        }
        return diagnostics
    }

    /// Whether Markdown bytes hold `](#` or `](<#`.
    static func holdsFragmentLink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
    static func holdsAnchorAttribute(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

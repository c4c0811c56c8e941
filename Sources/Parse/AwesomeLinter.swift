import Foundation
import IndexSiteCollation
import IndexSiteCore

/// The checks awesome-list maintainers run on their READMEs, for `lint: awesome`: entries out of alphabetical order
/// within a section, a link listed twice, a linked entry without a description, a link to an anchor the README does
/// not have. All are warnings (errors under `--strict`), each at the entry or link's file, line and column.
package struct AwesomeLinter {
    /// Orders titles as the list's locale does; nil when the locale is unknown (the Sectioner reports that).
    package let collator: Collator?

    package init(locale: String) {
        collator = try? Collator(locale: locale)
    }

    /// Lints one Markdown list from its parsed entries and, for anchors, the file's own cmark tree.
    package func lint(_ file: SourceFile, entries: [Entry]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Top-level entries section by section (an entry before any heading is in a section of its own), in file order.
        var bySection: [Int: [Entry]] = [:]
        var sectionOrder: [Int] = []
        for entry in entries {
            let key = entry.declaredSectionIndex ?? -1
            if bySection[key] == nil { sectionOrder.append(key) }
            bySection[key, default: []].append(entry)
        }
        for key in sectionOrder { checkOrder(bySection[key] ?? [], into: &diagnostics) }
        // A link is listed twice when it is twice under one heading: under several headings it is cross-listed.
        var firstUse: [String: SourceLocation] = [:]
        var section: Int?
        for entry in entries {
            if entry.declaredSectionIndex != section {
                section = entry.declaredSectionIndex
                firstUse = [:]
            }
            checkLinks(entry, firstUse: &firstUse, into: &diagnostics)
        }
        diagnostics += deadAnchors(file)
        return diagnostics
    }

    /// Each entry that sorts before the one above it, and the same within every nested list.
    package func checkOrder(_ entries: [Entry], into diagnostics: inout [Diagnostic]) {
        if let collator, entries.count > 1 {
            // Case alone does not count ("FSM" and "fsm" are in order either way), as in awesome-list linters.
            let keys = entries.map { collator.sortKey(($0.text(at: "title") ?? "").lowercased()) }
            for index in entries.indices.dropFirst() where keys[index].lexicographicallyPrecedes(keys[index - 1]) {
                let title = entries[index].text(at: "title") ?? ""
                let previous = entries[index - 1].text(at: "title") ?? ""
                diagnostics.append(.warning(.awesomeOrder, "'\(title)' is out of alphabetical order: it comes after '\(previous)'",
                                            at: entries[index].location, hint: "move it above '\(previous)'"))
            }
        }
        for entry in entries where !entry.children.isEmpty { checkOrder(entry.children, into: &diagnostics) }
    }

    /// A link listed before (compared without a trailing `/`), and a linked entry with no description.
    package func checkLinks(_ entry: Entry, firstUse: inout [String: SourceLocation], into diagnostics: inout [Diagnostic]) {
        if let url = entry.text(at: "url") {
            var key = url
            while key.hasSuffix("/") { key.removeLast() }
            if let first = firstUse[key] {
                diagnostics.append(.warning(.awesomeDuplicateLink, "link '\(url)' is already listed at line \(first.line)", at: entry.location,
                                            hint: "keep one of the two entries"))
            } else {
                firstUse[key] = entry.location
            }
            if entry.text(at: "description") == nil {
                let title = entry.text(at: "title") ?? ""
                diagnostics.append(.warning(.awesomeNoDescription, "'\(title)' has no description", at: entry.location,
                                            hint: "write one after the link: - [\(title)](…) - What it is."))
            }
        }
        for child in entry.children { checkLinks(child, firstUse: &firstUse, into: &diagnostics) }
    }

    /// Links to `#anchors` that match no heading (by GitHub's ids), no `<a name>`/`id` in the README's HTML, and are
    /// not `#top` (the top of any page) or `#readme` (GitHub's README box).
    package func deadAnchors(_ file: SourceFile) -> [Diagnostic] {
        let split = FrontMatterParser.split(file)
        var anchors: Set<String> = ["top", "readme", ""]
        var links: [(fragment: String, location: SourceLocation)] = []
        var headingUses: [String: Int] = [:]
        CommonMark.withDocument(Array(split.body)) { document in
            var pending: [(node: MarkdownNode, block: MarkdownNode, depth: Int)] = document.children.map { ($0, $0, 0) }
            pending.reverse()
            while let (node, block, depth) = pending.popLast() {
                switch node.kind {
                case .heading:
                    // GitHub's ids, by the same rule a docs index with `link_style: github` uses.
                    let base = DocsLinkStyle.github.baseID(MarkdownText.plain(node))
                    anchors.insert(DocsLinkStyle.github.uniqueID(base, used: &headingUses))
                case .htmlBlock, .htmlInline:
                    for match in node.literal.matches(of: AwesomeLinter.htmlAnchor) { anchors.insert(String(match.output.2).lowercased()) }
                case .link where node.url.hasPrefix("#"):
                    // cmark places links where they start; a node without a position falls back to its block's.
                    let place = node.startLine > 0 ? node : block
                    links.append((String(node.url.dropFirst()),
                                  file.location(line: place.startLine + split.bodyLineOffset, column: max(place.startColumn, 1))))
                default:
                    break
                }
                guard depth < 64 else { continue }
                let isBlock = node.kind != .link && node.kind != .strong && node.kind != .emphasis && node.kind != .text
                let children = Array(node.children).reversed()
                for child in children { pending.append((child, isBlock ? node : block, depth + 1)) }
            }
        }
        return links.compactMap { link in
            let fragment = (link.fragment.removingPercentEncoding ?? link.fragment).lowercased()
            guard !anchors.contains(fragment) else { return nil }
            return .warning(.awesomeDeadAnchor, "link to '#\(link.fragment)' matches no heading or anchor of the file", at: link.location,
                            hint: "GitHub makes a heading's anchor from its text: lower case, spaces as '-', punctuation dropped")
        }
    }

    /// `name="…"` or `id="…"` in HTML.
    nonisolated(unsafe) static let htmlAnchor = /(name|id)\s*=\s*["']([^"']+)["']/
}

import Foundation
import IndexSiteCollation
import IndexSiteCore

/// The checks awesome-list maintainers run on their READMEs, for `lint: awesome`: awesome-lint's rules that make
/// sense for a published list (the separator, a description's case and final punctuation, the table of contents, the
/// badge, no License section, a contributing guide) and IndexSite's own (a link listed twice under one heading, a
/// dead `#anchor`, an empty section, order where the list says `sorted: true`, a missing description when asked).
/// Each rule (`LintRule`) has its severity from `lint:`; comments in the file turn findings off (`LintSuppressions`).
/// Every finding is at the item, heading or link's file, line and column.
package struct AwesomeLinter {
    /// Orders titles as the list's locale does; nil when the locale is unknown (the Sectioner reports that).
    package let collator: Collator?
    /// Which rules run, and how severe their findings are.
    package var rules: LintRules
    /// Whether the list has a contributing guide beside it (found by Load); nil when not looked for.
    package var contributing: ContributingGuide?

    package init(locale: String, rules: LintRules = LintRules(), contributing: ContributingGuide? = nil) {
        collator = try? Collator(locale: locale)
        self.rules = rules
        self.contributing = contributing
    }

    /// A finding of `rule`, at its severity; nothing when the rule is off.
    func report(_ rule: LintRule, _ message: String, at location: SourceLocation, hint: String?, into diagnostics: inout [Diagnostic]) {
        let severity = rules.severity(of: rule)
        guard severity != .off else { return }
        diagnostics.append(Diagnostic(severity == .error ? .error : .warning, rule.code, message, at: location, hint: hint))
    }

    /// Lints one Markdown list from its parsed entries and the file's own cmark tree.
    package func lint(_ file: SourceFile, entries: [Entry]) -> [Diagnostic] {
        var diagnostics = lintUnsuppressed(file, entries: entries)
        let suppressions = LintSuppressions(text: String(decoding: file.bytes, as: UTF8.self))
        diagnostics = suppressions.filter(diagnostics, path: file.path)
        return diagnostics
    }

    func lintUnsuppressed(_ file: SourceFile, entries: [Entry]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Top-level entries section by section (an entry before any heading is in a section of its own), in file order.
        var bySection: [Int: [Entry]] = [:]
        var sectionOrder: [Int] = []
        for entry in entries {
            let key = entry.declaredSectionIndex ?? -1
            if bySection[key] == nil { sectionOrder.append(key) }
            bySection[key, default: []].append(entry)
        }
        if rules.severity(of: .order) != .off {
            for key in sectionOrder { checkOrder(bySection[key] ?? [], into: &diagnostics) }
        }
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
        if rules.severity(of: .deadAnchor) != .off { diagnostics += deadAnchors(file) }
        checkDocument(file, into: &diagnostics)
        switch contributing {
        case .missing?:
            report(.contributing, "there is no contributing.md beside the list", at: file.location(line: 1), hint: "write one: how to propose an item, and what makes a good one", into: &diagnostics)
        case .empty?:
            report(.contributing, "contributing.md is empty", at: file.location(line: 1), hint: "say how to propose an item", into: &diagnostics)
        case .present?, nil:
            break
        }
        return diagnostics
    }

    /// The item rules on the lists awesome-lint checks (after the first section past `## Contents`, or all), and the
    /// structure rules, in one parse of the file.
    func checkDocument(_ file: SourceFile, into diagnostics: inout [Diagnostic]) {
        let split = FrontMatterParser.split(file)
        CommonMark.withDocument(Array(split.body)) { document in
            let blocks = Array(document.children)
            func place(_ node: MarkdownNode) -> SourceLocation {
                file.location(line: max(node.startLine, 1) + split.bodyLineOffset, column: max(node.startColumn, 1))
            }
            checkStructure(blocks, place: place, into: &diagnostics)
            var lists: [MarkdownNode] = []
            func collectLists(_ node: MarkdownNode, depth: Int) {
                guard depth < 64 else { return }
                if node.kind == .list { lists.append(node) }
                for child in node.children { collectLists(child, depth: depth + 1) }
            }
            let contents = blocks.firstIndex { $0.kind == .heading && $0.headingLevel == 2 && Self.withoutComments(Self.string($0)) == "Contents" }
            if let contents {
                guard let next = blocks[(contents + 1)...].firstIndex(where: { $0.kind == .heading }) else { return }
                for block in blocks[(next + 1)...] where block.kind == .list { collectLists(block, depth: 0) }
            } else {
                collectLists(document, depth: 0)
            }
            for list in lists {
                for item in list.children where item.kind == .item {
                    guard let paragraph = item.firstChild, paragraph.kind == .paragraph else { continue }
                    checkItem(paragraph, at: place(item), into: &diagnostics)
                }
            }
        }
    }

    /// Each entry that sorts before the one above it, and the same within every nested list.
    package func checkOrder(_ entries: [Entry], into diagnostics: inout [Diagnostic]) {
        if let collator, entries.count > 1 {
            // Case alone does not count ("FSM" and "fsm" are in order either way), as in awesome-list linters.
            let keys = entries.map { collator.sortKey(($0.text(at: "title") ?? "").lowercased()) }
            for index in entries.indices.dropFirst() where keys[index].lexicographicallyPrecedes(keys[index - 1]) {
                let title = entries[index].text(at: "title") ?? ""
                let previous = entries[index - 1].text(at: "title") ?? ""
                report(.order, "'\(title)' is out of alphabetical order: it comes after '\(previous)'",
                       at: entries[index].location, hint: "move it above '\(previous)'", into: &diagnostics)
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
                report(.duplicateLink, "link '\(url)' is already listed at line \(first.line)", at: entry.location,
                       hint: "keep one of the two entries", into: &diagnostics)
            } else {
                firstUse[key] = entry.location
            }
            if entry.text(at: "description") == nil {
                let title = entry.text(at: "title") ?? ""
                report(.noDescription, "'\(title)' has no description", at: entry.location,
                       hint: "write one after the link: - [\(title)](…) - What it is.", into: &diagnostics)
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
        var diagnostics: [Diagnostic] = []
        for link in links {
            let fragment = (link.fragment.removingPercentEncoding ?? link.fragment).lowercased()
            guard !anchors.contains(fragment) else { continue }
            report(.deadAnchor, "link to '#\(link.fragment)' matches no heading or anchor of the file", at: link.location,
                   hint: "GitHub makes a heading's anchor from its text: lower case, spaces as '-', punctuation dropped", into: &diagnostics)
        }
        return diagnostics
    }

    /// `name="…"` or `id="…"` in HTML.
    nonisolated(unsafe) static let htmlAnchor = /(name|id)\s*=\s*["']([^"']+)["']/
}

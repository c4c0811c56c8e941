import Foundation
import IndexSiteCore

/// The checks of a whole README's shape, as awesome-lint makes them: the table of contents against the headings
/// (`awesome-toc`), the badge beside the main heading (`awesome-badge`), no License section (`awesome-license`), and
/// IndexSite's own: no heading left empty.
extension AwesomeLinter {
    /// A heading of the document, in order.
    struct Heading {
        var level: Int
        /// mdast's `toString` of it, which awesome-lint compares ToC items to.
        var text: String
        /// GitHub's anchor for it, repeats numbered as GitHub numbers them.
        var anchor: String
        /// Its index among the document's top-level blocks.
        var block: Int
        var location: SourceLocation
    }

    /// Sections the table of contents leaves out (awesome-lint's list).
    static let sectionsNotInContents: Set<String> = ["Contributing", "Footnotes", "Related Lists"]
    static let badgeLinks: Set<String> = ["https://awesome.re", "https://github.com/sindresorhus/awesome"]
    static let badgeImages: Set<String> = ["https://awesome.re/badge.svg", "https://awesome.re/badge-flat.svg", "https://awesome.re/badge-flat2.svg"]

    /// The structure rules over a document's top-level `blocks`; `place` turns a node into its source location.
    func checkStructure(_ blocks: [MarkdownNode], place: (MarkdownNode) -> SourceLocation, into diagnostics: inout [Diagnostic]) {
        var used: [String: Int] = [:]
        var headings: [Heading] = []
        for (index, block) in blocks.enumerated() where block.kind == .heading {
            let text = Self.string(block)
            let anchor = DocsLinkStyle.github.uniqueID(DocsLinkStyle.github.baseID(text.replacingOccurrences(of: "\u{FE0F}", with: "")), used: &used)
            headings.append(Heading(level: block.headingLevel, text: text, anchor: anchor, block: index, location: place(block)))
        }
        // The badge, when the file opens with a heading.
        if let first = blocks.first, first.kind == .heading {
            let hasBadge = first.headingLevel == 1 && first.children.contains { link in
                link.kind == .link && Self.badgeLinks.contains(link.url)
                    && link.children.contains { $0.kind == .image && Self.badgeImages.contains($0.url) }
            }
            if !hasBadge {
                report(.badge, "the list's heading has no Awesome badge", at: place(first),
                       hint: "add [![Awesome](https://awesome.re/badge.svg)](https://awesome.re) after the title", into: &diagnostics)
            }
        }
        for heading in headings where ["license", "licence"].contains(heading.text.lowercased()) {
            report(.licenseSection, "the list has a '\(heading.text)' section", at: heading.location,
                   hint: "put the licence in a LICENSE file and remove the section", into: &diagnostics)
        }
        // A heading followed by a heading of its level or above, or by nothing.
        for (position, heading) in headings.enumerated() {
            let next = position + 1 < headings.count ? headings[position + 1] : nil
            let nextBlock = next?.block ?? blocks.count
            if nextBlock == heading.block + 1, next.map({ $0.level <= heading.level }) ?? true {
                report(.emptySection, "the section '\(heading.text)' has nothing under it", at: heading.location,
                       hint: "add its items or remove the heading", into: &diagnostics)
            }
        }
        checkContents(blocks, headings: headings, place: place, into: &diagnostics)
    }

    /// awesome-lint's `awesome-toc`: a `## Contents` heading, first after the title, followed by one list whose items
    /// name the `##` headings after it in order (their text and anchor), and `###` ones one level down.
    func checkContents(_ blocks: [MarkdownNode], headings: [Heading], place: (MarkdownNode) -> SourceLocation, into diagnostics: inout [Diagnostic]) {
        guard let contents = headings.firstIndex(where: { $0.level == 2 && Self.withoutComments($0.text) == "Contents" }) else { return }
        let toc = headings[contents]
        if contents > 1 {
            report(.toc, "the table of contents is not the first section", at: toc.location, hint: "move '## Contents' right after the title", into: &diagnostics)
        } else if contents == 0, !blocks[..<toc.block].contains(where: { $0.kind == .htmlBlock }) {
            report(.toc, "the table of contents comes before the list's title", at: toc.location, hint: "start the file with '# Awesome …'", into: &diagnostics)
        }
        let sections = headings[(contents + 1)...].filter { $0.level == 2 && !Self.sectionsNotInContents.contains($0.text) }
        guard let firstSection = sections.first else {
            report(.toc, "the table of contents lists no section: there is no '##' heading after it", at: toc.location, hint: nil, into: &diagnostics)
            return
        }
        let lists = blocks[(toc.block + 1)..<firstSection.block].filter { $0.kind == .list }
        guard lists.count == 1, let list = lists.first else {
            report(.toc, lists.isEmpty ? "the table of contents has no list" : "the table of contents has \(lists.count) lists, not one",
                   at: toc.location, hint: nil, into: &diagnostics)
            return
        }
        var anchors: [String: Bool] = [:]
        for heading in headings { anchors["#" + heading.anchor] = true }
        checkContentsItems(list, sections: Array(sections), depth: 0, headings: headings, anchors: &anchors, place: place, into: &diagnostics)
    }

    func checkContentsItems(_ list: MarkdownNode, sections: [Heading], depth: Int, headings: [Heading], anchors: inout [String: Bool],
                            place: (MarkdownNode) -> SourceLocation, into diagnostics: inout [Diagnostic]) {
        var index = 0
        for item in list.children where item.kind == .item {
            defer { index += 1 }
            let location = place(item)
            guard let link = Self.firstNode(in: item, where: { $0.kind == .link }) else {
                report(.toc, "item \(index + 1) of the table of contents has no link", at: location, hint: nil, into: &diagnostics)
                return
            }
            let text = Self.string(link)
            guard index < sections.count else {
                report(.toc, Self.sectionsNotInContents.contains(text) ? "the table of contents lists '\(text)', which it leaves out"
                           : "the table of contents lists '\(text)', which matches no heading", at: location, hint: nil, into: &diagnostics)
                return
            }
            let section = sections[index]
            guard text == section.text else {
                report(.toc, "the table of contents lists '\(text)' where the heading is '\(section.text)'", at: location,
                       hint: "list the headings in their order, with their text", into: &diagnostics)
                return
            }
            switch anchors[link.url] {
            case nil:
                report(.toc, "the table of contents links '\(text)' to '\(link.url)', which is no heading's anchor", at: location,
                       hint: "link to #\(section.anchor)", into: &diagnostics)
                return
            case false?:
                report(.toc, "the table of contents links '\(link.url)' twice", at: location, hint: nil, into: &diagnostics)
                return
            case true?:
                anchors[link.url] = false
            }
            if let sublist = Self.firstNode(in: item, where: { $0.kind == .list }) {
                guard depth < 1 else {
                    report(.toc, "the table of contents nests deeper than two levels", at: location, hint: nil, into: &diagnostics)
                    continue
                }
                let end = index + 1 < sections.count ? sections[index + 1].block : Int.max
                let inside = headings.filter { $0.block > section.block && $0.block < end && $0.level == depth + 3 }
                checkContentsItems(sublist, sections: inside, depth: depth + 1, headings: headings, anchors: &anchors, place: place, into: &diagnostics)
            }
        }
        for section in sections.dropFirst(index) {
            report(.toc, "the table of contents has no item for '\(section.text)'", at: place(list), hint: "add - [\(section.text)](#\(section.anchor))",
                   into: &diagnostics)
        }
    }

    /// The first node under `node` (depth first, itself excluded) that `test` accepts.
    static func firstNode(in node: MarkdownNode, where test: (MarkdownNode) -> Bool, depth: Int = 0) -> MarkdownNode? {
        guard depth < 64 else { return nil }
        for child in node.children {
            if test(child) { return child }
            if let found = firstNode(in: child, where: test, depth: depth + 1) { return found }
        }
        return nil
    }

    static func withoutComments(_ text: String) -> String {
        text.replacing(/<!--[\s\S]*?-->/, with: "").trimmingCharacters(in: .whitespaces)
    }
}

import IndexSiteCore
extension MarkdownListParser {
    /// Puts the blocks of all pieces together in file order as a tree of sections: every heading (and every bold line
    /// that introduces headings) opens a section under the nearest shallower one, every item joins the innermost
    /// open section. The tree is kept as a flat pre-order list with levels, as `Section.level` describes.
    struct Assembler {
        struct OpenSection {
            var declared: DeclaredSection
            /// Twice the Markdown heading level (`##` is 4); a bold group line sits one below the headings it introduces.
            var rank: Int
            var itemCount = 0
            var skippedCount = 0
            var childCount = 0
            /// A section whose only items were table-of-contents links, with no sub-sections: not a section of the list.
            var onlyTableOfContents: Bool { itemCount == 0 && skippedCount > 0 && childCount == 0 }
            /// A heading named like a table of contents ("Index", "Contents") over nothing but its links: the
            /// headings after it are not its sub-sections, whatever their level (a section over a few links to its
            /// own sub-sections keeps them).
            var isContentsHeading: Bool {
                onlyTableOfContents && Assembler.contentsTitles.contains(declared.title.lowercased())
            }
        }

        static let contentsTitles: Set<String> = ["index", "contents", "table of contents", "toc", "categories", "content"]

        var entries: [Entry] = []
        /// The names of items with a `category`, by their names without it: one array for all the items alike.
        var namesWithCategory = SharedNames()
        /// The heading items were last filed under, as the text their records share.
        var lastCategory: FieldRecord.SharedText?
        /// The names items were last filed with, and what filing does with them: the names with `category`, or nil
        /// when they have one already. Items alike follow one another, and this was looked up for each of them, on
        /// one core (names compared, then the shared arrays searched); now an item whose names are the same array
        /// (held here, so its address stays its own) is filed without a look.
        var lastNames: (names: [String], withCategory: [String]?)?
        var sections: [OpenSection] = []
        /// Indices in `sections` of the open headings, outermost first.
        var stack: [Int] = []
        var documentTitle: String?
        /// The title a banner gives the list (`Banner`), used when no heading titles it.
        var bannerTitle: String?
        var sawSponsor = false
        /// HTML anchors waiting for the next block (`placePendingAnchors`), and those before any section.
        var pendingAnchors: [String] = []
        var topAnchors: [String] = []
        var documentDescription: String?
        /// Which heading (counting every heading of the file from 0) titles the list, if one does.
        let titleHeading: Int?
        /// The shallowest level of the headings that open sections: a bold line before the first section introduces a
        /// group only when the heading after it is deeper than that (else it is a tagline in bold).
        let topSectionLevel: Int
        var headingsSeen = 0
        /// GitHub's heading ids given so far, for the numbers of repeated ones.
        var githubIDUses: [String: Int] = [:]
        /// A bold-only line waiting for the next block to say whether it opens a group or is a paragraph.
        var pendingBold: (title: String, markdown: String, location: SourceLocation)?
        /// Paragraphs of the innermost open section's description, joined once they are complete: joining as they come
        /// would copy the growing text for each paragraph (quadratic for thousands of paragraphs).
        var sectionParagraphs: [String] = []
        /// The first paragraph and the first block quote before any section: the candidates for the list's tagline.
        var firstParagraph: String?
        var firstQuote: String?

        /// An assembler for the blocks of every piece, which it looks over once to find the title heading.
        init(blocks pieces: [[Block]]) {
            var levels: [Int] = []
            // Whether an item stands right under each heading, before the next one.
            var itemsUnder: [Bool] = []
            var itemCount = 0
            // The first heading's text, whether any item stands before it, and the level-1 headings that announce.
            var firstHeading: String?
            var itemBeforeFirstHeading = false
            var announcements: Set<Int> = []
            for blocks in pieces {
                // Looked at in place: each block taken out of the array was copied, its item's fields and all.
                for index in blocks.indices {
                    if case .heading(let level, let title, _) = blocks[index] {
                        if levels.isEmpty { firstHeading = title }
                        if level == 1, Assembler.isAnnouncement(title) { announcements.insert(levels.count) }
                        levels.append(level)
                        itemsUnder.append(false)
                    } else if blocks[index].isItem {
                        itemCount += 1
                        if !itemsUnder.isEmpty { itemsUnder[itemsUnder.count - 1] = true } else { itemBeforeFirstHeading = true }
                    }
                }
            }
            // The entries are gathered into an array of its final size: grown by doubling, it was reallocated twenty
            // times for a million entries, each time copied whole into fresh memory.
            entries.reserveCapacity(itemCount)
            // The first `#` heading titles the list; later ones are sections. Only when several `#` headings each hold
            // their own items (`# Fruit`, `- Apple`, `# Vegetables`) is the first one a section like the others.
            // A heading that announces something ("… in now Live! 🎉") never titles the list.
            var title = levels.indices.first { levels[$0] == 1 && !announcements.contains($0) }
            if let first = title, itemsUnder[first], levels.filter({ $0 == 1 }).count > 1 { title = nil }
            // With no `#` heading, a first heading that stands before any item, holds none and no sub-heading, and is no
            // table of contents nor an announcement (`## Awesome Vue.js` under a logo) titles the list.
            if title == nil, !levels.contains(1), let text = firstHeading, !itemBeforeFirstHeading, !itemsUnder[0],
               levels.count == 1 || levels[1] <= levels[0], !Assembler.contentsTitles.contains(text.lowercased()), !Assembler.isAnnouncement(text) {
                title = 0
            }
            titleHeading = title
            topSectionLevel = levels.indices.filter { $0 != title }.map { levels[$0] }.min() ?? 1
        }

        /// A heading that announces rather than names: it ends with "!" or holds an emoji.
        static func isAnnouncement(_ title: String) -> Bool {
            let trimmed = title.trimmingSpaces
            return trimmed.hasSuffix("!") || trimmed.unicodeScalars.contains { $0.properties.isEmojiPresentation }
        }

        /// Takes the blocks over (`consuming`): each is moved out of the array, since a copied entry costs a retain per field.
        mutating func add(_ blocks: consuming [Block]) {
            var blocks = blocks
            for index in blocks.indices {
                var block = Block.item(nil)
                swap(&block, &blocks[index])
                // The anchors of a block that shows nothing (`<a name="tools"></a>`) belong to the heading right after
                // it; others, to the section they stand in.
                if !pendingAnchors.isEmpty {
                    switch block {
                    case .heading, .anchors(_, bare: true): break
                    default: placePendingAnchors()
                    }
                }
                if let bold = pendingBold {
                    pendingBold = nil
                    if case .heading(let level, _, _) = block, headingsSeen != titleHeading, opensGroup(before: level, title: bold.title) {
                        open(title: bold.title, rank: 2 * level - 1, location: bold.location)
                    } else {
                        addParagraph(bold.markdown)
                    }
                }
                switch consume block {
                case .heading(let level, let title, let location):
                    defer { headingsSeen += 1 }
                    // Every heading takes GitHub's id in turn, the title's too: a second "Tools" is `tools-1`.
                    let githubID = DocsLinkStyle.github.uniqueID(DocsLinkStyle.github.baseID(title), used: &githubIDUses)
                    if headingsSeen == titleHeading {
                        documentTitle = title
                        placePendingAnchors()
                        continue
                    }
                    open(title: title, rank: 2 * level, location: location)
                    sections[sections.count - 1].declared.githubID = githubID
                    sections[sections.count - 1].declared.htmlAnchors += pendingAnchors
                    pendingAnchors = []
                case .paragraph(let text):
                    addParagraph(text)
                case .boldLine(let title, let markdown, let location):
                    pendingBold = (title, markdown, location)
                case .anchors(let names, let bare):
                    pendingAnchors += names
                    if !bare { placePendingAnchors() }
                case .banner(let title, let sponsor):
                    // Only banners before any section or item, and before any sponsor's block, may name the list.
                    guard sections.isEmpty, entries.isEmpty, !sawSponsor else { continue }
                    // A banner's title comes from what stands before its first mention of a sponsor (see `Banner`).
                    if bannerTitle == nil { bannerTitle = title }
                    if sponsor { sawSponsor = true }
                case .blockQuote(let text):
                    if sections.isEmpty {
                        // GitHub's alerts (`> [!NOTE]`) are notes, not taglines.
                        if firstQuote == nil, !text.hasPrefix("\\[!") { firstQuote = text }
                    } else {
                        sectionParagraphs.append(text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n"))
                    }
                case .item(var entry?):
                    if let index = stack.last {
                        file(&entry, under: sections[index].declared.title, index: index)
                        sections[index].itemCount += 1
                    }
                    entries.append(consume entry) // moved, not copied and destroyed (a retain and a release of each part)
                case .item(nil):
                    if let index = stack.last { sections[index].skippedCount += 1 }
                }
            }
        }

        /// Gives the anchors waiting for a heading to the innermost open section, or to the top of the page.
        mutating func placePendingAnchors() {
            if let index = stack.last { sections[index].declared.htmlAnchors += pendingAnchors } else { topAnchors += pendingAnchors }
            pendingAnchors = []
        }

        /// Whether a bold line followed by a heading of `level` names a group of headings: it must read like a heading
        /// (short, not a sentence), and before the first section the heading must be deeper than the top sections.
        func opensGroup(before level: Int, title: String) -> Bool {
            guard title.count <= 60, title.split(separator: " ").count <= 8, !title.isEmpty,
                  !title.hasSuffix("."), !title.hasSuffix("!"), !title.hasSuffix("?"), !title.hasSuffix(":") else { return false }
            return !stack.isEmpty || level > topSectionLevel
        }

        /// Opens a section under the innermost open one of smaller rank, closing deeper ones.
        /// A heading under a table of contents (`## Index` holding only links to the page's anchors) is not inside
        /// it: the contents heading is closed first, so its sub-headings are the list's top sections.
        mutating func open(title: String, rank: Int, location: SourceLocation) {
            finishSectionDescription()
            while let last = stack.last, sections[last].rank >= rank || sections[last].isContentsHeading { stack.removeLast() }
            if let parent = stack.last { sections[parent].childCount += 1 }
            sections.append(OpenSection(declared: DeclaredSection(title: title, location: location, level: stack.count + 1), rank: rank))
            stack.append(sections.count - 1)
        }

        mutating func addParagraph(_ text: String) {
            if sections.isEmpty {
                if firstParagraph == nil, !text.isEmpty, !Assembler.isNotice(text) { firstParagraph = text }
            } else if !stack.isEmpty {
                sectionParagraphs.append(text)
            }
        }

        /// A paragraph that opens with a bold notice word (`**Notice (May 2026): I'm archiving this repository.**`,
        /// `**Acknowledgement:**`): news about the README, not its tagline.
        static func isNotice(_ markdown: String) -> Bool {
            guard markdown.hasPrefix("**") else { return false }
            let word = markdown.dropFirst(2).prefix { $0.isLetter }.lowercased()
            return noticeWords.contains(word)
        }

        static let noticeWords: Set<String> = ["notice", "note", "update", "announcement", "important", "news", "warning",
                                               "acknowledgement", "acknowledgment", "disclaimer", "sponsors", "sponsored", "sponsor"]

        mutating func finish() {
            if let bold = pendingBold { addParagraph(bold.markdown) }
            pendingBold = nil
            finishSectionDescription()
            documentDescription = firstQuote ?? firstParagraph
            if documentTitle == nil { documentTitle = bannerTitle }
            placePendingAnchors()
            renumberEntries()
        }

        /// The sections the file declares, in page order, without those that only held a table of contents; the
        /// entries' `declaredSectionIndex` is renumbered to match.
        var declaredSections: [DeclaredSection] {
            sections.filter { !$0.onlyTableOfContents }.map(\.declared)
        }

        /// Renumbers the entries' sections once the table-of-contents sections are left out.
        mutating func renumberEntries() {
            var newIndex: [Int] = []
            var next = 0
            for section in sections {
                newIndex.append(next)
                if !section.onlyTableOfContents { next += 1 }
            }
            guard next != sections.count else { return }
            for index in entries.indices {
                if let old = entries[index].declaredSectionIndex { entries[index].declaredSectionIndex = newIndex[old] }
            }
        }

        /// Gives an entry and its nested entries the heading they stand under, as `heading` and as a `category` field.
        mutating func file(_ entry: inout Entry, under heading: String, index: Int) {
            entry.declaredSectionIndex = index
            file(&entry, under: heading)
        }

        mutating func file(_ entry: inout Entry, under heading: String) {
            entry.heading = heading
            let category = lastCategory.flatMap { $0.text == heading ? $0 : nil } ?? FieldRecord.SharedText(heading)
            lastCategory = category
            if lastNames?.names.elementsAddress != entry.fields.namesAddress {
                let names = entry.fields.names
                lastNames = (names, names.contains("category") ? nil : namesWithCategory.array(for: names) { $0 + ["category"] })
            }
            if let withCategory = lastNames?.withCategory {
                entry.fields.append(category, names: withCategory)
            } else {
                entry.fields.set("category", .text(heading))
            }
            for index in entry.children.indices { file(&entry.children[index], under: heading) }
        }

        /// Gives the innermost open section the paragraphs read under its heading.
        mutating func finishSectionDescription() {
            if let index = stack.last, let description = Assembler.description(joining: sectionParagraphs) {
                sections[index].declared.description = description
            }
            sectionParagraphs = []
        }

        /// Paragraphs joined by blank lines, leading empty ones dropped; nil when there are none.
        static func description(joining paragraphs: [String]) -> String? {
            guard !paragraphs.isEmpty else { return nil }
            return paragraphs.drop(while: \.isEmpty).joined(separator: "\n\n")
        }
    }
}

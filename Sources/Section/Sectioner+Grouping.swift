import Foundation
import IndexSiteCollation
import IndexSiteCore

/// Grouping into sections: by letter of the locale's alphabet, by the source's headings, by a field's values, and
/// the declared `section_order`.
extension Sectioner {
    /// The sections of a list grouped by letter: one per letter of the locale's alphabet (ICU's alphabetic index), and
    /// one catch-all for everything else, first or last as `catch_all_position` says.
    func letterSections(_ entries: consuming [Entry], titles: [String], order: [Int], index: AlphabetIndex, settings: ListSettings) -> [Section] {
        let letters = LetterSections(index: index, catchAllLabel: settings.catchAllLabel)
        // ICU's bucket look-up is most of this function's time, and thread-safe: spread over the engine's threads.
        let sectionOfEntry = Engine.current.orderedMap(count: order.count) { letters.bucket(of: titles[order[$0]]) }
        var entries = entries
        let sectionEntries = Engine.current.partition(&entries, order: order, buckets: sectionOfEntry, bucketCount: letters.sections.count,
                                                      leaving: Entry(fields: FieldRecord()))
        var sections = letters.sections
        for section in sections.indices { sections[section].entries = sectionEntries[section] }
        // The catch-all stands first or last, wherever ICU put its underflow and overflow buckets.
        let catchAllSection = sections.remove(at: letters.catchAll)
        if settings.catchAllPosition == .first {
            sections.insert(catchAllSection, at: 0)
        } else {
            sections.append(catchAllSection)
        }
        return sections
    }

    func headingSections(_ entries: [Entry], order: [Int], declared: [DeclaredSection], settings: ListSettings, collator: Collator,
                         location: SourceLocation, diagnostics: inout [Diagnostic]) -> [Section] {
        var sections = declared.map { declared in
            var section = Section(title: declared.title, description: declared.description)
            section.level = max(1, declared.level)
            section.githubID = declared.githubID
            section.htmlAnchors = declared.htmlAnchors
            section.location = declared.location
            return section
        }
        var indexOfTitle: [String: Int] = [:]
        for (index, section) in sections.enumerated() where indexOfTitle[section.title] == nil {
            indexOfTitle[section.title] = index
        }
        var loose: [Entry] = []
        for position in order {
            let entry = entries[position]
            // The parser says which heading an item stands under; entries made in memory name it by title.
            if let index = entry.declaredSectionIndex, sections.indices.contains(index) {
                sections[index].entries.append(entry)
            } else if let heading = entry.heading, let index = indexOfTitle[heading] {
                sections[index].entries.append(entry)
            } else {
                loose.append(entry)
            }
        }
        if !loose.isEmpty {
            sections.insert(Section(title: settings.title ?? settings.defaultSectionTitle, description: nil, entries: loose), at: 0)
        }
        if let order = settings.sectionOrder {
            if sections.contains(where: { $0.level > 1 }) {
                sections = orderedTree(sections, by: order, collator: collator, location: location, itemLocation: { settings.location(of: .sectionOrder, item: String($0), or: location) },
                                       diagnostics: &diagnostics)
            } else {
                sections = ordered(sections, by: order, collator: collator, location: location, missingIsError: true,
                                   itemLocation: { settings.location(of: .sectionOrder, item: String($0), or: location) }, diagnostics: &diagnostics)
            }
        }
        return sections
    }

    /// `section_order` over a heading tree: each group of sibling sections is ordered as `ordered` orders a flat list
    /// (named ones first, the others in collation order), and every section moves with its sub-sections.
    func orderedTree(_ sections: [Section], by order: [String], collator: Collator, location: SourceLocation,
                     itemLocation: (Int) -> SourceLocation, diagnostics: inout [Diagnostic]) -> [Section] {
        let titles = sections.map(\.title)
        let known = Set(titles)
        for (position, name) in order.enumerated() where !known.contains(name) {
            diagnostics.append(.error(.unknownSectionInOrder, "section_order names '\(name)', which is not a heading of the list",
                                      at: itemLocation(position),
                                      hint: closestName(to: name, among: titles).map { "did you mean '\($0)'?" }
                                        ?? "use the heading's exact text, or remove it from section_order"))
        }
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func arrange(_ slice: ArraySlice<Section>) -> [Section] {
            guard let level = slice.first?.level else { return [] }
            // Split the slice into sibling subtrees: each starts at a section of the slice's level.
            var subtrees: [ArraySlice<Section>] = []
            var start = slice.startIndex
            for index in slice.indices.dropFirst() where slice[index].level <= level {
                subtrees.append(slice[start..<index])
                start = index
            }
            subtrees.append(slice[start...])
            let keys = subtrees.map { collator.sortKey($0.first!.title) }
            let sorted = subtrees.indices.sorted { a, b in
                switch (rank[subtrees[a].first!.title], rank[subtrees[b].first!.title]) {
                case let (x?, y?): return x < y || (x == y && a < b)
                case (_?, nil): return true
                case (nil, _?): return false
                case (nil, nil): return keys[a].lexicographicallyPrecedes(keys[b]) || (keys[a] == keys[b] && a < b)
                }
            }
            return sorted.flatMap { index -> [Section] in
                let subtree = subtrees[index]
                return [subtree.first!] + arrange(subtree.dropFirst())
            }
        }
        return arrange(sections[...])
    }

    func fieldSections(_ entries: [Entry], order: [Int], path: FieldPath, settings: ListSettings, collator: Collator,
                       location: SourceLocation, diagnostics: inout [Diagnostic]) -> [Section] {
        var sections: [Section] = []
        // Values that differ only in case are one section ("classic" and "Classic"), titled by the first spelling.
        var indexOfTitle: [String: Int] = [:]
        var otherSpellings: [Int: [String]] = [:]
        var uncategorized: [Entry] = []
        // A cell holding several values ("sci-fi, classic") puts the entry in each of their sections.
        let valuesSeparator = settings.valuesSeparator(for: path)
        for position in order {
            var entry = entries[position]
            let values = entry.values(at: path, separator: valuesSeparator)
            if values.isEmpty { uncategorized.append(entry) }
            if values.count > 1 { entry.copyKey = position }
            for value in values {
                let key = value.lowercased()
                if let index = indexOfTitle[key] {
                    sections[index].entries.append(entry)
                    if value != sections[index].title, !(otherSpellings[index] ?? []).contains(value) { otherSpellings[index, default: []].append(value) }
                } else {
                    indexOfTitle[key] = sections.count
                    sections.append(Section(title: value, entries: [entry]))
                }
            }
        }
        for (index, spellings) in otherSpellings.sorted(by: { $0.key < $1.key }) {
            let title = sections[index].title
            diagnostics.append(.warning(.sectionSpellings, "'\(path)' values \(spellings.map { "'\($0)'" }.joined(separator: ", ")) differ from '\(title)' only in case, so they share its section",
                                        at: location, hint: "write every value the same way to silence this"))
        }
        if let order = settings.sectionOrder {
            sections = ordered(sections, by: order, collator: collator, location: location, missingIsError: false,
                               itemLocation: { settings.location(of: .sectionOrder, item: String($0), or: location) }, diagnostics: &diagnostics)
        } else {
            sections = sortedByTitle(sections, collator: collator)
        }
        if !uncategorized.isEmpty {
            // Entries without a value for the field stand last, under a title that says so ("No genre"), not "#".
            let field = settings.fieldLabels[path.description]
                ?? path.components.last.map { $0.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ") } ?? path.description
            if settings.isWritten(.catchAllLabel) || settings.isWritten(.catchAllPosition) {
                let catchAll = Section(title: settings.catchAllLabel, label: settings.catchAllLabel, entries: uncategorized, isCatchAll: true)
                if settings.catchAllPosition == .first { sections.insert(catchAll, at: 0) } else { sections.append(catchAll) }
            } else {
                // The heading says what it is; the strip keeps its short catch-all label, as Contacts' "#".
                let title = settings.noValueSectionTitle.replacingOccurrences(of: "{field}", with: field)
                sections.append(Section(title: title, label: settings.catchAllLabel, entries: uncategorized, isCatchAll: true))
            }
        }
        return sections
    }

    /// Puts sections in the declared order; sections the order does not name follow, in collation order.
    func ordered(_ sections: [Section], by order: [String], collator: Collator, location: SourceLocation, missingIsError: Bool,
                 itemLocation: (Int) -> SourceLocation, diagnostics: inout [Diagnostic]) -> [Section] {
        var remaining = sections
        var result: [Section] = []
        let titles = sections.map(\.title)
        for (position, name) in order.enumerated() {
            let at = itemLocation(position)
            if let index = remaining.firstIndex(where: { $0.title == name }) {
                result.append(remaining.remove(at: index))
            } else if missingIsError {
                diagnostics.append(.error(.unknownSectionInOrder, "section_order names '\(name)', which is not a heading of the list", at: at,
                                          hint: closestName(to: name, among: titles).map { "did you mean '\($0)'?" }
                                            ?? "use the heading's exact text, or remove it from section_order"))
            } else {
                // A declared category with no entries yet is shown empty; it may also be a typo, so say so.
                diagnostics.append(.warning(.unknownSectionInOrder, "section_order names '\(name)', which no entry has", at: at,
                                            hint: closestName(to: name, among: titles).map { "did you mean '\($0)'? " + "(the values are case- and space-exact)" }
                                              ?? "check the spelling against the entries' values"))
                result.append(Section(title: name))
            }
        }
        return result + sortedByTitle(remaining, collator: collator)
    }

    func sortedByTitle(_ sections: [Section], collator: Collator) -> [Section] {
        let keys = sections.map { collator.sortKey($0.title) }
        return sections.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) || (keys[$0] == keys[$1] && $0 < $1) }.map { sections[$0] }
    }
}

/// The letter sections of a locale's alphabet and the one rule that files a title under one of them.
struct LetterSections: Sendable {
    /// A section per letter, and the catch-all, in ICU's bucket order.
    private(set) var sections: [Section] = []
    /// Where the catch-all is in `sections`.
    private(set) var catchAll = 0
    private var sectionOfBucket: [Int] = []
    private let index: AlphabetIndex

    init(index: AlphabetIndex, catchAllLabel: String) {
        self.index = index
        var catchAll: Int?
        for bucket in index.buckets {
            if bucket.kind == .letter {
                sectionOfBucket.append(sections.count)
                sections.append(Section(title: bucket.label, label: bucket.label))
            } else {
                if catchAll == nil {
                    catchAll = sections.count
                    sections.append(Section(title: catchAllLabel, label: catchAllLabel, isCatchAll: true))
                }
                sectionOfBucket.append(catchAll!)
            }
        }
        if catchAll == nil {
            catchAll = sections.count
            sections.append(Section(title: catchAllLabel, label: catchAllLabel, isCatchAll: true))
        }
        self.catchAll = catchAll!
    }

    /// The section a title is filed under: the letter ICU's alphabetic index gives it in the locale (accents and case
    /// folded as the locale's readers expect: "Émile" under E, "Ångström" under Å in Swedish), or the catch-all for
    /// digits, symbols and scripts the alphabet does not have.
    func bucket(of title: String) -> Int {
        sectionOfBucket[min(index.bucket(of: title), sectionOfBucket.count - 1)]
    }
}

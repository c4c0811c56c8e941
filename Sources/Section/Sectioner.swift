import Foundation
import IndexSiteCollation
import IndexSiteCore

/// Section: puts a list's entries into sections (letters of the locale's alphabet, categories or dates),
/// sorts them with the locale's collation and gives every section its index title.
public struct Sectioner: Sendable {
    /// A sectioner; it holds no state, so one can section any number of lists.
    public init() {}

    /// What the sectioner needs besides the settings: the parsed entries and what the source declared.
    public struct Input: Sendable {
        /// The entries to place, in source order (ties in sorting keep this order).
        public var entries: [Entry]
        /// The headings of a Markdown list, which become its sections (in their order) when it has any.
        public var declaredSections: [DeclaredSection]
        /// The kind of source, which decides the default grouping: headings for Markdown lists, letters otherwise.
        public var kind: SourceKind
        /// Where the list's settings were written, for diagnostics about them.
        public var settingsLocation: SourceLocation

        /// The input for `entries`; entries made in memory need nothing else.
        public init(entries: [Entry], declaredSections: [DeclaredSection] = [], kind: SourceKind = .json,
                    settingsLocation: SourceLocation = SourceLocation(path: "")) {
            self.entries = entries
            self.declaredSections = declaredSections
            self.kind = kind
            self.settingsLocation = settingsLocation
        }
    }

    /// Takes the input over (`consuming`) so its entries can be filtered in place instead of copied: a million
    /// entries are held once, not once per stage.
    public func section(_ input: consuming Input, settings: ListSettings) -> ([Section], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let collator: Collator
        do {
            collator = try Collator(locale: settings.locale)
        } catch {
            return ([], [.error(.badSettingValue, "unknown locale '\(settings.locale)': \(error.description)",
                                at: settings.location(of: .locale, or: input.settingsLocation),
                                hint: "use an ICU locale id such as en, sv, de@collation=phonebook")])
        }

        // Entries with no title cannot be placed or linked: report them and leave them out (kept entries keep their order).
        var entries = input.entries
        input.entries = []
        var kept = 0
        // Each kept entry's title is read here once: the raw one breaks sorting ties, the stripped one sorts and letters.
        var rawTitles: [String] = []
        rawTitles.reserveCapacity(entries.count)
        for index in entries.indices {
            let title = entries[index].fields.value(at: settings.titleField)
            if let title, !title.isText {
                diagnostics.append(.error(.wrongFieldType, "'\(settings.titleField)' must be text, not \(title.kindDescription)",
                                          at: entries[index].location(of: settings.titleField), hint: "write the title as one line of text"))
            } else if let value = entries[index].fields.value(at: settings.urlField), !value.isText {
                diagnostics.append(.error(.wrongFieldType, "'\(settings.urlField)' must be text, not \(value.kindDescription)",
                                          at: entries[index].location(of: settings.urlField), hint: "give one link per entry"))
            } else if case .text(let text) = title, !text.trimmingSpaces.isEmpty {
                if kept != index { entries.swapAt(kept, index) }
                kept += 1
                rawTitles.append(text)
            } else {
                diagnostics.append(.error(.missingTitle, "entry has no '\(settings.titleField)'", at: entries[index].location,
                                          hint: "give every entry a \(settings.titleField), or set title_field to the field that names entries"))
            }
        }
        entries.removeLast(entries.count - kept)
        // A reading (phonetic name, sort form) stands in for the title wherever it is given.
        var titles = rawTitles.indices.map { index in
            let reading = settings.readingField.flatMap { entries[index].text(at: $0) }.map(\.trimmingSpaces) ?? ""
            return Sectioner.stripPrefixes(reading.isEmpty ? rawTitles[index] : reading, settings.ignorePrefixes)
        }
        // A docs index files `--help`, `.gitignore` and `@main` under their first letter, as a book's index does.
        if input.kind == .docsIndex { titles = titles.map(Sectioner.strippingLeadingSymbols) }
        // A Markdown list is sectioned by its headings when it has some, like every other source by letter otherwise.
        let grouping = settings.grouping ?? (input.kind == .markdownList && !input.declaredSections.isEmpty ? .heading : .letter)
        // Under its own headings a list keeps the author's order (a checklist, an awesome list) unless told to sort.
        let keepSourceOrder = grouping == .heading && settings.sort.isEmpty
        let order = keepSourceOrder ? Array(entries.indices) : sortedOrder(entries, titles: titles, rawTitles: rawTitles, settings: settings, collator: collator)
        diagnostics += duplicates(entries, rawTitles: rawTitles, order: order, sorted: !keepSourceOrder)

        var sections: [Section]
        switch grouping {
        case .letter:
            let index: AlphabetIndex
            do {
                index = try AlphabetIndex(locale: settings.locale, extraLocales: settings.indexLocales)
            } catch {
                return ([], diagnostics + [.error(.badSettingValue, "cannot build the alphabet of '\(settings.locale)': \(error.description)",
                                                  at: settings.location(of: .indexLocales, or: settings.location(of: .locale, or: input.settingsLocation)))])
            }
            sections = letterSections(consume entries, titles: titles, order: order, index: index, settings: settings)
        case .heading:
            sections = headingSections(entries, order: order, declared: input.declaredSections, settings: settings,
                                       collator: collator, location: settings.location(of: .sectionOrder, or: input.settingsLocation),
                                       diagnostics: &diagnostics)
        case .field(let path):
            sections = fieldSections(entries, order: order, path: path, settings: settings, collator: collator,
                                     location: settings.location(of: .sectionOrder, or: input.settingsLocation), diagnostics: &diagnostics)
        case .date(let path, let granularity):
            sections = dateSections(entries, order: order, path: path, granularity: granularity, settings: settings,
                                    diagnostics: &diagnostics)
        }
        if grouping != .letter, !isDate(grouping) {
            sections = IndexTitles.assign(to: sections, style: settings.indexTitles)
        }
        switch settings.emptySections {
        case .hide:
            // A parent heading whose entries are all in its sub-sections stays.
            let counts = sections.subtreeEntryCounts
            sections = sections.indices.filter { counts[$0] > 0 }.map { sections[$0] }
        case .index, .show: break
        }
        return (sections, diagnostics)
    }

    /// Entries whose fields are all equal to another's. Sorting orders equal entries side by side (same keys, same
    /// title bytes), so a sorted list is checked run by run of identical titles; a list in source order groups titles
    /// in a dictionary.
    func duplicates(_ entries: [Entry], rawTitles: [String], order: [Int], sorted: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func check(_ run: some Collection<Int>) {
            guard run.count > 1 else { return }
            // Most titles repeat a few times: comparing those pair by pair beats building a dictionary.
            var originals: [Int] = []
            var firstWithFields: [RecordKey: Int] = [:]
            for position in run where entries[position].children.isEmpty {
                let key = RecordKey(entries[position])
                let original: Int?
                if run.count <= 8 {
                    original = originals.first { RecordKey(entries[$0]) == key }
                    if original == nil { originals.append(position) }
                } else {
                    original = firstWithFields[key]
                    if original == nil { firstWithFields[key] = position }
                }
                guard let original else { continue }
                let first = entries[original].location
                diagnostics.append(.warning(.duplicateEntry, "entry repeats \(first.path):\(first.line) field for field", at: entries[position].location,
                                            hint: "remove one of the two"))
            }
        }
        if sorted {
            var runStart = 0
            for index in order.indices.dropFirst() where Sectioner.compareBytes(rawTitles[order[index]], rawTitles[order[index - 1]]) != 0 {
                check(order[runStart..<index])
                runStart = index
            }
            check(order[runStart...])
        } else {
            var byTitle: [String: [Int]] = [:]
            for position in order { byTitle[rawTitles[position], default: []].append(position) }
            for positions in byTitle.values { check(positions) }
        }
        return diagnostics
    }

    /// A record compared and hashed in full, byte for byte. Hashing only lengths and end bytes was cheaper, but rows
    /// such as `x,a000000a`, `x,a000001a`, … all collided and made duplicate detection quadratic (issue 17, item 7).
    /// An entry file's body counts too: two pages titled alike (a book's `SUMMARY.md` and its title page) are not
    /// the same entry unless their text is.
    struct RecordKey: Hashable {
        let record: FieldRecord
        let body: String?

        init(_ entry: Entry) {
            record = entry.fields
            body = entry.body
        }

        /// Texts are equal when their bytes are: a duplicate is the same line written twice.
        static func == (a: RecordKey, b: RecordKey) -> Bool {
            guard a.record.names == b.record.names else { return false }
            switch (a.body, b.body) {
            case (nil, nil): break
            case (let p?, let q?): guard Sectioner.compareBytes(p, q) == 0 else { return false }
            default: return false
            }
            return zip(a.record.values, b.record.values).allSatisfy { x, y in
                if case .text(let p) = x, case .text(let q) = y { return Sectioner.compareBytes(p, q) == 0 }
                return x == y
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(record.values.count)
            if var body {
                hasher.combine(body.utf8.count)
                body.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
            for value in record.values {
                guard case .text(var text) = value else { hasher.combine(0); continue }
                // The bytes, not the String: String hashing normalizes Unicode, which `==` above does not.
                hasher.combine(text.utf8.count)
                text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }
    }

    private func isDate(_ grouping: Grouping) -> Bool {
        if case .date = grouping { return true }
        return false
    }

    /// The title used for sorting and letters: the title without an ignored leading article ("The "), compared
    /// case-insensitively; a title that is nothing but the article keeps it.
    static func stripPrefixes(_ title: String, _ prefixes: [String]) -> String {
        let trimmed = title.trimmingSpaces
        for prefix in prefixes where !prefix.isEmpty {
            guard let end = end(ofPrefix: prefix, in: trimmed) else { continue }
            let rest = trimmed[end...].trimmingSpaces
            if !rest.isEmpty { return rest }
        }
        return trimmed
    }

    /// Where `prefix` ends in `text` when the text starts with it (ignoring case) and goes on after it. ASCII prefixes
    /// ("The ", "A ") are compared over bytes, without lower-casing every title.
    static func end(ofPrefix prefix: String, in text: String) -> String.Index? {
        guard prefix.utf8.allSatisfy({ $0 < 0x80 }) else {
            guard text.count > prefix.count, text.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
            return text.index(text.startIndex, offsetBy: prefix.count)
        }
        var index = text.utf8.startIndex
        for expected in prefix.utf8 {
            guard index < text.utf8.endIndex else { return nil }
            let byte = text.utf8[index], folded = byte | 0x20
            guard byte == expected || (folded == expected | 0x20 && folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")) else { return nil }
            text.utf8.formIndex(after: &index)
        }
        // The prefix must end between two characters: "The" does not end inside "Thé" written with a combining accent.
        guard index < text.utf8.endIndex, let boundary = String.Index(index, within: text) else { return nil }
        return boundary
    }

    /// The entries' order under the sort settings: one collation key per entry and sort field, compared as bytes.
    /// Titles the collator cannot tell apart ("é" composed and decomposed) are ordered by their bytes, and only
    /// true ties by source order, so shuffling the input never changes the output.
    func sortedOrder(_ entries: [Entry], titles: [String], rawTitles: [String], settings: ListSettings, collator: Collator) -> [Int] {
        let sortKeys = settings.sort.isEmpty ? [SortKey(path: settings.titleField)] : settings.sort
        var keyBytes: [UInt8] = []
        keyBytes.reserveCapacity(entries.count * sortKeys.count * 24)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(entries.count * sortKeys.count)
        // A key whose every present value is a number compares by value; a missing value has an empty key.
        let numberReader = NumberSortKey.Reader(locale: settings.locale)
        let numeric = sortKeys.map { key in
            key.path != settings.titleField && NumberSortKey.allNumeric(entries.lazy.compactMap { $0.text(at: key.path) }, reader: numberReader)
        }
        for (index, entry) in entries.enumerated() {
            for (k, key) in sortKeys.enumerated() {
                let start = keyBytes.count
                let text = key.path == settings.titleField ? titles[index] : entry.text(at: key.path)
                if let text {
                    if numeric[k], let value = numberReader.value(of: text) {
                        NumberSortKey.append(value, to: &keyBytes)
                    } else {
                        collator.appendSortKey(of: text, to: &keyBytes)
                    }
                }
                ranges.append(start..<keyBytes.count)
            }
        }
        // Ties on every key are broken by the titles' bytes, then by source order.
        let descending = sortKeys.map(\.descending)
        let width = sortKeys.count
        var order = Array(entries.indices)
        keyBytes.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress
            order.sort { a, b in
                for k in 0..<width {
                    let ra = ranges[a * width + k], rb = ranges[b * width + k]
                    // Missing values go last whichever the direction.
                    if ra.isEmpty != rb.isEmpty { return rb.isEmpty }
                    let common = min(ra.count, rb.count)
                    var result = common == 0 ? 0 : memcmp(base! + ra.lowerBound, base! + rb.lowerBound, common)
                    if result == 0 { result = ra.count == rb.count ? 0 : (ra.count < rb.count ? -1 : 1) }
                    if result != 0 { return descending[k] ? result > 0 : result < 0 }
                }
                let bytes = Sectioner.compareBytes(rawTitles[a], rawTitles[b])
                return bytes == 0 ? a < b : bytes < 0
            }
        }
        return order
    }

    /// Compares two strings' UTF-8 bytes with memcmp (the generic byte-by-byte comparison cost a tenth of sorting).
    static func compareBytes(_ a: String, _ b: String) -> Int {
        let result = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Int in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
                return order != 0 ? order : x.count - y.count
            }
        }
        if let result, let result { return result }
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }

    func letterSections(_ entries: consuming [Entry], titles: [String], order: [Int], index: AlphabetIndex, settings: ListSettings) -> [Section] {
        let buckets = index.buckets
        var sectionOfBucket: [Int] = []
        var sections: [Section] = []
        var catchAll: Int?
        for bucket in buckets {
            if bucket.kind == .letter {
                sectionOfBucket.append(sections.count)
                sections.append(Section(title: bucket.label, label: bucket.label))
            } else {
                if catchAll == nil {
                    catchAll = sections.count
                    sections.append(Section(title: settings.catchAllLabel, label: settings.catchAllLabel, isCatchAll: true))
                }
                sectionOfBucket.append(catchAll!)
            }
        }
        if catchAll == nil {
            catchAll = sections.count
            sections.append(Section(title: settings.catchAllLabel, label: settings.catchAllLabel, isCatchAll: true))
        }
        // Each entry is moved, not copied, into its section (the entries are this function's own): a copy costs a
        // retain and a release per field.
        for position in order {
            let bucket = index.bucket(of: titles[position])
            var entry = Entry(fields: FieldRecord())
            swap(&entry, &entries[position])
            sections[sectionOfBucket[min(bucket, sectionOfBucket.count - 1)]].entries.append(entry)
        }
        // The catch-all stands first or last, wherever ICU put its underflow and overflow buckets.
        let catchAllSection = sections.remove(at: catchAll!)
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

    func fieldSections(_ entries: [Entry], order: [Int], path: KeyPath, settings: ListSettings, collator: Collator,
                       location: SourceLocation, diagnostics: inout [Diagnostic]) -> [Section] {
        var sections: [Section] = []
        var indexOfTitle: [String: Int] = [:]
        var uncategorized: [Entry] = []
        // A cell holding several values ("sci-fi, classic") puts the entry in each of their sections.
        let valuesSeparator = settings.valuesSeparatorByField[path.description] ?? settings.valuesSeparator
        for position in order {
            let entry = entries[position]
            var texts = entry.fields.value(at: path)?.texts ?? []
            if let valuesSeparator { texts = texts.flatMap { $0.components(separatedBy: valuesSeparator) } }
            let values = texts.map(\.trimmingSpaces).filter { !$0.isEmpty }
            if values.isEmpty { uncategorized.append(entry) }
            // Each value once, in the order written; one pass with a set (firstIndex per pair was quadratic in tags).
            var seenValues: Set<String> = []
            for value in values where seenValues.insert(value).inserted {
                if let index = indexOfTitle[value] {
                    sections[index].entries.append(entry)
                } else {
                    indexOfTitle[value] = sections.count
                    sections.append(Section(title: value, entries: [entry]))
                }
            }
        }
        if let order = settings.sectionOrder {
            sections = ordered(sections, by: order, collator: collator, location: location, missingIsError: false,
                               itemLocation: { settings.location(of: .sectionOrder, item: String($0), or: location) }, diagnostics: &diagnostics)
        } else {
            sections = sortedByTitle(sections, collator: collator)
        }
        if !uncategorized.isEmpty {
            let catchAll = Section(title: settings.catchAllLabel, label: settings.catchAllLabel, entries: uncategorized, isCatchAll: true)
            if settings.catchAllPosition == .first { sections.insert(catchAll, at: 0) } else { sections.append(catchAll) }
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

    func dateSections(_ entries: [Entry], order: [Int], path: KeyPath, granularity: DateGranularity, settings: ListSettings,
                      diagnostics: inout [Diagnostic]) -> [Section] {
        struct Bucket: Hashable, Comparable {
            var year: Int, month: Int, day: Int
            static func < (a: Bucket, b: Bucket) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
        }
        var byBucket: [Bucket: [Entry]] = [:]
        for position in order {
            let entry = entries[position]
            guard let text = entry.text(at: path), let date = CalendarDate(parsing: text) else {
                let shown = entry.text(at: path).map { "'\($0)'" } ?? "no '\(path)'"
                diagnostics.append(.error(.badDate, "entry has \(shown); dates are written YYYY-MM-DD", at: entry.location(of: path),
                                          hint: "write the date as 2026-11-22"))
                continue
            }
            let bucket: Bucket
            switch granularity {
            case .year: bucket = Bucket(year: date.year, month: 1, day: 1)
            case .month: bucket = Bucket(year: date.year, month: date.month, day: 1)
            case .day: bucket = Bucket(year: date.year, month: date.month, day: date.day)
            }
            byBucket[bucket, default: []].append(entry)
        }
        let skeletons: (title: String, label: String) = switch granularity {
        case .year: ("y", "y")
        case .month: ("yMMMM", "yMMM")
        case .day: ("yMMMMd", "MMMd")
        }
        let titleFormatter = try? DateTitleFormatter(locale: settings.locale, skeleton: skeletons.title)
        let labelFormatter = try? DateTitleFormatter(locale: settings.locale, skeleton: skeletons.label)
        let buckets = byBucket.keys.sorted()
        return (settings.newestFirst ? buckets.reversed() : buckets).map { bucket in
            let fallback = String(format: "%04d-%02d", bucket.year, bucket.month)
            return Section(title: titleFormatter?.string(year: bucket.year, month: bucket.month, day: bucket.day) ?? fallback,
                           label: labelFormatter?.string(year: bucket.year, month: bucket.month, day: bucket.day) ?? fallback,
                           entries: byBucket[bucket] ?? [])
        }
    }
}

/// A date as written in content (YYYY, YYYY-MM, YYYY-MM-DD, optionally followed by a time), without time zones,
/// so the same file gives the same sections on every machine.
struct CalendarDate: Hashable, Sendable {
    var year: Int
    var month: Int
    var day: Int

    /// Reads the date at the start of `text`; nil when it is not a real date.
    init?(parsing text: String) {
        let digits = Array(text.trimmingSpaces.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var value = 0
            for byte in digits[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), year >= 1 else { return nil }
        var month = 1, day = 1
        if digits.count > 4 {
            guard digits[4] == UInt8(ascii: "-"), let m = number(5..<7), (1...12).contains(m) else { return nil }
            month = m
            if digits.count > 7 {
                guard digits[7] == UInt8(ascii: "-"), let d = number(8..<10), (1...CalendarDate.days(inMonth: m, year: year)).contains(d) else { return nil }
                day = d
                if digits.count > 10, digits[10] != UInt8(ascii: "T"), digits[10] != UInt8(ascii: " ") { return nil }
            }
        }
        self.year = year
        self.month = month
        self.day = day
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension IndexedList {
    /// Sections and anchors entries made in memory in one call, as a build does for one source, without touching the disk:
    /// the `Sectioner` places and sorts them as `settings` say, the `AnchorAllocator` gives every section and entry its id.
    /// The list's slug is made from `settings.slug`, else the title; entries without a title are left out and reported.
    public static func make(title: String, entries: [Entry], settings: ListSettings, kind: SourceKind = .json) -> (IndexedList, [Diagnostic]) {
        let (sections, sectionDiagnostics) = Sectioner().section(Sectioner.Input(entries: entries, kind: kind), settings: settings)
        // Duplicate titles are reported only under --strict in a build, and their `-2` ids are stable: the same here.
        let (anchored, anchorDiagnostics) = AnchorAllocator(reportsCollisions: false).assign(sections, titleField: settings.titleField)
        let list = IndexedList(settings: settings, title: title, description: settings.description,
                               slug: Slug.make(settings.slug ?? title, fallback: "list"), kind: kind, sections: anchored)
        return (list, sectionDiagnostics + anchorDiagnostics)
    }
}

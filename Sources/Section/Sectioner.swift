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
        // A reading (phonetic name, sort form) stands in for the title wherever it is given.
        var rawTitles: [String] = []
        rawTitles.reserveCapacity(entries.count)
        var titles: [String] = []
        titles.reserveCapacity(entries.count)
        // Read and stripped on every core (a large list's titles are slow on one); kept and reported in order after.
        let title = FieldColumn(settings.titleField, in: entries.first?.fields)
        let readings = Sectioner.titleReadings(of: entries, title: title, settings: settings)
        // One error per kind of wrong field, with a count: a nested `name: {first, last}` in 250 records is one problem.
        var wrongTitles: [(location: SourceLocation, kind: String, nested: [String])] = []
        var wrongURLs: [(location: SourceLocation, kind: String)] = []
        var missing: [SourceLocation] = []
        for (index, reading) in readings.enumerated() {
            switch reading {
            case .wrongTitle(let kind):
                var nested: [String] = []
                if wrongTitles.isEmpty, case .record(let record)? = entries[index].fields.value(at: settings.titleField) {
                    nested = zip(record.names, record.values).compactMap { name, value in
                        if case .text = value { "\(settings.titleField).\(name)" } else { nil }
                    }
                }
                wrongTitles.append((entries[index].location(of: settings.titleField), kind, nested))
            case .wrongURL(let kind):
                wrongURLs.append((entries[index].location(of: settings.urlField), kind))
            case .title(let raw, let sorted):
                if kept != index { entries.swapAt(kept, index) }
                kept += 1
                rawTitles.append(raw)
                titles.append(sorted)
            case .missing:
                missing.append(entries[index].location)
            }
        }
        if let first = missing.first {
            diagnostics.append(.error(.missingTitle, "entry has no '\(settings.titleField)'\(Sectioner.countSuffix(missing.count, of: readings.count))", at: first,
                                      hint: "give every entry a \(settings.titleField), or set title_field to the field that names entries"))
        }
        if let first = wrongTitles.first {
            let nested = first.nested.isEmpty ? "" : "; or set title_field to one of its text fields: " + first.nested.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(.error(.wrongFieldType, "'\(settings.titleField)' must be text, not \(first.kind)\(Sectioner.countSuffix(wrongTitles.count, of: readings.count))",
                                      at: first.location, hint: "write the title as one line of text\(nested)"))
        }
        if let first = wrongURLs.first {
            diagnostics.append(.error(.wrongFieldType, "'\(settings.urlField)' must be text, not \(first.kind)\(Sectioner.countSuffix(wrongURLs.count, of: readings.count))",
                                      at: first.location, hint: "give one link per entry"))
        }
        entries.removeLast(entries.count - kept)
        // A docs index files `--help`, `.gitignore` and `@main` under their first letter, as a book's index does.
        if input.kind == .docsIndex { titles = titles.map(Sectioner.strippingLeadingSymbols) }
        // A Markdown list is sectioned by its headings when it has some, like every other source by letter otherwise.
        let grouping = settings.grouping ?? (input.kind.format.groupsByDeclaredSections && !input.declaredSections.isEmpty ? .heading : .letter)
        // Under its own headings a list keeps the author's order (a checklist, an awesome list) unless told to sort.
        let keepSourceOrder = grouping == .heading && settings.sort.isEmpty
        let order = keepSourceOrder ? Array(entries.indices) : sortedOrder(entries, titles: titles, rawTitles: rawTitles, settings: settings, collator: collator)
        diagnostics += duplicates(entries, rawTitles: rawTitles, order: order, sorted: !keepSourceOrder)

        var sections: [Section]
        switch grouping {
        case .letter:
            let index: AlphabetIndex
            do {
                index = try AlphabetIndex.shared(locale: settings.locale, extraLocales: settings.indexLocales)
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
            let empty = sections.emptySubtrees
            sections = sections.indices.filter { !empty[$0] }.map { sections[$0] }
        case .index, .show: break
        }
        return (sections, diagnostics)
    }

    /// What an entry's title is: its raw text and the text it sorts and is lettered by, or why it has none.
    enum TitleReading {
        /// The title as written (it breaks sorting ties), and without ignored prefixes, or the reading when there is one.
        case title(raw: String, sorted: String)
        case wrongTitle(kind: String)
        case wrongURL(kind: String)
        case missing
    }

    /// Each entry's title reading, made on every core. The entries are borrowed where they are (`entries.span`): a
    /// copy of one costs a retain and a release per field.
    static func titleReadings(of entries: [Entry], title: FieldColumn, settings: ListSettings) -> [TitleReading] {
        Engine.current.orderedMap(count: entries.count) {
            let entries = entries.span
            // A title in place in its row (every row of a CSV file) is read without copying the entry or its fields.
            if settings.readingField == nil, let text = title.withTextInPlace(of: entries, at: $0, { String(decodingUTF8: $0) }) {
                return Sectioner.titleReading(of: text, ignoring: settings.ignorePrefixes)
            }
            return Sectioner.titleReading(of: entries[$0].fields, settings: settings) // the fields alone, not the entry
        }
    }

    /// An entry's title, read as `section` keeps entries: a title must be non-blank text, and a link text.
    /// A reading (phonetic name, sort form) stands in for the title wherever it is given.
    static func titleReading(of fields: FieldRecord, settings: ListSettings) -> TitleReading {
        let title = fields.value(at: settings.titleField)
        if let title, !title.isText { return .wrongTitle(kind: title.kindDescription) }
        if !fields.isAllText, let value = fields.value(at: settings.urlField), !value.isText {
            return .wrongURL(kind: value.kindDescription)
        }
        guard case .text(let text) = title, !text.isBlank else { return .missing }
        let reading = settings.readingField.flatMap { fields.value(at: $0)?.displayText }.map(\.trimmingSpaces) ?? ""
        return .title(raw: text, sorted: Sectioner.stripPrefixes(reading.isEmpty ? text : reading, settings.ignorePrefixes))
    }

    /// The reading of a title that is text, in a list with no reading field.
    static func titleReading(of text: String, ignoring prefixes: [String]) -> TitleReading {
        text.isBlank ? .missing : .title(raw: text, sorted: Sectioner.stripPrefixes(text, prefixes))
    }

    private func isDate(_ grouping: Grouping) -> Bool {
        if case .date = grouping { return true }
        return false
    }
}

extension Sectioner {
    /// " (in 250 of 250 entries; the first is here)" after a problem many entries share; nothing for one.
    static func countSuffix(_ count: Int, of total: Int) -> String {
        count > 1 ? " (in \(count) of \(total) entries; the first is here)" : ""
    }
}

import IndexSiteCore
/// The search index of a list (`SearchIndex`): what the whole-list search of a split list and the site's search on
/// the home page fetch, a piece at a time.
extension ListPages {
    /// The manifest's path inside the list folder.
    static let searchManifestPath = SearchIndex.folderName + "/" + SearchIndex.manifestName

    /// The index's files: every entry, nested items included, in page order; a result links to `page#id`, `page`
    /// relative to the list folder: the page that holds the entry (`paging`; each page of a cut section is one of the
    /// manifest's `sections`, titled by its section). A reference to a shared entry shown in full elsewhere
    /// (`EntryCopies`) is found by its short title only.
    func searchIndexPages() -> [OutputPage] {
        var sections: [(title: String, page: String)] = []
        // The number of each shown section's first page among `sections`; -1 for a section not shown.
        var numbers: [Int] = []
        for (index, section) in list.sections.enumerated() {
            guard isShown(index) else { numbers.append(-1); continue }
            numbers.append(sections.count)
            for page in 0..<pageCount(ofSection: index) { sections.append((section.title, pagePath(ofSection: index, page: page))) }
        }
        var records: [SearchIndex.Record] = []
        records.reserveCapacity(list.readerEntryCount)
        func add(_ entry: Entry, section: Int, isReference: Bool = false) {
            let title = entry.text(at: settings.titleField) ?? ""
            guard !isReference else {
                let short = ListPages.shortened(title)
                records.append(SearchIndex.Record(title: short, section: section, id: entry.id, text: "", words: short))
                return
            }
            let text = searchText(of: entry, limit: nil)
            let shown = text.count > SearchIndex.resultTextLength ? String(text.prefix(SearchIndex.resultTextLength - 1)) + "…" : text
            let terms = termFields.isEmpty ? nil : searchTerms(of: entry)
            records.append(SearchIndex.Record(title: title, section: section, id: entry.id, text: shown,
                                              words: [title, terms ?? "", text].joined(separator: " ")))
            for child in entry.children { add(child, section: section) }
        }
        for (sectionIndex, number) in numbers.enumerated() where number >= 0 {
            for (index, entry) in list.sections[sectionIndex].entries.enumerated() {
                add(entry, section: number + paging.page(ofEntry: index), isReference: referredCopy(ofKey: entry.copyKey, at: EntryCopies.Place(section: sectionIndex, entry: index)) != nil)
            }
        }
        var folding = SearchIndex.Folding(locale: settings.locale)
        let index = SearchIndex(records: records, folding: &folding)
        return index.pages(folder: list.slug + "/" + SearchIndex.folderName, records: records, sections: sections,
                           typedFoldJSON: ScriptStrings.tables(locale: settings.locale).typedFoldJSON, extraFold: folding.extra)
    }

    /// The words of an entry besides its title that the search matches: its description and shown fields, cut to
    /// `limit` characters when one is given.
    func searchText(of entry: Entry, limit: Int?) -> String {
        var parts: [String] = []
        if let description = entry.text(at: settings.descriptionField) { parts.append(description) }
        for path in fieldPaths { if let value = entry.text(at: path) { parts.append(value) } }
        var text = ListPages.plainText(parts.joined(separator: " "))
        if let limit, text.count > limit { text = String(text.prefix(limit)) }
        return text
    }

    /// Markdown reduced to the words a reader sees: link targets (`](…)`) and emphasis or code marks dropped, so the
    /// file stays small and a search for "https" does not match every entry with a link; each run of white space
    /// becomes one space, and none is left at either end.
    static func plainText(_ markdown: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = markdown.unicodeScalars[...]
        var spaced = false
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "*", "`": continue
            case "]" where scalars.first == "(":
                var depth = 0
                while let next = scalars.popFirst() {
                    if next == "(" { depth += 1 } else if next == ")" { depth -= 1; if depth == 0 { break } }
                }
            case "[": continue
            case _ where scalar.properties.isWhitespace: spaced = !out.isEmpty
            default:
                if spaced { out.append(" "); spaced = false }
                out.append(scalar)
            }
        }
        return String(out)
    }
}

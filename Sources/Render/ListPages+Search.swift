import IndexSiteCore
/// The whole-list search data of a split list: a small script every page of the list loads when the reader starts
/// filtering. A script (not `entries.json`) because browsers load scripts from `file://` and refuse `fetch` there;
/// compact because it holds only what the filter searches and what a result shows.
extension ListPages {
    /// The script's name inside the list folder.
    static let searchFileName = "search.js"
    /// Characters of an entry's description and fields kept for searching; titles are always whole.
    static let searchTextLimit = 300

    /// `search.js`: `indexsiteSearchData({"sections":[[title, page], …], "entries":[[title, section, id, text], …]})`,
    /// nested items included, in page order. `page` is relative to the list folder; a result links to `page#id`. A
    /// reference to a shared entry shown in full elsewhere (`EntryCopies`) is its short title and no text.
    func searchScript() -> OutputPage {
        var json = JSONWriter()
        json.raw("indexsiteSearchData({\"sections\":[")
        var sectionNumber = 0
        var numbers: [Int] = []
        for (index, section) in list.sections.enumerated() {
            guard isShown(index) else { numbers.append(-1); continue }
            if sectionNumber > 0 { json.raw(",") }
            json.raw("["); json.string(section.title); json.raw(","); json.string(pagePath(of: section)); json.raw("]")
            numbers.append(sectionNumber)
            sectionNumber += 1
        }
        json.raw("],\n\"entries\":[\n")
        var first = true
        func write(_ entry: Entry, section: Int, isReference: Bool = false) {
            if !first { json.raw(",\n") }
            first = false
            let title = entry.text(at: settings.titleField) ?? ""
            json.raw("["); json.string(isReference ? ListPages.shortened(title) : title)
            json.raw(","); json.raw(text: String(section))
            json.raw(","); json.string(entry.id)
            json.raw(","); json.string(isReference ? "" : searchText(of: entry))
            json.raw("]")
            guard !isReference else { return }
            for child in entry.children { write(child, section: section) }
        }
        for (sectionIndex, number) in numbers.enumerated() where number >= 0 {
            for (index, entry) in list.sections[sectionIndex].entries.enumerated() {
                write(entry, section: number, isReference: referredCopy(ofKey: entry.copyKey, at: EntryCopies.Place(section: sectionIndex, entry: index)) != nil)
            }
        }
        json.raw("\n]});\n")
        return OutputPage(path: list.slug + "/" + ListPages.searchFileName, bytes: json.bytes)
    }

    /// The words of an entry besides its title that the filter matches: its description and shown fields, cut short.
    func searchText(of entry: Entry) -> String {
        var parts: [String] = []
        if let description = entry.text(at: settings.descriptionField) { parts.append(description) }
        for path in fieldPaths { if let value = entry.text(at: path) { parts.append(value) } }
        var text = ListPages.plainText(parts.joined(separator: " ")).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if text.count > ListPages.searchTextLimit { text = String(text.prefix(ListPages.searchTextLimit)) }
        return text
    }

    /// Markdown reduced to the words a reader sees: link targets (`](…)`) and emphasis or code marks dropped, so the
    /// file stays small and a search for "https" does not match every entry with a link.
    static func plainText(_ markdown: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = markdown.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "*", "`": continue
            case "]" where scalars.first == "(":
                var depth = 0
                while let next = scalars.popFirst() {
                    if next == "(" { depth += 1 } else if next == ")" { depth -= 1; if depth == 0 { break } }
                }
            case "[": continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

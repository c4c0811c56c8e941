import Foundation
import IndexSiteCollation
import IndexSiteCore
/// The fields a list's entries really have, which `ListSettings.resolve` checks every field the settings name against
/// (a typo in `sort` is an error at the setting, not an empty column), and the title field it picks when none is set
/// and the entries have no `title`.
package struct FieldNameCheck {
    /// The fields the entries have, as key paths, in the order first seen (nested records as `author.last`).
    package var names: [String]
    /// The fields every entry has (with a non-empty value), which alone may become the default title field.
    package var namesEveryEntryHas: Set<String>

    /// Fields tried, in order, as the title when the entries have no `title` and `title_field` is not set.
    package static let titleFallbacks = ["name", "display_name", "label", "term", "heading"]
    /// Words that mark a column as naming its row ("official_name_fr", "CLDR display name").
    static let titleWords: Set<String> = ["title", "name", "label", "term", "heading"]
    /// Fields of a nested name tried, in order, when the title field is a record (`name: {first, last}`).
    static let nestedTitleFallbacks = ["full", "official_full", "common", "display", "official", "en", "english", "default", "last", "first"]

    /// The fields of a table whose columns are known before its rows are read (a CSV header): every row has them all.
    package init(columns: [String]) {
        names = columns
        namesEveryEntryHas = Set(columns)
    }

    /// The fields of parsed entries.
    package init(entries: [Entry]) {
        var names: [String] = []
        var seen: Set<String> = []
        var counts: [String: Int] = [:]
        // Entries with the same field names as the one before (every CSV row, most list items) have the same paths:
        // those are found, parsed and hashed once per run of such entries, and their non-empty values are counted
        // by position (a set insert and a dictionary update per field and entry cost more than reading the entries).
        var lastNames: [String]?
        var paths: [String] = []
        var fieldPaths: [FieldPath] = []
        var filled: [Int] = []
        func countFilled() {
            for (path, count) in zip(paths, filled) where count > 0 { counts[path, default: 0] += count }
        }
        let entries = entries.span
        for index in entries.indices {
            // A row of texts with the very names array of the run before (every CSV row, most list items) is read
            // where it is, field by field, without a copy of its record or a comparison of its names.
            if entries[index].fields.isRowOfTexts, let lastNames, lastNames.elementsAddress == entries[index].fields.namesAddress {
                for column in fieldPaths.indices where !entries[index].fields.withDisplayText(column: column, { $0.isBlank }) {
                    filled[column] += 1
                }
                continue
            }
            let fields = entries[index].fields
            // A row of texts (`isAllText`) is asked nothing more: making its `values` would copy out every field.
            let hasRecords = !fields.isAllText && fields.values.contains { if case .record = $0 { true } else { false } }
            if hasRecords || lastNames == nil || lastNames! != fields.names {
                countFilled()
                paths = FieldNameCheck.paths(of: fields, prefix: "")
                fieldPaths = paths.map { FieldPath($0) }
                filled = Array(repeating: 0, count: paths.count)
                lastNames = hasRecords ? nil : fields.names
                for path in paths where seen.insert(path).inserted { names.append(path) }
            }
            if fields.isAllText, !hasRecords {
                // The run's paths are its names, one per column: the texts are read in place.
                for column in fieldPaths.indices where !fields.withDisplayText(column: column, { $0.isBlank }) {
                    filled[column] += 1
                }
                continue
            }
            for column in fieldPaths.indices {
                guard let value = fields.value(at: fieldPaths[column]) else { continue }
                if case .text(let text) = value, text.isBlank { continue }
                filled[column] += 1
            }
        }
        countFilled()
        self.names = names
        namesEveryEntryHas = Set(counts.filter { $0.value == entries.count }.keys)
    }

    /// The top-level field named `name` as the entries spell it, in any case (`Description`, `URL`), preferring the
    /// exact spelling: data files capitalise their keys as their own tool does (RuboCop's `Description:`).
    package func spelling(of name: String) -> String? {
        if names.contains(name) { return name }
        let lowered = name.lowercased()
        return names.first { !$0.contains(".") && $0.lowercased() == lowered }
    }

    /// True when some entry's `path` is a record (its fields are paths below it).
    package func isRecord(_ path: String) -> Bool {
        names.contains { $0.hasPrefix(path + ".") }
    }

    /// A field every entry has as text: `path` itself, or when it is a record (`name: {first, last}`) the first of
    /// `nestedTitleFallbacks` below it, else its first field every entry has as text.
    package func textField(_ path: String) -> String? {
        guard namesEveryEntryHas.contains(path) else { return nil }
        guard isRecord(path) else { return path }
        let nested = FieldNameCheck.nestedTitleFallbacks.map { path + "." + $0 }
            + names.filter { $0.hasPrefix(path + ".") && !$0.dropFirst(path.count + 1).contains(".") }
        return nested.first { namesEveryEntryHas.contains($0) && !isRecord($0) }
    }

    /// The title field picked when none is set and no entry has a `title`: the first of `titleFallbacks` every entry
    /// has (a nested name's text field when it is a record); else a column whose name holds one of `titleWords`
    /// ("official_name_en", "CLDR display name"), in the site's language first, then English, then any; else a column
    /// named after the site's language or English ("English", "French", as in tables of language names). Not for a
    /// file read with the wrong separator ("title;price" is one field).
    package func automaticTitle(locale: String) -> String? {
        // `title` too, for entries that spell it otherwise (`Title`): this is only asked when none has `title`.
        if let exact = (["title"] + FieldNameCheck.titleFallbacks).lazy.compactMap(spelling).compactMap(textField).first { return exact }
        guard separatorHint.isEmpty else { return nil }
        let language = String(locale.lowercased().prefix { $0.isLetter })
        let siteWords: Set<String> = [language, languageDisplayName(language, in: "en")?.lowercased() ?? language,
                                      languageDisplayName(language, in: language)?.lowercased() ?? language]
        let englishWords: Set<String> = ["en", "english"]
        func words(_ name: String) -> [String] { name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init) }
        let named = names.filter { name in
            namesEveryEntryHas.contains(name) && !isRecord(name) && words(name).contains { FieldNameCheck.titleWords.contains($0) }
        }
        let inSiteLanguage = named.first { words($0).contains { siteWords.contains($0) } }
        let inEnglish = named.first { words($0).contains { englishWords.contains($0) } }
        if let best = inSiteLanguage ?? inEnglish ?? named.first { return best }
        let languageColumns = names.filter { namesEveryEntryHas.contains($0) && !isRecord($0) }
        return languageColumns.first { siteWords.contains($0.lowercased()) } ?? languageColumns.first { englishWords.contains($0.lowercased()) }
    }

    package static func paths(of record: FieldRecord, prefix: String) -> [String] {
        var paths: [String] = []
        for (name, value) in zip(record.names, record.values) {
            paths.append(prefix + name)
            if case .record(let nested) = value, prefix.split(separator: ".").count < 4 {
                paths += FieldNameCheck.paths(of: nested, prefix: prefix + name + ".")
            }
        }
        return paths
    }

    /// "did you mean 'x'?" when a field is close enough, then the fields there are.
    package func hint(for name: String) -> String {
        let close = closestName(to: name, among: names)
        let suggestion = close.map { "did you mean '\($0)'? " } ?? ""
        return suggestion + fieldList + separatorHint
    }

    package var fieldList: String {
        let shown = names.prefix(20).map { "'\($0)'" }.joined(separator: ", ")
        let more = names.count > 20 ? " and \(names.count - 20) more" : ""
        return names.isEmpty ? "the entries have no fields" : "the entries' fields: \(shown)\(more)"
    }

    /// When one field's name holds another separator, the file was read with the wrong one; when the first names
    /// start with `#`, the file has comment lines.
    package var separatorHint: String {
        if let first = names.first, first.hasPrefix("#") {
            return "; the first line starts with '#': if such lines are comments, set comment: \"#\" (and header: [a, b, …] when no line names the fields)"
        }
        guard names.count == 1, let name = names.first else { return "" }
        for (character, written) in [(";", ";"), ("\t", "\\t"), ("|", "|"), (",", ",")] where name.contains(character) {
            return "; the header looks '\(written)'-separated: set separator: \"\(written)\""
        }
        return ""
    }
}

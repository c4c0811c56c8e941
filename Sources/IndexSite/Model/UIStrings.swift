/// The words IndexSite itself writes on pages ("Skip to content", "5 entries", the filter's status), by key.
/// Catalogs (`Theme/strings/<locale>.yml`, a site's `Templates/strings/<locale>.yml`, `strings:` in `indexsite.yml`)
/// give each key a text, or for plural keys one text per CLDR plural category of the language.
public enum UIStringKey: String, Sendable, CaseIterable {
    case skip_to_content, counts, entries_count, sections_count, default_section, section_index, sections_of
    case section_empty, list_empty, site_empty, details, back_arrow, filter_label, filter_all_shown, filter_matches
    case filter_no_match, not_found_title, not_found_text, not_found_link
    case forward_arrow, sections_heading, all_sections_of, all_sections, neighbouring_sections, filter_whole_label
    case filter_working, filter_first_shown, search_loading, search_load_failed

    /// The keys the theme's script shows (sent to the browser in the page's JSON); templates may use every key.
    public static let scriptKeys: [UIStringKey] = [
        .filter_label, .filter_whole_label, .filter_no_match, .sections_heading, .search_loading, .search_load_failed,
        .filter_all_shown, .filter_matches, .filter_working, .filter_first_shown,
    ]

    /// Keys whose text depends on a number, written per plural category ("one", "few", "many", "other"…).
    public var isPlural: Bool {
        switch self {
        case .entries_count, .sections_count, .filter_all_shown, .filter_matches, .filter_working, .filter_first_shown: true
        default: false
        }
    }

    /// The `{placeholders}` a key's text may use; anything else in braces is left as written.
    public var placeholders: [String] {
        switch self {
        case .counts: ["entries", "sections"]
        case .entries_count, .sections_count: ["count"]
        case .sections_of, .all_sections_of: ["list"]
        case .filter_all_shown: ["total"]
        case .filter_matches, .filter_working: ["count", "total", "query"]
        case .filter_first_shown: ["shown"]
        case .filter_no_match: ["query"]
        default: []
        }
    }
}

/// One catalog's value for a key: a text, or texts by plural category.
public enum UIStringValue: Sendable, Hashable {
    case text(String)
    case plural([String: String])
}

/// The texts of one catalog, by key, with where each was written (for diagnostics about overrides).
public struct StringCatalog: Sendable, Hashable {
    public var values: [UIStringKey: UIStringValue] = [:]
    public var locations: [UIStringKey: SourceLocation] = [:]
    /// The file (or `indexsite.yml`) the catalog came from.
    public var location: SourceLocation

    public init(location: SourceLocation) {
        self.location = location
    }

    /// This catalog with `other`'s keys written over it.
    func overridden(by other: StringCatalog) -> StringCatalog {
        var merged = self
        for (key, value) in other.values {
            if case .plural(let forms) = value, case .plural(let base)? = merged.values[key] {
                merged.values[key] = .plural(base.merging(forms) { $1 })
            } else {
                merged.values[key] = value
            }
            merged.locations[key] = other.locations[key]
        }
        return merged
    }
}

/// The page words of one locale, resolved: its catalog over English, with its plural rules and number format.
public struct UIStrings: Sendable {
    /// The BCP 47 language tag pages in this language carry (`<html lang>`): "sv", "zh-Hant", "de".
    public let languageTag: String
    /// True for right-to-left scripts (ar, he, fa, ur…): pages get `dir="rtl"`.
    public let isRightToLeft: Bool
    let catalog: StringCatalog
    let english: StringCatalog
    let numbers: LocaleNumbers?

    /// The text of a plain key with its placeholders filled in.
    public func text(_ key: UIStringKey, _ values: [String: String] = [:]) -> String {
        UIStrings.fill(rawText(key), values)
    }

    /// The text of a plural key for `count`, with `{count}` (and the other placeholders) filled in; numbers are
    /// written the locale's way.
    public func plural(_ key: UIStringKey, count: Int, _ values: [String: String] = [:]) -> String {
        let forms = pluralForms(key)
        let category = numbers?.category(count) ?? (count == 1 ? "one" : "other")
        let form = forms[category] ?? forms["other"] ?? forms.values.sorted().first ?? ""
        var filled = values
        filled["count"] = values["count"] ?? number(count)
        return UIStrings.fill(form, filled)
    }

    /// `count` with the locale's digits and grouping ("1 234" in sv).
    public func number(_ count: Int) -> String {
        numbers?.format(count) ?? String(count)
    }

    /// The raw text of a plain key (placeholders unfilled), falling back to English.
    func rawText(_ key: UIStringKey) -> String {
        for catalog in [catalog, english] {
            switch catalog.values[key] {
            case .text(let text)?: return text
            case .plural(let forms)?: if let other = forms["other"] { return other }
            case nil: continue
            }
        }
        return ""
    }

    /// The forms of a plural key by category; categories the catalog lacks fall back to its "other", then English.
    func pluralForms(_ key: UIStringKey) -> [String: String] {
        var forms: [String: String] = [:]
        if case .plural(let english)? = english.values[key] { forms = english }
        if case .plural(let own)? = catalog.values[key] {
            // English "one" is wrong for a language whose "one" covers 21 or whose own forms are all given.
            forms = ["other": own["other"] ?? forms["other"] ?? ""].merging(own) { $1 }
        } else if case .text(let text)? = catalog.values[key] {
            forms = ["other": text]
        }
        return forms
    }

    /// Replaces `{name}` with its value for every name in `values`.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var result = template
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            result = result.replacingAll("{" + name + "}", with: value)
        }
        return result
    }
}

extension String {
    /// The text with every occurrence of `target` replaced (no Foundation, deterministic, left to right).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.scalarRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}

extension Substring {
    /// The first place `target` occurs, compared by Unicode scalars (not by locale-aware string equality).
    func scalarRange(of target: String) -> Range<Substring.Index>? {
        let targetScalars = Array(target.unicodeScalars)
        let scalars = unicodeScalars
        var start = scalars.startIndex
        while start != scalars.endIndex {
            var current = start
            var matched = 0
            while matched < targetScalars.count, current != scalars.endIndex, scalars[current] == targetScalars[matched] {
                matched += 1
                current = scalars.index(after: current)
            }
            if matched == targetScalars.count { return start..<current }
            start = scalars.index(after: start)
        }
        return nil
    }
}

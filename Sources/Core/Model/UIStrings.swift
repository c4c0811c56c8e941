/// The words IndexSite itself writes on pages ("Skip to content", "5 entries", the filter's status), by key.
/// Catalogs (the built-in `Templates/strings/<locale>.yml`, a site's `Templates/strings/<locale>.yml`, `strings:` in `indexsite.yml`)
/// give each key a text, or for plural keys one text per CLDR plural category of the language.
public enum UIStringKey: String, Sendable, CaseIterable {
    case skip_to_content, counts, entries_count, sections_count, default_section, section_index, sections_of
    case section_empty, list_empty, site_empty, details, back_arrow, filter_label, filter_all_shown, filter_matches
    case filter_no_match, not_found_title, not_found_text, not_found_link
    case forward_arrow, sections_heading, all_sections_of, all_sections, neighbouring_sections, filter_whole_label
    case filter_working, filter_first_shown, search_loading, search_load_failed, undated_section
    case no_value_section, new_badge, recently_added, last_updated, feed_link, dark_theme, edit_page, search_site
    case facets_heading, facet_more, facet_page_title
    case section_part, section_pages, value_pages, value_all_pages

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
        case .no_value_section: ["field"]
        case .last_updated: ["date"]
        case .facet_page_title: ["field", "value"]
        case .section_part: ["page", "pages"]
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
    package func overridden(by other: StringCatalog) -> StringCatalog {
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

extension String {
    /// The text with every occurrence of `target` replaced (no Foundation, deterministic, left to right).
    package func replacingAll(_ target: String, with replacement: String) -> String {
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

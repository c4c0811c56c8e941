import IndexSiteCollation
import IndexSiteCore

/// The facets of one list (`facets:`): for each field, its values with how many entries have each, in the order the
/// chips show them, each with the folder of its page (`license/mit/`). Made once per list, before its pages.
struct ListFacets: Sendable {
    /// One value of a facet: its chip and its page.
    struct Value: Sendable {
        /// The value as first written ("MIT"); values differing only in case are one value, as sections are.
        let label: String
        /// The folder of its page inside the facet's folder, unique in the facet.
        let slug: String
        /// How many entries have it (an entry filed under several sections counts once).
        let count: Int
    }

    /// One field readers narrow the list by.
    struct Facet: Sendable {
        let path: FieldPath
        /// The field's label as readers see it (`field_labels:`, else the key made readable).
        let label: String
        /// The folder of its value pages inside the list's folder, and its name in the address (`?license=MIT`).
        let slug: String
        /// The values, most entries first, then in the list's collation order.
        let values: [Value]
        /// Splits a text into several values (`values_separator`), as `group_by` does.
        let separator: String?
        /// Each value's place in `values`, by its lower-cased text.
        let indexOfValue: [String: Int]

        /// The places in `values` of an entry's values, in the order written.
        func valueIndices(of entry: Entry) -> [Int] {
            entry.values(at: path, separator: separator).compactMap { indexOfValue[$0.lowercased()] }
        }
    }

    let facets: [Facet]

    /// Chips shown before the rest fold under "More": enough for a licence or a language, not a wall of tags.
    static let shownChips = 8

    var isEmpty: Bool { facets.isEmpty }

    /// The facets of `list`'s settings, counted over its entries (top-level ones: nested items belong to their parent).
    init(list: IndexedList) {
        let settings = list.settings
        guard !settings.facets.isEmpty else { facets = []; return }
        let collator = try? Collator(locale: settings.locale)
        var folders = UniqueNames()
        var seenPaths: Set<String> = []
        facets = settings.facets.compactMap { path in
            guard seenPaths.insert(path.description).inserted else { return nil }
            let separator = settings.valuesSeparator(for: path)
            var indexOfValue: [String: Int] = [:]
            var labels: [String] = []
            var counts: [Int] = []
            var countedCopies: Set<Int> = []
            for section in list.sections {
                for entry in section.entries {
                    if let key = entry.copyKey, !countedCopies.insert(key).inserted { continue }
                    for value in entry.values(at: path, separator: separator) {
                        let key = value.lowercased()
                        if let index = indexOfValue[key] {
                            counts[index] += 1
                        } else {
                            indexOfValue[key] = labels.count
                            labels.append(value)
                            counts.append(1)
                        }
                    }
                }
            }
            let sortKeys = labels.map { collator?.sortKey($0) ?? Array($0.utf8) }
            // Slugs are handed out in collation order, so a value keeps its page when counts change.
            var slugs = Array(repeating: "", count: labels.count)
            var names = UniqueNames(reserved: Slug.windowsDeviceNames)
            for index in labels.indices.sorted(by: { sortKeys[$0].lexicographicallyPrecedes(sortKeys[$1]) || (sortKeys[$0] == sortKeys[$1] && $0 < $1) }) {
                slugs[index] = names.claim(Slug.make(labels[index], fallback: "value"))
            }
            let order = labels.indices.sorted { a, b in
                if counts[a] != counts[b] { return counts[a] > counts[b] }
                if sortKeys[a] != sortKeys[b] { return sortKeys[a].lexicographicallyPrecedes(sortKeys[b]) }
                return a < b
            }
            let values = order.map { Value(label: labels[$0], slug: slugs[$0], count: counts[$0]) }
            var sortedIndex: [String: Int] = [:]
            for (place, original) in order.enumerated() { sortedIndex[labels[original].lowercased()] = place }
            return Facet(path: path, label: FieldLabel.make(path, overrides: settings.fieldLabels),
                         slug: folders.claim(Slug.make(path.description, fallback: "field")), values: values, separator: separator,
                         indexOfValue: sortedIndex)
        }
    }

    /// What the script reads of an entry (`data-facets`): for each facet the places of its values, apart by spaces,
    /// the facets apart by `|` ("0|3 5"); nil when it has no value of any facet.
    func attribute(of entry: Entry) -> String? {
        var any = false
        let parts = facets.map { facet in
            let indices = facet.valueIndices(of: entry)
            if !indices.isEmpty { any = true }
            return indices.map(String.init).joined(separator: " ")
        }
        return any ? parts.joined(separator: "|") : nil
    }

    /// The sections of `list` with only the entries that have value `value` of facet `facet` (sections left empty stay,
    /// so the strip is the list's own).
    func sections(of list: IndexedList, facet: Int, value: Int) -> [Section] {
        let wanted = facet < facets.count ? facets[facet] : nil
        return list.sections.map { section in
            var kept = section
            kept.entries = section.entries.filter { wanted?.valueIndices(of: $0).contains(value) == true }
            if kept.entries.isEmpty { kept.description = nil }
            return kept
        }
    }
}

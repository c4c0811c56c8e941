import IndexSiteCollation
import IndexSiteCore

/// What a list's page says about its newest entries, from the `added` and `updated` dates the git history gave them:
/// which entries are new (`new_for`), the "Recently added" view at the top, and when the list last changed.
struct ListNews: Sendable {
    /// One entry of the "Recently added" view.
    struct Recent: Sendable {
        let title: String
        let id: String
        /// The index of the section the entry is shown in (its first, when it is in several).
        let section: Int
        /// The index in that section of the entry, or of the entry it is nested in: what says which page holds it.
        let entry: Int
        /// When it was added (RFC 3339, UTC).
        let added: String
    }

    /// An entry added at or after this time (RFC 3339, UTC, as `added` is written, so the two compare as text) is new;
    /// nil marks none.
    let newSince: String?
    /// The new entries, newest first (ties in page order); an entry filed under several sections once.
    let recent: [Recent]

    init(_ list: IndexedList) {
        newSince = list.newSince
        guard let since = newSince else {
            recent = []
            return
        }
        var found: [Recent] = []
        var seen: Set<Int> = []
        let titleField = list.settings.titleField
        for (index, section) in list.sections.enumerated() {
            func visit(_ entry: Entry, topLevel: Int) {
                if let added = ListNews.added(entry, since: since), entry.copyKey.map({ seen.insert($0).inserted }) ?? true {
                    found.append(Recent(title: entry.text(at: titleField) ?? entry.id, id: entry.id, section: index, entry: topLevel, added: added))
                }
                for child in entry.children { visit(child, topLevel: topLevel) }
            }
            for (place, entry) in section.entries.enumerated() { visit(entry, topLevel: place) }
        }
        recent = found.enumerated().sorted { a, b in
            a.element.added != b.element.added ? a.element.added > b.element.added : a.offset < b.offset
        }.map(\.element)
    }

    /// The entry's `added` when it is at or after `since`.
    static func added(_ entry: Entry, since: String) -> String? {
        guard let added = entry.text(at: "added"), added >= since else { return nil }
        return added
    }

    /// Whether the entry was added in the window.
    func isNew(_ entry: Entry) -> Bool {
        guard let newSince else { return false }
        return ListNews.added(entry, since: newSince) != nil
    }

    /// A time as `added` and `updated` are written (or any `YYYY-MM-DD…` date) in the locale's words: "November 22, 2026".
    static func readableDate(_ timestamp: String, formatter: DateTitleFormatter?) -> String {
        guard let date = CalendarDate(parsing: timestamp), let formatter else { return String(timestamp.prefix(10)) }
        return formatter.string(year: date.year, month: date.month, day: date.day)
    }
}

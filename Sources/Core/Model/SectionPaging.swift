/// Where a list's entries are published: on the list's one page, or, when the list is split, on its section's pages,
/// a long section cut into pages of at most `pageSize` entries the way a printed dictionary cuts a letter into pages.
/// Every link to an entry (rows, references, the search index, `entries.json`, feeds, in-page links) asks this one
/// rule, so none can point at a page that does not hold the entry.
public struct SectionPaging: Sendable, Equatable {
    /// Whether the list is split into a page per section (`split`).
    public let split: Bool
    /// At most this many top-level entries on one page of a section (`page_size`); nested items go with their parent.
    public let pageSize: Int

    /// Entries on one page of a section unless `page_size` says otherwise: a page of the generated benchmark list stays
    /// far under 1 MB, and a search's results replace few enough entries to show at once on a slow phone.
    public static let defaultPageSize = 1_000

    public init(split: Bool, pageSize: Int = SectionPaging.defaultPageSize) {
        self.split = split
        self.pageSize = max(1, pageSize)
    }

    /// How many pages a section of `entryCount` top-level entries takes: one unless the list is split and the
    /// section is longer than a page.
    public func pageCount(entryCount: Int) -> Int {
        split ? max(1, (entryCount + pageSize - 1) / pageSize) : 1
    }

    /// The page (from 0) of a section that holds its top-level entry `entry`.
    public func page(ofEntry entry: Int) -> Int { split ? entry / pageSize : 0 }

    /// The top-level entries of a section of `entryCount` entries that page `page` holds.
    public func entries(onPage page: Int, entryCount: Int) -> Range<Int> {
        guard split else { return 0..<entryCount }
        return min(page * pageSize, entryCount)..<min((page + 1) * pageSize, entryCount)
    }

    /// The path, relative to the list's folder, of page `page` of the section whose id is `sectionID`: the section's
    /// own page first (`s/index.html`, where links made before the cut still land), then `s/2/index.html`, … A
    /// section id is a slug without `/`, so these folders never meet another section's.
    public func path(sectionID: String, page: Int = 0) -> String {
        guard split else { return "index.html" }
        return page == 0 ? sectionID + "/index.html" : sectionID + "/" + String(page + 1) + "/index.html"
    }

    /// The path of the page holding top-level entry `entry` of the section whose id is `sectionID`.
    public func path(sectionID: String, entry: Int) -> String { path(sectionID: sectionID, page: page(ofEntry: entry)) }

    /// Folders between the list's folder and page `page` of a section.
    public func depth(ofPage page: Int) -> Int { !split ? 0 : page == 0 ? 1 : 2 }
}

import IndexSiteCore
/// The typed values templates see. Every key is always present (empty when there is nothing to show), so a key
/// a template names that is not here is a typo, which `check` reports.

/// One section as a template sees it (`section.mustache`).
struct SectionContext: TemplateObject {
    /// A long section's entries are written as several lists of at most this many (`runs`): the browser lays out and
    /// paints only the runs near the screen, so showing or hiding entries (the filter) costs what is in view, not the
    /// whole section (a section of 12,000 entries in view took seconds).
    static let entriesPerRun = 100

    let section: Section
    let descriptionHTML: String
    /// The entries of the section this page shows: all of them, or one page's of a section cut into pages.
    var shown: Range<Int>
    /// Makes the rows of a range of the section's entries (`ListPages.rowLoop`) when a template shows them: the
    /// rows of a page are made run by run as its body is rendered and let go once written, so a page of a million
    /// entries never holds them all at once.
    let rows: @Sendable (Range<Int>) -> any TemplateLoop
    /// Whether the section is empty (`[Section].emptySubtrees`): a parent whose entries are all in sub-sections is
    /// not, nor is a heading with only a paragraph.
    var isEmpty: Bool

    init(section: Section, descriptionHTML: String, shown: Range<Int>? = nil, rows: @escaping @Sendable (Range<Int>) -> any TemplateLoop, isEmpty: Bool) {
        self.section = section
        self.descriptionHTML = descriptionHTML
        self.shown = shown ?? section.entries.indices
        self.rows = rows
        self.isEmpty = isEmpty
    }

    var renderWeight: Int { shown.count }

    func value(forKey key: TemplateKey) -> TemplateValue? {
        switch key.known {
        case .id?: .text(section.id)
        case .title?: .text(section.title)
        case .label?: .text(section.label)
        case .description_html?: .text(descriptionHTML)
        case .entry_count?: .text(String(shown.count))
        case .entries?: .loop(rows(shown))
        case .empty?: .bool(isEmpty)
        case .has_entries?: .bool(!shown.isEmpty)
        case .runs?: .list(runs)
        case .level?: .text(String(section.level))
        case .subsection?: .bool(section.level > 1)
        // h2 for top-level sections (the list's title is the h1), one deeper per level, h6 at most.
        case .heading_level?: .text(String(min(section.level + 1, 6)))
        default: nil
        }
    }
}

extension SectionContext {
    /// The shown entries in runs of at most `entriesPerRun`, in order; one run for a short section.
    var runs: [TemplateValue] {
        let size = Self.entriesPerRun
        return stride(from: shown.lowerBound, to: shown.upperBound, by: size).map { start in
            .object(RunContext(entries: start..<min(start + size, shown.upperBound), rows: rows, longSection: shown.count > size))
        }
    }
}

/// One run of a section's entries (`section.mustache`): `entries[]`, `entry_count`, and `long_section` when the
/// section has several runs (each then says how many entries it holds, for the height estimate of its list).
struct RunContext: TemplateObject {
    /// Which of the section's entries.
    let entries: Range<Int>
    /// The section's maker of rows (`SectionContext.rows`).
    let rows: @Sendable (Range<Int>) -> any TemplateLoop
    let longSection: Bool

    var renderWeight: Int { entries.count }

    func value(forKey key: TemplateKey) -> TemplateValue? {
        switch key.known {
        case .entries?: .loop(rows(entries))
        case .entry_count?: .text(String(entries.count))
        case .long_section?: .bool(longSection)
        default: nil
        }
    }
}

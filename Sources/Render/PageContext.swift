import IndexSiteCore
/// The typed values templates see. Every key is always present (empty when there is nothing to show), so a key
/// a template names that is not here is a typo, which `check` reports.

/// One entry as a template sees it (`entry.mustache`).
/// A class, so that a template value holding it is one reference: a struct this size went into a box of its own per
/// entry, and every copy retained each of its fields.
final class EntryContext: TemplateObject {
    let id: String
    let title: String
    let href: String
    let pageHref: String
    let descriptionHTML: String
    let bodyHTML: String
    let fields: [TemplateValue]
    let children: [TemplateValue]
    /// In a docs index, the page that defines a term (`main:` front matter), shown first and in bold.
    let main: Bool
    /// For a reference to an entry shown in full in another section (see `EntryCopies`): that section's title.
    let seeSection: String

    init(id: String, title: String, href: String, pageHref: String, descriptionHTML: String, bodyHTML: String,
         fields: [TemplateValue], children: [TemplateValue], main: Bool = false, seeSection: String = "") {
        self.id = id
        self.title = title
        self.href = href
        self.pageHref = pageHref
        self.descriptionHTML = descriptionHTML
        self.bodyHTML = bodyHTML
        self.fields = fields
        self.children = children
        self.main = main
        self.seeSection = seeSection
    }

    func value(forKey key: TemplateKey) -> TemplateValue? {
        switch key.known {
        case .id?: .text(id)
        case .title?: .text(title)
        case .href?: .text(href)
        case .page_href?: .text(pageHref)
        case .description_html?: .text(descriptionHTML)
        case .body_html?: .text(bodyHTML)
        case .fields?: .list(fields)
        case .has_fields?: .bool(!fields.isEmpty)
        case .children?: .list(children)
        case .has_children?: .bool(!children.isEmpty)
        case .main?: .bool(main)
        case .see_section?: .text(seeSection)
        default: nil
        }
    }
}

/// One shown field of an entry: its name and its value as text.
final class FieldContext: TemplateObject {
    let name: String
    let value: String

    init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    func value(forKey key: TemplateKey) -> TemplateValue? {
        switch key.known {
        case .name?: .text(name)
        case .value?: .text(value)
        default: nil
        }
    }
}

/// One section as a template sees it (`section.mustache`).
struct SectionContext: TemplateObject {
    /// A long section's entries are written as several lists of at most this many (`runs`): the browser lays out and
    /// paints only the runs near the screen, so showing or hiding entries (the filter) costs what is in view, not the
    /// whole section (a section of 12,000 entries in view took seconds).
    static let entriesPerRun = 100

    let section: Section
    let descriptionHTML: String
    let entries: [TemplateValue]
    /// Entries and descriptions of the section and its sub-sections together: a parent whose entries are all in
    /// sub-sections is not empty, nor is a heading with only a paragraph.
    var subtreeContentCount: Int

    func value(forKey key: TemplateKey) -> TemplateValue? {
        switch key.known {
        case .id?: .text(section.id)
        case .title?: .text(section.title)
        case .label?: .text(section.label)
        case .description_html?: .text(descriptionHTML)
        case .entry_count?: .text(String(section.entries.count))
        case .entries?: .list(entries)
        case .empty?: .bool(subtreeContentCount == 0)
        case .has_entries?: .bool(!section.entries.isEmpty)
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
    /// The section's entries in runs of at most `entriesPerRun`, in order; one run for a short section.
    var runs: [TemplateValue] {
        if entries.isEmpty { return [] }
        let size = Self.entriesPerRun
        let long = entries.count > size
        return stride(from: 0, to: entries.count, by: size).map { start in
            .object(RunContext(entries: Array(entries[start..<min(start + size, entries.count)]), longSection: long))
        }
    }
}

/// One run of a section's entries (`section.mustache`): `entries[]`, `entry_count`, and `long_section` when the
/// section has several runs (each then says how many entries it holds, for the height estimate of its list).
struct RunContext: TemplateObject {
    let entries: [TemplateValue]
    let longSection: Bool

    func value(forKey key: TemplateKey) -> TemplateValue? {
        switch key.known {
        case .entries?: .list(entries)
        case .entry_count?: .text(String(entries.count))
        case .long_section?: .bool(longSection)
        default: nil
        }
    }
}

/// Everything needed to render one list's pages. It is immutable, so the sections of a split list can render on
/// several threads; each call returns its pages with the template keys it missed and the problems it found.
struct ListPages: Sendable {
    let renderer: PageRenderer
    let list: IndexedList
    let fieldPaths: [KeyPath]
    /// The shown fields' labels as readers see them (`official_name` as "Official name", or the list's
    /// `field_labels:`), made once per list.
    let fieldNames: [String]
    let entryPages: Bool
    let split: Bool
    let listContext: [String: TemplateValue]
    let overview: [TemplateValue]

    /// Pages made by one call, with what was noticed on the way.
    struct Output: Sendable {
        var pages: [OutputPage] = []
        var missing: Set<MustacheLibrary.MissingKey> = []
        var diagnostics: [Diagnostic] = []
    }

    init(renderer: PageRenderer, list: IndexedList) {
        self.renderer = renderer
        self.list = list
        fieldPaths = renderer.displayedFields(list)
        fieldNames = fieldPaths.map { FieldLabel.make($0, overrides: list.settings.fieldLabels) }
        entryPages = list.hasEntryPages
        let split = renderer.isSplit(list)
        self.split = split
        listContext = [
            "title": .text(list.title),
            "description_html": .text(list.description.map { renderer.markdown($0) } ?? ""),
            "entry_count": .text(String(list.readerEntryCount)),
            "section_count": .text(String(list.sections.filter { !$0.isEmpty }.count)),
            "href": .text("index.html"),
        ]
        let emptySections = list.settings.emptySections
        overview = split ? list.sections.filter { !$0.isEmpty || emptySections == .show }.map { section in
            .object(["label": .text(section.label), "title": .text(section.title), "href": .text(section.id + "/index.html"),
                     "entry_count": .text(String(section.readerEntryCount))] as [String: TemplateValue])
        } : []
    }

    var settings: ListSettings { list.settings }

    /// Where a section's entries are, relative to the list folder: on the one page, or on the section's own page.
    func pagePath(of section: Section) -> String { split ? section.id + "/index.html" : "index.html" }

    func isShown(_ section: Section) -> Bool { !section.isEmpty || settings.emptySections == .show }

    /// The one page of an unsplit list, with its entry pages.
    func singlePage() -> Output {
        var output = Output()
        let rendered = list.sections.filter(isShown).map { ($0, sectionValue($0, into: &output)) }
        listPage(path: "index.html", depth: 0, sections: rendered.map(\.1.0), current: nil, title: list.title, into: &output)
        if entryPages {
            for (section, (_, contexts)) in rendered { entryPagesOf(section, contexts, into: &output) }
        }
        return output
    }

    /// The overview page of a split list: the strip and the sections with their counts.
    func overviewPage() -> Output {
        var output = Output()
        listPage(path: "index.html", depth: 0, sections: [], current: nil, title: list.title, into: &output)
        return output
    }

    /// The page of one section of a split list, with its entry pages.
    func sectionPage(_ index: Int) -> Output {
        var output = Output()
        let section = list.sections[index]
        let (value, contexts) = sectionValue(section, into: &output)
        listPage(path: pagePath(of: section), depth: 1, sections: [value], current: index, title: section.title + " · " + list.title, into: &output)
        if entryPages { entryPagesOf(section, contexts, into: &output) }
        return output
    }

    func entryContext(_ entry: Entry, descriptionHTML: String, pagePrefix: String, into output: inout Output) -> EntryContext {
        var href = ""
        if let raw = entry.text(at: settings.urlField) {
            if let safe = URLPolicy.safeHref(raw) {
                href = safe
            } else {
                output.diagnostics.append(.warning(.unsafeURL, "link '\(raw)' is not http, https, mailto or relative; it is shown as text",
                                                   at: entry.location(of: settings.urlField), hint: "only http, https, mailto and relative links become live links"))
            }
        }
        var fields: [TemplateValue] = []
        for (path, name) in zip(fieldPaths, fieldNames) {
            if let value = entry.text(at: path) { fields.append(.object(FieldContext(name: name, value: value))) }
        }
        let children = entry.children.map { child in
            TemplateValue.object(entryContext(child, descriptionHTML: child.text(at: settings.descriptionField).map { renderer.markdown($0) } ?? "",
                                              pagePrefix: pagePrefix, into: &output))
        }
        return EntryContext(id: entry.id, title: entry.text(at: settings.titleField) ?? "", href: href,
                            pageHref: entryPages ? pagePrefix + entry.id + ".html" : "", descriptionHTML: descriptionHTML,
                            bodyHTML: "", fields: fields, children: children)
    }

    /// A section in template form, with its entries' contexts (kept for entry pages).
    func sectionValue(_ section: Section, into output: inout Output) -> (TemplateValue, [EntryContext]) {
        let descriptions = renderer.renderDescriptions(section.entries, field: settings.descriptionField)
        var contexts: [EntryContext] = []
        contexts.reserveCapacity(section.entries.count)
        section.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                contexts.append(entryContext(entries[index], descriptionHTML: descriptions[index], pagePrefix: split ? "../" : "", into: &output))
            }
        }
        let value = TemplateValue.object(SectionContext(section: section, descriptionHTML: section.description.map { renderer.markdown($0) } ?? "",
                                                        entries: contexts.map { .object($0) }))
        return (value, contexts)
    }

    /// The strip as seen from a page `depth` folders below the list folder, marking the page's own section. A label
    /// equal to the one before it (two categories under "B") is marked `repeat`: the strip draws it as a dot.
    func strip(from depth: Int, current: Int?) -> TemplateValue {
        let up = String(repeating: "../", count: depth)
        var previous: String?
        return .list(list.sections.enumerated().map { index, section in
            let target = split ? up + pagePath(of: section) : ""
            defer { previous = section.label }
            return .object(["label": .text(section.label), "title": .text(section.title), "href": .text(target + "#" + section.id.percentEncoded),
                            "enabled": .bool(isShown(section)), "current": .bool(index == current),
                            "repeat": .bool(section.label == previous)] as [String: TemplateValue])
        })
    }

    /// Whether the list's navigation names sections by their full titles beside the content (a sidebar on wide
    /// screens, a sheet on phones): whenever a strip label is not the whole title.
    var hasSectionNav: Bool { list.sections.contains { $0.label != $0.title } }

    /// Section pages of a split list with more sections than this carry no strip or sidebar of their own, only links
    /// to the overview and the neighbouring sections: 3,000 sections on each of 3,000 pages would make the output
    /// grow with the square of the input.
    static let compactNavigationSections = 100

    /// Whether the section pages of this list get the compact navigation.
    var compactSectionPages: Bool { split && list.sections.count > ListPages.compactNavigationSections }

    /// The sections by their full titles, with their depth in the heading tree, for the sidebar and the phone's sheet.
    func sectionNav(from depth: Int, current: Int?) -> TemplateValue {
        let up = String(repeating: "../", count: depth)
        return .list(list.sections.enumerated().compactMap { index, section in
            guard isShown(section) else { return nil }
            let target = split ? up + pagePath(of: section) : ""
            return .object(["title": .text(section.title), "href": .text(target + "#" + section.id.percentEncoded),
                            "level": .text(String(section.level)), "subsection": .bool(section.level > 1),
                            "entry_count": .text(String(section.readerEntryCount)), "current": .bool(index == current)] as [String: TemplateValue])
        })
    }

    /// A neighbouring section page of a split list, for the compact navigation of section pages.
    func neighbour(of index: Int, step: Int) -> TemplateValue {
        var at = index + step
        while list.sections.indices.contains(at) {
            let section = list.sections[at]
            if isShown(section) {
                return .object(["title": .text(section.title), "href": .text("../" + pagePath(of: section))] as [String: TemplateValue])
            }
            at += step
        }
        return .bool(false)
    }

    func listPage(path: String, depth: Int, sections: [TemplateValue], current: Int?, title: String, into output: inout Output) {
        let root = String(repeating: "../", count: depth + 1)
        let isSectionPage = split && current != nil
        let compact = isSectionPage && compactSectionPages
        let stripItems = compact ? TemplateValue.list([]) : strip(from: depth, current: current)
        let nav = hasSectionNav && !compact
        let context: [String: TemplateValue] = [
            "site": renderer.siteContext(), "root": .text(root), "list": .object(listContext),
            "strip": stripItems, "strip_count": .text(String(compact ? 0 : list.sections.count)), "has_strip": .bool(!compact),
            "has_section_nav": .bool(nav), "section_nav": nav ? sectionNav(from: depth, current: current) : .list([]),
            "sections": .list(sections), "has_sections": .bool(!sections.isEmpty),
            "is_overview": .bool(split && current == nil), "overview": .list(current == nil ? overview : []),
            "is_section_page": .bool(isSectionPage), "overview_href": .text(isSectionPage ? "../index.html" : "index.html"),
            "previous_section": isSectionPage ? neighbour(of: current ?? 0, step: -1) : .bool(false),
            "next_section": isSectionPage ? neighbour(of: current ?? 0, step: 1) : .bool(false),
            "search_href": .text(split ? String(repeating: "../", count: depth) + ListPages.searchFileName : ""),
        ]
        var body: [UInt8] = []
        output.missing.formUnion(renderer.library.render("list", .object(context), into: &body))
        output.pages.append(renderer.page(path: list.slug + "/" + path, title: title, description: list.description ?? "", kind: "list",
                                          root: root, body: body, missing: &output.missing))
    }

    /// One page per entry occurrence (an entry listed under two tags has two ids, and each id's link must work).
    func entryPagesOf(_ section: Section, _ contexts: [EntryContext], into output: inout Output) {
        for (entry, context) in zip(section.entries, contexts) {
            let full = EntryContext(id: context.id, title: context.title, href: context.href, pageHref: "",
                                    descriptionHTML: context.descriptionHTML, bodyHTML: entry.body.map { renderer.markdown($0) } ?? "",
                                    fields: context.fields, children: context.children)
            let pageContext: [String: TemplateValue] = [
                "site": renderer.siteContext(), "root": .text("../"), "entry": .object(full),
                "list": .object(["title": .text(list.title), "href": .text(pagePath(of: section) + "#" + entry.id.percentEncoded)] as [String: TemplateValue]),
            ]
            var body: [UInt8] = []
            output.missing.formUnion(renderer.library.render("entry-page", .object(pageContext), into: &body))
            let description = entry.text(at: settings.descriptionField) ?? ""
            output.pages.append(renderer.page(path: list.slug + "/" + entry.id + ".html", title: context.title + " · " + list.title,
                                              description: description, kind: "entry", root: "../", body: body, missing: &output.missing))
        }
    }
}

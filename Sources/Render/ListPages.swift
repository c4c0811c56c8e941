import IndexSiteCollation
import IndexSiteCore
import IndexSiteParse
/// Everything needed to render one list's pages. It is immutable, so the sections of a split list can render on
/// several threads; each call returns its pages with the template keys it missed and the problems it found.
struct ListPages: Sendable {
    let renderer: PageRenderer
    /// The list; on a facet value's page (`facetPage`), only the entries with that value.
    private(set) var list: IndexedList
    let fieldPaths: [FieldPath]
    /// The shown fields' labels as readers see them (`official_name` as "Official name", or the list's
    /// `field_labels:`), made once per list.
    let fieldNames: [String]
    /// The shown fields, their columns found once in the list's first entry so that rows are read in place.
    let fieldColumns: [FieldColumn]
    /// For each shown field, whether it is a quantity shown with the locale's grouping (`QuantityField`).
    let quantityFields: [Bool]
    /// The title, link and description, found once like `fieldColumns`.
    let titleColumn: FieldColumn, urlColumn: FieldColumn, descriptionColumn: FieldColumn
    /// The field of each entry's picture (`image_field`, else `image` or `logo` when the first entry has one).
    let imageField: FieldPath?
    /// Fields the filter finds an entry by that the page does not show: the reading, and list fields (tags).
    let termFields: [FieldPath]
    /// A Markdown list item's `prefix` (what stood before its link, `0BSD`) and `struck` (`~~[Name](url)~~`), shown
    /// with the title; nil for other lists, whose fields of those names are plain fields.
    let itemMarkColumns: (prefix: FieldColumn, struck: FieldColumn)?
    /// In a docs index, the page that defines a term (`main:` front matter) is shown first and in bold.
    let rowsMarkMain: Bool
    let entryPages: Bool
    private(set) var split: Bool
    private(set) var listContext: [String: TemplateValue]
    private(set) var overview: [TemplateValue]
    /// Whether each section is empty, by section index (`[Section].emptySubtrees`).
    private(set) var emptySubtrees: [Bool]
    /// What the footer of the list's pages says: where to edit the source file, when its entries last changed.
    let footer: PageRenderer.PageFooter
    /// The list's page words, in its own locale.
    let words: UIStrings
    /// The same words as templates see them (`strings.<key>`, with `{list}` filled in).
    let stringsValue: TemplateValue
    /// The words as the layout sees them, `{list}` empty (`PageRenderer.layoutContext`).
    let layoutWords: PageRenderer.LayoutWords
    /// The script's data in the head of each of the list's pages: its words, tables and the search forms of the
    /// characters readers type; each page adds those of its own characters after its body (`PageCharacters`).
    let scriptData: String
    /// The strip draws ticks, not letters (`stripDrawsTicks`).
    let stripTicks: Bool
    /// Entries filed under several sections: where each one's first copy is.
    private(set) var copies: EntryCopies
    /// The `copyKey`s of shared entries too long to repeat (see `repeatBudget`): their later copies are references
    /// to the first.
    let referenced: Set<Int>
    /// Which entries are new, the "Recently added" view and the list's last change (`new_for`, the git history).
    let news: ListNews
    /// The "Recently added" view in template form, on the list's first page.
    private(set) var recentlyAdded: [TemplateValue]
    /// The list's facets (`facets:`), counted over the whole list.
    let facets: ListFacets
    /// On a page of one facet value (`license/mit/`, `license/mit/2/`): which facet, which of its values, and which of
    /// the value's pages (`part`, from 0; `facetPaging`); nil on the list's pages.
    private(set) var facetPage: (facet: Int, value: Int, part: Int)?
    /// On a facet value's pages when they are several: which of them holds each section's first entry, where the strip
    /// and the sidebar lead; nil elsewhere.
    private(set) var facetSectionParts: [Int]?
    /// The feeds the list's pages name in their heads (its own first), from the site's root.
    let feeds: [PageRenderer.Feeds.Link]

    /// Whether the list has a feed of its own (its entries are dated).
    var hasFeed: Bool { feeds.contains { $0.path == list.slug + "/" + AtomFeed.fileName } }

    /// A shared entry's copies together may add at most this many bytes of title, description and shown fields to
    /// the list's page before the later copies become references: three tags on a book repeat it whole, a thousand
    /// tags on a long description (or 20,000 on anything) do not.
    static let repeatBudget = 65_536

    /// Titles in references are cut to this many characters, so a reference stays small whatever the entry is.
    static let referenceTitleLength = 80

    /// Pages made by one call, with what was noticed on the way.
    struct Output: Sendable {
        var pages: [OutputPage] = []
        var missing: Set<MustacheLibrary.MissingKey> = []
        var diagnostics: [Diagnostic] = []
    }

    init(renderer: PageRenderer, list: IndexedList, feeds: [PageRenderer.Feeds.Link] = []) {
        self.renderer = renderer
        self.list = list
        self.feeds = feeds
        fieldPaths = renderer.displayedFields(list)
        let copies = EntryCopies(list.sections)
        self.copies = copies
        var referenced: Set<Int> = []
        for (key, others) in copies.others {
            guard let first = copies.first[key] else { continue }
            let entry = list.sections[first.section].entries[first.entry]
            let size = ListPages.shownSize(of: entry, settings: list.settings, fieldPaths: fieldPaths)
            if size * others.count > ListPages.repeatBudget { referenced.insert(key) }
        }
        self.referenced = referenced
        let firstFields = list.sections.lazy.flatMap(\.entries).first?.fields
        let entryColumns = FieldColumn.columns([list.settings.titleField, list.settings.urlField, list.settings.descriptionField], in: firstFields)
        (titleColumn, urlColumn, descriptionColumn) = (entryColumns[0], entryColumns[1], entryColumns[2])
        let markColumns = FieldColumn.columns(["prefix", "struck"], in: firstFields)
        itemMarkColumns = list.kind == .markdownList ? (markColumns[0], markColumns[1]) : nil
        fieldNames = fieldPaths.map { FieldLabel.make($0, overrides: list.settings.fieldLabels) }
        fieldColumns = FieldColumn.columns(fieldPaths, in: firstFields)
        quantityFields = fieldPaths.map { QuantityField.isQuantity($0, in: list.sections) }
        rowsMarkMain = list.kind == .docsIndex
        imageField = PageRenderer.imageField(of: list)
        var termFields = list.settings.readingField.map { [$0] } ?? []
        if let firstFields {
            let shown = Set(fieldPaths.map(\.description))
            for (name, value) in zip(firstFields.names, firstFields.values) where !shown.contains(name) {
                if case .list = value { termFields.append(FieldPath(name)) }
            }
        }
        self.termFields = termFields
        entryPages = list.hasEntryPages
        facets = ListFacets(list: list)
        // A folder has no page to edit: its entries' pages link their own files.
        let sourceIsFile = list.kind.format.isFile
        footer = PageRenderer.PageFooter(editURL: sourceIsFile ? renderer.editURL(ofSource: SiteLayout.contentFolder + "/" + list.settings.source) : "")
        let split = renderer.isSplit(list)
        self.split = split
        let words = renderer.localization.strings(for: list.settings.locale)
        self.words = words
        stringsValue = renderer.stringsContext(words, listTitle: list.title)
        layoutWords = PageRenderer.LayoutWords(words, renderer: renderer)
        let plurals = ScriptStrings.pluralTable(locale: list.settings.locale, maxCount: list.entryCount)
        scriptData = ScriptStrings.json(words: words, plurals: plurals ?? ScriptStrings.PluralTable(small: "", cycle: "", exceptions: [:]),
                                        numbers: ScriptStrings.NumberTable(words: words), foldJSON: ScriptStrings.tables(locale: list.settings.locale).typedFoldJSON)
        stripTicks = ListPages.stripDrawsTicks(list)
        let news = ListNews(list)
        self.news = news
        let needsDates = list.lastUpdated != nil || !news.recent.isEmpty
        let dateFormatter = needsDates ? try? DateTitleFormatter(locale: list.settings.locale, skeleton: "yMMMMd") : nil
        let lastUpdated = list.lastUpdated.map { words.text(.last_updated, ["date": ListNews.readableDate($0, formatter: dateFormatter)]) }
        recentlyAdded = news.recent.map { recent in
            let section = list.sections[recent.section]
            let page = renderer.paging(list).path(sectionID: section.id, entry: recent.entry)
            return .object(["title": .text(recent.title), "href": .text((split ? page : "") + "#" + recent.id.percentEncoded),
                            "date": .text(ListNews.readableDate(recent.added, formatter: dateFormatter)), "datetime": .text(recent.added),
                            "section": .text(section.title)] as [String: TemplateValue])
        }
        listContext = [
            "title": .text(list.title),
            "description_html": .text(list.description.map { renderer.markdown($0) } ?? ""),
            "entry_count": .text(String(list.readerEntryCount)),
            "section_count": .text(String(list.sections.filter { !$0.isEmpty }.count)),
            "counts": .text(renderer.countsText(words, entries: list.readerEntryCount, sections: list.sections.filter { !$0.isEmpty }.count)),
            "href": .text("index.html"),
            "last_updated": .text(lastUpdated ?? ""),
            "last_updated_datetime": .text(list.lastUpdated ?? ""),
        ]
        let emptySections = list.settings.emptySections
        let emptySubtrees = list.sections.emptySubtrees
        self.emptySubtrees = emptySubtrees
        overview = split ? list.sections.indices.filter { !emptySubtrees[$0] || emptySections == .show }.map { list.sections[$0] }.map { section in
            .object(["label": .text(section.label), "title": .text(section.title), "href": .text(section.id + "/index.html"),
                     "entry_count": .text(words.number(section.readerEntryCount)), "empty": .bool(section.readerEntryCount == 0)] as [String: TemplateValue])
        } : []
    }

    var settings: ListSettings { list.settings }

    /// Which page holds each entry: the one rule every link to an entry follows.
    var paging: SectionPaging { SectionPaging(split: split, pageSize: settings.pageSize) }

    /// Which page of a facet value holds each of its entries, taken one after another through the sections: the rule
    /// that cuts a long section, so a value with more entries than `page_size` is cut the same way (`mit/`, `mit/2/`).
    var facetPaging: SectionPaging { SectionPaging(split: true, pageSize: settings.pageSize) }

    /// Folders between the list's folder and page `page` of a section: a section page's one or two (`s/2/`), or a
    /// value page's two or three (`license/mit/2/`).
    func depthBelowList(page: Int = 0) -> Int { facetPage.map { 1 + facetPaging.depth(ofPage: $0.part) } ?? paging.depth(ofPage: page) }

    /// The page that holds section `index`, as a link from a page `up` below the list folder: its own page in a split
    /// list, the value page holding its first entry on a facet value's other pages, else this page ("").
    func sectionPageHref(_ index: Int, up: String) -> String {
        if split { return up + pagePath(ofSection: index) }
        guard let parts = facetSectionParts, let here = facetPage, parts[index] != here.part else { return "" }
        return up + facetValuePath(facet: here.facet, value: here.value, part: parts[index])
    }

    /// Where page `part` of a facet value's pages is, relative to the list folder: `license/mit/index.html`, then
    /// `license/mit/2/index.html`, …
    func facetValuePath(facet: Int, value: Int, part: Int) -> String {
        facets.facets[facet].slug + "/" + facetPaging.path(sectionID: facets.facets[facet].values[value].slug, page: part)
    }

    /// Where page `page` of section `index` is, relative to the list folder: the one page, or a page of the section.
    func pagePath(ofSection index: Int, page: Int = 0) -> String { paging.path(sectionID: list.sections[index].id, page: page) }

    /// Where the page holding an entry is, relative to the list folder (nested items are on their parent's page).
    func pagePath(of place: EntryCopies.Place) -> String { paging.path(sectionID: list.sections[place.section].id, entry: place.entry) }

    /// How many pages section `index` takes.
    func pageCount(ofSection index: Int) -> Int { paging.pageCount(entryCount: list.sections[index].entries.count) }

    /// Whether the section at `index` is on the page: it or one of its sub-sections has entries or a description, or
    /// empty ones are shown.
    func isShown(_ index: Int) -> Bool { !emptySubtrees[index] || settings.emptySections == .show }

    /// The one page of an unsplit list, handed to `emit` as it is made (see `listPage`), with its entry pages.
    func singlePage(emit: (OutputPage) -> Void) -> Output {
        var output = Output()
        let shown = list.sections.indices.filter(isShown)
        output.diagnostics = unsafeLinkWarnings(shown)
        listPage(path: "index.html", depth: 0, sections: sectionValues(shown), current: nil, title: list.title, into: &output, emit: emit)
        if entryPages {
            for index in shown { entryPagesOf(index, into: &output) }
        }
        return output
    }

    /// The overview page of a split list: the strip and the sections with their counts.
    func overviewPage() -> Output {
        var output = Output()
        var pages: [OutputPage] = []
        listPage(path: "index.html", depth: 0, sections: [], current: nil, title: list.title, into: &output) { pages.append($0) }
        output.pages = pages
        return output
    }

    /// Page `page` of section `index` of a split list (its only page unless the section is longer than
    /// `page_size`), with the entry pages of the entries it holds.
    func sectionPage(_ index: Int, page: Int = 0) -> Output {
        var output = Output()
        let section = list.sections[index]
        let entries = paging.entries(onPage: page, entryCount: section.entries.count)
        output.diagnostics = unsafeLinkWarnings([index], entries: entries)
        var pages: [OutputPage] = []
        let depth = paging.depth(ofPage: page)
        let count = pageCount(ofSection: index)
        let title = count > 1 ? section.title + " · " + partText(page, of: count) : section.title
        listPage(path: pagePath(ofSection: index, page: page), depth: depth, sections: [sectionValue(index, entries: entries, page: page)],
                 current: index, part: page, title: title + " · " + list.title, into: &output) { pages.append($0) }
        output.pages = pages
        if entryPages { entryPagesOf(index, entries: entries, into: &output) }
        return output
    }

    /// "3 of 38": which page of its section a page is, in the list's language.
    func partText(_ page: Int, of count: Int) -> String {
        words.text(.section_part, ["page": words.number(page + 1), "pages": words.number(count)])
    }

    /// The rows of `entries[range]`: safe links kept (`unsafeLinkWarnings` reports the others), descriptions rendered,
    /// entry-page links made. `section` is the index of the section the entries are in, or nil for an entry's nested
    /// items (which are never shared copies). A later copy of a shared entry links to its first copy's page, or only
    /// refers to it when the entry is too long to repeat: then it shows its title, cut short, and the first copy's
    /// section.
    func entryRows(_ entries: [Entry], _ range: Range<Int>, section: Int?, pagePrefix: String, root: String) -> EntryRows {
        var rows = EntryRows.Builder(fieldNames: fieldNames, capacity: range.count)
        let allowUnsafe = renderer.site.allowUnsafeHTML
        let entries = entries.span
        for index in range {
            entries.prefetchRow(after: index, before: range.upperBound)
            let place = section.map { EntryCopies.Place(section: $0, entry: index) }
            let id = entries[index].id
            rows.add(id)
            let copyKey = entries[index].copyKey
            if let place, let first = referredCopy(ofKey: copyKey, at: place) {
                let reference = reference(to: first, pagePrefix: pagePrefix)
                rows.add(ListPages.shortened(entries[index].text(at: titleColumn.path, column: titleColumn.column) ?? ""))
                rows.add(nil)
                rows.add(reference.pageHref)
                rows.add(reference.sectionTitle)
                // No prefix, struck mark, description, picture or search terms: the copy refers to the first. Its
                // facet values, so that it comes and goes with the first.
                for _ in 0..<5 { rows.add(nil) }
                rows.add(facets.isEmpty ? nil : facets.attribute(of: entries[index]))
                for _ in fieldPaths { rows.add(nil) }
                if rowsMarkMain { rows.main.append(false) }
                if news.newSince != nil { rows.new.append(false) }
                continue
            }
            // Texts are copied from the fields' bytes: a row of a CSV file makes no String (see `FieldTexts`).
            rows.add { bytes in _ = titleColumn.withText(of: entries, at: index) { bytes.append(copying: $0) } }
            rows.add { bytes in appendSafeLink(of: entries, at: index, to: &bytes) }
            if entryPages {
                let pageID = place.flatMap { copies.firstCopy(ofKey: copyKey, at: $0) }.map { list.sections[$0.section].entries[$0.entry].id }
                rows.add(pagePrefix + (pageID ?? id) + ".html")
            } else {
                rows.add(nil)
            }
            rows.add(nil)
            // What stood before a Markdown item's link (`0BSD`), shown before its title, and whether it was struck.
            if let itemMarkColumns {
                rows.add { bytes in _ = itemMarkColumns.prefix.withText(of: entries, at: index) { bytes.append(copying: $0) } }
                rows.add(itemMarkColumns.struck.withText(of: entries, at: index) { $0.elementsEqual("true") } == true ? "struck" : nil)
            } else {
                rows.add(nil)
                rows.add(nil)
            }
            rows.add { html in
                _ = descriptionColumn.withText(of: entries, at: index) { markdown in
                    guard !markdown.isEmpty else { return }
                    CommonMark.appendHTML(markdown, allowUnsafeHTML: allowUnsafe, to: &html)
                }
            }
            rows.add(imageField.flatMap { entries[index].text(at: $0) }.flatMap { imageSource($0, root: root) })
            rows.add(termFields.isEmpty ? nil : searchTerms(of: entries[index]))
            rows.add(facets.isEmpty ? nil : facets.attribute(of: entries[index]))
            for field in fieldPaths.indices {
                if quantityFields[field], let value = fieldColumns[field].withText(of: entries, at: index, { QuantityField.integer($0) }) ?? nil {
                    rows.add(words.number(value))
                    continue
                }
                rows.add { bytes in _ = fieldColumns[field].withText(of: entries, at: index) { bytes.append(copying: $0) } }
            }
            if rowsMarkMain { rows.main.append(entries[index].text(at: "main") == "true") }
            if news.newSince != nil { rows.new.append(news.isNew(entries[index])) }
            let children = entries[index].children
            if !children.isEmpty {
                rows.children[index - range.lowerBound] = entryRows(children, children.indices, section: nil,
                                                                   pagePrefix: pagePrefix, root: root)
            }
        }
        return rows.finished()
    }

    /// Appends the link of `entries[index]` when it is safe to link to (else nothing: the entry shows its title as
    /// text). The entry is read where it is, not copied (see `FieldColumn.withText(of:at:_:)`), and a plain http(s)
    /// link is copied from its bytes.
    func appendSafeLink(of entries: Span<Entry>, at index: Int, to bytes: inout [UInt8]) {
        _ = urlColumn.withText(of: entries, at: index) { url in
            URLPolicy.withSafeHref(url) { bytes.append(copying: $0) }
        }
    }

    /// A warning for each entry of the sections at `indices` (and each nested item) whose link is not safe to link to,
    /// in page order, checked on every core in chunks of `rowChunk` × 16 entries (the first read of each row after
    /// sorting, out of file order, waits on memory). A later copy that only refers to its first copy shows no link,
    /// and is not checked.
    /// `entries` limits them to those of one page of a single section.
    func unsafeLinkWarnings(_ indices: [Int], entries range: Range<Int>? = nil) -> [Diagnostic] {
        let chunk = ListPages.rowChunk * 16
        let tasks = indices.flatMap { index in
            let shown = range ?? list.sections[index].entries.indices
            return stride(from: shown.lowerBound, to: shown.upperBound, by: chunk).map { (section: index, start: $0, end: shown.upperBound) }
        }
        return Engine.current.orderedMap(count: tasks.count) { task in
            let entries = list.sections[tasks[task].section].entries
            var warnings: [Diagnostic] = []
            unsafeLinkWarnings(entries, tasks[task].start..<min(tasks[task].start + chunk, tasks[task].end), section: tasks[task].section, into: &warnings)
            return warnings
        }.flatMap { $0 }
    }

    /// The warnings of `unsafeLinkWarnings(_:)` for `entries[range]` of section `section` (nil for nested items).
    func unsafeLinkWarnings(_ entries: [Entry], _ range: Range<Int>, section: Int?, into warnings: inout [Diagnostic]) {
        let urlField = settings.urlField
        let entries = entries.span
        for index in range {
            entries.prefetchRow(after: index, before: range.upperBound)
            if let section, referredCopy(ofKey: entries[index].copyKey, at: EntryCopies.Place(section: section, entry: index)) != nil { continue }
            _ = urlColumn.withText(of: entries, at: index) { url in
                guard !URLPolicy.withSafeHref(url, { _ in }) else { return }
                warnings.append(.warning(.unsafeURL, "link '\(String(decodingUTF8: url))' is not http, https, mailto or relative; it is shown as text",
                                         at: entries[index].location(of: urlField), hint: "only http, https, mailto and relative links become live links"))
            }
            if let imageField, let image = entries[index].text(at: imageField), !image.isBlank,
               imageSource(image, root: "") == nil {
                warnings.append(.warning(.imageNotFound, "picture '\(image)' is neither an http(s) address nor a file of Static/; it is not shown",
                                         at: entries[index].location(of: imageField),
                                         hint: "put the file in Static/ and write its path there (images/logo.png), or give an https:// address"))
            }
            let children = entries[index].children
            if !children.isEmpty { unsafeLinkWarnings(children, children.indices, section: nil, into: &warnings) }
        }
    }

    /// Sections in template form. Their entries' rows are made when the template shows them, a run of entries at a
    /// time on the core that renders it (see `SectionContext.rows`).
    func sectionValues(_ indices: [Int]) -> [TemplateValue] {
        indices.map { sectionValue($0, entries: list.sections[$0].entries.indices, page: 0) }
    }

    /// Section `index` in template form with only `entries`, as page `page` of it shows it: its description on its
    /// first page only.
    func sectionValue(_ index: Int, entries: Range<Int>, page: Int) -> TemplateValue {
        let pagePrefix = String(repeating: "../", count: depthBelowList(page: page))
        let section = list.sections[index]
        let description = page == 0 ? section.description.map { renderer.markdown($0) } ?? "" : ""
        return .object(SectionContext(section: section, descriptionHTML: description, shown: entries,
                                      rows: { range in rowLoop(of: index, range, pagePrefix: pagePrefix) },
                                      isEmpty: emptySubtrees[index]))
    }

    /// The rows of entries `range` of section `index` as the list a template repeats `entries` over: a run's in one
    /// go, more (a template that shows a long section's `entries` whole) in chunks of `rowChunk` on every core.
    func rowLoop(of index: Int, _ range: Range<Int>, pagePrefix: String) -> any TemplateLoop {
        let entries = list.sections[index].entries
        let root = pagePrefix + "../"
        guard range.count > ListPages.rowChunk else { return entryRows(entries, range, section: index, pagePrefix: pagePrefix, root: root) }
        let starts = Array(stride(from: range.lowerBound, to: range.upperBound, by: ListPages.rowChunk))
        return JoinedLoop(Engine.current.orderedMap(count: starts.count) { chunk in
            entryRows(entries, starts[chunk]..<min(starts[chunk] + ListPages.rowChunk, range.upperBound), section: index, pagePrefix: pagePrefix, root: root)
        })
    }

    /// Rows made on one core at a time, when more are asked for at once.
    static let rowChunk = 256

    /// The first copy of a shared entry when the copy at `place` only refers to it (the entry is too long to repeat).
    func referredCopy(ofKey copyKey: Int?, at place: EntryCopies.Place) -> EntryCopies.Place? {
        guard let copyKey, referenced.contains(copyKey) else { return nil }
        return copies.firstCopy(ofKey: copyKey, at: place)
    }

    /// Where a later copy of a shared entry too long to repeat links to: its first copy, on the page that holds it
    /// (`pagePrefix` leads from the copy's page to the list folder), in that copy's section (whose title is cut short,
    /// since every reference names it).
    func reference(to first: EntryCopies.Place, pagePrefix: String) -> (pageHref: String, sectionTitle: String) {
        let section = list.sections[first.section]
        let id = section.entries[first.entry].id
        return ((split ? pagePrefix + pagePath(of: first) : "") + "#" + id.percentEncoded, ListPages.shortened(section.title))
    }

    /// `text` cut to `referenceTitleLength` characters, with an ellipsis when something was cut.
    static func shortened(_ text: String) -> String {
        guard let end = text.index(text.startIndex, offsetBy: referenceTitleLength, limitedBy: text.endIndex), end != text.endIndex else { return text }
        return String(text[..<end]) + "…"
    }

    /// The bytes of what a copy of `entry` shows: title, description, shown fields, and the same of its nested items.
    static func shownSize(of entry: Entry, settings: ListSettings, fieldPaths: [FieldPath]) -> Int {
        var size = (entry.text(at: settings.titleField)?.utf8.count ?? 0) + (entry.text(at: settings.descriptionField)?.utf8.count ?? 0)
        for path in fieldPaths { size += entry.text(at: path)?.utf8.count ?? 0 }
        for child in entry.children { size += shownSize(of: child, settings: settings, fieldPaths: fieldPaths) }
        return size
    }

    /// The strip as seen from a page `depth` folders below the list folder, marking the page's own section. A label
    /// equal to the one before it (two categories under "B") is marked `repeat`: the strip draws it as a dot.
    func strip(from depth: Int, current: Int?) -> TemplateValue {
        let up = String(repeating: "../", count: depth)
        var previous: String?
        return .list(list.sections.enumerated().map { index, section in
            let target = sectionPageHref(index, up: up)
            defer { previous = section.label }
            return .object(["label": .text(section.label), "title": .text(section.title), "href": .text(target + "#" + section.id.percentEncoded),
                            "enabled": .bool(isShown(index)), "current": .bool(index == current),
                            "repeat": .bool(section.label == previous), "level": .text(String(section.level)),
                            "subsection": .bool(section.level > 1)] as [String: TemplateValue])
        })
    }

    /// Whether the list's navigation names sections by their full titles beside the content (a sidebar on wide
    /// screens, a sheet on phones): whenever a strip label is not the whole title.
    var hasSectionNav: Bool { list.sections.contains { $0.label != $0.title } }

    /// Whether the strip draws ticks rather than letters: for sections in an order of their own (a Markdown list's
    /// headings, `section_order`) labelled by first letters that are out of alphabetical order. awesome-go's 134
    /// categories read "A C M D I E J U T Q F M T A Z" down a phone's edge: a jumble, which no reader can use to find
    /// a category. As ticks, one a section, the strip is a scrubber along the page whose bubble names every section in
    /// full, beside the Sections button that lists them all. Letter lists, dates and categories in alphabetical order
    /// keep their letters; so do lists of at most 12 sections (labelled by initials or whole titles unless they ask
    /// for first letters): a handful of labels reads as names in any order.
    static func stripDrawsTicks(_ list: IndexedList) -> Bool {
        if case .date? = list.settings.grouping { return false }
        let labels = list.sections.filter { !$0.isCatchAll }.map(\.label)
        // (12: IndexTitles.maximumSectionsForInitials, past which `auto` labels are first letters)
        guard labels.count > 12 || list.settings.indexTitles == .firstLetter,
              labels.allSatisfy({ $0.count == 1 }), list.sections.contains(where: { $0.label != $0.title }),
              let collator = try? Collator(locale: list.settings.locale) else { return false }
        // primary weights only (a sort key's first level, up to its 0x01 separator): É after E is in order
        let keys = labels.map { collator.sortKey($0).prefix { $0 != 1 } }
        return zip(keys, keys.dropFirst()).contains { $1.lexicographicallyPrecedes($0) }
    }

    /// Section pages of a split list with more sections than this carry no strip or sidebar of their own, only links
    /// to the overview and the neighbouring sections: 3,000 sections on each of 3,000 pages would make the output
    /// grow with the square of the input.
    static let compactNavigationSections = 100

    /// Whether the section pages of this list get the compact navigation.
    var compactSectionPages: Bool { split && list.sections.count > ListPages.compactNavigationSections }

    /// The sections by their full titles, with their depth in the heading tree, for the sidebar and the phone's sheet.
    func sectionNav(from depth: Int, current: Int?) -> TemplateValue {
        let up = String(repeating: "../", count: depth)
        let counts = subtreeEntryCounts
        return .list(list.sections.enumerated().compactMap { index, section in
            guard isShown(index) else { return nil }
            let target = sectionPageHref(index, up: up)
            return .object(["title": .text(section.title), "href": .text(target + "#" + section.id.percentEncoded),
                            "level": .text(String(section.level)), "subsection": .bool(section.level > 1),
                            "entry_count": .text(words.number(counts[index])), "empty": .bool(counts[index] == 0),
                            "current": .bool(index == current)] as [String: TemplateValue])
        })
    }

    /// Entries of each section with those of its sub-sections (the deeper sections that follow it), so that a parent
    /// holding only sub-sections shows their total in the navigation rather than 0.
    var subtreeEntryCounts: [Int] { list.sections.subtreeSums(\.readerEntryCount) }

    /// The page before (`step` -1) or after (1) page `page` of section `index` of a split list, in reading order, as
    /// seen from that page: the same section's neighbouring page, else the neighbouring shown section's last page
    /// before it or its first after it; false at either end.
    func neighbour(of index: Int, page: Int, step: Int) -> TemplateValue {
        if (0..<pageCount(ofSection: index)).contains(page + step) { return pageLink(index, page: page + step, from: page) }
        var at = index + step
        while list.sections.indices.contains(at) {
            if isShown(at) { return pageLink(at, page: step < 0 ? pageCount(ofSection: at) - 1 : 0, from: page) }
            at += step
        }
        return .bool(false)
    }

    /// A link to page `page` of section `index` from page `from` of a section: its title ("S", or "S · 3 of 38" for a
    /// cut section) and the first and last titles on it (`guide`, for a cut section; empty otherwise).
    func pageLink(_ index: Int, page: Int, from: Int) -> TemplateValue {
        let section = list.sections[index]
        let count = pageCount(ofSection: index)
        let up = String(repeating: "../", count: paging.depth(ofPage: from))
        return .object(["title": .text(count > 1 ? section.title + " · " + partText(page, of: count) : section.title),
                        "href": .text(up + pagePath(ofSection: index, page: page)),
                        "guide": .text(count > 1 ? guideWords(index, page: page) : "")] as [String: TemplateValue])
    }

    /// The titles of the first and last entries on page `page` of section `index`, as a dictionary's guide words:
    /// "Sabre – Salt".
    func guideWords(_ index: Int, page: Int) -> String {
        let entries = list.sections[index].entries
        let range = paging.entries(onPage: page, entryCount: entries.count)
        guard let first = range.first, let last = range.last else { return "" }
        return guideWords(entries[first], entries[last], same: first == last)
    }

    /// "Sabre – Salt": the titles of the first and last entries of a page, cut short (one title when `same`).
    func guideWords(_ first: Entry, _ last: Entry, same: Bool) -> String {
        func title(_ entry: Entry) -> String { ListPages.shortened(entry.text(at: settings.titleField) ?? entry.id) }
        return same ? title(first) : title(first) + " – " + title(last)
    }

    /// Where page `page` of section `index` is among its section's pages, or false when the section has one page:
    /// `title` ("S · 3 of 38"), `guide` (its first and last entries), and `pages[]`, every page of the section (`number`,
    /// `href`, `guide`, `current`), so a reader without script can go straight to the page that holds a word.
    func sectionPart(_ index: Int, page: Int) -> TemplateValue {
        let up = String(repeating: "../", count: paging.depth(ofPage: page))
        return partNavigation(title: list.sections[index].title, page: page, count: pageCount(ofSection: index),
                              href: { up + pagePath(ofSection: index, page: $0) }, guide: { guideWords(index, page: $0) })
    }

    /// Where page `page` is among `count` pages of a section or a facet value (`title` "S · 3 of 38", `guide`, and
    /// `pages[]`: `number`, `href`, `guide`, `current`), or false when there is one page.
    func partNavigation(title: String, page: Int, count: Int, href: (Int) -> String, guide: (Int) -> String) -> TemplateValue {
        guard count > 1 else { return .bool(false) }
        let pages: [TemplateValue] = (0..<count).map { other in
            .object(["number": .text(words.number(other + 1)), "href": .text(href(other)),
                     "guide": .text(guide(other)), "current": .bool(other == page)] as [String: TemplateValue])
        }
        return .object(["title": .text(title + " · " + partText(page, of: count)),
                        "guide": .text(guide(page)), "pages": .list(pages)] as [String: TemplateValue])
    }

    /// A list page, handed to `emit` in parts as its body is made (`PageRenderer.streamPage`).
    func listPage(path: String, depth: Int, sections: [TemplateValue], current: Int?, part: Int = 0, partNavigation: TemplateValue = .bool(false),
                  title: String, into output: inout Output, emit: (OutputPage) -> Void) {
        let root = String(repeating: "../", count: depth + 1)
        let isSectionPage = split && current != nil
        let compact = isSectionPage && compactSectionPages
        let stripItems = compact ? TemplateValue.list([]) : strip(from: depth, current: current)
        let nav = hasSectionNav && !compact
        let context: [String: TemplateValue] = [
            "site": renderer.siteContext(), "root": .text(root), "list": .object(listContext),
            "strip": stripItems, "strip_count": .text(String(compact ? 0 : list.sections.count)), "has_strip": .bool(!compact),
            "strip_ticks": .bool(stripTicks),
            "has_section_nav": .bool(nav), "section_nav": nav ? sectionNav(from: depth, current: current) : .list([]),
            "sections": .list(sections), "has_sections": .bool(!sections.isEmpty),
            "is_overview": .bool(split && current == nil), "overview": .list(current == nil ? overview : []),
            "strings": stringsValue,
            "is_section_page": .bool(isSectionPage),
            "overview_href": .text(isSectionPage ? String(repeating: "../", count: depth) + "index.html" : "index.html"),
            "previous_section": isSectionPage ? neighbour(of: current ?? 0, page: part, step: -1) : .bool(false),
            "next_section": isSectionPage ? neighbour(of: current ?? 0, page: part, step: 1) : .bool(false),
            "section_part": isSectionPage ? sectionPart(current ?? 0, page: part) : partNavigation,
            "search_href": .text(split ? String(repeating: "../", count: depth) + ListPages.searchManifestPath : ""),
            "feed_href": .text(hasFeed ? String(repeating: "../", count: depth) + AtomFeed.fileName : ""),
            "recently_added": .list(current == nil ? recentlyAdded : []),
            "has_recently_added": .bool(current == nil && !recentlyAdded.isEmpty),
            "page": renderer.footerContext(footer),
            "facets": facetsContext(from: depth), "has_facets": .bool(!facets.isEmpty && current == nil),
            "facets_live": .bool(!split && facetPage == nil), "facet_page": facetPageContext(from: depth),
        ]
        // The page's own characters are noted as its body is made, and their search forms follow it.
        var missing: Set<MustacheLibrary.MissingKey> = []
        renderer.streamPage(path: list.slug + "/" + path, title: title, description: list.description.map(CommonMark.plainText) ?? "",
                            kind: "list", root: root, words: layoutWords, scriptData: scriptData, feeds: feeds.map { $0.value(root: root) },
                            footer: footer, missing: &output.missing,
                            emit: emit) { piece in
            var characters = PageCharacters()
            missing = renderer.library.render("list", .object(context)) { bytes in
                characters.note(bytes)
                piece(bytes)
            }
            if let script = characters.foldScript(locale: list.settings.locale) { piece(script) }
        }
        output.missing.formUnion(missing)
    }

    /// The facets' chips as seen from a page `depth` folders below the list folder: each a link to its value's page
    /// (the script makes them toggles on the list's own page), the first `ListFacets.shownChips` of each facet shown,
    /// the others under "More". On a value's page its chip is `current` and leads back to the whole list.
    func facetsContext(from depth: Int) -> TemplateValue {
        let up = String(repeating: "../", count: depth)
        return .list(facets.facets.enumerated().map { facetIndex, facet in
            let chips: [TemplateValue] = facet.values.enumerated().map { index, value in
                let current = facetPage.map { $0.facet == facetIndex && $0.value == index } ?? false
                let href = current ? up + "index.html" : up + facet.slug + "/" + value.slug + "/index.html"
                return .object(["label": .text(value.label), "count": .text(words.number(value.count)), "href": .text(href),
                                "index": .text(String(index)), "current": .bool(current)] as [String: TemplateValue])
            }
            // On a value's page, its chip is among those shown even when it would be under "More".
            var shown = Array(chips.prefix(ListFacets.shownChips))
            var more = Array(chips.dropFirst(ListFacets.shownChips))
            if let page = facetPage, page.facet == facetIndex, page.value >= ListFacets.shownChips {
                shown.append(more.remove(at: page.value - ListFacets.shownChips))
            }
            return .object(["label": .text(facet.label), "slug": .text(facet.slug), "chips": .list(shown),
                            "more_chips": .list(more), "has_more": .bool(!more.isEmpty)] as [String: TemplateValue])
        })
    }

    /// What a value's page says of itself (its field, its value, the way back to the list), or false elsewhere.
    func facetPageContext(from depth: Int) -> TemplateValue {
        guard let page = facetPage else { return .bool(false) }
        let facet = facets.facets[page.facet]
        let value = facet.values[page.value].label
        let listHref = String(repeating: "../", count: depth) + "index.html"
        // the list's own page with the value's chip pressed, where the filter reaches every entry with the value
        // (a split list's pages have no live chips)
        let query = facet.slug.percentEncoded + "=" + value.percentEncoded
        return .object(["title": .text(words.text(.facet_page_title, ["field": facet.label, "value": value])),
                        "field": .text(facet.label), "value": .text(value), "list_href": .text(listHref),
                        "all_pages_href": .text(split ? "" : listHref + "?" + query)] as [String: TemplateValue])
    }

    /// The facet values that have pages (`license/mit/index.html`): the list's sections with only the entries that
    /// have the value, for readers without script and for search engines.
    func facetValuePages() -> [(facet: Int, value: Int)] {
        facets.facets.indices.flatMap { facet in facets.facets[facet].values.indices.map { (facet, $0) } }
    }

    /// The pages of value `value` of facet `facet`: one, or, when the value has more entries than `page_size`, several
    /// cut by `facetPaging` (its entries taken one after another through the sections), each with the pages' links.
    func facetValuePage(facet: Int, value: Int) -> Output {
        let facetValue = facets.facets[facet].values[value]
        var pages = self
        pages.split = false
        let sections = facets.sections(of: list, facet: facet, value: value)
        pages.list.sections = sections
        pages.copies = EntryCopies(sections)
        pages.emptySubtrees = sections.emptySubtrees
        pages.overview = []
        pages.recentlyAdded = []
        let title = words.text(.facet_page_title, ["field": facets.facets[facet].label, "value": facetValue.label])
        let sectionCount = sections.filter { !$0.isEmpty }.count
        pages.listContext["title"] = .text(list.title)
        pages.listContext["entry_count"] = .text(String(pages.list.readerEntryCount))
        pages.listContext["section_count"] = .text(String(sectionCount))
        pages.listContext["counts"] = .text(renderer.countsText(words, entries: pages.list.readerEntryCount, sections: sectionCount))
        pages.listContext["href"] = .text("../../index.html")

        // Each section's first entry's place among the value's entries, and the page that holds it.
        var offsets: [Int] = []
        var total = 0
        for section in sections { offsets.append(total); total += section.entries.count }
        let paging = facetPaging
        let count = paging.pageCount(entryCount: total)
        let parts = offsets.map { min(paging.page(ofEntry: $0), count - 1) }
        pages.facetSectionParts = count > 1 ? parts : nil
        let shown = sections.indices.filter(pages.isShown)
        func entry(at place: Int) -> Entry {
            var index = 0
            while place >= offsets[index] + sections[index].entries.count { index += 1 }
            return sections[index].entries[place - offsets[index]]
        }
        var output = Output()
        for part in 0..<count {
            var page = pages
            page.facetPage = (facet, value, part)
            let range = paging.entries(onPage: part, entryCount: total)
            let values: [TemplateValue] = shown.compactMap { index in
                let from = max(range.lowerBound - offsets[index], 0), to = min(range.upperBound - offsets[index], sections[index].entries.count)
                let here = from..<max(from, to)
                if here.isEmpty { return sections[index].entries.isEmpty && parts[index] == part ? page.sectionValue(index, entries: 0..<0, page: 0) : nil }
                return page.sectionValue(index, entries: here, page: here.lowerBound == 0 ? 0 : 1)
            }
            let depth = 1 + paging.depth(ofPage: part)
            let up = String(repeating: "../", count: depth)
            let navigation = page.partNavigation(title: title, page: part, count: count,
                                                 href: { up + page.facetValuePath(facet: facet, value: value, part: $0) },
                                                 guide: { other in
                                                     let on = paging.entries(onPage: other, entryCount: total)
                                                     guard let first = on.first, let last = on.last else { return "" }
                                                     return guideWords(entry(at: first), entry(at: last), same: first == last)
                                                 })
            let pageTitle = count > 1 ? title + " · " + partText(part, of: count) : title
            var made: [OutputPage] = []
            page.listPage(path: page.facetValuePath(facet: facet, value: value, part: part), depth: depth, sections: values,
                          current: nil, partNavigation: navigation, title: pageTitle + " · " + list.title, into: &output) { made.append($0) }
            output.pages += made
        }
        return output
    }

    /// One page per entry, named by its first copy's id: the later copies of an entry filed under several sections
    /// link to that page.
    /// `entries` limits them to those of one page of the section.
    func entryPagesOf(_ sectionIndex: Int, entries range: Range<Int>? = nil, into output: inout Output) {
        let section = list.sections[sectionIndex]
        let range = range ?? section.entries.indices
        let rows = entryRows(section.entries, range, section: sectionIndex, pagePrefix: split ? "../" : "", root: "../")
        for index in range {
            let entry = section.entries[index]
            guard copies.firstCopy(ofKey: entry.copyKey, at: EntryCopies.Place(section: sectionIndex, entry: index)) == nil else { continue }
            let row = index - range.lowerBound
            let full = EntryPageEntry(entry: EntryRow(rows: rows, row: row), bodyHTML: entry.body.map { renderer.markdown($0) } ?? "")
            let title = rows.string(of: row, .title)
            let pageContext: [String: TemplateValue] = [
                "site": renderer.siteContext(), "root": .text("../"), "entry": .object(full),
                "list": .object(["title": .text(list.title), "href": .text(pagePath(of: EntryCopies.Place(section: sectionIndex, entry: index)) + "#" + entry.id.percentEncoded)] as [String: TemplateValue]),
                "strings": stringsValue,
            ]
            var body: [UInt8] = []
            output.missing.formUnion(renderer.library.render("entry-page", .object(pageContext), into: &body))
            let description = entry.text(at: settings.descriptionField).map(CommonMark.plainText) ?? ""
            output.pages.append(renderer.page(path: list.slug + "/" + entry.id + ".html", title: title + " · " + list.title,
                                              description: description, kind: "entry", root: "../", body: body, words: layoutWords,
                                              feeds: feeds.map { $0.value(root: "../") },
                                              footer: PageRenderer.PageFooter(editURL: renderer.editURL(ofSource: entry.location.path)),
                                              missing: &output.missing))
        }
    }

    /// Where a page finds an entry's picture: an http(s) address as it is (the build never fetches it), or a file of
    /// `Static/` by its path there (`images/a.png`, `/images/a.png` or `Static/images/a.png`) from the site's root;
    /// nil for anything else (`imageNotFound` says so).
    func imageSource(_ raw: String, root: String) -> String? {
        let text = raw.trimmingSpaces
        guard !text.isEmpty else { return nil }
        let scheme = URLPolicy.scheme(of: text)
        if scheme == "http" || scheme == "https" { return text }
        guard scheme == nil else { return nil }
        var path = Substring(text)
        while path.hasPrefix("/") || path.hasPrefix("./") { path = path.drop { $0 == "/" || $0 == "." } }
        if path.hasPrefix(SiteLayout.staticFolder + "/") { path = path.dropFirst(SiteLayout.staticFolder.count + 1) }
        guard renderer.staticPaths.contains(String(path)) else { return nil }
        return root + path.split(separator: "/").map { String($0).percentEncoded }.joined(separator: "/")
    }

    /// The words of `termFields` of an entry, one line: what the filter also matches it by.
    func searchTerms(of entry: Entry) -> String? {
        var words: [String] = []
        for path in termFields {
            switch entry.fields.value(at: path) {
            case .text(let text)?: words.append(text)
            case .list(let items)?: words.append(contentsOf: items.map(\.displayText))
            default: break
            }
        }
        let joined = words.filter { !$0.isEmpty }.joined(separator: " ")
        return joined.isEmpty ? nil : joined
    }
}

import Dispatch

/// Render: turns indexed lists into HTML pages through the theme's Mustache templates, with Markdown fields
/// rendered by cmark (safe mode unless the site allows unsafe HTML) and every other text escaped.
public struct PageRenderer: Sendable {
    public var site: SiteSettings
    public var library: MustacheLibrary
    public var theme: Theme

    /// Parses the theme's templates; syntax errors come back as diagnostics naming the template file and line.
    public static func make(site: SiteSettings, theme: Theme) -> (PageRenderer?, [Diagnostic]) {
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = []
        for name in theme.templates.keys.sorted() {
            guard let file = theme.templates[name] else { continue }
            do {
                try library.add(name: name, source: String(decoding: file.bytes, as: UTF8.self))
            } catch {
                diagnostics.append(.error(.templateSyntax, error.message, at: file.location(line: error.line, column: error.column)))
            }
        }
        for name in Theme.templateNames where theme.templates[name] == nil {
            diagnostics.append(.error(.templateMissingPartial, "the theme has no '\(name).mustache'",
                                      at: SourceLocation(path: SiteLoader.templatesFolder + "/" + name + ".mustache")))
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        return (PageRenderer(site: site, library: library, theme: theme), [])
    }

    /// The result of rendering: the pages and what was found wrong on the way (unsafe links, unknown template keys).
    public struct Rendered: Sendable {
        public var pages: [OutputPage] = []
        public var diagnostics: [Diagnostic] = []
    }

    /// Renders every page into memory; for tests and small sites. Builds stream pages with `render(_:emit:)`.
    public func render(_ lists: [IndexedList]) -> Rendered {
        var pages: [OutputPage] = []
        let diagnostics = render(lists) { pages.append($0) }
        return Rendered(pages: pages, diagnostics: diagnostics)
    }

    /// Renders every page, handing each to `emit` as soon as it is made, so a large site never sits in memory whole.
    public func render(_ lists: [IndexedList], emit: (OutputPage) -> Void) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var missing: Set<MustacheLibrary.MissingKey> = []
        var htmlPaths: [String] = []
        func emitAndRecord(_ page: OutputPage) {
            if page.path.hasSuffix(".html") { htmlPaths.append(page.path) }
            emit(page)
        }
        for list in lists {
            diagnostics += renderList(list, emit: emitAndRecord, missing: &missing)
        }
        emitAndRecord(renderHome(lists, missing: &missing))
        emitAndRecord(renderNotFound(missing: &missing))
        if let sitemap = sitemap(htmlPaths) { emit(sitemap) }
        for name in theme.assets.keys.sorted() {
            emit(OutputPage(path: "assets/" + name, bytes: theme.assets[name] ?? []))
        }
        for key in missing.sorted(by: { ($0.template, $0.line, $0.name) < ($1.template, $1.line, $1.name) }) {
            let path = theme.templates[key.template]?.path ?? key.template
            let message = key.name.hasPrefix(">")
                ? "template '\(key.template)' includes partial '\(key.name.dropFirst())', which does not exist"
                : "template '\(key.template)' names '\(key.name)', which the page context does not have"
            diagnostics.append(.error(key.name.hasPrefix(">") ? .templateMissingPartial : .templateUnknownKey, message,
                                      at: SourceLocation(path: path, line: key.line), hint: "see the template context reference in the README"))
        }
        return diagnostics
    }

    var language: String {
        let base = site.locale.split(separator: "@").first.map(String.init) ?? site.locale
        return base.replacingUnderscores()
    }

    func siteContext() -> TemplateValue {
        .object(["title": .text(site.title), "lang": .text(language), "description": .text(site.description ?? ""),
                 "base_url": .text(site.baseURL ?? "")] as [String: TemplateValue])
    }

    /// Wraps a page body in the layout template.
    func page(path: String, title: String, description: String, kind: String, root: String, body: [UInt8],
              missing: inout Set<MustacheLibrary.MissingKey>) -> OutputPage {
        let canonical = site.baseURL.map { $0 + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path) } ?? ""
        let context: [String: TemplateValue] = [
            "site": siteContext(),
            "root": .text(root),
            "page": .object(["title": .text(title), "description": .text(description), "canonical": .text(canonical),
                             "kind": .text(kind)] as [String: TemplateValue]),
            "content": .bytes(body),
        ]
        var output: [UInt8] = []
        output.reserveCapacity(body.count + 2048)
        missing.formUnion(library.render("layout", .object(context), into: &output))
        return OutputPage(path: path, bytes: output)
    }

    func renderHome(_ lists: [IndexedList], missing: inout Set<MustacheLibrary.MissingKey>) -> OutputPage {
        let items: [TemplateValue] = lists.map { list in
            .object(["title": .text(list.title), "href": .text(list.slug + "/index.html"),
                     "description_html": .text(list.description.map { markdown($0) } ?? ""),
                     "entry_count": .text(String(list.entryCount)),
                     "section_count": .text(String(list.sections.filter { !$0.isEmpty }.count))] as [String: TemplateValue])
        }
        let context: [String: TemplateValue] = ["site": siteContext(), "root": .text(""), "lists": .list(items)]
        var body: [UInt8] = []
        missing.formUnion(library.render("home", .object(context), into: &body))
        return page(path: "index.html", title: site.title, description: site.description ?? "", kind: "home", root: "", body: body, missing: &missing)
    }

    /// The page a static host shows for a missing path; its links are absolute from the site root when `base_url` is set.
    func renderNotFound(missing: inout Set<MustacheLibrary.MissingKey>) -> OutputPage {
        let root = site.baseURL ?? ""
        let body = Array("<div class=\"not-found\">\n<h1>Page not found</h1>\n<p>This page does not exist. <a href=\"\(HTML.escaped(root))index.html\">Go to the start page</a>.</p>\n</div>\n".utf8)
        return page(path: "404.html", title: "Page not found", description: "", kind: "not-found", root: root, body: body, missing: &missing)
    }

    /// `sitemap.xml` listing every HTML page, when the site has a `base_url` to make absolute URLs from.
    func sitemap(_ htmlPaths: [String]) -> OutputPage? {
        guard let base = site.baseURL else { return nil }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for pagePath in htmlPaths.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where pagePath != "404.html" {
            let path = pagePath.hasSuffix("index.html") ? String(pagePath.dropLast("index.html".count)) : pagePath
            xml += "  <url><loc>" + HTML.escaped(base + path.split(separator: "/", omittingEmptySubsequences: false).map { String($0).pathEncoded }.joined(separator: "/")) + "</loc></url>\n"
        }
        xml += "</urlset>\n"
        return OutputPage(path: "sitemap.xml", bytes: Array(xml.utf8))
    }

    /// `entries.json` of a list: every entry with its section, its anchor on the page and its fields, for other tools and search.
    func entriesJSON(_ list: IndexedList, split: Bool) -> OutputPage {
        var json = JSONWriter()
        json.raw("[")
        var first = true
        for section in list.sections {
            for entry in section.entries {
                json.raw(first ? "\n" : ",\n")
                first = false
                json.raw("{\"title\":"); json.string(entry.text(at: list.settings.titleField) ?? "")
                json.raw(",\"id\":"); json.string(entry.id)
                json.raw(",\"href\":"); json.string(list.slug + "/" + (split ? section.id + "/" : "") + "index.html#" + entry.id.fragmentEncoded)
                json.raw(",\"url\":"); json.string(entry.text(at: list.settings.urlField).flatMap(URLPolicy.safeHref) ?? "")
                json.raw(",\"section\":"); json.string(section.title)
                json.raw(",\"fields\":"); json.value(.record(entry.fields))
                json.raw("}")
            }
        }
        json.raw("\n]\n")
        return OutputPage(path: list.slug + "/entries.json", bytes: json.bytes)
    }

    func markdown(_ text: String) -> String {
        CommonMark.html(text, allowUnsafeHTML: site.allowUnsafeHTML)
    }

    /// Lists with more entries than this are split into one page per section under `split: auto`.
    public static let automaticSplitThreshold = 5_000

    /// Whether a list renders one page per section.
    func isSplit(_ list: IndexedList) -> Bool {
        switch list.settings.split {
        case .none: false
        case .sections: true
        case .auto: list.entryCount > PageRenderer.automaticSplitThreshold
        }
    }

    /// Renders a list's pages: one page, or an overview and one page per section when split. Sections are rendered
    /// one at a time (descriptions on every core), so only one section's entries are in template form at once.
    func renderList(_ list: IndexedList, emit: (OutputPage) -> Void, missing: inout Set<MustacheLibrary.MissingKey>) -> [Diagnostic] {
        let settings = list.settings
        let fieldPaths = displayedFields(list)
        let entryPages = list.hasEntryPages
        let split = isSplit(list)
        var unsafeURLs: [Diagnostic] = []
        /// Where a section's entries are, relative to the list folder: on the one page, or on the section's own page.
        func pagePath(of section: Section) -> String { split ? section.id + "/index.html" : "index.html" }
        func isShown(_ section: Section) -> Bool { !section.isEmpty || settings.emptySections == .show }

        func entryContext(_ entry: Entry, descriptionHTML: String, pagePrefix: String) -> EntryContext {
            var href = ""
            if let raw = entry.text(at: settings.urlField) {
                if let safe = URLPolicy.safeHref(raw) {
                    href = safe
                } else {
                    unsafeURLs.append(.warning(.unsafeURL, "link '\(raw)' is not http, https, mailto or relative; it is shown as text",
                                               at: entry.location(of: settings.urlField), hint: "only http, https, mailto and relative links become live links"))
                }
            }
            let fields: [TemplateValue] = fieldPaths.compactMap { path in
                guard let value = entry.text(at: path) else { return nil }
                return .object(FieldContext(name: path.components.joined(separator: " "), value: value))
            }
            let children = entry.children.map { child in
                TemplateValue.object(entryContext(child, descriptionHTML: child.text(at: settings.descriptionField).map { markdown($0) } ?? "",
                                                  pagePrefix: pagePrefix))
            }
            return EntryContext(id: entry.id, title: entry.text(at: settings.titleField) ?? "", href: href,
                                pageHref: entryPages ? pagePrefix + entry.id + ".html" : "", descriptionHTML: descriptionHTML,
                                bodyHTML: "", fields: fields, children: children)
        }

        /// A section in template form, with its entries' contexts (kept for entry pages).
        func sectionValue(_ section: Section) -> (TemplateValue, [EntryContext]) {
            let descriptions = renderDescriptions(section.entries, field: settings.descriptionField)
            let contexts = zip(section.entries, descriptions).map { entry, html in
                entryContext(entry, descriptionHTML: html, pagePrefix: split ? "../" : "")
            }
            let value = TemplateValue.object(SectionContext(section: section, descriptionHTML: section.description.map { markdown($0) } ?? "",
                                                            entries: contexts.map { .object($0) }))
            return (value, contexts)
        }

        /// The strip as seen from a page `depth` folders below the list folder, marking the page's own section.
        func strip(from depth: Int, current: Int?) -> TemplateValue {
            let up = String(repeating: "../", count: depth)
            return .list(list.sections.enumerated().map { index, section in
                let target = split ? up + pagePath(of: section) : ""
                return .object(["label": .text(section.label), "title": .text(section.title), "href": .text(target + "#" + section.id.fragmentEncoded),
                                "enabled": .bool(isShown(section)), "current": .bool(index == current)] as [String: TemplateValue])
            })
        }
        let listContext: [String: TemplateValue] = [
            "title": .text(list.title),
            "description_html": .text(list.description.map { markdown($0) } ?? ""),
            "entry_count": .text(String(list.entryCount)),
            "section_count": .text(String(list.sections.filter { !$0.isEmpty }.count)),
            "href": .text("index.html"),
        ]
        let overview: [TemplateValue] = split ? list.sections.filter(isShown).map { section in
            .object(["label": .text(section.label), "title": .text(section.title), "href": .text(pagePath(of: section)),
                     "entry_count": .text(String(section.entries.count))] as [String: TemplateValue])
        } : []

        func listPage(path: String, depth: Int, sections: [TemplateValue], current: Int?, title: String) {
            let root = String(repeating: "../", count: depth + 1)
            let context: [String: TemplateValue] = [
                "site": siteContext(), "root": .text(root), "list": .object(listContext),
                "strip": strip(from: depth, current: current), "strip_count": .text(String(list.sections.count)),
                "sections": .list(sections), "has_sections": .bool(!sections.isEmpty),
                "is_overview": .bool(split && current == nil), "overview": .list(current == nil ? overview : []),
            ]
            var body: [UInt8] = []
            missing.formUnion(library.render("list", .object(context), into: &body))
            emit(page(path: list.slug + "/" + path, title: title, description: list.description ?? "", kind: "list",
                      root: root, body: body, missing: &missing))
        }

        func entryPagesOf(_ section: Section, _ contexts: [EntryContext], written: inout Set<String>) {
            for (entry, context) in zip(section.entries, contexts) where written.insert(entry.location.path + ":\(entry.location.line)").inserted {
                let full = EntryContext(id: context.id, title: context.title, href: context.href, pageHref: "",
                                        descriptionHTML: context.descriptionHTML, bodyHTML: entry.body.map { markdown($0) } ?? "",
                                        fields: context.fields, children: context.children)
                let pageContext: [String: TemplateValue] = [
                    "site": siteContext(), "root": .text("../"), "entry": .object(full),
                    "list": .object(["title": .text(list.title), "href": .text(pagePath(of: section) + "#" + entry.id.fragmentEncoded)] as [String: TemplateValue]),
                ]
                var entryBody: [UInt8] = []
                missing.formUnion(library.render("entry-page", .object(pageContext), into: &entryBody))
                let description = entry.text(at: settings.descriptionField) ?? ""
                emit(page(path: list.slug + "/" + entry.id + ".html", title: context.title + " · " + list.title,
                          description: description, kind: "entry", root: "../", body: entryBody, missing: &missing))
            }
        }

        var written: Set<String> = []
        if split {
            listPage(path: "index.html", depth: 0, sections: [], current: nil, title: list.title)
            for (index, section) in list.sections.enumerated() where isShown(section) {
                let (value, contexts) = sectionValue(section)
                listPage(path: pagePath(of: section), depth: 1, sections: [value], current: index, title: section.title + " · " + list.title)
                if entryPages { entryPagesOf(section, contexts, written: &written) }
            }
        } else {
            let rendered = list.sections.filter(isShown).map { ($0, sectionValue($0)) }
            listPage(path: "index.html", depth: 0, sections: rendered.map(\.1.0), current: nil, title: list.title)
            if entryPages {
                for (section, (_, contexts)) in rendered { entryPagesOf(section, contexts, written: &written) }
            }
        }
        emit(entriesJSON(list, split: split))
        return unsafeURLs
    }

    /// The fields shown with each entry: the `fields` setting, or for CSV and JSON every plain field not shown otherwise.
    func displayedFields(_ list: IndexedList) -> [KeyPath] {
        if let fields = list.settings.fields { return fields }
        if list.kind == .docsIndex { return ["page"] }
        guard list.kind == .csv || list.kind == .json, let first = list.sections.lazy.flatMap(\.entries).first else { return [] }
        let shown: Set<String> = [list.settings.titleField.description, list.settings.urlField.description, list.settings.descriptionField.description]
        var grouped: String?
        if case .field(let path)? = list.settings.grouping { grouped = path.description }
        return zip(first.fields.names, first.fields.values).compactMap { name, value in
            guard case .text = value, !shown.contains(name), name != grouped else { return nil }
            return KeyPath(name)
        }
    }

    /// Renders the Markdown description of every entry, splitting the work across the machine's cores.
    func renderDescriptions(_ entries: [Entry], field: KeyPath) -> [String] {
        let count = entries.count
        guard count > 0 else { return [] }
        let allowUnsafe = site.allowUnsafeHTML
        let chunks = min(max(1, count / 512), 64)
        let results = UnsafeMutableBufferPointer<String>.allocate(capacity: count)
        results.initialize(repeating: "")
        defer { results.deallocate() }
        nonisolated(unsafe) let shared = results
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * count / chunks
            let end = (chunk + 1) * count / chunks
            for index in start..<end {
                if let text = entries[index].text(at: field) {
                    shared[index] = CommonMark.html(text, allowUnsafeHTML: allowUnsafe)
                }
            }
        }
        let array = Array(results)
        _ = results.deinitialize()
        return array
    }
}

extension String {
    /// The text with `_` turned into `-`, as BCP 47 language tags write locale ids.
    func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }

    /// The id percent-encoded for use after `#` in an href (ids may hold letters of any script).
    var fragmentEncoded: String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// The text percent-encoded for a URL path segment.
    var pathEncoded: String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

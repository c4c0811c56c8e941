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

    public func render(_ lists: [IndexedList]) -> Rendered {
        var rendered = Rendered()
        var missing: Set<MustacheLibrary.MissingKey> = []
        for list in lists {
            renderList(list, into: &rendered, missing: &missing)
        }
        rendered.pages.append(renderHome(lists, missing: &missing))
        for name in theme.assets.keys.sorted() {
            rendered.pages.append(OutputPage(path: "assets/" + name, bytes: theme.assets[name] ?? []))
        }
        for key in missing.sorted(by: { ($0.template, $0.line, $0.name) < ($1.template, $1.line, $1.name) }) {
            let path = theme.templates[key.template]?.path ?? key.template
            let message = key.name.hasPrefix(">")
                ? "template '\(key.template)' includes partial '\(key.name.dropFirst())', which does not exist"
                : "template '\(key.template)' names '\(key.name)', which the page context does not have"
            rendered.diagnostics.append(.error(key.name.hasPrefix(">") ? .templateMissingPartial : .templateUnknownKey, message,
                                               at: SourceLocation(path: path, line: key.line), hint: "see the template context reference in the README"))
        }
        return rendered
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

    func markdown(_ text: String) -> String {
        CommonMark.html(text, allowUnsafeHTML: site.allowUnsafeHTML)
    }

    func renderList(_ list: IndexedList, into rendered: inout Rendered, missing: inout Set<MustacheLibrary.MissingKey>) {
        let settings = list.settings
        let fieldPaths = displayedFields(list)
        let entryPages = list.hasEntryPages
        // Descriptions are independent of each other: render them with cmark on every core.
        let flat = list.sections.flatMap(\.entries)
        let descriptions = renderDescriptions(flat, field: settings.descriptionField)
        var position = 0
        var unsafeURLs: [Diagnostic] = []

        func entryContext(_ entry: Entry, descriptionHTML: String) -> EntryContext {
            var href = ""
            if let raw = entry.text(at: settings.urlField) {
                if let safe = URLPolicy.safeHref(raw) {
                    href = safe
                } else {
                    unsafeURLs.append(.warning(.unsafeURL, "link '\(raw)' is not http, https, mailto or relative; it is shown as text",
                                               at: entry.location, hint: "only http, https, mailto and relative links become live links"))
                }
            }
            let fields: [TemplateValue] = fieldPaths.compactMap { path in
                guard let value = entry.text(at: path) else { return nil }
                return .object(FieldContext(name: path.components.joined(separator: " "), value: value))
            }
            let children = entry.children.map { child in
                TemplateValue.object(entryContext(child, descriptionHTML: child.text(at: settings.descriptionField).map { markdown($0) } ?? ""))
            }
            return EntryContext(id: entry.id, title: entry.text(at: settings.titleField) ?? "", href: href,
                                pageHref: entryPages ? entry.id + ".html" : "", descriptionHTML: descriptionHTML,
                                bodyHTML: "", fields: fields, children: children)
        }

        var sectionValues: [TemplateValue] = []
        var contexts: [(entry: Entry, context: EntryContext)] = []
        if entryPages { contexts.reserveCapacity(flat.count) }
        for section in list.sections {
            var entries: [TemplateValue] = []
            entries.reserveCapacity(section.entries.count)
            for entry in section.entries {
                let context = entryContext(entry, descriptionHTML: descriptions[position])
                position += 1
                if entryPages { contexts.append((entry, context)) }
                entries.append(.object(context))
            }
            let visible = !section.isEmpty || settings.emptySections == .show
            if visible {
                sectionValues.append(.object(SectionContext(section: section, descriptionHTML: section.description.map { markdown($0) } ?? "",
                                                            entries: entries)))
            }
        }
        let strip: [TemplateValue] = list.sections.map { section in
            .object(["label": .text(section.label), "title": .text(section.title), "href": .text("#" + section.id.fragmentEncoded),
                     "enabled": .bool(!section.isEmpty || settings.emptySections == .show), "current": .bool(false)] as [String: TemplateValue])
        }
        let listContext: [String: TemplateValue] = [
            "title": .text(list.title),
            "description_html": .text(list.description.map { markdown($0) } ?? ""),
            "entry_count": .text(String(list.entryCount)),
            "section_count": .text(String(list.sections.filter { !$0.isEmpty }.count)),
            "href": .text("index.html"),
        ]
        let context: [String: TemplateValue] = [
            "site": siteContext(), "root": .text("../"), "list": .object(listContext),
            "strip": .list(strip), "strip_count": .text(String(strip.count)),
            "sections": .list(sectionValues), "has_sections": .bool(!sectionValues.isEmpty),
        ]
        var body: [UInt8] = []
        body.reserveCapacity(flat.count * 400 + 4096)
        missing.formUnion(library.render("list", .object(context), into: &body))
        rendered.pages.append(page(path: list.slug + "/index.html", title: list.title, description: list.description ?? "", kind: "list",
                                   root: "../", body: body, missing: &missing))
        rendered.diagnostics += unsafeURLs

        if entryPages {
            var written: Set<String> = []
            for (entry, context) in contexts where written.insert(entry.location.path + ":\(entry.location.line)").inserted {
                let full = EntryContext(id: context.id, title: context.title, href: context.href, pageHref: "",
                                        descriptionHTML: context.descriptionHTML, bodyHTML: entry.body.map { markdown($0) } ?? "",
                                        fields: context.fields, children: context.children)
                let pageContext: [String: TemplateValue] = [
                    "site": siteContext(), "root": .text("../"), "entry": .object(full),
                    "list": .object(["title": .text(list.title), "href": .text("index.html#" + entry.id.fragmentEncoded)] as [String: TemplateValue]),
                ]
                var entryBody: [UInt8] = []
                missing.formUnion(library.render("entry-page", .object(pageContext), into: &entryBody))
                let description = entry.text(at: settings.descriptionField) ?? ""
                rendered.pages.append(page(path: list.slug + "/" + entry.id + ".html", title: context.title + " · " + list.title,
                                           description: description, kind: "entry", root: "../", body: entryBody, missing: &missing))
            }
        }
    }

    /// The fields shown with each entry: the `fields` setting, or for CSV and JSON every plain field not shown otherwise.
    func displayedFields(_ list: IndexedList) -> [KeyPath] {
        if let fields = list.settings.fields { return fields }
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

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

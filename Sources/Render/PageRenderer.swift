import Foundation
import IndexSiteCore
import IndexSiteParse

/// Render: turns indexed lists into HTML pages through the theme's Mustache templates, with Markdown fields
/// rendered by cmark (safe mode unless the site allows unsafe HTML) and every other text escaped.
public struct PageRenderer: Sendable {
    /// The site-wide settings every page shows (title, language, base URL) and whether Markdown may carry raw HTML.
    public var site: SiteSettings
    /// The theme's templates, parsed.
    var library: MustacheLibrary
    /// The theme the templates and assets come from.
    var theme: Theme
    /// The page words of every locale (catalogs), and their plural rules and number formats.
    var localization: Localization = .builtIn
    /// The files `Static/` puts in the output, by path from its root (`favicon.svg`, `images/logo.png`): favicons
    /// among them are linked from every page, and an entry's picture may name one by that path.
    public var staticPaths: Set<String> = []
    /// The site's `footer` Markdown, rendered once for every page.
    var footerHTML = ""

    /// Where the site's search runs: the home page over every list's search index, or, on a site of one unsplit
    /// list, that list's page, whose filter finds every entry in place, so that no index is written for it.
    struct SiteSearch {
        /// The page the header's search box sends its query to (`?q=`), from the site's root.
        var page = "index.html"
        /// Whether the lists have search indexes (the home page's search and a split list's filter read them).
        var indexed = true

        init() {}

        init(lists: [IndexedList], isSplit: (IndexedList) -> Bool) {
            guard lists.count == 1, let list = lists.first, !isSplit(list) else { return }
            (page, indexed) = (list.slug + "/index.html", false)
        }
    }

    /// This render's site search, known once the lists are.
    var siteSearch = SiteSearch()

    /// Parses the theme's templates; syntax errors come back as diagnostics naming the template file and line.
    public static func make(site: SiteSettings, theme: Theme, localization: Localization = .builtIn) -> (PageRenderer?, [Diagnostic]) {
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
                                      at: SourceLocation(path: SiteLayout.templatesFolder + "/" + name + ".mustache")))
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        // Every template against every page kind, before anything renders: `check` finds a typo in a template this
        // site never renders.
        let check = TemplateCheck.checked(library)
        diagnostics += PageRenderer.diagnostics(for: check.problems, theme: theme)
        diagnostics += check.cycles.sorted { ($0.template, $0.line) < ($1.template, $1.line) }.map { cycle in
            let path = theme.templates[cycle.template]?.path ?? cycle.template
            let how = cycle.list.map { "inside '{{#\($0)}}', a list from outside the context it was included with, so every round repeats the same items" }
                ?? "with no list between, so it never reaches an end"
            return .error(.templatePartialCycle, "template '\(cycle.chain[0])' includes itself (\(cycle.chain.joined(separator: " > "))) \(how)",
                          at: SourceLocation(path: path, line: cycle.line), hint: "include a partial in itself only inside a list of the item it shows, as entry does with {{#children}}")
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        var renderer = PageRenderer(site: site, library: library, theme: theme, localization: localization)
        renderer.footerHTML = site.footer.map { CommonMark.html($0, allowUnsafeHTML: site.allowUnsafeHTML) } ?? ""
        return (renderer, [])
    }

    /// Unknown names and missing partials as diagnostics at their template's line, in a stable order.
    static func diagnostics(for missing: Set<MustacheLibrary.MissingKey>, theme: Theme) -> [Diagnostic] {
        missing.sorted(by: { ($0.template, $0.line, $0.name) < ($1.template, $1.line, $1.name) }).map { key in
            let path = theme.templates[key.template]?.path ?? key.template
            let message = key.name.hasPrefix(">")
                ? "template '\(key.template)' includes partial '\(key.name.dropFirst())', which does not exist"
                : "template '\(key.template)' names '\(key.name)', which the page context does not have"
            return .error(key.name.hasPrefix(">") ? .templateMissingPartial : .templateUnknownKey, message,
                          at: SourceLocation(path: path, line: key.line), hint: "see the template context reference in the README")
        }
    }

    /// The result of rendering: the pages and what was found wrong on the way (unsafe links, unknown template keys).
    public struct Rendered: Sendable {
        /// Every file of the site in the order rendered: the theme's assets and `404.html`, each list's pages and
        /// `entries.json`, then the home page and `sitemap.xml` (when the site has a base URL).
        public var pages: [OutputPage] = []
        /// Problems found while rendering.
        public var diagnostics: [Diagnostic] = []
    }

    /// Renders every page into memory; for tests and small sites. Builds stream pages with `render(_:emit:)`.
    public func render(_ lists: [IndexedList]) -> Rendered {
        var pages: [OutputPage] = []
        let diagnostics = render(lists) { pages.appendJoiningParts($0) }
        return Rendered(pages: pages, diagnostics: diagnostics)
    }

    /// Renders every page, handing each to `emit` as soon as it is made, so a large site never sits in memory whole.
    public func render(_ lists: [IndexedList], emit: (OutputPage) -> Void) -> [Diagnostic] {
        var renderer = self
        renderer.siteSearch = SiteSearch(lists: lists, isSplit: isSplit)
        return renderer.renderSite(lists, emit: emit)
    }

    /// `render(_:emit:)` once the site's search is known.
    private func renderSite(_ lists: [IndexedList], emit: (OutputPage) -> Void) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var missing: Set<MustacheLibrary.MissingKey> = []
        var htmlPaths: [String] = []
        func emitAndRecord(_ page: OutputPage) {
            if page.path.hasSuffix(".html"), htmlPaths.last != page.path { htmlPaths.append(page.path) }
            emit(page)
        }
        // The theme's assets and the 404 page depend on no list: handed out first, they are written while the lists'
        // pages are made instead of adding to the build's last steps.
        for name in theme.assets.keys.sorted() {
            emit(OutputPage(path: "assets/" + name, bytes: theme.assets[name] ?? []))
        }
        emitAndRecord(renderNotFound(missing: &missing))
        let feeds = Feeds(self, lists)
        diagnostics += feeds.diagnostics
        for (index, list) in lists.enumerated() {
            diagnostics += renderList(list, feeds: feeds.links(forList: index), emit: emitAndRecord, missing: &missing)
            if let feed = feeds.listFeed(index) { emit(feed) }
        }
        emitAndRecord(renderHome(lists, feeds: feeds.links(forList: nil), missing: &missing))
        if let feed = feeds.siteFeed() { emit(feed) }
        if let sitemap = sitemap(htmlPaths) { emit(sitemap) }
        diagnostics += PageRenderer.diagnostics(for: missing, theme: theme)
        return diagnostics
    }

    var language: String {
        let base = site.locale.split(separator: "@").first.map(String.init) ?? site.locale
        return base.replacingUnderscores()
    }

    func siteContext() -> TemplateValue {
        .object(["title": .text(site.title), "lang": .text(language), "description": .text(site.description ?? ""),
                 "base_url": .text(site.baseURL ?? ""), "footer_html": .text(footerHTML), "search_href": .text(siteSearch.page),
                 "search_in_list": .bool(!siteSearch.indexed),
                 "favicons": .list(favicons.map { icon in
                     .object(["rel": .text(icon.rel), "path": .text(icon.path), "type": .text(icon.type)] as [String: TemplateValue])
                 })] as [String: TemplateValue])
    }

    /// The icons browsers look for, in the order they prefer them, when `Static/` has them at its top: put a
    /// `favicon.svg` there and every page links it (without any, pages say they have none, so browsers ask for nothing).
    static let faviconFiles: [(path: String, rel: String, type: String)] = [
        ("favicon.svg", "icon", "image/svg+xml"), ("favicon.png", "icon", "image/png"), ("favicon.ico", "icon", "image/x-icon"),
        ("apple-touch-icon.png", "apple-touch-icon", ""),
    ]

    /// The favicons of `Static/` (see `faviconFiles`).
    var favicons: [(path: String, rel: String, type: String)] {
        PageRenderer.faviconFiles.filter { staticPaths.contains($0.path) }
    }

    /// The "Edit this page" address of the source at `path` (from the site folder), when the site has an `edit_url`.
    func editURL(ofSource path: String) -> String {
        guard let pattern = site.editURL, !path.isEmpty else { return "" }
        return pattern.replacing("{path}", with: path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self).percentEncoded }.joined(separator: "/"))
    }

    /// The page words templates see as `strings.<key>`: every plain key, with `{list}` filled in when a list is given.
    func stringsContext(_ words: UIStrings, listTitle: String = "") -> TemplateValue {
        var values: [String: TemplateValue] = [:]
        for key in UIStringKey.allCases where !key.isPlural {
            values[key.rawValue] = .text(words.text(key, ["list": listTitle]))
        }
        return .object(values)
    }

    /// "5 entries · 2 sections" in the page's language, numbers written its way.
    func countsText(_ words: UIStrings, entries: Int, sections: Int) -> String {
        words.text(.counts, ["entries": words.plural(.entries_count, count: entries), "sections": words.plural(.sections_count, count: sections)])
    }

    /// Page words as the layout sees them: the words and their `strings` context (`{list}` empty), made together once
    /// for all the pages that share them (made per page, the context was a large share of a site of many entry pages).
    struct LayoutWords {
        let words: UIStrings
        let strings: TemplateValue

        init(_ words: UIStrings, renderer: PageRenderer) {
            self.words = words
            strings = renderer.stringsContext(words)
        }
    }

    /// Wraps a page body in the layout template, in the language of `words` (`<html lang>` and `dir`).
    /// `scriptData` is the JSON the page script reads (list pages and the home page).
    func page(path: String, title: String, description: String, kind: String, root: String, body: [UInt8], words: LayoutWords,
              scriptData: String = "", inlineStyle: String = "", feeds: [TemplateValue] = [], footer: PageFooter = PageFooter(),
              missing: inout Set<MustacheLibrary.MissingKey>) -> OutputPage {
        var output: [UInt8] = []
        output.reserveCapacity(body.count + 2048)
        let context = layoutContext(path: path, title: title, description: description, kind: kind, root: root, content: body[...],
                                    words: words, scriptData: scriptData, inlineStyle: inlineStyle, feeds: feeds, footer: footer)
        missing.formUnion(library.render("layout", context, into: &output))
        return OutputPage(path: path, bytes: output)
    }

    /// What a page's footer says of its page: where to edit its source (empty when unknown). When its entries last
    /// changed is the list's own line under its title (`list.last_updated`), from the site's history.
    struct PageFooter {
        var editURL = ""
    }

    /// Whether a page has a footer to show: the site's `footer`, or an edit link or date of its own.
    func hasFooter(_ footer: PageFooter) -> Bool {
        !footerHTML.isEmpty || !footer.editURL.isEmpty
    }

    /// What the footer partial sees as `page` inside a list page's body (`list.mustache` includes it at the end of
    /// its column, so that the sticky strip beside the column stays in view down to the page's very end).
    func footerContext(_ footer: PageFooter) -> TemplateValue {
        .object(["edit_url": .text(footer.editURL), "has_footer": .bool(hasFooter(footer))]
                as [String: TemplateValue])
    }

    /// Where the body goes when a page is wrapped in pieces. It holds a `<`, so a layout that writes `{{content}}`
    /// escaped never shows it, and its page is wrapped whole.
    static let contentMarker = Array("\u{0}<indexsite-content/>\u{0}".utf8)

    /// `page(…)` for a body made in pieces (`MustacheLibrary.render(_:_:emit:)`), handed out as parts of one file as
    /// they are made: the layout is rendered around a marker and cut there, its first part handed out before the body
    /// is made, so the body (a page of a million entries) is never held. `writeBody` hands its pieces to the function
    /// it is given. A layout that does not write the body once, unescaped, gets it joined.
    func streamPage(path: String, title: String, description: String, kind: String, root: String, words: LayoutWords,
                    scriptData: String = "", feeds: [TemplateValue] = [], footer: PageFooter = PageFooter(),
                    missing: inout Set<MustacheLibrary.MissingKey>, emit: (OutputPage) -> Void,
                    body writeBody: (_ piece: ([UInt8]) -> Void) -> Void) {
        var marked: [UInt8] = []
        let context = layoutContext(path: path, title: title, description: description, kind: kind, root: root,
                                    content: PageRenderer.contentMarker[...], words: words, scriptData: scriptData, feeds: feeds,
                                    footer: footer)
        let found = library.render("layout", context, into: &marked)
        let marker = PageRenderer.contentMarker
        let at = marked.indices.filter { marked[$0...].starts(with: marker) }
        guard at.count == 1 else {
            var body: [UInt8] = []
            writeBody { body += $0 }
            emit(page(path: path, title: title, description: description, kind: kind, root: root, body: body, words: words,
                      scriptData: scriptData, feeds: feeds, footer: footer, missing: &missing))
            return
        }
        missing.formUnion(found)
        emit(OutputPage(path: path, bytes: Array(marked[..<at[0]]), continuesInNextPage: true))
        withoutActuallyEscaping(emit) { emit in writeBody { emit(OutputPage(path: path, bytes: $0, continuesInNextPage: true)) } }
        emit(OutputPage(path: path, bytes: Array(marked[(at[0] + marker.count)...])))
    }

    /// What the layout template sees (see the template context reference in the README).
    func layoutContext(path: String, title: String, description: String, kind: String, root: String, content: ArraySlice<UInt8>,
                       words: LayoutWords, scriptData: String, inlineStyle: String = "", feeds: [TemplateValue] = [],
                       footer: PageFooter = PageFooter()) -> TemplateValue {
        let canonical = site.baseURL.map { $0 + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path) } ?? ""
        return .object([
            "site": siteContext(),
            "root": .text(root),
            "strings": words.strings,
            "page": .object(["title": .text(title), "document_title": .text(kind == "home" || title == site.title ? title : title + " · " + site.title),
                             "description": .text(description), "canonical": .text(canonical), "kind": .text(kind),
                             "lang": .text(words.words.languageTag), "dir": .text(words.words.isRightToLeft ? "rtl" : "ltr"),
                             "script_data": .text(scriptData), "inline_style": .text(inlineStyle), "feeds": .list(feeds),
                             "edit_url": .text(footer.editURL), "has_footer": .bool(hasFooter(footer)),
                             "footer_in_content": .bool(kind == "list")] as [String: TemplateValue]),
            "content": .bytes(content),
        ] as [String: TemplateValue])
    }

    func renderHome(_ lists: [IndexedList], feeds: [Feeds.Link] = [], missing: inout Set<MustacheLibrary.MissingKey>) -> OutputPage {
        let words = localization.strings(for: site.locale)
        let items: [TemplateValue] = lists.map { list in
            let sectionCount = list.sections.filter { !$0.isEmpty }.count
            return .object(["title": .text(list.title), "href": .text(list.slug + "/index.html"),
                     "description_html": .text(list.description.map { markdown($0) } ?? ""),
                     "entry_count": .text(String(list.readerEntryCount)),
                     "section_count": .text(String(sectionCount)),
                     "counts": .text(countsText(words, entries: list.readerEntryCount, sections: sectionCount)),
                     "search_href": .text(siteSearch.indexed ? list.slug + "/" + ListPages.searchManifestPath : "")] as [String: TemplateValue])
        }
        let layoutWords = LayoutWords(words, renderer: self)
        // The site's search speaks the site's language; each list's index carries its own search forms.
        let plurals = ScriptStrings.pluralTable(locale: site.locale, maxCount: lists.reduce(0) { $0 + $1.readerEntryCount })
        let scriptData = ScriptStrings.json(words: words, plurals: plurals ?? ScriptStrings.PluralTable(small: "", cycle: "", exceptions: [:]),
                                            numbers: ScriptStrings.NumberTable(words: words), foldJSON: Array("{}".utf8))
        let context: [String: TemplateValue] = ["site": siteContext(), "root": .text(""), "lists": .list(items), "has_lists": .bool(!items.isEmpty),
                                               "has_search": .bool(!items.isEmpty && siteSearch.indexed),
                                               "strings": layoutWords.strings]
        var body: [UInt8] = []
        missing.formUnion(library.render("home", .object(context), into: &body))
        return page(path: "index.html", title: site.title, description: site.description ?? "", kind: "home", root: "", body: body,
                    words: layoutWords, scriptData: lists.isEmpty ? "" : scriptData, feeds: feeds.map { $0.value(root: "") }, missing: &missing)
    }

    /// The page a static host shows for a missing path, in the site's language, rendered with `not-found.mustache`
    /// (a site may override it). With `base_url` its links are absolute from it. Without one, the page cannot know
    /// where the site's root is (a host serves it at any missing path), so it carries its own style, and a small
    /// script (`find_root_script`) finds the root (the deepest folder above the address that has the site's
    /// stylesheet), points the relative links there and loads the theme's script from it.
    func renderNotFound(missing: inout Set<MustacheLibrary.MissingKey>) -> OutputPage {
        let root = site.baseURL ?? ""
        let words = localization.strings(for: site.locale)
        let layoutWords = LayoutWords(words, renderer: self)
        var style = ""
        var script = ""
        if site.baseURL == nil {
            script = String(PageRenderer.findRootScript.dropLast())
            // `</` cannot end the style element early: in CSS it only ever stands in a comment or a string.
            style = String(decoding: theme.assets["indexsite.css"] ?? [], as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        }
        let context: [String: TemplateValue] = ["site": siteContext(), "root": .text(root), "strings": layoutWords.strings,
                                                "find_root_script": .text(script)]
        var body: [UInt8] = []
        missing.formUnion(library.render("not-found", .object(context), into: &body))
        return page(path: "404.html", title: words.text(.not_found_title), description: "", kind: "not-found", root: root,
                    body: body, words: layoutWords, inlineStyle: style, missing: &missing)
    }

    /// Finds the site's root for the 404 page, points its relative links there and loads the theme's script from it;
    /// from `file://` (a local copy, where the page is at the root) it loads the script at once.
    static let findRootScript = """
        <script id="indexsite-find-root">
        (function () {
          function load(root) {
            var script = document.createElement("script");
            script.src = root + "assets/indexsite.js";
            document.head.appendChild(script);
          }
          if (location.protocol === "file:") return load("");
          var folders = location.pathname.split("/").slice(0, -1);
          function look(depth) {
            if (!depth) return;
            var root = folders.slice(0, depth).join("/") + "/";
            var next = function () { look(depth - 1); };
            fetch(root + "assets/indexsite.css", { method: "HEAD" }).then(function (response) {
              if (!response.ok) return next();
              document.querySelectorAll("a[href]").forEach(function (link) {
                var href = link.getAttribute("href");
                if (!/^([a-z][a-z0-9+.-]*:|[/#])/i.test(href)) link.setAttribute("href", root + href);
              });
              load(root);
            }, next);
          }
          look(folders.length);
        })();
        </script>

        """

    /// `sitemap.xml` listing every HTML page, when the site has a `base_url` to make absolute URLs from.
    func sitemap(_ htmlPaths: [String]) -> OutputPage? {
        guard let base = site.baseURL else { return nil }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for pagePath in htmlPaths.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where pagePath != "404.html" {
            let path = pagePath.hasSuffix("index.html") ? String(pagePath.dropLast("index.html".count)) : pagePath
            xml += "  <url><loc>" + HTML.escaped(base + path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self).percentEncoded }.joined(separator: "/")) + "</loc></url>\n"
        }
        xml += "</urlset>\n"
        return OutputPage(path: "sitemap.xml", bytes: Array(xml.utf8))
    }

    func markdown(_ text: String) -> String {
        CommonMark.html(text, allowUnsafeHTML: site.allowUnsafeHTML)
    }

    /// Lists with more entries than this are split into one page per section under `split: auto`.
    public static let automaticSplitThreshold = 5_000

    /// Whether a list renders one page per section.
    func isSplit(_ list: IndexedList) -> Bool {
        PageRenderer.isSplit(list.settings, entryCount: list.entryCount)
    }

    /// Which page holds each of the list's entries.
    func paging(_ list: IndexedList) -> SectionPaging {
        PageRenderer.paging(list.settings, entryCount: list.entryCount)
    }

    /// Which page holds each entry of a list with these settings and `entryCount` top-level entries (asked before
    /// rendering too, so that in-page links point at the pages their targets are on).
    public static func paging(_ settings: ListSettings, entryCount: Int) -> SectionPaging {
        SectionPaging(split: isSplit(settings, entryCount: entryCount), pageSize: settings.pageSize)
    }

    /// Whether a list with these settings and `entryCount` top-level entries renders one page per section (asked
    /// before rendering too, so that links between sections point at their pages).
    public static func isSplit(_ settings: ListSettings, entryCount: Int) -> Bool {
        switch settings.split {
        case .none: false
        case .sections: true
        case .auto: entryCount > automaticSplitThreshold
        }
    }

    /// Renders a list's pages: one page, or an overview and one page per section when split (several for a section
    /// longer than `page_size`). A split list's pages render on every core, a few at a time, and are emitted in order,
    /// so output stays identical and memory bounded.
    func renderList(_ list: IndexedList, feeds: [Feeds.Link] = [], emit: (OutputPage) -> Void,
                    missing: inout Set<MustacheLibrary.MissingKey>) -> [Diagnostic] {
        let pages = ListPages(renderer: self, list: list, feeds: feeds)
        // Its entries.json is begun first, so that its first pieces are made on the cores the pages leave idle.
        let json = entriesJSON(list, paging: pages.paging, copies: pages.copies)
        var diagnostics: [Diagnostic] = []
        func take(_ output: ListPages.Output) {
            output.pages.forEach(emit)
            missing.formUnion(output.missing)
            diagnostics += output.diagnostics
        }
        if pages.split {
            take(pages.overviewPage())
            let shown = list.sections.indices.filter { pages.isShown($0) }.flatMap { index in
                (0..<pages.pageCount(ofSection: index)).map { (section: index, page: $0) }
            }
            let width = Engine.current.width
            for batchStart in stride(from: 0, to: shown.count, by: width) {
                let batch = Array(shown[batchStart..<min(batchStart + width, shown.count)])
                Engine.current.orderedMap(count: batch.count) { pages.sectionPage(batch[$0].section, page: batch[$0].page) }.forEach(take)
            }
        } else {
            take(pages.singlePage(emit: emit))
        }
        // A page per facet value, a few at a time on every core, emitted in order.
        let valuePages = pages.facetValuePages()
        let width = Engine.current.width
        for batchStart in stride(from: 0, to: valuePages.count, by: width) {
            let batch = Array(valuePages[batchStart..<min(batchStart + width, valuePages.count)])
            Engine.current.orderedMap(count: batch.count) { pages.facetValuePage(facet: batch[$0].facet, value: batch[$0].value) }.forEach(take)
        }
        if siteSearch.indexed { pages.searchIndexPages().forEach(emit) }
        json.emit(emit)
        return diagnostics
    }

    /// The fields shown with each entry: the `fields` setting, or what the source's format shows by default (for CSV
    /// and JSON every plain field not shown otherwise, for a Markdown list the columns of its tables: `Auth`, `CORS`).
    /// `shortened: false` gives a wide record's every default field: what the entry page and `entries.json` hold.
    func displayedFields(_ list: IndexedList, shortened: Bool = true) -> [FieldPath] {
        if let fields = list.settings.fields { return fields }
        // `added` and `updated` from the history are shown only when `fields` names them: by default they serve
        // "New", "Last updated" and the feed, not every entry's line as raw times.
        let history: Set<String> = list.lastUpdated != nil ? PageRenderer.historyFields : []
        switch list.kind.format.shownFields {
        case .page: return ["page"]
        case .tableColumns: return tableFields(list).filter { !history.contains($0.description) }
        case .none: return []
        case .plainFields: break
        }
        // The reading only sorts and letters the entry (as a phonetic name does in Contacts): not shown unless `fields` lists it.
        var shown: Set<String> = [list.settings.titleField.description, list.settings.urlField.description, list.settings.descriptionField.description]
        shown.formUnion(history)
        if let reading = list.settings.readingField { shown.insert(reading.description) }
        if let image = PageRenderer.imageField(of: list) { shown.insert(image.description) }
        var grouped: String?
        if case .field(let path)? = list.settings.grouping { grouped = path.description }
        let plain = PageRenderer.commonTextFields(list.sections).compactMap { name -> FieldPath? in
            shown.contains(name) || name == grouped ? nil : FieldPath(name)
        }
        // A wide table (a country database's 28 columns) shows its first few; `fields` chooses, entries.json keeps all.
        return shortened && plain.count > PageRenderer.wideRecordFields ? Array(plain.prefix(PageRenderer.shortFieldSet)) : plain
    }

    /// The fields the History stage gives entries (`SourceHistory.fieldNames`).
    static let historyFields: Set<String> = ["added", "updated"]

    /// The field of each entry's picture: `image_field`, else `image` or `logo` when the list's first entry has one.
    static func imageField(of list: IndexedList) -> FieldPath? {
        if let field = list.settings.imageField { return field }
        let first = list.sections.lazy.flatMap(\.entries).first?.fields
        return ["image", "logo"].first { first?.value(at: FieldPath($0)) != nil }.map { FieldPath($0) }
    }

    /// The top-level text fields that at least half the entries have, in the order first seen: the first record
    /// alone may be unlike the rest (RuboCop's global `AllCops` settings above 600 cops that share three fields).
    static func commonTextFields(_ sections: [Section]) -> [String] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        var entryCount = 0
        // A run of rows sharing one names array (every row of a CSV file) is counted once, with its length.
        var run: (names: [String], address: ElementsAddress?, length: Int)?
        func endRun() {
            guard let ended = run else { return }
            for name in ended.names {
                if counts[name] == nil { order.append(name) }
                counts[name, default: 0] += ended.length
            }
            run = nil
        }
        for section in sections {
            for entry in section.entries {
                entryCount += 1
                let fields = entry.fields
                if fields.isRowOfTexts, let address = fields.namesAddress {
                    if run?.address == address { run!.length += 1; continue }
                    endRun()
                    run = (fields.names, address, 1)
                    continue
                }
                endRun()
                for column in fields.names.indices {
                    guard case .text = fields.value(column: column) else { continue }
                    if counts[fields.names[column]] == nil { order.append(fields.names[column]) }
                    counts[fields.names[column], default: 0] += 1
                }
            }
        }
        endRun()
        return order.filter { counts[$0, default: 0] * 2 >= entryCount }
    }

    /// More plain fields than this make a record wide: only the first `shortFieldSet` are shown unless `fields` says.
    static let wideRecordFields = 10
    /// How many fields a wide record shows by default.
    static let shortFieldSet = 6
}

import Foundation
import IndexSiteCore
import IndexSiteLoad
import IndexSiteParse
import IndexSiteSection
import IndexSiteHistory
import IndexSiteRender
import IndexSiteWrite

/// One list, from its planned source to anchored sections: Parse, the field check, Section and the anchors, in order.
extension Build {
    /// One list on its own (for tests): parsed, sectioned and anchored, with a slug no other list holds.
    static func makeList(_ planned: ListPlanner.PlannedList, strict: Bool = false) -> (IndexedList?, [Diagnostic]) {
        var ignored = 0.0
        var slugs = UniqueNames(reserved: reservedSlugs)
        return makeList(planned, slugs: &slugs, strict: strict, sectionSeconds: &ignored)
    }

    /// Parses one source and sections its entries; the slug is claimed from `slugs`.
    /// `sectionSeconds` adds up the time spent sorting, sectioning and anchoring, for the build's stage timings.
    /// The planned list is consumed: its source's bytes are let go once parsed, before sorting, as the sections never
    /// read them and a large file's bytes would sit beside them.
    static func makeList(_ planned: consuming ListPlanner.PlannedList, slugs: inout UniqueNames, strict: Bool, sectionSeconds: inout Double,
                         localization: Localization = .builtIn,
                         history: BuildHistory? = nil) -> (IndexedList?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        // The list's entry in indexsite.yml over the site file's defaults, until resolved with what the source says.
        var settings = planned.settings
        var resolved = false
        let (kind, declaredAt) = (planned.kind, planned.settingsLocation)
        let facts = { (fields: FieldNameCheck?) in ListSettings.SourceFacts(kind: kind, fields: fields, declaredAt: declaredAt) }
        let sourcePath: String = switch planned.source {
        case .file(let file): file.path
        case .folder(let path, _): path
        }
        var parsed: ParsedSource
        // MDX pages and admonitions are read as Markdown; what is left out of MDX is named in one warning.
        var mdxWarning: Diagnostic?
        switch planned.source {
        case .folder(let path, let files):
            var leftOut: [(path: String, leftOut: MDXText.LeftOut)] = []
            planned.source = .folder(path: path, files: files.map { file in
                let (markdown, removed) = MDXText.markdown(file)
                if !removed.isEmpty { leftOut.append((file.path, removed)) }
                return markdown
            })
            mdxWarning = MDXText.warning(leftOut)
        case .file(let file) where planned.kind == .markdownList:
            let (markdown, removed) = MDXText.markdown(file)
            planned.source = .file(markdown)
            if !removed.isEmpty { mdxWarning = MDXText.warning([(file.path, removed)]) }
        case .file: break
        }
        switch planned.source {
        case .file(let file):
            let format = planned.kind.format
            // A header names the fields: settings are checked against it before a large file is read at all.
            if let columns = format.fieldNames(of: file, settings: settings) {
                let resolution = ListSettings.resolve(listEntry: settings, frontMatter: nil, source: facts(FieldNameCheck(columns: columns)),
                                                      localization: localization)
                guard !resolution.1.hasErrors(strict: false) else { return (nil, resolution.1) }
                (settings, resolved) = (resolution.0, true)
                diagnostics += resolution.1
            }
            parsed = format.parse(file, settings: settings)
        case .folder(let path, let files) where planned.kind == .docsIndex:
            let docs = DocsIndexParser(linkStyle: settings.linkStyle, headingIDs: settings.headingIDs, linkExtension: settings.linkExtension,
                                       linkBase: settings.linkBase, locale: settings.locale)
            parsed = docs.parse(files, folder: path)
            if settings.linkBase.isEmpty, let example = parsed.entries.lazy.compactMap({ $0.text(at: "url") ?? $0.children.first?.text(at: "url") }).first {
                parsed.diagnostics.append(DocsIndexParser.relativeLinksWarning(example: example, listSlug: Slug.make(settings.slug ?? planned.defaultSlug, fallback: "list"),
                                                                               at: settings.location(of: .kind, or: planned.settingsLocation)))
            }
        case .folder(let path, let files):
            parsed = ParsedSource()
            // A book's or docs site's source folder, dropped in as it is: one entry per chapter is rarely what its
            // reader wants, and the setting that makes an index of its headings is not one a newcomer knows.
            if !settings.isWritten(.kind), let marker = files.first(where: { file in
                ["SUMMARY.md", "src/SUMMARY.md", "_index.md", "content/_index.md"].contains { file.path == path + "/" + $0 } }) {
                let tool = marker.path.hasSuffix("SUMMARY.md") ? "mdbook" : "hugo"
                let name = marker.path.split(separator: "/").last.map(String.init) ?? ""
                let source = String(path.dropFirst(SiteLayout.contentFolder.count + 1))
                parsed.diagnostics.append(.warning(
                    .folderLooksLikeDocs,
                    "'\(path)' holds a \(name), as \(tool == "mdbook" ? "a book's" : "a Hugo site's") source does: each file became one entry",
                    at: marker.location(line: 1),
                    hint: "for an index of every heading of its pages, list it in indexsite.yml as lists: [{source: \(source), kind: headings, link_style: \(tool)}]; kind: entries keeps one entry per file and silences this"))
            } else if !settings.isWritten(.kind), let page = files.first(where: { $0.path.lowercased().hasSuffix(".mdx") }) {
                // MDX pages are a Docusaurus site's docs.
                let source = String(path.dropFirst(SiteLayout.contentFolder.count + 1))
                let count = files.count { $0.path.lowercased().hasSuffix(".mdx") }
                parsed.diagnostics.append(.warning(
                    .folderLooksLikeDocs,
                    "'\(path)' holds \(count) MDX \(count == 1 ? "page" : "pages"), as a Docusaurus site's docs do: each file became one entry",
                    at: page.location(line: 1),
                    hint: "for an index of every heading of its pages, list it in indexsite.yml as lists: [{source: \(source), kind: headings, link_style: docusaurus}]; kind: entries keeps one entry per file and silences this"))
            }
            let parser = MarkdownEntryParser()
            for file in files {
                let (entry, entryDiagnostics) = parser.parse(file)
                parsed.diagnostics += entryDiagnostics
                if let entry { parsed.entries.append(entry) }
            }
        }
        diagnostics += parsed.diagnostics
        if let mdxWarning { diagnostics.append(mdxWarning) }
        // The title set in indexsite.yml wins; a Markdown list's own `# Title` comes before its front matter's `title:`.
        let configuredTitle = settings.title
        if !resolved {
            let checksFields = planned.kind != .docsIndex && !parsed.entries.isEmpty
            let resolution = ListSettings.resolve(listEntry: settings, frontMatter: parsed.settings,
                                                  source: facts(checksFields ? FieldNameCheck(entries: parsed.entries) : nil), localization: localization)
            diagnostics += resolution.1
            if resolution.1.hasErrors(strict: false) { return (nil, diagnostics) }
            settings = resolution.0
        }
        var dates = BuildHistory.ListDates()
        if let history {
            let found = history.apply(to: &parsed.entries, kind: planned.kind, source: sourcePath, settings: settings, fallback: planned.settingsLocation)
            dates = found.dates
            diagnostics += found.diagnostics
        }
        if settings.lint == .awesome, planned.kind == .markdownList, case .file(let file) = planned.source {
            let contributing = planned.contributingGuide
            diagnostics += AwesomeLinter(locale: settings.locale, rules: settings.lintRules, contributing: contributing).lint(file, entries: parsed.entries)
        }
        planned.source = .folder(path: "", files: [])
        // Read before the sectioner moves the entries: their descriptions are rendered while it works.
        let input = Sectioner.Input(entries: parsed.entries, declaredSections: parsed.declaredSections, kind: planned.kind,
                                    settingsLocation: planned.settingsLocation)
        parsed.entries = [] // the sectioner now holds the only reference, and filters in place
        var clock = StageClock()
        let (sections, sectionDiagnostics) = Sectioner().section(input, settings: settings)
        diagnostics += sectionDiagnostics
        var (anchored, anchorDiagnostics) = AnchorAllocator(reportsCollisions: strict).assign(sections, titleField: settings.titleField)
        if planned.kind == .markdownList {
            let paging = PageRenderer.paging(settings, entryCount: anchored.reduce(0) { $0 + $1.entries.count })
            anchorDiagnostics += InPageLinks.rewrite(&anchored, descriptionField: settings.descriptionField, path: planned.settingsLocation.path,
                                                    topAnchors: parsed.topAnchors, paging: paging)
        }
        sectionSeconds += clock.lap()
        diagnostics += anchorDiagnostics

        let slug = slugs.claim(Slug.make(settings.slug ?? planned.defaultSlug, fallback: "list"))
        let title = configuredTitle ?? parsed.title ?? settings.title ?? planned.defaultTitle
        var list = IndexedList(settings: settings, title: title, description: settings.description ?? parsed.description,
                               slug: slug, kind: planned.kind, sections: anchored)
        (list.lastUpdated, list.newSince) = (dates.lastUpdated, dates.newSince)
        return (list, diagnostics)
    }
}

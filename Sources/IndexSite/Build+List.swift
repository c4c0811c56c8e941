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
    /// The planned list is consumed: its source's bytes are let go once parsed, before sorting (a million rows' file is
    /// 125 MB that the sections never read).
    static func makeList(_ planned: consuming ListPlanner.PlannedList, slugs: inout UniqueNames, strict: Bool, sectionSeconds: inout Double,
                         localization: Localization = .builtIn, descriptionsAhead: DescriptionsAhead? = nil,
                         history: BuildHistory? = nil) -> (IndexedList?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var settings = planned.settings
        let sourcePath: String = switch planned.source {
        case .file(let file): file.path
        case .folder(let path, _): path
        }
        var parsed: ParsedSource
        var fieldsChecked = false
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
            switch planned.kind {
            case .csv:
                // The header names the fields: settings are checked against it before a large file is read at all.
                let parser = CSVParser.configured(by: settings, for: file)
                if let columns = parser.fieldNames(file) {
                    let historyFields = BuildHistory.isAsked(by: settings) ? SourceHistory.fieldNames : []
                    let fieldDiagnostics = FieldNameCheck(columns: columns + historyFields).check(&settings, kind: planned.kind, fallback: planned.settingsLocation)
                    guard !fieldDiagnostics.hasErrors(strict: false) else { return (nil, fieldDiagnostics) }
                    fieldsChecked = true
                }
                parsed = parser.parse(file)
            case .json where file.path.lowercased().hasSuffix(".json"): parsed = JSONParser(items: settings.items).parse(file)
            case .json: parsed = YAMLDataParser(items: settings.items).parse(file)
            case .markdownList, .entryFolder, .docsIndex: parsed = MarkdownListParser().parse(file)
            }
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
        if let patch = parsed.settings {
            diagnostics += SettingsParser.apply(patch, to: &settings)
        }
        if let history {
            diagnostics += history.apply(to: &parsed.entries, kind: planned.kind, source: sourcePath, settings: &settings, fallback: planned.settingsLocation)
        }
        if !fieldsChecked, planned.kind != .docsIndex, !parsed.entries.isEmpty {
            var fieldCheck = FieldNameCheck(entries: parsed.entries)
            // Entries not yet committed (or a site outside git, which is warned about) have no history fields.
            if BuildHistory.isAsked(by: settings) { fieldCheck.names += SourceHistory.fieldNames.filter { !fieldCheck.names.contains($0) } }
            let fieldDiagnostics = fieldCheck.check(&settings, kind: planned.kind, fallback: planned.settingsLocation)
            diagnostics += fieldDiagnostics
            if fieldDiagnostics.hasErrors(strict: false) { return (nil, diagnostics) }
        }
        if settings.lint == .awesome, planned.kind == .markdownList, case .file(let file) = planned.source {
            diagnostics += AwesomeLinter(locale: settings.locale).lint(file, entries: parsed.entries)
        }
        let words = localization.strings(for: settings.locale)
        settings.defaultSectionTitle = words.text(.default_section)
        settings.undatedSectionTitle = words.text(.undated_section)
        settings.noValueSectionTitle = words.text(.no_value_section, ["field": "{field}"])
        diagnostics += localization.check(locale: settings.locale, at: settings.location(of: .locale, or: planned.settingsLocation))
        planned.source = .folder(path: "", files: [])
        // Read before the sectioner moves the entries: their descriptions are rendered while it works.
        descriptionsAhead?.add(parsed.entries, descriptionField: settings.descriptionField)
        let input = Sectioner.Input(entries: parsed.entries, declaredSections: parsed.declaredSections, kind: planned.kind,
                                    settingsLocation: planned.settingsLocation)
        parsed.entries = [] // the sectioner now holds the only reference, and filters in place
        var clock = StageClock()
        let (sections, sectionDiagnostics) = Sectioner().section(input, settings: settings)
        diagnostics += sectionDiagnostics
        var (anchored, anchorDiagnostics) = AnchorAllocator(reportsCollisions: strict).assign(sections, titleField: settings.titleField)
        if planned.kind == .markdownList {
            anchorDiagnostics += InPageLinks.rewrite(&anchored, descriptionField: settings.descriptionField, path: planned.settingsLocation.path,
                                                    topAnchors: parsed.topAnchors)
        }
        sectionSeconds += clock.lap()
        diagnostics += anchorDiagnostics

        let slug = slugs.claim(Slug.make(settings.slug ?? planned.defaultSlug, fallback: "list"))
        let title = configuredTitle ?? parsed.title ?? settings.title ?? planned.defaultTitle
        let list = IndexedList(settings: settings, title: title, description: settings.description ?? parsed.description,
                               slug: slug, kind: planned.kind, sections: anchored)
        return (list, diagnostics)
    }
}

import Foundation
import IndexSiteCore
import IndexSiteLoad
import IndexSiteParse
import IndexSiteSection
import IndexSiteRender
import IndexSiteWrite

/// What to build and how.
public struct BuildOptions: Sendable {
    /// The site to build: the folder with `indexsite.yml` (optional), `Content/` and `Templates/` (optional).
    public var siteFolder: URL
    /// The output folder; `_site` inside the site folder when nil.
    public var output: URL?
    /// Warnings count as errors.
    public var strict: Bool
    /// When false (`indexsite check`), everything is validated and nothing is written.
    public var writeOutput: Bool
    /// Keep every rendered page in `BuildResult.pages` (for tests and in-memory use; costs memory on large sites).
    public var keepPages: Bool
    /// Told when each stage starts, with how many items it works on; the executable turns it into a progress line.
    public var progress: (@Sendable (BuildStage, Int) -> Void)?
    /// Told inside the long stages how far they are: `parse` after each list (done, total lists), `render` every few
    /// hundred files (files so far, total 0: unknown until the end), so a long build's progress line keeps moving.
    public var stepProgress: (@Sendable (BuildStage, _ done: Int, _ total: Int) -> Void)?

    /// Options for building `siteFolder`; the defaults are those of `indexsite build` with no flags.
    public init(siteFolder: URL, output: URL? = nil, strict: Bool = false, writeOutput: Bool = true, keepPages: Bool = false,
                progress: (@Sendable (BuildStage, Int) -> Void)? = nil) {
        self.siteFolder = siteFolder
        self.output = output
        self.strict = strict
        self.writeOutput = writeOutput
        self.keepPages = keepPages
        self.progress = progress
    }

    /// Where the site is written: `output`, or `_site` inside the site folder.
    public var outputFolder: URL { output ?? siteFolder.appendingPathComponent("_site") }
}

/// The stages of the pipeline, as progress reports and timings name them.
public enum BuildStage: String, Sendable, CaseIterable {
    /// Reading `indexsite.yml`, `Content/` and `Templates/` into memory; reported with a count of 0.
    case load
    /// Parsing each source into entries; reported with the number of lists, and timed with sectioning and anchors.
    case parse
    /// Putting entries into sections and sorting them; builds report and time it as part of `parse`, list by list.
    case section
    /// Turning lists into pages through the templates; reported with the number of entries.
    case render
    /// Swapping the written pages in as the new output folder; reported with the number of files.
    case write
}

/// What a build did: the lists and pages it made, and every problem it found.
///
/// When `reusedPreviousOutput` is true nothing was parsed or rendered: `lists`, `pagePaths` and `pages` are empty,
/// and the counts and diagnostics are those the previous build recorded in its output folder.
public struct BuildResult: Sendable {
    /// The site's lists, sectioned and anchored, in the order they were built (empty when the previous output was reused).
    public var lists: [IndexedList] = []
    /// Every output file's path, in the order rendered (empty when the previous output was reused).
    public var pagePaths: [String] = []
    /// The rendered files themselves, kept only when `BuildOptions.keepPages` asks for them
    /// (and empty when the previous output was reused, since nothing was rendered).
    public var pages: [OutputPage] = []
    /// Every problem found, sorted by file, line and column.
    public var diagnostics: [Diagnostic] = []
    /// How many files were written and how many kept as they were; set when the output was written or reused.
    public var writeSummary: SiteWriter.Summary?
    /// Whether the build ran with `BuildOptions.strict`, so warnings count against `succeeded`.
    public var strict = false
    /// Seconds spent in each stage, in pipeline order; `section` covers sorting, sectioning and anchors of every list.
    public var timings: [(stage: BuildStage, seconds: Double)] = []
    /// True when the inputs matched the previous build's and its output was kept as it was, without rendering.
    public var reusedPreviousOutput = false
    /// How many lists the site has (from the previous build's manifest when its output was reused).
    public var listCount = 0
    /// How many non-empty sections the lists have, together (from the manifest when the output was reused).
    public var sectionCount = 0
    /// How many entries the lists show, an entry counted once per section it is in (from the manifest when reused).
    public var entryCount = 0

    /// True when nothing stopped the build (warnings are fine unless strict).
    public var succeeded: Bool { !diagnostics.hasErrors(strict: strict) }
}

/// The whole pipeline in one place: Load → Parse → Section → Anchor → Render → Write.
public enum Build {
    /// Names a list's folder can never take: the site's own files, and names Windows keeps for devices.
    static let reservedSlugs: Set<String> = Set(["assets", "index.html", "404.html", "sitemap.xml"]).union(Slug.windowsDeviceNames)

    /// Why `output` cannot take the site built from `siteFolder` (it is one of the site's own folders, or holds files
    /// IndexSite did not write), or nil: `serve` asks before its first build, `build` when it writes.
    public static func outputRefusal(output: URL, siteFolder: URL) -> String? {
        writer(output: output, siteFolder: siteFolder).refusal()
    }

    /// The writer of a site's output, which never writes into the site's Content, Templates or Static folders.
    static func writer(output: URL, siteFolder: URL) -> SiteWriter {
        SiteWriter(output: output, siteFolder: siteFolder, protectedFolders: [
            siteFolder.appendingPathComponent(SiteLayout.contentFolder),
            siteFolder.appendingPathComponent(SiteLayout.templatesFolder),
            siteFolder.appendingPathComponent(SiteLayout.staticFolder),
        ])
    }

    /// Builds the site `options` describe and reports what happened; problems come back as diagnostics, never thrown.
    /// Only Load and Write touch the disk; with `writeOutput: false` nothing is written.
    public static func run(_ options: BuildOptions) -> BuildResult {
        var result = BuildResult()
        result.strict = options.strict
        var diagnostics: [Diagnostic] = []
        var clock = StageClock()

        // Load
        options.progress?(.load, 0)
        var site = SiteLoader(siteFolder: options.siteFolder).load()
        diagnostics += site.diagnostics
        if !site.hasContentFolder {
            diagnostics.append(.error(.missingContent, "the site has no \(SiteLayout.contentFolder)/ folder, so there is nothing to build",
                                      at: SourceLocation(path: SiteLayout.contentFolder),
                                      hint: "run 'indexsite init' to scaffold a site, or pass the site folder: indexsite build path/to/site"))
        }
        var settings = SiteSettings()
        if let configuration = site.configuration {
            let (parsed, configDiagnostics) = SettingsParser.parseSite(configuration)
            settings = parsed
            diagnostics += configDiagnostics
        }

        let writer = writer(output: options.outputFolder, siteFolder: options.siteFolder)
        let fingerprint = SiteFingerprint(site: site, strict: options.strict, tool: site.toolIdentity)
        result.timings.append((.load, clock.lap()))
        if options.writeOutput, diagnostics.isEmpty, let manifest = writer.reusableManifest(fingerprint: fingerprint) {
            // Same inputs as the build that wrote the output: it is already right.
            result.reusedPreviousOutput = true
            result.diagnostics = manifest.diagnostics
            (result.listCount, result.sectionCount, result.entryCount) = (manifest.lists, manifest.sections, manifest.entries)
            result.writeSummary = SiteWriter.Summary(written: 0, unchanged: manifest.files.count)
            return result
        }

        // Parse, Section, Anchor — list by list
        var (plannedLists, planDiagnostics) = ListPlanner.plan(site: site, settings: settings)
        diagnostics += planDiagnostics
        options.progress?(.parse, plannedLists.count)
        let theme = Theme.builtIn.overridden(by: site)
        let (localization, catalogDiagnostics) = Localization.make(theme: theme, site: settings)
        diagnostics += catalogDiagnostics
        // From here on each source's bytes are referenced only by its planned list, and freed once it is parsed.
        site.sources = []
        plannedLists.reverse()
        var slugs = UniqueNames(reserved: Build.reservedSlugs)
        var sectionSeconds = 0.0
        let listTotal = plannedLists.count
        while let planned = plannedLists.popLast() {
            options.stepProgress?(.parse, listTotal - plannedLists.count - 1, listTotal)
            let (list, listDiagnostics) = makeList(planned, slugs: &slugs, strict: options.strict, sectionSeconds: &sectionSeconds,
                                                     localization: localization)
            diagnostics += listDiagnostics
            if let list { result.lists.append(list) }
        }
        result.listCount = result.lists.count
        result.sectionCount = result.lists.reduce(0) { $0 + $1.sections.filter { !$0.isEmpty }.count }
        result.entryCount = result.lists.reduce(0) { $0 + $1.entryCount }

        let parseAndSection = clock.lap()
        result.timings.append((.parse, parseAndSection - sectionSeconds))
        result.timings.append((.section, sectionSeconds))

        // Render and Write: pages stream into a staging folder as they are made, which is swapped in only if the
        // whole build succeeded, so a large site never sits in memory whole and a failed build changes nothing.
        options.progress?(.render, result.entryCount)
        let (renderer, templateDiagnostics) = PageRenderer.make(site: settings, theme: theme, localization: localization)
        diagnostics += templateDiagnostics
        var staging: SiteWriter.Staging?
        if options.writeOutput, !diagnostics.hasErrors(strict: options.strict), renderer != nil {
            do {
                staging = try writer.begin()
            } catch {
                // Only a refusal is about the folder chosen; a read-only or full volume is not fixed by choosing an empty folder.
                diagnostics.append(.error(error.refused ? .outputRefused : .outputFailed, error.description,
                                          at: SourceLocation(path: options.outputFolder.path, line: 1),
                                          hint: error.refused ? "choose an empty folder or one IndexSite wrote, with --output"
                                              : "the output must be on a writable volume with free space; choose another with --output"))
            }
        }
        if let renderer {
            var continuing = false
            diagnostics += renderer.render(result.lists) { page in
                if !continuing {
                    result.pagePaths.append(page.path)
                    if result.pagePaths.count % 256 == 0 { options.stepProgress?(.render, result.pagePaths.count, 0) }
                }
                continuing = page.continuesInNextPage
                if options.keepPages { result.pages.appendJoiningParts(page) }
                staging?.add(page)
            }
        }
        // Static/ goes to the output root as it is; a file a page already has is an error, not a silent choice.
        var writtenPaths = Set(result.pagePaths)
        var staticPages: [OutputPage] = []
        for file in site.staticFiles {
            let path = String(file.path.dropFirst(SiteLayout.staticFolder.count + 1))
            guard writtenPaths.insert(path).inserted, path != SiteWriter.markerFile else {
                diagnostics.append(.error(.staticFileClash, "'\(file.path)' would replace the generated '\(path)'", at: SourceLocation(path: file.path),
                                          hint: "rename the file, or change the list's slug"))
                continue
            }
            staticPages.append(OutputPage(path: path, bytes: file.bytes))
        }
        result.diagnostics = diagnostics.sortedUnique()
        result.timings.append((.render, clock.lap()))

        guard let staging else { return result }
        guard result.succeeded else {
            staging.discard()
            return result
        }
        staticPages.forEach(staging.add)
        // Files someone put into the output by hand would vanish with the old folder: name them first.
        let foreign = writer.foreignFiles(keeping: writtenPaths)
        if !foreign.isEmpty {
            let shown = foreign.prefix(10).joined(separator: ", ") + (foreign.count > 10 ? " and \(foreign.count - 10) more" : "")
            result.diagnostics.append(.warning(.outputForeignFiles,
                                               "the output folder holds \(foreign.count == 1 ? "a file" : "\(foreign.count) files") IndexSite did not write, removed by this build: \(shown)",
                                               at: SourceLocation(path: options.outputFolder.path),
                                               hint: "put files to publish with the site (CNAME, .nojekyll, images) in \(SiteLayout.staticFolder)/: they are copied into every build"))
        }
        result.diagnostics = result.diagnostics.sortedUnique()
        guard result.succeeded else {
            staging.discard()
            return result
        }
        options.progress?(.write, result.pagePaths.count)
        let manifest = BuildManifest(fingerprint: fingerprint.value, lists: result.listCount, sections: result.sectionCount,
                                     entries: result.entryCount, diagnostics: result.diagnostics, files: [:])
        do {
            result.writeSummary = try staging.finish(manifest: manifest)
        } catch {
            result.diagnostics.append(.error(error.refused ? .outputRefused : .outputFailed, error.description,
                                             at: SourceLocation(path: options.outputFolder.path, line: 1),
                                             hint: error.refused ? "choose an empty folder or one IndexSite wrote, with --output" : nil))
        }
        result.timings.append((.write, clock.lap()))
        return result
    }

    /// Parses one source and sections its entries.
    /// `sectionSeconds` adds up the time spent sorting, sectioning and anchoring, for the build's stage timings.
    static func makeList(_ planned: ListPlanner.PlannedList, strict: Bool = false) -> (IndexedList?, [Diagnostic]) {
        var ignored = 0.0
        var slugs = UniqueNames(reserved: reservedSlugs)
        return makeList(planned, slugs: &slugs, strict: strict, sectionSeconds: &ignored)
    }

    static func makeList(_ planned: ListPlanner.PlannedList, slugs: inout UniqueNames, strict: Bool, sectionSeconds: inout Double,
                         localization: Localization = .builtIn) -> (IndexedList?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var settings = planned.settings
        var parsed: ParsedSource
        var fieldsChecked = false
        switch planned.source {
        case .file(let file):
            switch planned.kind {
            case .csv:
                // The header names the fields: settings are checked against it before a large file is read at all.
                let parser = CSVParser.configured(by: settings, for: file)
                if let columns = parser.fieldNames(file) {
                    let fieldDiagnostics = FieldNameCheck(columns: columns).check(&settings, kind: planned.kind, fallback: planned.settingsLocation)
                    guard !fieldDiagnostics.hasErrors(strict: false) else { return (nil, fieldDiagnostics) }
                    fieldsChecked = true
                }
                parsed = parser.parse(file)
            case .json: parsed = JSONParser(items: settings.items).parse(file)
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
        case .folder(_, let files):
            parsed = ParsedSource()
            let parser = MarkdownEntryParser()
            for file in files {
                let (entry, entryDiagnostics) = parser.parse(file)
                parsed.diagnostics += entryDiagnostics
                if let entry { parsed.entries.append(entry) }
            }
        }
        diagnostics += parsed.diagnostics
        // The title set in indexsite.yml wins; a Markdown list's own `# Title` comes before its front matter's `title:`.
        let configuredTitle = settings.title
        if let patch = parsed.settings {
            diagnostics += SettingsParser.apply(patch, to: &settings)
        }
        if !fieldsChecked, planned.kind != .docsIndex, !parsed.entries.isEmpty {
            let fieldDiagnostics = FieldNameCheck(entries: parsed.entries).check(&settings, kind: planned.kind, fallback: planned.settingsLocation)
            diagnostics += fieldDiagnostics
            if fieldDiagnostics.hasErrors(strict: false) { return (nil, diagnostics) }
        }
        if settings.lint == .awesome, planned.kind == .markdownList, case .file(let file) = planned.source {
            diagnostics += AwesomeLinter(locale: settings.locale).lint(file, entries: parsed.entries)
        }
        settings.defaultSectionTitle = localization.strings(for: settings.locale).text(.default_section)
        diagnostics += localization.check(locale: settings.locale, at: settings.location(of: .locale, or: planned.settingsLocation))
        let input = Sectioner.Input(entries: parsed.entries, declaredSections: parsed.declaredSections, kind: planned.kind,
                                    settingsLocation: planned.settingsLocation)
        parsed.entries = [] // the sectioner now holds the only reference, and filters in place
        var clock = StageClock()
        let (sections, sectionDiagnostics) = Sectioner().section(input, settings: settings)
        diagnostics += sectionDiagnostics
        let (anchored, anchorDiagnostics) = AnchorAllocator(reportsCollisions: strict).assign(sections, titleField: settings.titleField)
        sectionSeconds += clock.lap()
        diagnostics += anchorDiagnostics

        let slug = slugs.claim(Slug.make(settings.slug ?? planned.defaultSlug, fallback: "list"))
        let title = configuredTitle ?? parsed.title ?? settings.title ?? planned.defaultTitle
        let list = IndexedList(settings: settings, title: title, description: settings.description ?? parsed.description,
                               slug: slug, kind: planned.kind, sections: anchored)
        return (list, diagnostics)
    }
}

/// Measures the time between laps, for the stage timings of a build.
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }
}

/// Decides which lists the site has: every source in `Content/`, with the settings `indexsite.yml` gives it.
enum ListPlanner {
    struct PlannedList {
        var source: ContentSource
        var kind: SourceKind
        var settings: ListSettings
        var settingsLocation: SourceLocation
        var defaultSlug: String
        var defaultTitle: String
    }

    static func plan(site: LoadedSite, settings: SiteSettings) -> (lists: [PlannedList], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sourcesByName: [String: ContentSource] = [:]
        for source in site.sources { sourcesByName[source.sourceName] = source }
        var lists: [PlannedList] = []
        var configured: Set<String> = []
        var configuredLists: Set<String> = []
        for list in settings.lists {
            let location = list.location(of: .source, or: settings.listLocations[list.source] ?? SourceLocation(path: SiteLayout.configurationFile))
            guard let source = sourcesByName[list.source] else {
                diagnostics.append(.error(.missingSource, "list source '\(list.source)' is not in Content/", at: location,
                                          hint: "sources are paths inside Content/, such as books.csv or glossary"))
                continue
            }
            // One source may feed several lists (sorted or grouped differently), each under its own slug.
            guard configuredLists.insert("\(list.source)\u{0}\(list.slug ?? "")").inserted else {
                diagnostics.append(.error(.badSettingValue, "list source '\(list.source)' is configured twice with the same slug", at: location,
                                          hint: "give each list of the same source its own slug"))
                continue
            }
            configured.insert(list.source)
            lists.append(planned(source, settings: list, location: location))
        }
        for source in site.sources where !configured.contains(source.sourceName) {
            let location = SourceLocation(path: SiteLayout.contentFolder + "/" + source.sourceName)
            lists.append(planned(source, settings: settings.defaults(forSource: source.sourceName), location: location))
        }
        return (lists, diagnostics)
    }

    static func planned(_ source: ContentSource, settings: ListSettings, location: SourceLocation) -> PlannedList {
        let name = source.sourceName
        // Over bytes: a `/` or `.` after a prepended letter (U+0D4E) is inside that letter's Character.
        let stem = name.utf8.split(separator: UInt8(ascii: "/")).last.map { part -> String in
            guard let dot = part.lastIndex(of: UInt8(ascii: ".")), dot != part.startIndex else { return String(decoding: part, as: UTF8.self) }
            return String(decoding: part[..<dot], as: UTF8.self)
        } ?? name
        let kind: SourceKind
        switch source {
        case .folder: kind = settings.kind == .headings ? .docsIndex : .entryFolder
        case .file:
            switch name.utf8.split(separator: UInt8(ascii: ".")).last.map({ String(decoding: $0, as: UTF8.self).lowercased() }) {
            case "csv", "tsv", "tab": kind = .csv
            case "json": kind = .json
            default: kind = .markdownList
            }
        }
        let title = FileTitle.words(stem)
        return PlannedList(source: source, kind: kind, settings: settings, settingsLocation: location, defaultSlug: stem, defaultTitle: title)
    }
}

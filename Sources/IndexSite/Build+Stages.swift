import Foundation
import IndexSiteCore
import IndexSiteLoad
import IndexSiteParse
import IndexSiteSection
import IndexSiteHistory
import IndexSiteRender
import IndexSiteWrite

/// What the settings decide before the content is read: the theme, the page words and the locales they name.
struct BuildSetup: Sendable {
    var settings: SiteSettings
    let theme: Theme
    let localization: Localization
    let catalogDiagnostics: [Diagnostic]
    /// The locales the settings name (the site's and its lists').
    let locales: Set<String>
    /// Where each list's `source:` is written, for Load's and the planner's diagnostics about it.
    let sourceLocations: [String: SourceLocation]
}

/// One build going through the stages `Build.run` calls in order: each stage is a method here that adds to the result
/// and the diagnostics, and `timed` records the time since the last stage under the stage's name.
struct BuildRun {
    let options: BuildOptions
    let engine: Engine
    let writer: SiteWriter
    var result = BuildResult()
    var diagnostics: [Diagnostic] = []
    private var clock = StageClock()
    /// Seconds spent sorting, sectioning and anchoring, apart from parsing, for the timings.
    private var sectionSeconds = 0.0

    init(options: BuildOptions, engine: Engine) {
        self.options = options
        self.engine = engine
        writer = Build.writer(output: options.outputFolder, siteFolder: options.siteFolder)
        result.strict = options.strict
    }

    /// Records the time since the last stage as `stage`'s.
    mutating func timed(_ stage: BuildStage) {
        result.timings.append((stage, clock.lap()))
    }

    /// Records the time since the last stage as parsing's and sectioning's, apart.
    mutating func timedParseAndSection() {
        let both = clock.lap()
        result.timings.append((.parse, both - sectionSeconds))
        result.timings.append((.section, sectionSeconds))
    }

    /// Load, first part: `indexsite.yml` read and checked, the theme and its page words.
    mutating func loadSettings() -> (LoadedSite, BuildSetup) {
        let site = SiteLoader(siteFolder: options.siteFolder).loadSettingsAndTheme()
        var settings = SiteSettings()
        if let configuration = site.configuration {
            let (parsed, configDiagnostics) = SettingsParser.parseSite(configuration)
            settings = parsed
            diagnostics += configDiagnostics
        }
        if let baseURL = options.baseURL { settings.baseURL = baseURL }
        result.linkSettings = settings.links
        let theme = Theme.builtIn.overridden(by: site)
        let (localization, catalogDiagnostics) = Localization.make(theme: theme, site: settings)
        let locales = Set([settings.locale] + settings.lists.map(\.locale))
        return (site, BuildSetup(settings: settings, theme: theme, localization: localization,
                                 catalogDiagnostics: catalogDiagnostics, locales: locales, sourceLocations: ListPlanner.sourceLocations(settings)))
    }

    /// Load, second part: `Content/`, `Static/` and the sources the settings name.
    mutating func loadContent(into site: inout LoadedSite, setup: BuildSetup) {
        let loader = SiteLoader(siteFolder: options.siteFolder)
        loader.loadContent(into: &site)
        loader.loadSources(atSitePaths: setup.settings.lists.map(\.source), locations: setup.sourceLocations, into: &site)
        ContributingGuideFinder.findAll(siteFolder: options.siteFolder, into: &site, isMarkdown: loader.isMarkdown)
        result.sourcePaths = Array(Set(setup.settings.lists.compactMap { SiteLoader.sitePath($0.source) })).sorted()
        diagnostics = site.diagnostics + diagnostics
        // cmark's quadratic inputs are escaped where they are rendered; a Markdown file says where.
        for source in site.sources {
            switch source {
            case .file(let file) where loader.isMarkdown(file.path):
                diagnostics += CommonMarkLimits.diagnostics(for: file)
            case .folder(_, let files):
                for file in files { diagnostics += CommonMarkLimits.diagnostics(for: file) }
            default: break
            }
        }
        if !site.hasContentFolder, site.sources.isEmpty {
            diagnostics.append(.error(.missingContent, "the site has no \(SiteLayout.contentFolder)/ folder, so there is nothing to build",
                                      at: SourceLocation(path: SiteLayout.contentFolder),
                                      hint: "run 'indexsite init' to scaffold a site, or pass the site folder: indexsite build path/to/site"))
        }
    }

    /// What the output depends on; the commit the site's repository is at counts too: the entries' history dates come
    /// from it.
    func fingerprint(of site: LoadedSite) -> SiteFingerprint {
        let inputs = [options.baseURL.map { "base-url " + $0 }, RepositoryHead.commit(siteFolder: options.siteFolder).map { "commit " + $0 }]
        return SiteFingerprint(site: site, strict: options.strict, tool: site.toolIdentity, otherInputs: inputs.compactMap { $0 })
    }

    /// The result of a build whose inputs are those of the build that wrote the output, which is then already right;
    /// nil when anything differs (or nothing is written, or the site has problems).
    mutating func reusedOutput(fingerprint: SiteFingerprint) -> BuildResult? {
        guard options.writeOutput, diagnostics.isEmpty, let manifest = writer.reusableManifest(fingerprint: fingerprint) else { return nil }
        writer.sweepDeadStagingFolders()
        result.reusedPreviousOutput = true
        result.diagnostics = manifest.diagnostics
        // Nothing is removed now, but the next build that changes something will: say so already (the top level only,
        // one listing, so that a build with nothing to do stays quick).
        let foreign = writer.foreignNames(besides: manifest)
        if !foreign.isEmpty {
            result.diagnostics.append(.warning(.outputForeignFiles,
                                               "the output folder holds \(foreign.count == 1 ? "a file" : "\(foreign.count) files") IndexSite did not write, which the next build that changes the site removes: \(Build.listed(foreign))",
                                               at: SourceLocation(path: options.outputFolder.path), hint: Build.foreignFilesHint))
            result.diagnostics = result.diagnostics.sortedUnique()
        }
        (result.listCount, result.sectionCount, result.entryCount) = (manifest.lists, manifest.sections, manifest.entries)
        result.writeSummary = SiteWriter.Summary(written: 0, unchanged: manifest.files.count)
        return result
    }

    /// Plan, then Parse, Section and Anchor list by list: each source's bytes are referenced only by its planned list
    /// from here on, and freed once it is parsed.
    mutating func makeLists(site: inout LoadedSite, setup: BuildSetup) {
        var (plannedLists, planDiagnostics) = ListPlanner.plan(site: site, settings: setup.settings, sourceLocations: setup.sourceLocations,
                                                               siteName: options.siteFolder.standardizedFileURL.lastPathComponent)
        diagnostics += planDiagnostics
        diagnostics += setup.catalogDiagnostics
        options.progress?(.parse, plannedLists.count)
        site.sources = []
        plannedLists.reverse()
        var slugs = UniqueNames(reserved: Build.reservedSlugs)
        let history = BuildHistory(siteFolder: options.siteFolder)
        let listTotal = plannedLists.count
        while let planned = plannedLists.popLast() {
            options.stepProgress?(.parse, listTotal - plannedLists.count - 1, listTotal)
            let (list, listDiagnostics) = Build.makeList(consume planned, slugs: &slugs, strict: options.strict, sectionSeconds: &sectionSeconds,
                                                         localization: setup.localization, history: history)
            diagnostics += listDiagnostics
            if let list { result.lists.append(list) }
        }
        result.listCount = result.lists.count
        result.sectionCount = result.lists.reduce(0) { $0 + $1.sections.filter { !$0.isEmpty }.count }
        // Counted as the pages count them (nested items too), so the summary and the page's header agree.
        result.entryCount = result.lists.reduce(0) { $0 + $1.readerEntryCount }
    }


    /// The staging folder the pages are written into, when the build writes and has no errors so far; a begun one
    /// the build will not use is discarded, and one that could not be begun is an error.
    mutating func staging(_ begun: Result<SiteWriter.Staging, SiteWriter.Failure>?) -> SiteWriter.Staging? {
        guard let begun, !diagnostics.hasErrors(strict: options.strict) else {
            // Nothing will be written: the previous site stays as it was.
            if case .success(let unused)? = begun { unused.discard() }
            return nil
        }
        switch begun {
        case .success(let staging):
            return staging
        case .failure(let error):
            // Only a refusal is about the folder chosen; a read-only or full volume is not fixed by choosing an empty folder.
            diagnostics.append(.error(error.refused ? .outputRefused : .outputFailed, error.description,
                                      at: SourceLocation(path: options.outputFolder.path, line: 1),
                                      hint: error.refused ? "choose an empty folder or one IndexSite wrote, with --output"
                                          : "the output must be on a writable volume with free space; choose another with --output"))
            return nil
        }
    }

    /// Render: pages stream into the staging folder as they are made, which is swapped in only if the whole build
    /// succeeded, so a large site never sits in memory whole and a failed build changes nothing.
    mutating func render(with renderer: PageRenderer?, site: LoadedSite, settings: SiteSettings, into staging: inout SiteWriter.Staging?) {
        guard var renderer else { return }
        // A site of one list is that list's site: its header reads "Awesome Python", not "Index".
        if settings.locations[.title] == nil, result.lists.count == 1, let list = result.lists.first { renderer.site.title = list.title }
        renderer.staticPaths = Set(site.staticFiles.map { String($0.path.dropFirst(SiteLayout.staticFolder.count + 1)) })
        var continuing = false
        let (keepPages, stepProgress) = (options.keepPages, options.stepProgress)
        let renderDiagnostics = renderer.render(result.lists) { page in
            if !continuing {
                result.pagePaths.append(page.path)
                if result.pagePaths.count % 256 == 0 { stepProgress?(.render, result.pagePaths.count, 0) }
            }
            continuing = page.continuesInNextPage
            if keepPages { result.pages.appendJoiningParts(page) }
            staging?.add(page)
        }
        diagnostics += renderDiagnostics
    }

    /// `Static/` goes to the output root as it is; a file a page already has is an error, not a silent choice.
    mutating func staticCopies(of site: LoadedSite) -> [(path: String, file: StaticFile)] {
        var writtenPaths = Set(result.pagePaths)
        var copies: [(path: String, file: StaticFile)] = []
        for file in site.staticFiles {
            let path = String(file.path.dropFirst(SiteLayout.staticFolder.count + 1))
            guard writtenPaths.insert(path).inserted, path != SiteWriter.markerFile else {
                diagnostics.append(.error(.staticFileClash, "'\(file.path)' would replace the generated '\(path)'", at: SourceLocation(path: file.path),
                                          hint: "rename the file, or change the list's slug"))
                continue
            }
            copies.append((path, file))
        }
        return copies
    }

    /// Write: the static files copied and the staging folder swapped in as the output, when the build succeeded;
    /// else it is discarded and the previous output stays.
    mutating func write(_ staging: SiteWriter.Staging, staticCopies: [(path: String, file: StaticFile)], fingerprint: SiteFingerprint) {
        guard result.succeeded else { return staging.discard() }
        for copy in staticCopies { staging.addCopy(of: copy.file.location, as: copy.path) }
        // Files someone put into the output by hand would vanish with the old folder: name them first.
        let foreign = writer.foreignFiles(keeping: Set(result.pagePaths).union(staticCopies.map(\.path)))
        if !foreign.isEmpty {
            result.diagnostics.append(.warning(.outputForeignFiles,
                                               "the output folder holds \(foreign.count == 1 ? "a file" : "\(foreign.count) files") IndexSite did not write, removed by this build: \(Build.listed(foreign))",
                                               at: SourceLocation(path: options.outputFolder.path), hint: Build.foreignFilesHint))
        }
        result.diagnostics = result.diagnostics.sortedUnique()
        guard result.succeeded else { return staging.discard() }
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
    }
}

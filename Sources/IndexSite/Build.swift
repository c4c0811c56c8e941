import Foundation
import IndexSiteCore
import IndexSiteLoad
import IndexSiteParse
import IndexSiteSection
import IndexSiteHistory
import IndexSiteRender
import IndexSiteWrite

/// The whole pipeline in one place: Load → Parse → Section → Anchor → Render → Write.
public enum Build {
    /// Names a list's folder can never take: the site's own files, and names Windows keeps for devices.
    static let reservedSlugs: Set<String> = Set(["assets", "index.html", "404.html", "sitemap.xml"]).union(Slug.windowsDeviceNames)

    /// Why `output` cannot take the site built from `siteFolder` (it is one of the site's own folders, or holds files
    /// IndexSite did not write), or nil: `serve` asks before its first build, `build` when it writes.
    public static func outputRefusal(output: URL, siteFolder: URL) -> String? {
        writer(output: output, siteFolder: siteFolder).refusal()
    }

    /// Makes what lists in `locales` need, once per process, ahead of need: their alphabets and their page words and
    /// the filter's fold and plural tables.
    static func prepare(locales: [String], localization: Localization) {
        Sectioner.prepare(locales: locales)
        PageRenderer.prepare(locales: locales, localization: localization)
    }

    /// The first ten of `names`, and how many more.
    static func listed(_ names: [String]) -> String {
        names.prefix(10).joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
    }

    static let foreignFilesHint = "put files to publish with the site (CNAME, .nojekyll, images) in \(SiteLayout.staticFolder)/: they are copied into every build"

    /// The writer of a site's output, which never writes into the site's Content, Templates or Static folders, nor
    /// in the place of its `indexsite.yml`: an output there, made while the site had none, made every later build fail.
    static func writer(output: URL, siteFolder: URL) -> SiteWriter {
        SiteWriter(output: output, siteFolder: siteFolder, protectedFolders: [
            siteFolder.appendingPathComponent(SiteLayout.contentFolder),
            siteFolder.appendingPathComponent(SiteLayout.templatesFolder),
            siteFolder.appendingPathComponent(SiteLayout.staticFolder),
            siteFolder.appendingPathComponent(SiteLayout.configurationFile),
        ])
    }

    /// Builds the site `options` describe and reports what happened; problems come back as diagnostics, never thrown.
    /// Only Load and Write touch the disk; with `writeOutput: false` nothing is written.
    public static func run(_ options: BuildOptions) -> BuildResult {
        var result = BuildResult()
        result.strict = options.strict
        var diagnostics: [Diagnostic] = []
        var clock = StageClock()

        // The other core begins at once, while this one reads the settings (it was idle for the first millisecond of a
        // small build): first on what a build needs when they name no locale (the built-in theme; the alphabet of
        // `en`, which sectioning by letter asks for; its page words and the filter's fold and plural tables; each made
        // once per process, and for a site in another language, the ICU data they share); handed the settings, on the
        // alphabets and tables of the locales they name; then on the templates, and on the staging folder (the
        // output's lock, the look for killed builds' staging folders) once the build knows it will write: not when it
        // reuses the previous output or only checks. Each is a shared task: this thread, done sectioning a small list
        // before the other core got to the templates or the staging folder, makes them itself instead of waiting
        // behind the tables (1.4 ms of a one-entry build).
        let writer = writer(output: options.outputFolder, siteFolder: options.siteFolder)
        let known = Handoff<(settings: SiteSettings, locales: Set<String>, theme: Theme, localization: Localization)>()
        let writes = Handoff<Bool>()
        let localesPrepared = SharedTask {
            _ = Theme.builtIn
            prepare(locales: [SiteSettings().locale], localization: .builtIn)
            let (_, locales, _, localization) = known.take()
            prepare(locales: locales.sorted(), localization: localization)
        }
        let templates = SharedTask {
            let (settings, _, theme, localization) = known.take()
            return PageRenderer.make(site: settings, theme: theme, localization: localization)
        }
        let stagingFolder = SharedTask {
            templates.value.0 != nil && writes.take() ? Result { () throws(SiteWriter.Failure) in try writer.begin() } : nil
        }
        _ = BackgroundWork {
            localesPrepared.value
            _ = templates.value
            _ = stagingFolder.value
        }

        // Load: the settings and the theme first, so that the templates are made on the other core while the content
        // is read.
        options.progress?(.load, 0)
        let loader = SiteLoader(siteFolder: options.siteFolder)
        var site = loader.loadSettingsAndTheme()
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
        let settingsLocales = Set([settings.locale] + settings.lists.map(\.locale))
        known.give((settings, settingsLocales, theme, localization))
        loader.loadContent(into: &site)
        loader.loadSources(atSitePaths: settings.lists.map(\.source), locations: ListPlanner.sourceLocations(settings), into: &site)
        diagnostics = site.diagnostics + diagnostics
        // cmark's quadratic inputs are escaped where they are rendered; a Markdown file says where.
        for source in site.sources {
            switch source {
            case .file(let file) where file.path.hasSuffix(".md") || file.path.hasSuffix(".markdown"):
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

        // The commit the site's repository is at counts too: the entries' history dates come from it.
        let commit = RepositoryHead.commit(siteFolder: options.siteFolder).map { "\u{0}commit \($0)" } ?? ""
        let fingerprint = SiteFingerprint(site: site, strict: options.strict, tool: site.toolIdentity + commit,
                                          baseURL: options.baseURL)
        result.timings.append((.load, clock.lap()))
        if options.writeOutput, diagnostics.isEmpty, let manifest = writer.reusableManifest(fingerprint: fingerprint) {
            // Same inputs as the build that wrote the output: it is already right.
            writes.give(false)
            writer.sweepDeadStagingFolders()
            result.reusedPreviousOutput = true
            result.diagnostics = manifest.diagnostics
            // Nothing is removed now, but the next build that changes something will: say so already (the top
            // level only, one listing, so that a build with nothing to do stays quick).
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
        writes.give(options.writeOutput)

        // Parse, Section, Anchor — list by list
        var (plannedLists, planDiagnostics) = ListPlanner.plan(site: site, settings: settings,
                                                                      siteName: options.siteFolder.standardizedFileURL.lastPathComponent)
        diagnostics += planDiagnostics
        diagnostics += catalogDiagnostics
        options.progress?(.parse, plannedLists.count)
        // A locale only a list's front matter names has its alphabet and tables made beside the lists too.
        let otherLocales = Set(plannedLists.map(\.settings.locale)).subtracting(settingsLocales).sorted()
        let otherLocalesPrepared = otherLocales.isEmpty ? nil : BackgroundWork {
            prepare(locales: otherLocales, localization: localization)
        }
        // Descriptions are rendered on the core the parsing and sectioning leave idle, list by list as each is parsed.
        let descriptionsAhead = DescriptionsAhead(allowUnsafeHTML: settings.allowUnsafeHTML)
        // From here on each source's bytes are referenced only by its planned list, and freed once it is parsed.
        site.sources = []
        plannedLists.reverse()
        var slugs = UniqueNames(reserved: Build.reservedSlugs)
        var sectionSeconds = 0.0
        let history = BuildHistory(siteFolder: options.siteFolder)
        let listTotal = plannedLists.count
        while let planned = plannedLists.popLast() {
            options.stepProgress?(.parse, listTotal - plannedLists.count - 1, listTotal)
            let (list, listDiagnostics) = makeList(consume planned, slugs: &slugs, strict: options.strict, sectionSeconds: &sectionSeconds,
                                                     localization: localization, descriptionsAhead: descriptionsAhead, history: history,
                                                     siteFolder: options.siteFolder)
            diagnostics += listDiagnostics
            if let list { result.lists.append(list) }
        }
        result.listCount = result.lists.count
        result.sectionCount = result.lists.reduce(0) { $0 + $1.sections.filter { !$0.isEmpty }.count }
        // Counted as the pages count them (nested items too), so the summary and the page's header agree.
        result.entryCount = result.lists.reduce(0) { $0 + $1.readerEntryCount }

        let parseAndSection = clock.lap()
        result.timings.append((.parse, parseAndSection - sectionSeconds))
        result.timings.append((.section, sectionSeconds))

        // Render and Write: pages stream into a staging folder as they are made, which is swapped in only if the
        // whole build succeeded, so a large site never sits in memory whole and a failed build changes nothing.
        options.progress?(.render, result.entryCount)
        let prerendered = descriptionsAhead.finish()
        let (renderer, templateDiagnostics) = templates.value
        let stagingBegun = stagingFolder.value
        localesPrepared.value
        _ = otherLocalesPrepared?.value
        diagnostics += templateDiagnostics
        var staging: SiteWriter.Staging?
        if let stagingBegun, !diagnostics.hasErrors(strict: options.strict) {
            do {
                staging = try stagingBegun.get()
            } catch {
                // Only a refusal is about the folder chosen; a read-only or full volume is not fixed by choosing an empty folder.
                diagnostics.append(.error(error.refused ? .outputRefused : .outputFailed, error.description,
                                          at: SourceLocation(path: options.outputFolder.path, line: 1),
                                          hint: error.refused ? "choose an empty folder or one IndexSite wrote, with --output"
                                              : "the output must be on a writable volume with free space; choose another with --output"))
            }
        } else if case .success(let unused)? = stagingBegun {
            // Nothing will be written: the previous site stays as it was.
            unused.discard()
        }
        if var renderer {
            // A site of one list is that list's site: its header reads "Awesome Python", not "Index".
            if settings.locations[.title] == nil, result.lists.count == 1, let list = result.lists.first { renderer.site.title = list.title }
            renderer.staticPaths = Set(site.staticFiles.map { String($0.path.dropFirst(SiteLayout.staticFolder.count + 1)) })
            var continuing = false
            diagnostics += renderer.render(result.lists, prerendered: prerendered) { page in
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
        var staticCopies: [(path: String, file: StaticFile)] = []
        for file in site.staticFiles {
            let path = String(file.path.dropFirst(SiteLayout.staticFolder.count + 1))
            guard writtenPaths.insert(path).inserted, path != SiteWriter.markerFile else {
                diagnostics.append(.error(.staticFileClash, "'\(file.path)' would replace the generated '\(path)'", at: SourceLocation(path: file.path),
                                          hint: "rename the file, or change the list's slug"))
                continue
            }
            staticCopies.append((path, file))
        }
        result.diagnostics = diagnostics.sortedUnique().aggregatedWarnings()
        result.timings.append((.render, clock.lap()))

        guard let staging else { return result }
        guard result.succeeded else {
            staging.discard()
            return result
        }
        for copy in staticCopies { staging.addCopy(of: copy.file.location, as: copy.path) }
        // Files someone put into the output by hand would vanish with the old folder: name them first.
        let foreign = writer.foreignFiles(keeping: writtenPaths)
        if !foreign.isEmpty {
            result.diagnostics.append(.warning(.outputForeignFiles,
                                               "the output folder holds \(foreign.count == 1 ? "a file" : "\(foreign.count) files") IndexSite did not write, removed by this build: \(Build.listed(foreign))",
                                               at: SourceLocation(path: options.outputFolder.path), hint: Build.foreignFilesHint))
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
}

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
    /// Only Load and Write touch the disk; with `writeOutput: false` nothing is written. The stages run in order on
    /// the caller's thread; the engine `options.jobs` chooses spreads their loops, and the parallel one makes the
    /// templates and the staging folder on another core meanwhile, each handed all it needs when begun, so that no
    /// return below can leave a thread waiting.
    public static func run(_ options: BuildOptions) -> BuildResult {
        let engine = Engine(jobs: options.jobs)
        return engine.run {
            var build = BuildRun(options: options, engine: engine)
            options.progress?(.load, 0)
            let (settingsOnly, setup) = build.loadSettings()
            var site = settingsOnly
            let templates = engine.background {
                PageRenderer.make(site: setup.settings, theme: setup.theme, localization: setup.localization)
            }
            build.loadContent(into: &site, setup: setup)
            let fingerprint = build.fingerprint(of: site)
            build.timed(.load)
            if let reused = build.reusedOutput(fingerprint: fingerprint) { return reused }

            let writer = build.writer, writes = options.writeOutput
            let stagingBegun = engine.background { () -> Result<SiteWriter.Staging, SiteWriter.Failure>? in
                writes && templates.value.0 != nil ? Result { () throws(SiteWriter.Failure) in try writer.begin(engine: engine) } : nil
            }
            build.makeLists(site: &site, setup: setup)
            build.timedParseAndSection()

            options.progress?(.render, build.result.entryCount)
            let (renderer, templateDiagnostics) = templates.value
            build.diagnostics += templateDiagnostics
            var staging = build.staging(stagingBegun.value)
            build.render(with: renderer, site: site, settings: setup.settings, into: &staging)
            let staticCopies = build.staticCopies(of: site)
            build.result.diagnostics = build.diagnostics.sortedUnique().aggregatedWarnings()
            build.timed(.render)

            guard let staging else { return build.result }
            build.write(staging, staticCopies: staticCopies, fingerprint: fingerprint)
            build.timed(.write)
            return build.result
        }
    }
}

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
    /// The address the site is published at, over `base_url` in `indexsite.yml` (`--base-url`, such as the one GitHub's
    /// `configure-pages` gives); checked like the setting, ending in `/`.
    public var baseURL: String?
    /// When false (`indexsite check`), everything is validated and nothing is written.
    public var writeOutput: Bool
    /// Keep every rendered page in `BuildResult.pages` (for tests and in-memory use; costs memory on large sites).
    public var keepPages: Bool
    /// How many threads the build may use: 1 (the default) runs every stage on the caller's thread and starts no
    /// thread; more spreads the loops over the cores and makes the templates and tables on another meanwhile
    /// (`indexsite build` uses every core unless told `--jobs`). The output is the same byte for byte either way.
    public var jobs: Int
    /// Told when each stage starts, with how many items it works on; the executable turns it into a progress line.
    public var progress: (@Sendable (BuildStage, Int) -> Void)?
    /// Told inside the long stages how far they are: `parse` after each list (done, total lists), `render` every few
    /// hundred files (files so far, total 0: unknown until the end), so a long build's progress line keeps moving.
    public var stepProgress: (@Sendable (BuildStage, _ done: Int, _ total: Int) -> Void)?

    /// Options for building `siteFolder`; the defaults are those of `indexsite build` with no flags.
    public init(siteFolder: URL, output: URL? = nil, strict: Bool = false, writeOutput: Bool = true, keepPages: Bool = false,
                jobs: Int = 1, progress: (@Sendable (BuildStage, Int) -> Void)? = nil) {
        self.jobs = jobs
        self.siteFolder = siteFolder
        self.output = output
        self.strict = strict
        self.writeOutput = writeOutput
        self.keepPages = keepPages
        self.progress = progress
    }

    /// How many cores the process may use: what `indexsite build` passes as `jobs` unless told otherwise.
    public static var availableCores: Int { Engine.parallel.width }

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
    /// The sources the lists name by a path in the site folder (`README.md`, `docs`, `Content/books.csv`), found or not:
    /// what the build reads besides `indexsite.yml`, `Content/`, `Templates/` and `Static/`, which `serve` watches too.
    public var sourcePaths: [String] = []
    /// The site's `links:` settings, for the link check the command runs after the build (set even when reused).
    public var linkSettings = LinkSettings()
    /// How many lists the site has (from the previous build's manifest when its output was reused).
    public var listCount = 0
    /// How many non-empty sections the lists have, together (from the manifest when the output was reused).
    public var sectionCount = 0
    /// How many entries the lists show, as their pages count them: nested items too, an entry once per section it is
    /// in (from the manifest when reused).
    public var entryCount = 0

    /// True when nothing stopped the build (warnings are fine unless strict).
    public var succeeded: Bool { !diagnostics.hasErrors(strict: strict) }
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

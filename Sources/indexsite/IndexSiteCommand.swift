import ArgumentParser
import Foundation
import IndexSite
import IndexSiteEngine

/// The `indexsite` command: argument parsing and printing only; the work is in the IndexSite library.
@main
struct IndexSiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "indexsite",
        abstract: "Builds static sites of indexed lists: A–Z, by category or by date, with a sticky section index.",
        version: Build.versionDescription,
        subcommands: [BuildCommand.self, CheckCommand.self, InitCommand.self, ServeCommand.self],
        defaultSubcommand: BuildCommand.self
    )

    /// Pads the heap before anything allocates (`AllocatorPadding`), then parses the arguments.
    static func main() {
        AllocatorPadding.apply()
        main(nil)
    }
}

/// The site folder argument of `build`, `check` and `serve`, checked in one place.
struct SiteFolder: ParsableArguments {
    @Argument(help: "The site folder (with Content/, optional indexsite.yml and Templates/).")
    var site: String = "."

    var url: URL { URL(fileURLWithPath: site, isDirectory: true) }

    var diagnosticPathPrefix: String { SiteFolder.diagnosticPathPrefix(of: site) }

    func validate() throws {
        guard SiteFolder.isFolder(site) else {
            // `indexsite biuld` reads as the default command with a site named "biuld".
            if let command = closestName(to: site, among: ["build", "check", "serve", "init", "help"], maximumEdits: 2) {
                throw ValidationError("'\(site)' is not a folder or a command; did you mean 'indexsite \(command)'?")
            }
            throw ValidationError("'\(site)' is not a folder")
        }
    }

    /// Whether `path` is a folder (links followed).
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Put before the site-relative paths of diagnostics, so they name files from where the command was run.
    static func diagnosticPathPrefix(of site: String) -> String {
        site == "." || site == "./" ? "" : (site.hasSuffix("/") ? site : site + "/")
    }
}

/// Options shared by `build` and `check`.
struct SiteOptions: ParsableArguments {
    @OptionGroup var folder: SiteFolder

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Option(help: "How to print diagnostics: text, json (one array on stdout), github (Actions annotations) or sarif (a SARIF 2.1.0 log on stdout, for code scanning).")
    var diagnostics: DiagnosticFormat = .text

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    @Flag(help: "Print the time each stage took, on stderr.")
    var timings = false

    @Option(name: .customLong("base-url"),
            help: "The address the site is published at, over base_url in indexsite.yml (canonical links, sitemap.xml, 404.html).",
            transform: SiteOptions.checkedBaseURL)
    var baseURL: String?

    /// `--base-url` checked as `base_url` is, and ending in `/`.
    static func checkedBaseURL(_ value: String) throws -> String {
        switch SettingsParser.baseURL(value, name: "--base-url") {
        case .success(let url): return url
        case .failure(let problem): throw ValidationError("\(problem.message); \(problem.hint)")
        }
    }

    @Option(name: .customLong("changed-since"),
            help: "Report warnings only on lines changed since this git ref (a pull request's base, such as origin/main).")
    var changedSince: String?

    @Option(help: "How many threads to build with: 1 builds on one thread, serially (default: one per core).")
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    /// The options as plain values, for the code `build` and `check` share.
    var run: SiteRun {
        SiteRun(site: folder.site, strict: strict, diagnostics: diagnostics, quiet: quiet, timings: timings, baseURL: baseURL,
                       changedSince: changedSince, jobs: jobs ?? BuildOptions.availableCores)
    }
}

/// The options of `build` and `check` as plain values, however they were read.
struct SiteRun: Equatable {
    var site = "."
    var strict = false
    var diagnostics: DiagnosticFormat = .text
    var quiet = false
    var timings = false
    /// `--base-url`, checked and ending in `/`.
    var baseURL: String?
    /// `--changed-since`: the git ref whose changes the warnings are limited to.
    var changedSince: String?
    /// `--jobs`: how many threads the build may use (1 runs it serially); every core when not given.
    var jobs = BuildOptions.availableCores
    /// `--links`: check every link too, as `links: {check: true}` does.
    var links = false

    var siteURL: URL { URL(fileURLWithPath: site, isDirectory: true) }

    var diagnosticPathPrefix: String { SiteFolder.diagnosticPathPrefix(of: site) }

    /// Prints the diagnostics and returns the exit code for the result. With `--changed-since`, the warnings are
    /// first limited to the lines changed since the ref (errors, which stop the build, are all kept) and put most
    /// severe and earliest first; `result` is left holding what was reported.
    func finish(_ result: inout BuildResult) -> ExitCode {
        if let changedSince {
            let changed: ChangedLines
            do {
                changed = try ChangedLines.read(since: changedSince, siteFolder: siteURL)
            } catch {
                FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
                return .failure
            }
            let kept = result.diagnostics.filter { $0.severity == .error || changed.contains($0.location) }
            result.diagnostics = DiagnosticFormatter.mostSevereFirst(kept, strict: strict)
        }
        let formatter = DiagnosticFormatter(format: diagnostics, pathPrefix: diagnosticPathPrefix, strict: strict)
        if diagnostics.isDocument {
            print(formatter.report(result.diagnostics))
        } else if !result.diagnostics.isEmpty {
            FileHandle.standardError.write(Data((formatter.report(result.diagnostics) + "\n").utf8))
        }
        if diagnostics == .github, !result.diagnostics.isEmpty || !result.succeeded {
            writeStepSummary(formatter.stepSummary(result.diagnostics, title: "IndexSite"))
        }
        if timings {
            let lines = result.timings.map { "\($0.stage.rawValue): \(String(format: "%.3f", $0.seconds)) s" }
            FileHandle.standardError.write(Data(("timings: " + lines.joined(separator: ", ") + "\n").utf8))
        }
        if !result.succeeded, !quiet, !diagnostics.isDocument {
            FileHandle.standardError.write(Data("Build failed: \(formatter.counts(result.diagnostics))\(changedSuffix)\n".utf8))
        }
        return result.succeeded ? .success : .failure
    }

    /// Appends to the GitHub Actions job summary, when the run is a step of one (`GITHUB_STEP_SUMMARY` names the file).
    func writeStepSummary(_ markdown: String) {
        guard let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
        guard let file = FileHandle(forWritingAtPath: path) else { return }
        defer { try? file.close() }
        _ = try? file.seekToEnd()
        try? file.write(contentsOf: Data((markdown + "\n").utf8))
    }

    /// " with no errors, 3 warnings" after a successful run's counts, or nothing when there was nothing to report.
    func countsSuffix(_ result: BuildResult) -> String {
        result.diagnostics.isEmpty && changedSince == nil ? "" : ": " + DiagnosticFormatter(format: diagnostics, strict: strict).counts(result.diagnostics) + changedSuffix
    }

    /// " on lines changed since REF" after the counts of a `--changed-since` run.
    var changedSuffix: String { changedSince.map { " on lines changed since \($0)" } ?? "" }

    /// A progress reporter for a terminal: silent for the first second, then one line rewritten in place.
    func progressReporter() -> (@Sendable (BuildStage, Int) -> Void)? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        let start = Date()
        return { stage, count in
            guard Date().timeIntervalSince(start) > 1 else { return }
            let what = count > 0 ? " (\(count))" : ""
            FileHandle.standardError.write(Data("\r\u{1B}[K\(stage.rawValue)\(what)…".utf8))
        }
    }

    /// The counts inside a long stage ("parse: list 3 of 40", "render: 12800 files"), on the same line, at most
    /// five times a second.
    func stepReporter() -> (@Sendable (BuildStage, Int, Int) -> Void)? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        let start = Date()
        let last = LastReport()
        return { stage, done, total in
            let now = Date()
            guard now.timeIntervalSince(start) > 1, last.due(now) else { return }
            let what = total > 0 ? "\(stage.rawValue): list \(done + 1) of \(total)" : "\(stage.rawValue): \(done) \(done == 1 ? "file" : "files")"
            FileHandle.standardError.write(Data("\r\u{1B}[K\(what)…".utf8))
        }
    }

    /// Clears the progress line, if one was shown.
    func clearProgress() {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}

/// When the progress line was last written, so it is rewritten at most five times a second.
final class LastReport: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date.distantPast

    func due(_ now: Date) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard now.timeIntervalSince(time) >= 0.2 else { return false }
        time = now
        return true
    }
}

extension BuildResult {
    /// "1 list, 12 sections, 40 entries": what a build made, for the line a successful build prints.
    var countsSummary: String {
        func counted(_ count: Int, _ noun: String, _ plural: String) -> String { "\(count) \(count == 1 ? noun : plural)" }
        return [counted(listCount, "list", "lists"), counted(sectionCount, "section", "sections"), counted(entryCount, "entry", "entries")]
            .joined(separator: ", ")
    }
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site into the output folder.")

    @OptionGroup var options: SiteOptions

    @Option(name: .shortAndLong, help: "The output folder (default: _site inside the site folder).")
    var output: String?

    @Flag(help: "Also check every link once the site is built, as links: {check: true} in indexsite.yml does.")
    var links = false

    func run() throws {
        var run = options.run
        run.links = links
        BuildCommand.build(run, output: output)
    }

    /// Builds, prints what happened and exits with the build's code.
    static func build(_ options: SiteRun, output: String?) -> Never {
        let start = Date()
        let outputURL = output.map { URL(fileURLWithPath: $0, isDirectory: true) }
        var buildOptions = BuildOptions(siteFolder: options.siteURL, output: outputURL, strict: options.strict,
                                        jobs: options.jobs, progress: options.progressReporter())
        buildOptions.baseURL = options.baseURL
        buildOptions.stepProgress = options.stepReporter()
        var result = Build.run(buildOptions)
        options.clearProgress()
        if options.links || result.linkSettings.checkOnBuild, result.succeeded, !LinkCheckRun.check(&result, options: options) {
            fflush(nil)
            _exit(ExitCode.failure.rawValue)
        }
        let code = options.finish(&result)
        if code == .success, !options.quiet, !options.diagnostics.isDocument {
            let folder = output ?? (options.site == "." ? "_site" : options.siteURL.appendingPathComponent("_site").relativePath)
            let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
            let summary = result.writeSummary.map { " (\($0.written) written, \($0.unchanged) unchanged)" } ?? ""
            print("Built \(result.countsSummary) into \(folder)/\(summary) in \(seconds) s\(options.countsSuffix(result))")
            print("Open \(folder)/index.html")
        }
        // Exit at once: tearing down a million-entry result would only cost time, and so did the exit handlers and the
        // C++ libraries' destructors. The printed lines are flushed first.
        withExtendedLifetime(result) { () -> Never in
            fflush(nil)
            _exit(code.rawValue)
        }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Validate content, configuration and templates; write nothing.")

    @OptionGroup var options: SiteOptions

    @Flag(help: "Also check every external link over the network (settings under links: in indexsite.yml; results cached in .indexsite/links.json).")
    var links = false

    func run() throws {
        let options = options.run
        var buildOptions = BuildOptions(siteFolder: options.siteURL, strict: options.strict, writeOutput: false, jobs: options.jobs)
        buildOptions.baseURL = options.baseURL
        var result = Build.run(buildOptions)
        if links || result.linkSettings.checkOnBuild, !LinkCheckRun.check(&result, options: options) { throw ExitCode.failure }
        let code = options.finish(&result)
        if code == .success, !options.quiet, !options.diagnostics.isDocument {
            print("Checked \(result.countsSummary): \(DiagnosticFormatter(format: options.diagnostics, strict: options.strict).counts(result.diagnostics))\(options.changedSuffix)")
        }
        throw code
    }
}

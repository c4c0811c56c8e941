import Foundation
import IndexSite
import IndexSiteLinkCheck

/// The link check of `check --links` and of `build` with `links: {check: true}`, run after the build on its lists.
enum LinkCheckRun {
    /// Checks the links of `result`'s lists (re-reading the site when the build reused its previous output and so has
    /// none), adds the findings to its diagnostics, and appends the links' table to the step summary. False when the
    /// helper that asks the servers is missing or failed, which it has said on stderr: the run must fail.
    static func check(_ result: inout BuildResult, options: SiteRun) -> Bool {
        var lists = result.lists
        var pagePaths = result.pagePaths
        if result.reusedPreviousOutput {
            var checkOptions = BuildOptions(siteFolder: options.siteURL, strict: options.strict, writeOutput: false)
            checkOptions.baseURL = options.baseURL
            let rebuilt = Build.run(checkOptions)
            (lists, pagePaths) = (rebuilt.lists, rebuilt.pagePaths)
        }
        // The built site's files: its pages and what Static/ copies to its root.
        var outputPaths = Set(pagePaths)
        let staticFolder = options.siteURL.appendingPathComponent("Static")
        if let walker = FileManager.default.enumerator(atPath: staticFolder.path) {
            while let path = walker.nextObject() as? String { outputPaths.insert(path) }
        }
        let check = SiteLinkCheck(siteFolder: options.siteURL, settings: result.linkSettings)
        let showsProgress = !options.quiet && isatty(STDERR_FILENO) == 1
        var progress: (@Sendable (Int, Int) -> Void)?
        if showsProgress {
            progress = { done, total in FileHandle.standardError.write(Data("\r\u{1B}[Klinks: \(done) of \(total)…".utf8)) }
        }
        let reportProgress = progress
        let (checkedLists, checkedPaths) = (lists, outputPaths)
        let outcome: Result<SiteLinkCheck.Report, LinkHelper.Failure> = wait {
            do throws(LinkHelper.Failure) {
                return .success(try await check.run(checkedLists, outputPaths: checkedPaths, progress: reportProgress))
            } catch {
                return .failure(error)
            }
        }
        if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let report: SiteLinkCheck.Report
        switch outcome {
        case .success(let checked):
            report = checked
        case .failure(let failure):
            let line = options.diagnostics == .github ? "::error title=\(LinkProbe.helperName)::\(failure.message)" : "error: \(failure.message)"
            FileHandle.standardError.write(Data((line + "\n").utf8))
            return false
        }
        result.diagnostics = (result.diagnostics + report.diagnostics).sortedUnique()
        if !options.quiet, !options.diagnostics.isDocument {
            let fixes = report.rows.count
            FileHandle.standardError.write(Data("Links: \(report.urlCount) checked (\(report.fromCache) from the cache, \(report.excluded) excluded), \(fixes) to fix\n".utf8))
        }
        if options.diagnostics == .github {
            options.writeStepSummary(SiteLinkCheck.stepSummary(report, pathPrefix: options.diagnosticPathPrefix))
        }
        return true
    }

    /// Runs `work` to its end from synchronous code (the command's main thread), on the concurrency pool.
    static func wait<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let box = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// Hands a value from the task to the waiting thread; the semaphore orders the write before the read.
    final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
    }
}

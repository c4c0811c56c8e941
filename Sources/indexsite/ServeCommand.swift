import ArgumentParser
import Foundation
import IndexSite
import IndexSiteServer

/// `indexsite serve`: a live preview. Builds the site into a temporary folder, serves it on 127.0.0.1, rebuilds when
/// `Content/`, `Templates/` or `indexsite.yml` change and reloads the open pages; Ctrl-C stops it and cleans up.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on 127.0.0.1, rebuild on every change and reload the open pages.",
        discussion: "The preview is built into a temporary folder, so it never replaces _site; while the content has errors, the browser shows them. Ctrl-C stops the server."
    )

    @OptionGroup var folder: SiteFolder

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8000

    @Option(help: "The IPv4 address to listen on: 127.0.0.1 (this machine only), 0.0.0.0 (every interface: a container, a Codespace, a phone on the same network) or one address of this machine.")
    var bind = "127.0.0.1"

    @Option(name: .shortAndLong, help: "Build into this folder instead of a temporary one (kept when the server stops).")
    var output: String?

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    var siteURL: URL { folder.url }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        var parsed = in_addr()
        guard inet_pton(AF_INET, bind, &parsed) == 1 else {
            throw ValidationError("--bind takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, not '\(bind)'")
        }
    }

    func run() throws {
        let outputURL = output.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let outputURL {
            if let refusal = Build.outputRefusal(output: outputURL, siteFolder: siteURL) {
                Self.printError("error: \(refusal)")
                throw ExitCode.failure
            }
        }
        let formatter = DiagnosticFormatter(format: .text, pathPrefix: folder.diagnosticPathPrefix, strict: strict)
        var options = PreviewSession.Options(siteFolder: siteURL, output: outputURL, port: UInt16(port), strict: strict)
        options.bindAddress = bind
        if !bind.hasPrefix("127.") {
            Self.printError("warning: the preview listens on \(bind): other machines that reach this one can open it, drafts included")
        }
        let session: PreviewSession
        do {
            session = try PreviewSession(options: options, onBuild: { Self.printReport($0, formatter: formatter) },
                                         onListenerEvent: { Self.printError("serve: \($0)") })
        } catch {
            Self.printError("error: cannot start the preview: \(error)")
            throw ExitCode.failure
        }

        // The signals are taken from their default action (ending the process at once) and turned into a clean stop.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let running = Task {
            var code: Int32 = 0
            do {
                try await session.run { url in
                    Self.printLine("Serving \(folder.site == "." ? "this site" : folder.site) at \(url) (Ctrl-C to stop)")
                }
            } catch {
                Self.printError("error: \(error)")
                code = 1
            }
            await session.stop()
            Foundation.exit(code)
        }
        let signals = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if running.isCancelled { Foundation.exit(130) } // a second Ctrl-C: stop waiting
                Self.printLine("Stopping…")
                running.cancel()
            }
            source.resume()
            return source
        }
        withExtendedLifetime(signals) { dispatchMain() }
    }

    /// One line per build on stdout; diagnostics on stderr, as `build` prints them.
    static func printReport(_ report: PreviewSession.BuildReport, formatter: DiagnosticFormatter) {
        let result = report.result
        let seconds = String(format: "%.2f", report.seconds)
        if !result.diagnostics.isEmpty { printError(formatter.report(result.diagnostics)) }
        if !result.succeeded {
            printLine("Build failed: \(formatter.counts(result.diagnostics)) (\(seconds) s); the browser shows the errors until fixed")
        } else if report.isFirst {
            printLine("Built \(result.countsSummary) in \(seconds) s")
        } else {
            let written = result.writeSummary.map { " (\($0.written) \($0.written == 1 ? "file" : "files") changed)" } ?? ""
            printLine("Rebuilt in \(seconds) s\(written)")
        }
    }

    /// Writes a line to stdout at once (print buffers when stdout is a pipe).
    static func printLine(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

import Foundation
import IndexSite

/// One run of `indexsite serve`: builds the site into a temporary folder (or `output`), serves it, and rebuilds and
/// tells open pages to reload whenever `SiteChanges` sees a change. `stop` removes the temporary folder.
public final class PreviewSession: Sendable {
    public struct Options: Sendable {
        public var siteFolder: URL
        /// Where the site is built; nil builds into a temporary folder, so a preview never replaces `_site`.
        public var output: URL?
        /// 0 lets the system pick a free port.
        public var port: UInt16
        /// The IPv4 address to listen on: 127.0.0.1 (this machine only) unless `serve --bind` says otherwise.
        public var bindAddress: String = "127.0.0.1"
        public var strict: Bool
        /// How often the watcher looks at the site's files when it polls.
        public var pollInterval: Duration
        /// inotify events (on Linux) or polling; tests force polling here.
        var watchMethod = SiteChanges.preferred

        public init(siteFolder: URL, output: URL? = nil, port: UInt16 = 8000, strict: Bool = false, pollInterval: Duration = .milliseconds(100)) {
            self.siteFolder = siteFolder
            self.output = output
            self.port = port
            self.strict = strict
            self.pollInterval = pollInterval
        }
    }

    /// One finished build, for the command to print.
    public struct BuildReport: Sendable {
        public var result: BuildResult
        public var seconds: Double
        /// The state pages now see; its version did not change when the build changed nothing they show.
        public var state: PreviewState
        /// True for the first build `run` makes, false for rebuilds.
        public var isFirst: Bool
    }

    public let options: Options
    /// The folder the site is built into and served from.
    public let outputFolder: URL
    /// The temporary folder holding `outputFolder`, removed by `stop`; nil when `options.output` was given.
    public let temporaryFolder: URL?
    public let channel = ReloadChannel()
    private let server: PreviewServer
    private let onBuild: @Sendable (BuildReport) -> Void
    private let onListenerEvent: @Sendable (String) -> Void

    /// `onListenerEvent` is told when the server stops accepting connections and when it accepts again, the first
    /// time its connection cap is reached, and when the watcher polls because inotify cannot watch.
    public init(options: Options, onBuild: @escaping @Sendable (BuildReport) -> Void = { _ in },
                onListenerEvent: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.options = options
        self.onBuild = onBuild
        self.onListenerEvent = onListenerEvent
        if let output = options.output {
            temporaryFolder = nil
            outputFolder = output.standardizedFileURL
        } else {
            // Previews killed before they could clean up left their folders: remove those first.
            PreviewSession.removeStaleFolders(in: FileManager.default.temporaryDirectory)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(PreviewSession.temporaryFolderName())
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            temporaryFolder = folder
            outputFolder = folder.appendingPathComponent("site")
        }
        server = try PreviewServer(router: PreviewRouter(outputFolder: outputFolder, strict: options.strict), channel: channel, address: options.bindAddress, port: options.port,
                                   onListenerEvent: onListenerEvent)
    }

    /// Builds the site, starts serving it and tells `ready` the address to open (`http://127.0.0.1:PORT/`); then
    /// watches the site and rebuilds on every change until the calling task is cancelled. Throws when it cannot listen.
    public func run(ready: @Sendable (URL) -> Void) async throws {
        // Listen first, so a port in use fails at once, not after a long build; the address is told once the site is built.
        let port = try await server.start()
        // Watching starts before the first build, so a change made while it runs is not missed.
        let changes = SiteChanges(siteFolder: options.siteFolder, pollInterval: options.pollInterval, method: options.watchMethod,
                                  onNote: onListenerEvent)
        defer { changes.stop() }
        await rebuild(isFirst: true, changes: changes)
        ready(URL(string: "http://\(options.bindAddress == "0.0.0.0" ? "127.0.0.1" : options.bindAddress):\(port)/")!)
        var built = 0
        for await _ in changes.signals {
            // Let an editor's burst of events (write a new file, rename it over the old) end before building.
            try? await Task.sleep(for: SiteChanges.settleTime)
            let seen = changes.generation
            guard seen != built, !Task.isCancelled else { continue }
            built = seen
            await rebuild(isFirst: false, changes: changes)
        }
    }

    /// Stops serving, answers the waiting pages and removes the temporary folder. Call after cancelling `run`.
    public func stop() async {
        await server.stop()
        if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }

    /// Runs one build off the concurrency pool (a build is synchronous and can take a while) and publishes its state.
    private func rebuild(isFirst: Bool, changes: SiteChanges) async {
        let buildOptions = BuildOptions(siteFolder: options.siteFolder, output: outputFolder, strict: options.strict)
        let start = DispatchTime.now().uptimeNanoseconds
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Build.run(buildOptions))
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        changes.watch(sources: result.sourcePaths)
        let previous = await channel.state
        let state = previous.after(result)
        if state != previous { await channel.publish(state) }
        onBuild(BuildReport(result: result, seconds: seconds, state: state, isFirst: isFirst))
    }
}

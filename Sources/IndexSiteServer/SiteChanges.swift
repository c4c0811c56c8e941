import Foundation
import Synchronization

/// The preview's one way to learn that a site's inputs changed: inotify events on Linux (`InotifyWatcher`), polling
/// (`SiteWatcher`) elsewhere, when `INDEXSITE_WATCH=poll` asks for it (file systems whose changes inotify does not
/// see, such as some network and container mounts), or when inotify cannot watch (its watch limit reached).
///
/// Invariant: each change to a watched file adds one to `generation` after it happened, and `signals` then holds an
/// element (several changes may share one), so a reader that waits on `signals` and compares `generation` with the
/// last one it acted on never misses a change and acts on each at least once.
final class SiteChanges: Sendable {
    enum Method: Sendable, Equatable {
        case events
        case polling
    }

    /// Why inotify cannot watch the site; the watcher then polls.
    struct Unavailable: Error {
        var reason: String
    }

    /// How long after a change the preview waits for more before it rebuilds: editors save by writing a new file and
    /// renaming it over the old one, several events a few milliseconds apart.
    static let settleTime = Duration.milliseconds(50)

    /// Events where the system has them, unless the environment's `INDEXSITE_WATCH=poll` asks for polling.
    static var preferred: Method {
        #if os(Linux) && !INDEXSITE_PORTABLE
        return ProcessInfo.processInfo.environment["INDEXSITE_WATCH"] == "poll" ? .polling : .events
        #else
        return .polling
        #endif
    }

    /// Gets an element after changes; one reader.
    let signals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let siteFolder: URL
    private let pollInterval: Duration
    private let onNote: @Sendable (String) -> Void
    private let state = Mutex(State())

    private struct State {
        var generation = 0
        var method = Method.polling
        var sources: [String] = []
        #if os(Linux) && !INDEXSITE_PORTABLE
        var events: InotifyWatcher?
        #endif
        /// The stamps polling compares, kept here so that `watch` takes a new source's stamps when it is called.
        var poller: SiteWatcher?
        var polling: Task<Void, Never>?
        var stopped = false
    }

    /// Starts watching the site's fixed inputs (`indexsite.yml`, `Content/`, `Templates/`, `Static/`) the way `method`
    /// says, falling back to polling (and telling `onNote` why) when inotify cannot.
    init(siteFolder: URL, pollInterval: Duration, method: Method = SiteChanges.preferred, onNote: @escaping @Sendable (String) -> Void = { _ in }) {
        self.siteFolder = siteFolder.standardizedFileURL
        self.pollInterval = pollInterval
        self.onNote = onNote
        let (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.signals = signals
        self.continuation = continuation
        #if os(Linux) && !INDEXSITE_PORTABLE
        if method == .events {
            do {
                let watcher = try InotifyWatcher(siteFolder: self.siteFolder, roots: SiteWatcher.inputs(sources: []),
                                                 onChange: { [weak self] in self?.changed() },
                                                 onFailure: { [weak self] reason in self?.fallBack(reason) })
                state.withLock {
                    $0.events = watcher
                    $0.method = .events
                }
                return
            } catch {
                onNote("watching the site by polling: \(error.reason)")
            }
        }
        #endif
        startPolling()
    }

    deinit {
        stop()
    }

    /// How many changes were seen so far.
    var generation: Int { state.withLock { $0.generation } }

    /// How changes are being seen now.
    var method: Method { state.withLock { $0.method } }

    /// Watches the sources the lists name (relative to the site folder) besides the fixed inputs, from now on; the
    /// preview calls it after each build with the sources that build read, so a change made between the build's read
    /// and this call is seen with the next change.
    func watch(sources: [String]) {
        #if os(Linux) && !INDEXSITE_PORTABLE
        let events = state.withLock { state in
            state.sources = sources
            return state.events
        }
        events?.watch(roots: SiteWatcher.inputs(sources: sources))
        #else
        state.withLock { $0.sources = sources }
        #endif
        state.withLock { $0.poller?.watch(sources: sources) }
    }

    /// Stops watching and ends `signals`.
    func stop() {
        let polling = state.withLock { state in
            state.stopped = true
            return state.polling
        }
        polling?.cancel()
        #if os(Linux) && !INDEXSITE_PORTABLE
        state.withLock { state in
            defer { state.events = nil }
            return state.events
        }?.stop()
        #endif
        continuation.finish()
    }

    private func changed() {
        state.withLock { $0.generation += 1 }
        continuation.yield()
    }

    #if os(Linux) && !INDEXSITE_PORTABLE
    /// inotify stopped watching: polling takes over, and what changed meanwhile is not known, so it counts as a change.
    private func fallBack(_ reason: String) {
        onNote("watching the site by polling from now on: \(reason)")
        state.withLock { $0.events = nil }
        startPolling()
        changed()
    }
    #endif

    /// Polls the site's stamps every `pollInterval`, or less often on a site that takes long to scan, so that the
    /// scan takes at most a fifth of the time.
    private func startPolling() {
        let siteFolder = self.siteFolder, pollInterval = self.pollInterval
        // The first snapshot is taken now, so that what changes from now on is seen.
        state.withLock { state in
            state.method = .polling
            state.poller = SiteWatcher(siteFolder: siteFolder, sources: state.sources)
        }
        let task = Task.detached { [weak self] in
            let clock = ContinuousClock()
            var pause = pollInterval
            while !Task.isCancelled {
                try? await Task.sleep(for: pause)
                guard let self else { return }
                let scanned = clock.now
                let changed = self.state.withLock { $0.poller?.poll() ?? false }
                pause = max(pollInterval, (clock.now - scanned) * 4)
                if changed { self.changed() }
            }
        }
        let stopped = state.withLock { state in
            state.polling = task
            return state.stopped
        }
        if stopped { task.cancel() }
    }
}

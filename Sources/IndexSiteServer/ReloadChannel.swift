import Foundation
import IndexSite

/// What the preview last built: a version that changes with every build a reader should see, and, when the build
/// failed, the diagnostics that stopped it (the error page shows them instead of the stale site).
public struct PreviewState: Sendable, Equatable {
    /// Counts the builds published in this session.
    public var version: Int
    /// Nil when the last build succeeded.
    public var failure: [Diagnostic]?

    public init(version: Int, failure: [Diagnostic]? = nil) {
        self.version = version
        self.failure = failure
    }

    public var succeeded: Bool { failure == nil }

    /// The state after `result`: the same version when the build reused an output that was already being shown
    /// (nothing a reader sees changed), the next version otherwise.
    public func after(_ result: BuildResult) -> PreviewState {
        after(succeeded: result.succeeded, reusedOutput: result.reusedPreviousOutput, diagnostics: result.diagnostics)
    }

    public func after(succeeded buildSucceeded: Bool, reusedOutput: Bool, diagnostics: [Diagnostic]) -> PreviewState {
        if reusedOutput, buildSucceeded, succeeded { return self }
        return PreviewState(version: version + 1, failure: buildSucceeded ? nil : diagnostics)
    }
}

/// The live-reload channel: holds the current `PreviewState` and lets open pages wait (long-poll) for the next one.
/// Each session has its own random epoch, so a page left open across a restart of `indexsite serve` reloads too.
public actor ReloadChannel {
    public private(set) var state: PreviewState
    /// Tells this session's versions from another session's.
    public nonisolated let epoch: String
    private var waiters: [UUID: CheckedContinuation<PreviewState, Never>] = [:]
    private var closed = false

    public init(state: PreviewState = PreviewState(version: 0), epoch: String = String(UInt32.random(in: .min ... .max), radix: 36)) {
        self.state = state
        self.epoch = epoch
    }

    /// The version as pages see it: the epoch and the build count, e.g. `k3x9a.4`.
    public nonisolated func tag(_ state: PreviewState) -> String { "\(epoch).\(state.version)" }

    /// Makes `state` current and wakes every waiting page.
    public func publish(_ newState: PreviewState) {
        state = newState
        resumeAll()
    }

    /// Returns the current state as soon as its tag differs from `tag`, or after `timeout` (the page then asks again);
    /// also returns when the waiting task is cancelled or the channel closes.
    public func next(after tag: String, timeout: Duration) async -> PreviewState {
        if closed || self.tag(state) != tag || Task.isCancelled { return state }
        let id = UUID()
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.resume(id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiters[id] = $0 }
        } onCancel: {
            Task { await self.resume(id) }
        }
    }

    /// Wakes every waiting page and answers later waits at once, so a stopping server is not held open by them.
    public func close() {
        closed = true
        resumeAll()
    }

    /// How many pages are waiting (for tests).
    public var waiting: Int { waiters.count }

    private func resume(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume(returning: state)
    }

    private func resumeAll() {
        let current = waiters
        waiters = [:]
        for waiter in current.values { waiter.resume(returning: state) }
    }
}

import Dispatch

/// A value made on another core while the caller goes on, and waited for where it is needed: a build's fixed costs
/// (its templates and a locale's tables) are paid while its content is read and sorted, not after.
package final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    // Written once, before `done` is left; read only after waiting on it, so no lock is needed.
    private var result: Value?
    private let done = DispatchGroup()

    /// Starts `work` at once on another thread.
    package init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = work()
            self.done.leave()
        }
    }

    /// The work's value, waiting until it is made.
    package var value: Value {
        done.wait()
        return result!
    }
}

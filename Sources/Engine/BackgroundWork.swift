import CThreads
import Dispatch
import Synchronization

/// A value made on another core while the caller goes on, and waited for where it is needed: a build's fixed costs
/// (its templates and a locale's tables) are paid while its content is read and sorted, not after.
package final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    // Written once, before `done` is left; read only after waiting on it, so no lock is needed.
    private var result: Value?
    private let done = DispatchGroup()

    /// Starts `work` at once on a thread of its own, begun on another core (`ixs_thread_start`): not on Dispatch's
    /// pool, whose threads the caller's concurrent work (parsing, sorting) takes, and where work queued behind it
    /// waited until all of it was done.
    package convenience init(_ work: @escaping @Sendable () -> Value) {
        self.init(atIdlePriority: false) { _ in work() }
    }

    /// Work done ahead of need, on a core that nothing else wants (`ixs_thread_idle_priority`; where the system refuses
    /// that, at the usual priority). `work` is told whether it runs on a thread of its own: when no thread can be
    /// started it runs on the caller's, before the caller goes on, and must then not wait for anything the caller does.
    package convenience init(aheadOfNeed work: @escaping @Sendable (_ onItsOwnThread: Bool) -> Value) {
        self.init(atIdlePriority: true, work)
    }

    private init(atIdlePriority: Bool, _ work: @escaping @Sendable (_ onItsOwnThread: Bool) -> Value) {
        done.enter()
        let job = Unmanaged.passRetained(ThreadJob { onItsOwnThread in
            if atIdlePriority, onItsOwnThread { _ = ixs_thread_idle_priority() }
            self.result = work(onItsOwnThread)
            self.done.leave()
        })
        if ixs_thread_start(ThreadJob.run, job.toOpaque(), BackgroundWork.stackSize) != 0 {
            // No thread to be had: the work is done here, before the caller goes on.
            job.takeRetainedValue().body(false)
        }
    }

    /// As much stack as the main thread has: the work parses templates and YAML, which recurse.
    static var stackSize: Int { 8 << 20 }

    /// The work's value, waiting until it is made.
    package var value: Value {
        done.wait()
        return result!
    }
}

/// What a thread of `ixs_thread_start` runs, handed to C as one pointer.
private final class ThreadJob: @unchecked Sendable {
    /// The work, told whether it runs on a thread of its own.
    let body: (_ onItsOwnThread: Bool) -> Void

    init(_ body: @escaping (_ onItsOwnThread: Bool) -> Void) {
        self.body = body
    }

    /// The thread's entry: takes the job back (its reference was passed to C) and runs it.
    static let run: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        Unmanaged<ThreadJob>.fromOpaque(context!).takeRetainedValue().body(true)
    }
}

/// A value one thread hands over once, which others wait for: a build hands its settings to the tasks that make its
/// tables and templates, and tells the one that begins the staging folder whether to, once it knows (a build that
/// reuses its previous output, or that only checks, begins none).
package final class Handoff<Value: Sendable>: @unchecked Sendable {
    // Written once, before `given` is left; read only after waiting on it, so no lock is needed.
    private var value: Value?
    private let given = DispatchGroup()

    package init() {
        given.enter()
    }

    /// Hands `value` over. Called exactly once.
    package func give(_ value: Value) {
        precondition(self.value == nil, "a handoff is given once")
        self.value = value
        given.leave()
    }

    /// The value, waiting until it is given; any number of threads may ask, any number of times.
    package func take() -> Value {
        given.wait()
        return value!
    }
}

/// Work done once, by whichever thread asks for its value first; a thread that asks while it is being done waits for
/// it. A build's other core goes through its preparations in order, and the main thread, reaching one that core has
/// not begun (a small build is sectioned before the alphabets and tables are made), does it itself instead of waiting
/// for it behind the others.
package final class SharedTask<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case pending(@Sendable () -> Value)
        case running
        case done(Value)
    }

    private let state: Mutex<State>
    private let done = DispatchGroup()

    package init(_ work: @escaping @Sendable () -> Value) {
        state = Mutex(.pending(work))
        done.enter()
    }

    /// The work's value: made here when no thread has begun it, else waited for.
    package var value: Value {
        let work: (@Sendable () -> Value)? = state.withLock { state in
            guard case .pending(let work) = state else { return nil }
            state = .running
            return work
        }
        if let work {
            let made = work()
            state.withLock { $0 = .done(made) }
            done.leave()
            return made
        }
        done.wait()
        return state.withLock { state in
            guard case .done(let made) = state else { preconditionFailure("a shared task is done once its group is left") }
            return made
        }
    }
}

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
        Engine.runningThreads.enter()
        let job = Unmanaged.passRetained(ThreadJob { onItsOwnThread in
            if atIdlePriority, onItsOwnThread { _ = ixs_thread_idle_priority() }
            self.result = work(onItsOwnThread)
            self.done.leave()
            Engine.runningThreads.leave()
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

/// Work done once, by whichever thread asks for its value first; a thread that asks while it is being done waits for
/// it: the value of `Engine.background`, which the serial engine makes only when it is asked for.
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

extension Engine {
    /// The threads of `BackgroundWork` not yet done, counted so that a test can tell that none is left waiting.
    static let runningThreads = ThreadCount()

    /// `work`'s value, made once: begun at once on a thread of its own by the parallel engine, while the caller goes
    /// on; made when first asked for by the serial one (never, when nobody asks). The work is handed everything it
    /// needs when it is begun, so it never waits for the caller and no early return can leave its thread blocked.
    package func background<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> SharedTask<Value> {
        let task = SharedTask(work)
        if !isSerial { _ = BackgroundWork { _ = task.value } }
        return task
    }

    /// How many of the engine's background threads are still running (the pool's helpers, which live as long as the
    /// process, are not counted).
    package static var backgroundThreadsRunning: Int { runningThreads.count }

    /// Waits until every background thread is done, for at most `seconds`; false when some were still running.
    package static func waitForBackgroundThreads(seconds: Double) -> Bool {
        runningThreads.wait(seconds: seconds)
    }
}

/// A count of running threads, which can be waited on to reach zero.
final class ThreadCount: Sendable {
    private let count_ = Atomic<Int>(0)
    private let group = DispatchGroup()

    func enter() {
        group.enter()
        count_.add(1, ordering: .sequentiallyConsistent)
    }

    func leave() {
        count_.subtract(1, ordering: .sequentiallyConsistent)
        group.leave()
    }

    var count: Int { count_.load(ordering: .sequentiallyConsistent) }

    func wait(seconds: Double) -> Bool {
        group.wait(timeout: .now() + seconds) == .success
    }
}

import CThreads
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads that share a loop's iterations with the thread that runs it. Dispatch's `concurrentPerform` did the same
/// with threads that sleep between loops: on the virtual machines builds run on, a sleeping thread's core was woken
/// late, often after the caller had done every iteration alone. A helper here stays awake for a few milliseconds after
/// each loop, yielding its core to any other thread that wants it, so the next loop is begun within microseconds; then
/// it sleeps until one is handed out.
@usableFromInline package final class CorePool: @unchecked Sendable {
    /// The pool of the process: a helper for each core past the caller's.
    @usableFromInline package static let shared = CorePool(helpers: activeCoreCount - 1)

    /// A loop being run: its body and how far it has got. Guarded by `state`.
    private struct Loop {
        var body: Body?
        var count = 0
        var next = 0
        var done = 0
        /// Helpers between taking the body and handing it back: the caller waits for them before it returns.
        var inside = 0
    }

    /// The loop's body, shared with the helpers only while the caller waits in `perform`.
    private final class Body: @unchecked Sendable {
        let run: (Int) -> Void
        init(_ run: @escaping (Int) -> Void) { self.run = run }
    }

    private let helpers: Int
    private let state = Mutex(Loop())
    /// Bumped when a loop is handed out: the helpers that are awake watch it.
    private let generation = Atomic<Int>(0)
    private let sleepers = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    /// One loop at a time: a loop begun inside another, or beside it on another thread, runs on its caller alone.
    private let busy = Atomic<Bool>(false)
    /// How long a helper stays awake after a loop.
    static let awakeNanoseconds: UInt64 = 3_000_000

    /// A pool with `helpers` threads, started when the first loop is handed out.
    package init(helpers: Int) {
        self.helpers = max(0, helpers)
    }

    /// Read and written only by the thread that holds `busy`.
    private var helpersStarted = false

    /// Starts the helpers, each on a thread of its own begun on another core than the caller's (`ixs_thread_start`).
    private func startHelpers() {
        for _ in 0..<helpers {
            let job = Unmanaged.passRetained(HelperStart(pool: self)).toOpaque()
            if ixs_thread_start(HelperStart.run, job, BackgroundWork<Int>.stackSize) != 0 {
                Unmanaged<HelperStart>.fromOpaque(job).release()
            }
        }
    }

    /// Runs `body` for each index in `0..<iterations`, on this thread and the helpers, and returns when all are done.
    /// Like `DispatchQueue.concurrentPerform`, the iterations may run in any order and at once.
    @usableFromInline package func perform(iterations: Int, _ body: (Int) -> Void) {
        guard helpers > 0, iterations > 1,
              busy.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            for index in 0..<iterations { body(index) }
            return
        }
        defer { busy.store(false, ordering: .releasing) }
        if !helpersStarted {
            startHelpers()
            helpersStarted = true
        }
        withoutActuallyEscaping(body) { body in
            state.withLock { loop in
                loop = Loop(body: Body(body), count: iterations)
            }
            generation.add(1, ordering: .sequentiallyConsistent)
            let asleep = sleepers.load(ordering: .sequentiallyConsistent)
            for _ in 0..<min(asleep, helpers) { wake.signal() }
            runIterations(body)
            // The helpers still inside finish their iterations; then the body is taken back.
            var rounds = 0
            while !state.withLock({ $0.done == $0.count && $0.inside == 0 }) {
                rounds += 1
                if rounds > 64 { sched_yield() }
            }
            state.withLock { $0.body = nil }
        }
    }

    /// Takes iterations of the current loop and runs them until none is left.
    private func runIterations(_ body: (Int) -> Void) {
        while let index = state.withLock({ loop -> Int? in
            guard loop.next < loop.count else { return nil }
            defer { loop.next += 1 }
            return loop.next
        }) {
            body(index)
            state.withLock { $0.done += 1 }
        }
    }

    /// A helper's life: wait for a loop (awake a while, then asleep), join it, and again.
    fileprivate func helperLoop() {
        // Helpers start inside the first loop, before or after it is handed out: none has been seen yet.
        var seen = 0
        while true {
            var awakeSince = DispatchTime.now().uptimeNanoseconds
            var polls = 0
            while generation.load(ordering: .acquiring) == seen {
                polls += 1
                if polls % 64 == 0, DispatchTime.now().uptimeNanoseconds - awakeSince > CorePool.awakeNanoseconds {
                    sleepers.add(1, ordering: .sequentiallyConsistent)
                    if generation.load(ordering: .sequentiallyConsistent) == seen { wake.wait() }
                    sleepers.subtract(1, ordering: .sequentiallyConsistent)
                    awakeSince = DispatchTime.now().uptimeNanoseconds
                } else {
                    sched_yield()
                }
            }
            seen = generation.load(ordering: .acquiring)
            if join() {
                state.withLock { $0.inside -= 1 }
            }
        }
    }

    /// Runs iterations of the current loop, if it still has some; true when it took the body (and has now let go of it).
    private func join() -> Bool {
        guard let body = state.withLock({ loop -> Body? in
            guard let body = loop.body, loop.next < loop.count else { return nil }
            loop.inside += 1
            return body
        }) else { return false }
        runIterations(body.run)
        return true
    }
}

/// What a helper thread of `ixs_thread_start` runs, handed to C as one pointer.
private final class HelperStart {
    let pool: CorePool
    init(pool: CorePool) { self.pool = pool }

    static let run: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        let pool = Unmanaged<HelperStart>.fromOpaque(context!).takeRetainedValue().pool
        pool.helperLoop()
    }
}

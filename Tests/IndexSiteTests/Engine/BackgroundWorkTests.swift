import CThreads
import Foundation
import Synchronization
import Testing
@testable import IndexSiteCore
@testable import IndexSiteEngine

/// The build's fixed costs (templates, a locale's tables) are made on a thread of their own, started on another core.
@Suite struct BackgroundWorkTests {
    /// The work runs beside the caller, not after it: the caller waits here for the work to have started.
    @Test func theWorkRunsWhileTheCallerGoesOn() {
        let started = DispatchSemaphore(value: 0)
        let work = BackgroundWork { () -> Int in
            started.signal()
            return 42
        }
        #expect(started.wait(timeout: .now() + 10) == .success)
        #expect(work.value == 42)
    }

    /// Begun on another core, the thread may use every core of the process once it runs (on a machine of one core,
    /// both counts are one).
    @Test func theThreadMayUseEveryCore() {
        let here = ixs_thread_core_count()
        #expect(here >= 1)
        #expect(BackgroundWork { ixs_thread_core_count() }.value == here)
    }

    /// The parallel engine begins background work at once, on a thread of its own; the serial one makes it on the
    /// caller's thread when it is first asked for, and never when nobody asks.
    @Test func backgroundWorkIsBegunAtOnceInParallelAndWhenAskedSerially() {
        let started = DispatchSemaphore(value: 0)
        let parallel = Engine(jobs: 2).background { () -> pthread_t in
            started.signal()
            return pthread_self()
        }
        #expect(started.wait(timeout: .now() + 10) == .success)
        #expect(parallel.value != pthread_self())
        let runs = Mutex(0)
        let serial = Engine.serial.background { () -> pthread_t in
            runs.withLock { $0 += 1 }
            return pthread_self()
        }
        #expect(runs.withLock { $0 } == 0)
        #expect(serial.value == pthread_self())
        #expect(runs.withLock { $0 } == 1)
        _ = Engine.serial.background { runs.withLock { $0 += 1 } }
        #expect(runs.withLock { $0 } == 1)
    }

    /// A shared task is done once, by the first thread that asks: here the caller, as no other thread has begun it.
    @Test func aSharedTaskNobodyBeganIsDoneByItsAsker() {
        let runs = Mutex(0)
        let task = SharedTask { () -> pthread_t in
            runs.withLock { $0 += 1 }
            return pthread_self()
        }
        #expect(task.value == pthread_self())
        #expect(task.value == pthread_self())
        #expect(BackgroundWork { task.value }.value == pthread_self())
        #expect(runs.withLock { $0 } == 1)
    }

    /// A thread that asks for a task another thread is doing waits for that thread's value instead of doing it again.
    @Test func aSharedTaskBegunElsewhereIsWaitedFor() {
        let begun = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let runs = Mutex(0)
        let task = SharedTask { () -> pthread_t in
            runs.withLock { $0 += 1 }
            begun.signal()
            release.wait()
            return pthread_self()
        }
        let doer = BackgroundWork { task.value }
        #expect(begun.wait(timeout: .now() + 10) == .success)
        let asker = BackgroundWork { task.value }
        release.signal()
        #expect(asker.value == doer.value)
        #expect(task.value == doer.value)
        #expect(doer.value != pthread_self())
        #expect(runs.withLock { $0 } == 1)
    }

    /// Work ahead of need runs on a thread of its own that takes only a core nothing else wants (SCHED_IDLE, policy 5
    /// on Linux), and is told so; the caller's thread keeps its priority.
    @Test func workAheadOfNeedRunsAtIdlePriority() {
        let before = sched_getscheduler(0)
        let work = BackgroundWork(aheadOfNeed: { onItsOwnThread in (onItsOwnThread, sched_getscheduler(0)) })
        let (onItsOwnThread, policy) = work.value
        #expect(onItsOwnThread)
        #expect(policy == 5)
        #expect(sched_getscheduler(0) == before)
    }
}

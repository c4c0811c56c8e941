import CThreads
import Foundation
import Testing
@testable import IndexSiteCore

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

    /// A handoff's value reaches the thread that waits for it, whichever comes first: the taker waits for the giver.
    @Test func aHandoffIsTakenOnceGiven() {
        let handoff = Handoff<Bool>()
        let taken = BackgroundWork { handoff.take() }
        handoff.give(true)
        #expect(taken.value)
        let givenFirst = Handoff<Int>()
        givenFirst.give(7)
        #expect(BackgroundWork { givenFirst.take() }.value == 7)
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

import Foundation
import Synchronization
import Testing
@testable import IndexSiteEngine

/// The engine's ordered stream (the site writer's): pieces done in the order added, beside the caller in parallel,
/// at once on the caller's thread serially.
@Suite struct OrderedWorkTests {
    @Test func piecesAreDoneInTheOrderTheyWereAdded() {
        for engine in [Engine.serial, Engine(jobs: 2)] {
            let done = Mutex<[Int]>([])
            let work = engine.orderedWork(label: "test.order")
            for index in 0..<200 { work.add { done.withLock { $0.append(index) } } }
            work.wait()
            #expect(done.withLock { $0 } == Array(0..<200), "jobs \(engine.width)")
        }
    }

    /// The serial engine starts no thread: each piece runs on the caller's thread before `add` returns.
    @Test func theSerialStreamWorksOnTheCallersThreadBeforeAddReturns() {
        let caller = pthread_self()
        let ran = Mutex<(done: Bool, here: Bool)>((false, false))
        Engine.serial.orderedWork(label: "test.serial").add { ran.withLock { $0 = (true, pthread_equal(pthread_self(), caller) != 0) } }
        #expect(ran.withLock { $0.done && $0.here })
    }

    /// The parallel stream goes on beside the caller: a piece that waits for the caller does not hold up `add`.
    @Test func theParallelStreamWorksBesideTheCaller() {
        let work = Engine(jobs: 2).orderedWork(label: "test.parallel")
        let callerWentOn = DispatchSemaphore(value: 0)
        let pieceSawIt = Mutex(false)
        work.add { pieceSawIt.withLock { $0 = callerWentOn.wait(timeout: .now() + 10) == .success } }
        callerWentOn.signal()
        work.wait()
        #expect(pieceSawIt.withLock { $0 })
    }
}

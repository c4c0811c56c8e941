import Foundation
import Synchronization
import Testing
@testable import IndexSiteCore
@testable import IndexSiteEngine

/// The loops of a build are shared with helper threads that stay awake between loops (`CorePool`).
@Suite struct CorePoolTests {
    /// What ran where: each index's count, and the threads that ran iterations.
    final class Record: Sendable {
        let seen = Mutex((counts: [Int: Int](), threads: Set<pthread_t>()))

        func note(_ index: Int) {
            seen.withLock { $0.counts[index, default: 0] += 1; $0.threads.insert(pthread_self()) }
        }

        var counts: [Int: Int] { seen.withLock { $0.counts } }
        var threadCount: Int { seen.withLock { $0.threads.count } }
    }

    /// Every index runs exactly once, and `perform` returns only when all have run.
    @Test(arguments: [0, 1, 2, 7, 1_000])
    func everyIndexRunsOnceBeforeTheLoopReturns(iterations: Int) {
        let pool = CorePool(helpers: 2), record = Record()
        pool.perform(iterations: iterations) { record.note($0) }
        #expect(record.counts == Dictionary(uniqueKeysWithValues: (0..<iterations).map { ($0, 1) }))
    }

    /// The helpers take iterations beside the caller, in a first loop (they start then) and in a loop handed out long
    /// after they went to sleep.
    @Test func helpersTakeIterationsAwakeAndAfterSleeping() {
        let pool = CorePool(helpers: 2)
        for pause in [0, 20_000] {
            usleep(useconds_t(pause))
            let record = Record()
            pool.perform(iterations: 8) { index in
                record.note(index)
                usleep(5_000)
            }
            #expect(record.counts.count == 8)
            #expect(record.threadCount >= 2, "paused \(pause) µs")
        }
    }

    /// A loop begun inside another, or beside it on another thread, runs on its own caller and finishes.
    @Test func loopsInsideLoopsAndSideBySideFinish() {
        let pool = CorePool(helpers: 2), inner = Record()
        pool.perform(iterations: 4) { outer in
            pool.perform(iterations: 10) { inner.note(outer * 10 + $0) }
        }
        #expect(inner.counts == Dictionary(uniqueKeysWithValues: (0..<40).map { ($0, 1) }))
        let left = Record(), right = Record()
        let beside = BackgroundWork { pool.perform(iterations: 200) { index in left.note(index); usleep(50) } }
        pool.perform(iterations: 200) { index in right.note(index); usleep(50) }
        _ = beside.value
        #expect(left.counts.count == 200 && right.counts.count == 200)
        #expect(left.counts.values.allSatisfy { $0 == 1 } && right.counts.values.allSatisfy { $0 == 1 })
    }

    /// Without helpers (a machine of one core) the caller runs every iteration itself.
    @Test func withoutHelpersTheCallerRunsAll() {
        let pool = CorePool(helpers: 0), record = Record()
        pool.perform(iterations: 50) { record.note($0) }
        #expect(record.counts.count == 50 && record.threadCount == 1)
    }
}

import Foundation
import Synchronization
import Testing
@testable import IndexSiteCore
@testable import IndexSiteEngine

/// Sorting a run per core and merging the runs gives exactly the order of one sort, whatever the number of runs.
@Suite struct ConcurrentSortTests {
    struct Item: Equatable {
        var key: Int
        var index: Int
    }

    @Test(arguments: [1, 2, 3, 5])
    func runsMergeToTheOrderOfOneSort(runs: Int) {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            // Few distinct keys, so that most comparisons are settled by the index that breaks ties.
            let count = Int.random(in: 0...300, using: &random)
            let items = (0..<count).map { Item(key: Int.random(in: 0..<8, using: &random), index: $0) }
            let order: @Sendable (Item, Item) -> Bool = { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
            var sorted = items
            Engine.parallel.sort(&sorted, runs: runs, minimumCountPerRun: 4, by: order)
            #expect(sorted == items.sorted(by: order))
        }
    }

    /// A large list sorted in the sectioner's way: descending keys, so that the runs really interleave when merged.
    @Test func aLargeListIsSortedAsOneSortDoes() {
        let items = (0..<100_000).map { Item(key: ($0 * 7_919) % 1_000, index: $0) }
        let order: @Sendable (Item, Item) -> Bool = { $0.key != $1.key ? $0.key > $1.key : $0.index < $1.index }
        for engine in [Engine.serial, Engine(jobs: 4)] {
            var sorted = items
            engine.sort(&sorted, by: order)
            #expect(sorted == items.sorted(by: order))
        }
    }
}

/// An ordered map gives its values in index order, each made once, whatever the count against the runs, under the
/// serial engine and the parallel one.
@Suite struct OrderedMapTests {
    @Test(arguments: [0, 1, 2, 5, 31, 32, 33, 63, 64, 65, 1_000, 10_007], [Engine.serial, Engine(jobs: 2), Engine(jobs: 3)])
    func valuesAreInIndexOrderAndMadeOnce(count: Int, engine: Engine) {
        let calls = Mutex<[Int: Int]>([:])
        let values = engine.orderedMap(count: count) { index in
            calls.withLock { $0[index, default: 0] += 1 }
            return index * 7 + 3
        }
        #expect(values == (0..<count).map { $0 * 7 + 3 })
        #expect(calls.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }))
    }
}

/// Values made on Dispatch's threads are handed over in index order as they come, each made once, and never more than
/// the window made ahead of the one handed over.
@Suite struct OrderedStreamTests {
    final class Counts: Sendable {
        let made = Mutex((calls: [Int: Int](), total: 0))
    }

    @Test(arguments: [(0, 4), (1, 1), (7, 1), (7, 3), (100, 8), (1_000, 2)])
    func valuesComeInOrderWithinTheWindow(count: Int, window: Int) {
        let counts = Counts()
        var taken: [Int] = []
        var mostAhead = 0
        let work = Engine.parallel.orderedStream(count: count, window: window) { index in
            counts.made.withLock { $0.calls[index, default: 0] += 1; $0.total += 1 }
            return index * 7 + 3
        }
        work.forEach { value in
            taken.append(value)
            mostAhead = max(mostAhead, counts.made.withLock { $0.total } - taken.count)
        }
        #expect(taken == (0..<count).map { $0 * 7 + 3 })
        #expect(counts.made.withLock { $0.calls } == Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }))
        #expect(mostAhead <= window)
    }

    /// A value no thread has begun when it is wanted is made by the taker rather than waited for: here Dispatch's
    /// threads are all held, so every value is made on the caller's thread, each once.
    @Test func valuesNoThreadBeganAreMadeByTheTaker() {
        let held = DispatchSemaphore(value: 0), holding = DispatchSemaphore(value: 0)
        for _ in 0..<activeCoreCount {
            DispatchQueue.global().async {
                holding.signal()
                held.wait()
            }
        }
        for _ in 0..<activeCoreCount { holding.wait() }
        // Were the taker to wait for Dispatch's threads, it would wait until they are let go, here after two seconds.
        _ = BackgroundWork {
            usleep(2_000_000)
            for _ in 0..<activeCoreCount { held.signal() }
        }
        let counts = Counts()
        let caller = pthread_self()
        let work = Engine.parallel.orderedStream(count: 5, window: 2) { index in
            counts.made.withLock { $0.calls[index, default: 0] += 1 }
            return pthread_self() == caller
        }
        var byCaller: [Bool] = []
        work.forEach { byCaller.append($0) }
        for _ in 0..<activeCoreCount { held.signal() }
        #expect(byCaller == [true, true, true, true, true])
        #expect(counts.made.withLock { $0.calls } == Dictionary(uniqueKeysWithValues: (0..<5).map { ($0, 1) }))
    }

    /// The first window is begun at once: its values are made while the caller does other work, before it takes any.
    @Test func theFirstWindowIsMadeBeforeAnyIsTaken() {
        let counts = Counts()
        let work = Engine.parallel.orderedStream(count: 10, window: 4) { index in
            counts.made.withLock { $0.total += 1 }
            return index
        }
        var waited = 0
        while counts.made.withLock({ $0.total }) < 4, waited < 10_000 {
            usleep(1_000)
            waited += 1
        }
        #expect(counts.made.withLock { $0.total } == 4)
        var taken: [Int] = []
        work.forEach { taken.append($0) }
        #expect(taken == Array(0..<10))
    }

    /// The serial engine makes nothing ahead: each value is made on the caller's thread when it is taken.
    @Test func theSerialStreamMakesEachValueWhenTaken() {
        let counts = Counts()
        let caller = pthread_self()
        let work = Engine.serial.orderedStream(count: 6, window: 4) { index in
            counts.made.withLock { $0.total += 1 }
            return pthread_self() == caller
        }
        #expect(counts.made.withLock { $0.total } == 0)
        var made: [Int] = []
        var byCaller: [Bool] = []
        work.forEach { value in
            byCaller.append(value)
            made.append(counts.made.withLock { $0.total })
        }
        #expect(made == [1, 2, 3, 4, 5, 6])
        #expect(byCaller == Array(repeating: true, count: 6))
    }
}

/// Partitioning moves each element named in the order into its bucket, in that order, and leaves the placeholder.
@Suite struct PartitionTests {
    @Test(arguments: [Engine.serial, Engine(jobs: 3)], [0, 1, 7, 1_000])
    func elementsLandInTheirBucketsInOrder(engine: Engine, count: Int) {
        var random = SplitMix(seed: UInt64(count))
        let order = Array(0..<count).shuffled(using: &random)
        let buckets = order.map { $0 % 5 }
        var elements = (0..<count).map { "e\($0)" }
        let parts = engine.partition(&elements, order: order, buckets: buckets, bucketCount: 6, leaving: "")
        #expect(parts.count == 6)
        for bucket in 0..<6 {
            #expect(parts[bucket] == order.filter { $0 % 5 == bucket }.map { "e\($0)" })
        }
        #expect(elements == Array(repeating: "", count: count))
    }
}

import Dispatch
import Foundation

/// How many cores work is spread over (at least one): it sizes the chunks work is cut into. Asked once: Foundation
/// reads the cgroup's CPU quota from a file each time it is asked (0.2 ms of a 1,000-entry build, asked a dozen times).
@usableFromInline package let activeCoreCount: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

extension Array {
    /// Where the elements are kept: two arrays at one address are one array (while either lives), which tells rows
    /// that share a names array without comparing names (see `FieldColumn`).
    @inlinable @inline(__always)
    package var elementsAddress: UnsafeRawPointer? {
        withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}

extension Range<Int> {
    /// The range cut into consecutive pieces of `size` (the last may be shorter): the tasks of work spread over the
    /// cores a block at a time.
    package func chunks(of size: Int) -> [Range<Int>] {
        stride(from: lowerBound, to: upperBound, by: size).map { $0..<Swift.min($0 + size, upperBound) }
    }
}

extension Array {
    /// `count` values, `make(index)` each, made on every core (`CorePool`) and kept in index order: for work whose items
    /// depend on nothing but their index. Each slot is written by exactly one call, so the slots need no lock.
    /// Many small items (an entry's title, its hash) are handed out a run at a time, sixteen runs a core: each iteration
    /// handed out goes through one counter both cores write, which cost more than the work of a small item.
    package static func madeConcurrently(count: Int, _ make: @Sendable (Int) -> Element) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let slots = buffer
            let runs = Swift.min(count, activeCoreCount * 16)
            CorePool.shared.perform(iterations: runs) { run in
                for index in count * run / runs..<count * (run + 1) / runs {
                    (slots.baseAddress! + index).initialize(to: make(index))
                }
            }
            initializedCount = count
        }
    }
}

/// `count` values made on Dispatch's threads, `make(index)` each, at most `window` of them ahead of the one taken, and
/// taken in index order as soon as each is made: for a file written in pieces, whose first pieces are written while
/// the last are still being made. The first `window` are begun at once, so that other work can run beside them before
/// they are taken (a list's page is rendered while the first pieces of its `entries.json` are made). Each value is a
/// `SharedTask`: one no thread has begun when it is wanted is made by the taker instead of waited for, as Dispatch's
/// threads may still be busy with the page (the main thread of a 1,000-entry build waited 0.2 ms for them).
package final class MadeInOrder<Value: Sendable>: @unchecked Sendable {
    // Read and changed by the taker's thread only: each value's task until it is taken (and its value let go).
    private var tasks: [SharedTask<Value>?]
    private let window: Int
    private var taken = 0

    /// Begins making the first `window` values.
    package init(count: Int, window: Int, make: @escaping @Sendable (Int) -> Value) {
        tasks = (0..<count).map { index in SharedTask { make(index) } }
        self.window = max(1, window)
        for index in 0..<min(self.window, count) { start(index) }
    }

    private func start(_ index: Int) {
        guard let task = tasks[index] else { return }
        DispatchQueue.global().async { _ = task.value }
    }

    /// Hands every value to `take` in index order, making it here when no thread has begun it and else waiting for it,
    /// and begins the next as each is taken.
    package func takeAll(_ take: (Value) -> Void) {
        while taken < tasks.count {
            let value = tasks[taken]!.value
            tasks[taken] = nil
            if taken + window < tasks.count { start(taken + window) }
            taken += 1
            take(value)
        }
    }
}

extension Array {
    /// Sorts the elements by `areInIncreasingOrder`, a strict total order (no two elements equivalent: break ties by
    /// index), so that the order is the one `sort(by:)` gives: a run per core is sorted on its core, in place, and
    /// the runs are then merged. With fewer than `minimumCountPerRun` elements for each run, it is `sort(by:)` itself.
    @inlinable // specialized where it is called: unspecialized, each comparison and copy went through witness tables
    package mutating func sortConcurrently(runs: Int? = nil, minimumCountPerRun: Int = 2_048,
                                           by areInIncreasingOrder: @Sendable (Element, Element) -> Bool) {
        let runCount = Swift.min(runs ?? activeCoreCount, count / Swift.max(1, minimumCountPerRun))
        guard runCount > 1 else { return sort(by: areInIncreasingOrder) }
        let bounds = (0...runCount).map { count * $0 / runCount }
        withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            CorePool.shared.perform(iterations: runCount) { run in
                var run = UnsafeMutableBufferPointer(rebasing: buffer[bounds[run]..<bounds[run + 1]])
                run.sort(by: areInIncreasingOrder)
            }
        }
        // Each run is merged into the sorted ones before it, in place, on one core: merging costs a comparison per
        // element, a tenth of sorting. Only the sorted part is copied aside, so the elements are held at most one and
        // a half times over (for two runs), as a stable sort's scratch space holds them.
        for run in 1..<runCount {
            let sorted = Array(self[..<bounds[run]])
            withUnsafeMutableBufferPointer { buffer in
                // Writing never overtakes reading: `write` is `next` less the sorted elements not yet written.
                var taken = 0, next = bounds[run], write = 0
                while taken < sorted.count, next < bounds[run + 1] {
                    if areInIncreasingOrder(buffer[next], sorted[taken]) {
                        buffer[write] = buffer[next]
                        next += 1
                    } else {
                        buffer[write] = sorted[taken]
                        taken += 1
                    }
                    write += 1
                }
                while taken < sorted.count {
                    buffer[write] = sorted[taken]
                    taken += 1
                    write += 1
                }
            }
        }
    }
}

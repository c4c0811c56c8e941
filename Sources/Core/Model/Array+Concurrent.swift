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
    /// `count` values, `make(index)` each, made on every core and kept in index order: for work whose items depend on
    /// nothing but their index. Each slot is written by exactly one call, so the slots need no lock.
    /// Many small items (an entry's title, its hash) are handed out a run at a time, sixteen runs a core: Dispatch
    /// hands out each iteration through one counter both cores write, which cost more than the work of a small item.
    package static func madeConcurrently(count: Int, _ make: @Sendable (Int) -> Element) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let slots = buffer
            let runs = Swift.min(count, activeCoreCount * 16)
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                for index in count * run / runs..<count * (run + 1) / runs {
                    (slots.baseAddress! + index).initialize(to: make(index))
                }
            }
            initializedCount = count
        }
    }
}

/// Makes `count` values on every core, `make(index)` each, and hands each to `take` in index order as soon as it and
/// all before it are made, with at most `window` made and not yet taken: for a file written in pieces, whose first
/// pieces are then written while the last are still being made, instead of all of them after. The caller's thread
/// only waits and takes; Dispatch's threads make the values.
package func madeInOrder<Value: Sendable>(count: Int, window: Int, make: @escaping @Sendable (Int) -> Value, take: (Value) -> Void) {
    guard count > 0 else { return }
    let window = max(1, window)
    // Each slot is written by one task and read once, after its semaphore says it was written.
    nonisolated(unsafe) let slots = UnsafeMutableBufferPointer<Value?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer { slots.deallocate() }
    let made = (0..<count).map { _ in DispatchSemaphore(value: 0) }
    func start(_ index: Int) {
        DispatchQueue.global().async {
            slots[index] = make(index)
            made[index].signal()
        }
    }
    for index in 0..<min(window, count) { start(index) }
    for index in 0..<count {
        made[index].wait()
        let value = slots[index].take()!
        if index + window < count { start(index + window) }
        take(value)
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
            DispatchQueue.concurrentPerform(iterations: runCount) { run in
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

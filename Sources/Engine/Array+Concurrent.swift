import Dispatch
import Foundation

/// How many cores work is spread over (at least one): the parallel engine's width. Asked once: Foundation reads the
/// cgroup's CPU quota from a file each time it is asked.
@usableFromInline package let activeCoreCount: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

extension Array {
    /// Where the elements are kept: two arrays at one address are one array (while either lives), which tells rows
    /// that share a names array without comparing names (see `FieldColumn`).
    @inlinable @inline(__always)
    package var elementsAddress: ElementsAddress? {
        withUnsafeBufferPointer { $0.baseAddress.map { ElementsAddress(bits: UInt(bitPattern: $0)) } }
    }
}

/// The address of an array's elements as a value to compare, not a pointer to read through (see `elementsAddress`).
@usableFromInline package struct ElementsAddress: Hashable, Sendable {
    @usableFromInline let bits: UInt
    @inlinable package init(bits: UInt) { self.bits = bits }
}

extension Range<Int> {
    /// The range cut into consecutive pieces of `size` (the last may be shorter): the tasks of work spread over the
    /// cores a block at a time.
    package func chunks(of size: Int) -> [Range<Int>] {
        stride(from: lowerBound, to: upperBound, by: size).map { $0..<Swift.min($0 + size, upperBound) }
    }
}

extension Engine {
    /// Runs `body` for each index in `0..<iterations` and returns when all are done: in order on the caller's thread
    /// (serial), or on the caller's thread and the pool's helpers in any order and at once (parallel), as Dispatch's
    /// `concurrentPerform` does.
    @usableFromInline package func concurrentPerform(iterations: Int, _ body: (Int) -> Void) {
        guard !isSerial else {
            for index in 0..<iterations { body(index) }
            return
        }
        CorePool.shared.perform(iterations: iterations, body)
    }

    /// `make(index)` for each index in `0..<count`, in index order: `(0..<count).map(make)`, for work whose items depend
    /// on nothing but their index. In parallel each slot is written by exactly one call, so the slots need no lock, and
    /// many small items (an entry's title, its hash) are handed out a run at a time, sixteen runs a thread: each
    /// iteration handed out goes through one counter every thread writes, which costs more than a small item's work.
    package func orderedMap<Element>(count: Int, _ make: @Sendable (Int) -> Element) -> [Element] {
        guard !isSerial, count > 1 else { return (0..<count).map(make) }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let slots = buffer
            let runs = Swift.min(count, width * 16)
            concurrentPerform(iterations: runs) { run in
                for index in count * run / runs..<count * (run + 1) / runs {
                    (slots.baseAddress! + index).initialize(to: make(index))
                }
            }
            initializedCount = count
        }
    }

    /// Sorts `elements` by `areInIncreasingOrder`, a strict total order (no two elements equivalent: break ties by
    /// index), so that the order is the one `sort(by:)` gives under either engine. In parallel a run per thread is
    /// sorted on its thread, in place, and the runs are then merged; with fewer than `minimumCountPerRun` (2,048 unless
    /// given) elements for each run, it is `sort(by:)` itself.
    @inlinable // specialized where it is called: unspecialized, each comparison and copy went through witness tables
    package func sort<Element>(_ elements: inout [Element], runs: Int? = nil, minimumCountPerRun: Int? = nil,
                               by areInIncreasingOrder: @Sendable (Element, Element) -> Bool) {
        let runCount = Swift.min(runs ?? width, elements.count / Swift.max(1, minimumCountPerRun ?? 2_048))
        guard runCount > 1 else { return elements.sort(by: areInIncreasingOrder) }
        let count = elements.count
        let bounds = (0...runCount).map { count * $0 / runCount }
        elements.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            concurrentPerform(iterations: runCount) { run in
                var run = UnsafeMutableBufferPointer(rebasing: buffer[bounds[run]..<bounds[run + 1]])
                run.sort(by: areInIncreasingOrder)
            }
        }
        // Each run is merged into the sorted ones before it, in place, on one thread: merging costs a comparison per
        // element, little beside sorting. Only the sorted part is copied aside, so the elements are held at most one
        // and a half times over (for two runs), as a stable sort's scratch space holds them.
        for run in 1..<runCount {
            let sorted = Array(elements[..<bounds[run]])
            elements.withUnsafeMutableBufferPointer { buffer in
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

    /// `make(index)` for each index in `0..<count`, handed out in index order by `OrderedStream.forEach`: for a file
    /// written in pieces. In parallel the first `window` are begun at once on Dispatch's threads and the next as each
    /// is taken, so the first pieces are written while the last are still being made; serially each is made when taken.
    package func orderedStream<Value: Sendable>(count: Int, window: Int, make: @escaping @Sendable (Int) -> Value) -> OrderedStream<Value> {
        OrderedStream(count: count, window: isSerial ? 0 : window, make: make)
    }
}

/// Values made ahead in a window and taken in index order (see `Engine.orderedStream`). Each value is a `SharedTask`:
/// one no thread has begun when it is wanted is made by the taker instead of waited for.
package final class OrderedStream<Value: Sendable>: @unchecked Sendable {
    // Read and changed by the taker's thread only: each value's task until it is taken (and its value let go).
    private var tasks: [SharedTask<Value>?]
    private let window: Int
    private var taken = 0

    /// Begins making the first `window` values (none for a window of 0).
    fileprivate init(count: Int, window: Int, make: @escaping @Sendable (Int) -> Value) {
        tasks = (0..<count).map { index in SharedTask { make(index) } }
        self.window = max(0, window)
        for index in 0..<min(self.window, count) { start(index) }
    }

    private func start(_ index: Int) {
        guard let task = tasks[index] else { return }
        DispatchQueue.global().async { _ = task.value }
    }

    /// Hands every value to `take` in index order, making it here when no thread has begun it and else waiting for it,
    /// and begins the next as each is taken.
    package func forEach(_ take: (Value) -> Void) {
        while taken < tasks.count {
            let value = tasks[taken]!.value
            tasks[taken] = nil
            if window > 0, taken + window < tasks.count { start(taken + window) }
            taken += 1
            take(value)
        }
    }
}

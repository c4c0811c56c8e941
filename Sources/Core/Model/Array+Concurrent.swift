import Dispatch
import Foundation

/// How many cores work is spread over (at least one): it sizes the chunks work is cut into.
@usableFromInline package var activeCoreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

extension Array {
    /// `count` values, `make(index)` each, made on every core and kept in index order: for work whose items depend on
    /// nothing but their index. Each slot is written by exactly one call, so the slots need no lock.
    package static func madeConcurrently(count: Int, _ make: @Sendable (Int) -> Element) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (slots.baseAddress! + index).initialize(to: make(index))
            }
            initializedCount = count
        }
    }
}

extension Array {
    /// The elements sorted by `areInIncreasingOrder`, a strict total order (no two elements equivalent: break ties by
    /// index), so that the result is the one `sorted(by:)` gives: a run per core is sorted on its core, and the runs
    /// are then merged. Below `minimumCountPerRun` elements a run it is `sorted(by:)` itself.
    @inlinable // specialized where it is called: unspecialized, each comparison and copy went through witness tables
    package func sortedConcurrently(runs: Int? = nil, minimumCountPerRun: Int = 32_768,
                                    by areInIncreasingOrder: @Sendable (Element, Element) -> Bool) -> [Element] {
        let runCount = Swift.min(runs ?? activeCoreCount, count / Swift.max(1, minimumCountPerRun))
        guard runCount > 1 else { return sorted(by: areInIncreasingOrder) }
        var runs = self
        let bounds = (0...runCount).map { count * $0 / runCount }
        runs.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: runCount) { run in
                var run = UnsafeMutableBufferPointer(rebasing: buffer[bounds[run]..<bounds[run + 1]])
                run.sort(by: areInIncreasingOrder)
            }
        }
        // Merged a pair of runs at a time, on one core: merging costs a comparison per element, a tenth of sorting.
        var merged = Array.merging(runs[bounds[0]..<bounds[1]], runs[bounds[1]..<bounds[2]], by: areInIncreasingOrder)
        for run in 2..<runCount {
            merged = Array.merging(merged[...], runs[bounds[run]..<bounds[run + 1]], by: areInIncreasingOrder)
        }
        return merged
    }

    /// The elements of two sorted runs in one sorted array; of equivalent elements, `first`'s come first.
    @inlinable
    package static func merging(_ first: ArraySlice<Element>, _ second: ArraySlice<Element>,
                                by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(first.count + second.count)
        var i = first.startIndex, j = second.startIndex
        while i < first.endIndex, j < second.endIndex {
            if areInIncreasingOrder(second[j], first[i]) {
                merged.append(second[j])
                j += 1
            } else {
                merged.append(first[i])
                i += 1
            }
        }
        merged += first[i...]
        merged += second[j...]
        return merged
    }
}

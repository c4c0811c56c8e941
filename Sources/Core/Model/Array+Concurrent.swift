import Dispatch
import Foundation

/// How many cores work is spread over (at least one): it sizes the chunks work is cut into.
package var activeCoreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

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

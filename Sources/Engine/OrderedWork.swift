import Dispatch

/// Work done one piece at a time, in the order it was handed over: the engine's ordered stream. The parallel engine
/// does it on a queue of its own while the caller goes on (a build's cores render the next pages while the last ones
/// are written); the serial engine does each piece at once, on the caller's thread, before `add` returns. Either way
/// a piece sees every piece before it done, which is all a writer needs.
package final class OrderedWork: Sendable {
    /// The queue of the parallel engine; nil for the serial one.
    private let queue: DispatchQueue?

    fileprivate init(queue: DispatchQueue?) {
        self.queue = queue
    }

    /// Does `work` after every piece added before it.
    package func add(_ work: @escaping @Sendable () -> Void) {
        if let queue { queue.async(execute: work) } else { work() }
    }

    /// Waits until every piece added so far is done.
    package func wait() {
        queue?.sync {}
    }
}

extension Engine {
    /// An ordered stream of work named `label` (the name its queue shows in a debugger).
    package func orderedWork(label: String) -> OrderedWork {
        OrderedWork(queue: isSerial ? nil : DispatchQueue(label: label))
    }
}

extension Engine {
    /// The elements `order` names, moved (not copied) into `bucketCount` arrays, `buckets[i]` being the bucket of
    /// `order[i]`: each bucket keeps the elements in `order`'s order, and every element moved out of `elements` is
    /// replaced by `placeholder`. A counting sort: each bucket's array is made at its final size, on the engine's
    /// threads, and reads the elements out of their order, so each is asked for (`prefetch`) a few places ahead.
    package func partition<Element>(_ elements: inout [Element], order: [Int], buckets: [Int], bucketCount: Int,
                                    leaving placeholder: Element) -> [[Element]] {
        precondition(order.count == buckets.count, "one bucket per element ordered")
        // The elements' places, grouped by bucket, so that each bucket is filled on its own.
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        for bucket in buckets { starts[bucket + 1] += 1 }
        for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
        var grouped = [Int](repeating: 0, count: order.count)
        var next = starts
        for (position, bucket) in zip(order, buckets) {
            grouped[next[bucket]] = position
            next[bucket] += 1
        }
        let (bucketStarts, places) = (starts, grouped)
        let prefetchDistance = 8
        return elements.withUnsafeMutableBufferPointer { elements in
            nonisolated(unsafe) let source = elements.baseAddress // nil only when there are none to move
            nonisolated(unsafe) let placeholder = placeholder
            return orderedMap(count: bucketCount) { bucket in
                let range = bucketStarts[bucket]..<bucketStarts[bucket + 1]
                return [Element](unsafeUninitializedCapacity: range.count) { buffer, initialized in
                    for (slot, place) in range.enumerated() {
                        if place + prefetchDistance < range.upperBound {
                            let ahead = UnsafeRawPointer(source! + places[place + prefetchDistance])
                            prefetch(ahead)
                            prefetch(ahead + 64)
                        }
                        (buffer.baseAddress! + slot).initialize(to: (source! + places[place]).move())
                        (source! + places[place]).initialize(to: placeholder)
                    }
                    initialized = range.count
                }
            }
        }
    }
}

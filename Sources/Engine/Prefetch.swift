import CPrefetch

/// Asks the processor to start loading the cache line at `address`, for loops that read records in an order their
/// memory is not in (see `Entry.prefetchRow`). Only a hint: the result never depends on it.
@inlinable @inline(__always)
package func prefetch(_ address: UnsafeRawPointer) {
    ixs_prefetch(address)
}

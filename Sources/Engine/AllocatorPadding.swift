import CAllocator

/// How much more than a request glibc's allocator takes from the kernel each time its heap grows.
///
/// A build allocates and frees its largest buffers many times in a few milliseconds; with the default padding of 128 KB
/// the heap grew by a system call every few hundred entries and gave the memory back between stages, to fault it in
/// again. The padding is address space, not memory: pages count only once written, so the peak memory does not grow.
/// Set by the command, not the library, because it holds for the whole process.
package enum AllocatorPadding {
    package static let bytes = 64 << 20

    /// Whether the allocator took the setting (false where it is not glibc's).
    @discardableResult
    package static func apply() -> Bool {
        ixs_pad_heap_growth(bytes) == 1
    }
}

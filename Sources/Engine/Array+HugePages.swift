#if os(Linux) && !INDEXSITE_PORTABLE
import Glibc
#endif

extension Array {
    /// Reserves room for `capacity` elements and, when that is several megabytes, asks the kernel to back it with huge
    /// pages (`MADV_HUGEPAGE`): a fresh buffer costs a page fault per 4 KB written, and reading a large source file
    /// fault by fault was a large share of a rebuild that finds nothing changed; with huge pages, a fault per 2 MB. The
    /// advice is only a hint: where the kernel has no huge pages to give, nothing changes.
    package mutating func reserveCapacityInHugePages(_ capacity: Int) {
        reserveCapacity(capacity)
        let bytes = self.capacity * MemoryLayout<Element>.stride
        withUnsafeMutableBufferPointer { buffer in adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress), byteCount: bytes) }
    }

    /// An array of `count` elements made by `initializer` (as `init(unsafeUninitializedCapacity:initializingWith:)`),
    /// its storage advised to be huge pages first when it is large (see `reserveCapacityInHugePages`).
    package init(hugePagedCapacity count: Int, initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void) rethrows {
        try self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress), byteCount: buffer.count * MemoryLayout<Element>.stride)
            try initializer(&buffer, &initialized)
        }
    }
}

/// Buffers smaller than this are left as they are: a huge page is 2 MB, and only whole ones inside a buffer are advised.
private let hugePageAdviceMinimum = 4 << 20

/// Advises the whole 2 MB pages inside `start..<start + byteCount`, before they are written.
private func adviseHugePages(_ start: UnsafeMutableRawPointer?, byteCount: Int) {
    guard let start, byteCount >= hugePageAdviceMinimum else { return }
    let hugePage = UInt(2 << 20)
    let first = (UInt(bitPattern: start) + hugePage - 1) & ~(hugePage - 1)
    let end = (UInt(bitPattern: start) + UInt(byteCount)) & ~(hugePage - 1)
    guard end > first else { return }
    #if os(Linux) && !INDEXSITE_PORTABLE
    _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), MADV_HUGEPAGE)
    #endif
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer where Element == UInt8 {
    /// The position of the first `byte` in `start..<end`, found by the C library's `memchr` (many bytes at a time):
    /// scans of whole Markdown files for a rare byte cost a dozen instructions a byte as Swift loops.
    package func index(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

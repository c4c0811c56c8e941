#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer where Element == UInt8 {
    /// Where the run of whole eight-byte words from `start` that `isPlain` accepts ends: scans step over ordinary
    /// bytes a word at a time and look at the bytes one by one from there.
    @inlinable
    package func endOfWords(from start: Int, while isPlain: (UInt64) -> Bool) -> Int {
        var index = start
        while index + 8 <= count, isPlain(UnsafeRawPointer(baseAddress! + index).loadUnaligned(as: UInt64.self)) { index += 8 }
        return index
    }

    /// Whether a byte of `word` is `byte` (the classic test for a zero byte, on the word with `byte` taken out).
    @inlinable
    package static func word(_ word: UInt64, contains byte: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let masked = word ^ (ones &* UInt64(byte))
        return (masked &- ones) & ~masked & 0x8080_8080_8080_8080 != 0
    }

    /// The position of the first `byte` in `start..<end`, found by the C library's `memchr` (many bytes at a time):
    /// scans of whole Markdown files for a rare byte cost a dozen instructions a byte as Swift loops.
    package func index(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

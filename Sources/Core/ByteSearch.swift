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
        bytes(of: word, equalTo: byte) != 0
    }

    /// The high bit of each byte of `word` that is `byte`, in place; a byte just above one that is may be marked too
    /// (the borrow of the zero-byte test), never one missed.
    @inlinable
    package static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let masked = word ^ (ones &* UInt64(byte))
        return (masked &- ones) & ~masked & 0x8080_8080_8080_8080
    }

    /// The position of the first `byte` in `start..<end`, found by the C library's `memchr` (many bytes at a time):
    /// scans of whole Markdown files for a rare byte cost a dozen instructions a byte as Swift loops.
    package func index(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

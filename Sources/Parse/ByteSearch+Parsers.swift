#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IndexSiteCore

/// The parsers' byte loops read whole files through buffer pointers; these are their scans (the stages after them
/// read spans: `Span.endOfWords`).
extension UnsafeBufferPointer where Element == UInt8 {
    /// `Span.endOfWords`, for the parsers' byte loops.
    @inlinable
    package func endOfWords(from start: Int, while isPlain: (UInt64) -> Bool) -> Int {
        span.endOfWords(from: start, while: isPlain)
    }

    /// The position of the first `byte` in `start..<end`, found by the C library's `memchr` (many bytes at a time):
    /// scans of whole Markdown files for a rare byte are slow as Swift loops, a byte at a time.
    package func index(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The length of the valid UTF-8 sequence that starts at `index`, nil when it is not one (overlong, a surrogate,
    /// past U+10FFFF, cut short): the parsers check their bytes as they read them, without making a String.
    package func validUTF8SequenceLength(at index: Int) -> Int? {
        let lead = self[index]
        let length: Int
        var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: return nil
        }
        guard index + length <= count else { return nil }
        let second = self[index + 1]
        guard second >= lowerBound && second <= upperBound else { return nil }
        for offset in 2..<length where self[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bulk copies out of a `Span` that the standard library does not offer yet (no `append(contentsOf:)` of a span,
/// no `String(decoding:)` of one): the stages read bytes as spans, and copy runs of them in one go, not byte by byte.
extension Array where Element: BitwiseCopyable {
    /// Appends every element of `span`, copied in one go.
    @inlinable @inline(__always)
    package mutating func append(copying span: Span<Element>) {
        span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}

extension String {
    /// The text of UTF-8 `bytes`, ill-formed sequences replaced as `String(decoding:as:)` replaces them.
    @inlinable
    package init(decodingUTF8 bytes: Span<UInt8>) {
        self = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}

extension Span<UInt8> {
    /// Whether the bytes are those of `text`.
    @inlinable
    package func elementsEqual(_ text: String) -> Bool {
        withUnsafeBufferPointer { $0.elementsEqual(text.utf8) }
    }
}

extension Span<UInt8> {
    /// The bytes compared with `other` as `memcmp` compares them, a shorter text first when it is the other's start:
    /// negative, zero or positive. Sort keys and duplicate checks compare many long texts a word at a time.
    @inlinable
    package func compareBytes(_ other: Span<UInt8>) -> Int {
        let common = Swift.min(count, other.count)
        let result = common == 0 ? 0 : withUnsafeBufferPointer { a in
            other.withUnsafeBufferPointer { b in Int(memcmp(a.baseAddress!, b.baseAddress!, common)) }
        }
        return result != 0 ? result : count - other.count
    }

    /// Whether the bytes are those of `other`.
    @inlinable
    package func elementsEqual(_ other: Span<UInt8>) -> Bool {
        count == other.count && compareBytes(other) == 0
    }
}

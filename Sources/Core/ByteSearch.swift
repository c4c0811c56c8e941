/// Eight bytes at a time in word arithmetic: the scans of text for the few bytes that matter (escapes, separators)
/// step over ordinary bytes a word at a time. Usable from inlinable code, so that the parsers' and writers' scans
/// inline it (see `InlinableBodiesTests`).
@usableFromInline package enum ByteWord {
    /// Whether a byte of `word` is `byte` (the classic test for a zero byte, on the word with `byte` taken out).
    @inlinable @inline(__always)
    package static func word(_ word: UInt64, contains byte: UInt8) -> Bool {
        bytes(of: word, equalTo: byte) != 0
    }

    /// The high bit of each byte of `word` that is `byte`, in place; a byte just above one that is may be marked too
    /// (the borrow of the zero-byte test), never one missed.
    @inlinable @inline(__always)
    package static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let masked = word ^ (ones &* UInt64(byte))
        return (masked &- ones) & ~masked & 0x8080_8080_8080_8080
    }
}

extension Span<UInt8> {
    /// The eight bytes at `offset` as one word, in memory order (the caller knows eight bytes are there).
    @inlinable @inline(__always)
    package func word(at offset: Int) -> UInt64 {
        bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// Where the run of whole eight-byte words from `start` that `isPlain` accepts ends: scans step over ordinary
    /// bytes a word at a time and look at the bytes one by one from there.
    @inlinable
    package func endOfWords(from start: Int, while isPlain: (UInt64) -> Bool) -> Int {
        var index = start
        while index + 8 <= count, isPlain(word(at: index)) { index += 8 }
        return index
    }

    /// As `endOfWords`, and when fewer than eight bytes are left after the plain words, the text's last eight bytes
    /// (overlapping those already looked at) in one more look: the end of the text when that word is plain too. Titles,
    /// links and field values are short, and their ends had been looked at byte by byte.
    @inlinable
    package func endOfPlainBytes(from start: Int, while isPlain: (UInt64) -> Bool) -> Int {
        let index = endOfWords(from: start, while: isPlain)
        guard index < count, count - index < 8, count >= 8, isPlain(word(at: count - 8)) else { return index }
        return count
    }

    /// `String.isBlank` of UTF-8 bytes read in place; only text that starts outside visible ASCII is decoded.
    package var isBlank: Bool {
        guard !isEmpty else { return true }
        if self[0] > 0x20 && self[0] < 0x7F { return false }
        return String(decodingUTF8: self).isBlank
    }
}

/// Where each line of one file starts, found in one pass: turns any byte offset into a line (binary search) and a
/// column (Unicode scalars from the line's start), in any order. The one offset-to-position mechanism of every stage:
/// parsers and the template engine report problems through it, and locating every record of a large file stays linear.
package struct LineIndex: Sendable {
    private let bytes: [UInt8]
    /// The offset of the first byte of each line; the first line starts at 0.
    private let lineStarts: [Int]
    /// UTF-8 continuation bytes before each multiple of `stride`, so a column is found in constant time even on a
    /// megabyte-long line (a template of 200k tags on one line).
    private let continuationsBefore: [Int]
    private static let stride = 64

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var continuations = [0]
        let buffer = bytes.span
        var count = 0
        for index in buffer.indices {
            let byte = buffer[index]
            if byte == 0x0A { starts.append(index + 1) } else if byte & 0xC0 == 0x80 { count += 1 }
            if (index + 1) % LineIndex.stride == 0 { continuations.append(count) }
        }
        lineStarts = starts
        continuationsBefore = continuations
    }

    /// How many UTF-8 continuation bytes come before `offset`.
    private func continuations(before offset: Int) -> Int {
        let block = offset / LineIndex.stride
        var count = continuationsBefore[block]
        for index in block * LineIndex.stride..<offset where bytes[index] & 0xC0 == 0x80 { count += 1 }
        return count
    }

    /// The line of `offset`, counted from 1 (offsets past the end are on the last line).
    package func line(ofByte offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The line and column of `offset`, both counted from 1; the column counts Unicode scalars, not bytes.
    package func lineAndColumn(ofByte offset: Int) -> (line: Int, column: Int) {
        let line = line(ofByte: offset)
        let start = lineStarts[line - 1]
        let end = max(min(offset, bytes.count), start)
        return (line, end - start - (continuations(before: end) - continuations(before: start)) + 1)
    }

    /// The location of `offset` in the file at `path`.
    package func location(ofByte offset: Int, path: String) -> SourceLocation {
        let (line, column) = lineAndColumn(ofByte: offset)
        return SourceLocation(path: path, line: line, column: column)
    }
}

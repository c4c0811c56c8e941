/// The bytes of one input file as loaded from disk, with what is needed to turn byte offsets into lines and columns.
public struct SourceFile: Sendable {
    /// The path shown in diagnostics: relative to the site folder, with `/` separators.
    public var path: String
    /// The file's contents exactly as read; parsers work on bytes, not on a decoded String.
    public var bytes: [UInt8]

    /// A file with the given contents, as if read from `path`.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A file whose contents are `text` in UTF-8, for sources made in memory.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The location of a byte offset: line counted from 1, column in Unicode scalars from 1.
    /// Scans from the start; call it for diagnostics, not per record.
    public func location(ofByte offset: Int) -> SourceLocation {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        for byte in bytes[lineStart..<end] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return SourceLocation(path: path, line: line, column: column)
    }

    /// A place in this file, by line and column.
    public func location(line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}

/// Turns increasing byte offsets into lines in one forward pass, so locating every record of a large file stays linear.
package struct LineTracker {
    private var offset = 0
    private var line = 1

    package init() {}

    package mutating func line(atByte target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if target < offset {
            offset = 0
            line = 1
        }
        while offset < target && offset < bytes.count {
            if bytes[offset] == 0x0A { line += 1 }
            offset += 1
        }
        return line
    }
}

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
    /// Indexes the whole file: for many offsets, keep one `lineIndex()`.
    public func location(ofByte offset: Int) -> SourceLocation {
        lineIndex().location(ofByte: offset, path: path)
    }

    /// Where each line of this file starts, for turning many byte offsets into positions.
    package func lineIndex() -> LineIndex {
        LineIndex(bytes)
    }

    /// Where the text starts: after the UTF-8 byte order mark (EF BB BF) some editors write, which is not content.
    package var textStart: Int { SourceFile.byteOrderMarkLength(bytes) }

    /// 3 when `bytes` starts with the UTF-8 byte order mark, else 0: the one BOM check of every parser.
    package static func byteOrderMarkLength<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// A place in this file, by line and column.
    public func location(line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}

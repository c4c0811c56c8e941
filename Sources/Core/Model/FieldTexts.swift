/// The field texts of many rows in one buffer, row after row: the rows of a CSV file keep no `String` and no array of
/// their own (a `String` per field and an array of values per row were most of the memory of a million rows, and
/// their retains and cache misses a good part of sorting and rendering them). A row's record reads its texts here
/// (`FieldRecord(names:texts:row:)`); rows may have fewer fields than their names, the missing ones read as empty.
public final class FieldTexts: Sendable {
    /// The texts' UTF-8 bytes.
    @usableFromInline let bytes: [UInt8]
    /// Where each field ends in `bytes`, row after row; a field starts where the one before it ends.
    @usableFromInline let ends: [UInt32]
    /// Where each row's first field is in `ends`, with one more for the end of the last row.
    @usableFromInline let rowStarts: [UInt32]

    private init(_ builder: Builder) {
        bytes = builder.bytes
        ends = builder.ends
        rowStarts = builder.rowStarts
    }

    /// How many rows there are.
    public var rowCount: Int { rowStarts.count - 1 }

    /// How many fields row `row` has.
    public func fieldCount(row: Int) -> Int { Int(rowStarts[row + 1] - rowStarts[row]) }

    /// Where field `column` of `row` is in `bytes`: empty when the row has fewer fields.
    @inlinable
    func range(row: Int, column: Int) -> Range<Int> {
        let field = Int(rowStarts[row]) + column
        guard field < Int(rowStarts[row + 1]) else { return 0..<0 }
        return (field == 0 ? 0 : Int(ends[field - 1]))..<Int(ends[field])
    }

    /// Calls `body` with the bytes of field `column` of `row`, in place.
    @inlinable
    public func withBytes<Result>(row: Int, column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let range = range(row: row, column: column)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Field `column` of `row` as a String.
    @inlinable
    public func string(row: Int, column: Int) -> String {
        withBytes(row: row, column: column) { String(decoding: $0, as: UTF8.self) }
    }

    /// Texts are appended field by field, a row at a time.
    public struct Builder: Sendable {
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        var rowStarts: [UInt32] = [0]

        /// An empty table; `bytes` is the size the texts will roughly take (a file's size), reserved once.
        public init(reservingBytes: Int = 0) {
            bytes.reserveCapacity(reservingBytes)
        }

        /// The row the next `endRow()` ends.
        public var rowCount: Int { rowStarts.count - 1 }

        /// Fields of the row being written so far.
        public var openFieldCount: Int { ends.count - Int(rowStarts[rowStarts.count - 1]) }

        /// Appends bytes to the field being written.
        public mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: text)
        }

        /// Appends one byte to the field being written.
        public mutating func append(_ byte: UInt8) {
            bytes.append(byte)
        }

        /// Ends the field being written. Texts are counted in 32 bits: a table holds at most 4 GB of them, which
        /// no file IndexSite reads whole comes near (a million rows are ~120 MB).
        public mutating func endField() {
            precondition(bytes.count <= Int(UInt32.max), "field texts past 4 GB")
            ends.append(UInt32(bytes.count))
        }

        /// Ends the row being written.
        public mutating func endRow() {
            rowStarts.append(UInt32(ends.count))
        }

        /// Drops the row being written (a row that will not become an entry), or the last one ended when none is open.
        public mutating func dropOpenRow() {
            let start = Int(rowStarts[rowStarts.count - 1])
            bytes.removeLast(bytes.count - (start == 0 ? 0 : Int(ends[start - 1])))
            ends.removeLast(ends.count - start)
        }

        /// The texts of row `row` written so far, as Strings.
        public func strings(row: Int) -> [String] {
            let first = Int(rowStarts[row]), last = row + 1 < rowStarts.count ? Int(rowStarts[row + 1]) : ends.count
            return (first..<last).map { field in
                String(decoding: bytes[(field == 0 ? 0 : Int(ends[field - 1]))..<Int(ends[field])], as: UTF8.self)
            }
        }

        public func finished() -> FieldTexts { FieldTexts(self) }
    }
}

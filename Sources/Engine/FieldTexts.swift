/// The field texts of many rows in one buffer, row after row: the rows of a CSV file keep no `String` and no array of
/// their own (a `String` per field and an array of values per row were most of the memory of a million rows, and
/// their retains and cache misses a good part of sorting and rendering them). A row's record reads its texts here
/// (`FieldRecord(names:texts:row:)`); rows may have fewer fields than their names, the missing ones read as empty.
///
/// Each row is its field count and the ends of its fields (32 bits each, from the start of its texts), then its texts:
/// a sorted list reads its rows out of file order, and a row's fields together cost one or two cache lines, not one
/// for each table of offsets and one for the texts.
@usableFromInline package final class FieldTexts: Sendable {
    let bytes: [UInt8]
    /// Where `bytes` starts. The array is never changed, so its elements stay where they are while the table lives:
    /// records keep their `Row`, its address, and read it without taking a reference on the table.
    nonisolated(unsafe) let base: UnsafeRawPointer
    /// How many rows there are.
    package let rowCount: Int

    private init(_ builder: Builder) {
        bytes = builder.bytes
        base = bytes.withUnsafeBytes { $0.baseAddress } ?? UnsafeRawPointer(bitPattern: 1)!
        rowCount = builder.rowCount
    }

    /// The row starting at byte `row`, valid while the table lives.
    package func row(at row: Int) -> Row {
        precondition(row >= 0 && row < bytes.count, "a row of the table")
        return Row(address: base + row)
    }

    /// How many fields the row starting at byte `row` has.
    package func fieldCount(row: Int) -> Int {
        self.row(at: row).fieldCount
    }

    /// Field `column` of the row starting at byte `row`, as a String.
    package func string(row: Int, column: Int) -> String {
        self.row(at: row).withField(column) { String(decodingUTF8: $0) }
    }

    /// One row of a table, as a record keeps it (`FieldRecord`): its address, read without a reference on the table
    /// (the record's storage holds the table, and so keeps the row where it is). Reading fields through the table took
    /// and dropped a reference on what every row of a file shares, from every core, for every field read.
    @usableFromInline package struct Row: @unchecked Sendable {
        @usableFromInline let address: UnsafeRawPointer

        @inlinable init(address: UnsafeRawPointer) { self.address = address }

        /// How many fields the row has.
        @inlinable @inline(__always)
        package var fieldCount: Int { Int(address.loadUnaligned(as: UInt32.self)) }

        /// Calls `body` with the texts of field `column` (empty when the row has fewer fields), where they are.
        @inlinable @inline(__always)
        package func withField<Result>(_ column: Int, _ body: (Span<UInt8>) -> Result) -> Result {
            let count = fieldCount
            guard column < count else { return body(UnsafeBufferPointer<UInt8>(start: nil, count: 0).span) }
            let texts = (address + 4 + 4 * count).assumingMemoryBound(to: UInt8.self)
            let end = Int(address.loadUnaligned(fromByteOffset: 4 + 4 * column, as: UInt32.self))
            let start = column == 0 ? 0 : Int(address.loadUnaligned(fromByteOffset: 4 * column, as: UInt32.self))
            return body(UnsafeBufferPointer(start: texts + start, count: end - start).span)
        }

        /// Asks the processor to start loading the row (its first three cache lines: a row with a sentence of
        /// description), for a loop that reads rows out of file order (see `Entry.prefetchRow`).
        @inlinable @inline(__always)
        package func prefetch() {
            IndexSiteEngine.prefetch(address)
            IndexSiteEngine.prefetch(address + 64)
            IndexSiteEngine.prefetch(address + 128)
        }
    }

    /// Texts are appended field by field, a row at a time; a row is written out whole when it ends.
    package struct Builder: Sendable {
        var bytes: [UInt8] = []
        var rowCount = 0
        /// The row being written: its texts and the ends of its fields.
        var openTexts: [UInt8] = []
        var openEnds: [UInt32] = []

        /// An empty table; `bytes` is the size the texts will roughly take (a file's size), reserved once.
        package init(reservingBytes: Int = 0) {
            bytes.reserveCapacityInHugePages(reservingBytes)
        }

        /// Where the next row to end will start: the `row` its record reads.
        package var nextRow: Int { bytes.count }

        /// Fields of the row being written so far.
        package var openFieldCount: Int { openEnds.count }

        /// Appends bytes to the field being written (a parser's byte loop).
        package mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
            openTexts.append(contentsOf: text)
        }

        /// Appends bytes to the field being written.
        package mutating func append(_ text: Span<UInt8>) {
            openTexts.append(copying: text)
        }

        /// Appends one byte to the field being written.
        package mutating func append(_ byte: UInt8) {
            openTexts.append(byte)
        }

        /// Ends the field being written. A row's texts are counted in 32 bits: at most 4 GB, which no row comes near.
        package mutating func endField() {
            precondition(openTexts.count <= Int(UInt32.max), "a row of texts past 4 GB")
            openEnds.append(UInt32(openTexts.count))
        }

        /// Ends the row being written: it is appended at `nextRow`.
        package mutating func endRow() {
            // The count, the ends and the texts, each copied in one go (a word at a time, the ends took longer than
            // reading the fields).
            withUnsafeBytes(of: UInt32(openEnds.count)) { bytes.append(contentsOf: $0) }
            openEnds.withUnsafeBytes { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: openTexts)
            rowCount += 1
            dropOpenRow()
        }

        /// Drops the row being written (a row that will not become an entry).
        package mutating func dropOpenRow() {
            openTexts.removeAll(keepingCapacity: true)
            openEnds.removeAll(keepingCapacity: true)
        }

        /// The texts of the row being written, as Strings.
        package func openStrings() -> [String] {
            openEnds.indices.map { field in
                String(decoding: openTexts[(field == 0 ? 0 : Int(openEnds[field - 1]))..<Int(openEnds[field])], as: UTF8.self)
            }
        }

        package func finished() -> FieldTexts { FieldTexts(self) }
    }
}

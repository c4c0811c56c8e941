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
    /// records keep the address of their row (`FieldRecord.row`) and read it without taking a reference on the table.
    nonisolated(unsafe) let base: UnsafeRawPointer
    /// How many rows there are.
    package let rowCount: Int

    private init(_ builder: Builder) {
        bytes = builder.bytes
        base = bytes.withUnsafeBytes { $0.baseAddress } ?? UnsafeRawPointer(bitPattern: 1)!
        rowCount = builder.rowCount
    }

    /// The address of the row starting at byte `row`, valid while the table lives.
    func address(ofRow row: Int) -> UnsafeRawPointer {
        precondition(row >= 0 && row < bytes.count, "a row of the table")
        return base + row
    }

    /// How many fields the row at `row` has.
    @inlinable @inline(__always)
    @usableFromInline static func fieldCount(atRow row: UnsafeRawPointer) -> Int {
        Int(row.loadUnaligned(as: UInt32.self))
    }

    /// The texts of field `column` of the row at `row` (empty when the row has fewer fields), in place.
    @inlinable @inline(__always)
    @usableFromInline static func field(atRow row: UnsafeRawPointer, column: Int) -> UnsafeBufferPointer<UInt8> {
        let count = fieldCount(atRow: row)
        guard column < count else { return UnsafeBufferPointer(start: nil, count: 0) }
        let texts = (row + 4 + 4 * count).assumingMemoryBound(to: UInt8.self)
        let end = Int(row.loadUnaligned(fromByteOffset: 4 + 4 * column, as: UInt32.self))
        let start = column == 0 ? 0 : Int(row.loadUnaligned(fromByteOffset: 4 * column, as: UInt32.self))
        return UnsafeBufferPointer(start: texts + start, count: end - start)
    }

    /// Calls `body` with the texts of field `column` of the row at `row` (empty when the row has fewer fields), in place.
    @inlinable @inline(__always)
    @usableFromInline static func withField<Result>(atRow row: UnsafeRawPointer, column: Int, _ body: (Span<UInt8>) -> Result) -> Result {
        body(field(atRow: row, column: column).span)
    }

    /// How many fields the row starting at byte `row` has.
    package func fieldCount(row: Int) -> Int {
        FieldTexts.fieldCount(atRow: address(ofRow: row))
    }

    /// Field `column` of the row starting at byte `row`, as a String.
    package func string(row: Int, column: Int) -> String {
        String(decoding: FieldTexts.field(atRow: address(ofRow: row), column: column), as: UTF8.self)
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

        /// Appends bytes to the field being written.
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

extension FieldTexts {
    /// Moves the texts of `entries` and of their nested entries into one table, where every value of a record is text
    /// (other records keep their values), and gives records with the same names one shared array of them: the items
    /// of a Markdown list become rows like a CSV file's, not a `String` per field and two arrays per item.
    package static func compact(_ entries: inout [Entry]) {
        var builder = Builder()
        // Each record's row in walk order (an entry, then its nested entries), or nil when it keeps its values.
        var rows: [Int?] = []
        // The entries and their values are borrowed where they are: `for entry in entries` copied each entry out, a
        // retain and a release for each of its fields, a large share of the reference counting of a Markdown list's parse.
        func write(_ entries: Span<Entry>) {
            for entry in entries.indices {
                if case .values(let values) = entries[entry].fields.storage, values.allSatisfy(\.isText) {
                    let values = values.span
                    for value in values.indices {
                        if case .text(let text) = values[value] { builder.append(text.utf8.span) }
                        builder.endField()
                    }
                    rows.append(builder.nextRow)
                    builder.endRow()
                } else {
                    rows.append(nil)
                }
                if !entries[entry].children.isEmpty { write(entries[entry].children.span) }
            }
        }
        write(entries.span)
        guard rows.contains(where: { $0 != nil }) else { return }
        let table = builder.finished()
        var names = SharedNames()
        var next = 0
        func assign(_ entries: inout [Entry]) {
            for index in entries.indices {
                if let row = rows[next] {
                    entries[index].fields = FieldRecord(names: names.array(for: entries[index].fields.names), texts: table, row: row)
                }
                next += 1
                if !entries[index].children.isEmpty { assign(&entries[index].children) }
            }
        }
        assign(&entries)
    }
}

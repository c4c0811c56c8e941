/// Writes JSON into a byte buffer with keys in the order given, so output files are byte-identical across runs.
/// Text is escaped over its UTF-8 bytes straight into the buffer: no `String` is built, even for text that needs escapes.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    /// The field names of the last record written, with each written as a key (`"name":`): every row of a CSV
    /// file shares one names array, whose keys are then escaped once, not once per row. Holding the array keeps its
    /// storage alive, so the same address is the same array.
    private var recordNames: (names: [String], address: ElementsAddress?)?
    /// Each of `recordNames` written as a key with its colon (and a comma before all but the first), one after another,
    /// and where each ends.
    private var keyBytes: [UInt8] = [], keyEnds: [Int] = []
    /// The columns of `recordNames` that `record(_:)` writes, in order (those `keptFieldNames` names).
    private var keptColumns: [Int] = []
    /// The field names `record(_:)` writes; nil writes every field. A list's hidden columns stay out of its
    /// `entries.json` (`publish_fields`).
    package var keptFieldNames: Set<String>? {
        didSet { recordNames = nil }
    }

    package init() {}

    /// A writer whose buffer holds `capacity` bytes before it grows: a large file written in pieces (`entries.json`)
    /// is then not copied again on every doubling.
    package init(reservingCapacity capacity: Int) {
        bytes.reserveCapacityInHugePages(capacity)
    }

    /// Appends JSON made at run time, copied as it is. Not an overload of `raw(_:)`: a string literal would pick it
    /// over the `StaticString` one, and build a `String` for every comma.
    package mutating func raw(text: String) {
        bytes.append(copying: text.utf8.span)
    }

    /// Appends literal JSON (punctuation and keys written in the source), copied as it is; one byte is appended as a
    /// byte, not copied as a buffer.
    package mutating func raw(_ text: StaticString) {
        if text.utf8CodeUnitCount == 1 {
            bytes.append(text.utf8Start.pointee)
        } else {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
    }

    /// Appends bytes that are JSON already (such as `JSONWriter.encoded(_:)` made once for many uses).
    package mutating func raw(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// Appends `text` as a JSON string.
    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        stringContents(text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 bytes as a JSON string.
    package mutating func string(_ utf8: Span<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        stringContents(utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped for JSON without the quotes, so that one string can be written in several pieces
    /// (a link's fixed prefix and an entry's id) without joining them first.
    package mutating func stringContents(_ text: String) {
        stringContents(text.utf8.span)
    }

    /// Appends UTF-8 bytes escaped for JSON, without quotes: runs of bytes that need no escape are copied in one go.
    package mutating func stringContents(_ utf8: Span<UInt8>) {
        var start = 0
        while let escape = JSONWriter.firstEscape(in: utf8, from: start) {
            bytes.append(copying: utf8.extracting(start..<escape))
            let byte = utf8[escape]
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            // "<" is escaped so the JSON can be inlined in a <script> element safely.
            case UInt8(ascii: "<"): raw("\\u003c")
            default: // the other control characters, as \u00XX in lower-case hex
                let hex: StaticString = "0123456789abcdef"
                raw("\\u00")
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0x0F)])
            }
            start = escape + 1
        }
        bytes.append(copying: utf8.extracting(start...))
    }

    /// `text` as a JSON string on its own, for writing the same string into many objects (a section's title).
    package static func encoded(_ text: String) -> [UInt8] {
        var json = JSONWriter()
        json.string(text)
        return json.bytes
    }

    /// The position of the first byte at or after `start` that JSON must escape (a control character, `"`, `\`, or `<`),
    /// or nil. Eight bytes at a time in word arithmetic, the text's last eight in one look (`endOfPlainBytes`): Swift's
    /// SIMD compares were compiled lane by lane here.
    package static func firstEscape(in bytes: Span<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            index = bytes.endOfPlainBytes(from: index) { !JSONWriter.wordNeedsEscape($0) }
            // The word there may hold a byte to escape (or be a false alarm): its bytes are looked at one by one.
            let end = min(index + 8, bytes.count)
            while index < end {
                if JSONWriter.needsEscape(bytes[index]) { return index }
                index += 1
            }
        }
        return nil
    }

    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
    }

    /// Whether one of the eight bytes of `word` may have to be escaped (a byte of 0x80 or more, or one just above a
    /// match, may be a false alarm; none is missed).
    @inline(__always)
    static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs // bytes under 0x20
        return control | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\""))
            | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\\")) | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "<")) != 0
    }

    /// Appends a field value: text as a string, a list as an array, a record as an object with keys in source order.
    package mutating func value(_ value: FieldValue) {
        switch value {
        case .text(let text):
            string(text)
        case .list(let items):
            raw("[")
            for (index, item) in items.enumerated() {
                if index > 0 { raw(",") }
                self.value(item)
            }
            raw("]")
        case .record(let record) where keptFieldNames != nil:
            // The kept names choose a record's own fields, not those of a record inside one.
            let kept = keptFieldNames
            keptFieldNames = nil
            self.record(record)
            keptFieldNames = kept
        case .record(let record):
            self.record(record)
        }
    }

    /// Appends a record as an object with keys in source order. The record is borrowed, not copied (an entry's fields,
    /// read in its section's array): a copy took and dropped a reference on the names and the row every row of a file
    /// shares, from every core.
    package mutating func record(_ record: borrowing FieldRecord) {
        raw("{")
        let address = record.namesAddress
        // The items of a Markdown list each have their own names array, nearly always with the same names.
        if recordNames == nil || (recordNames?.address != address && recordNames?.names != record.names) {
            let names = record.names
            var keys = JSONWriter()
            keyEnds = []
            keptColumns = []
            for (index, name) in names.enumerated() where keptFieldNames?.contains(name) ?? true {
                if !keptColumns.isEmpty { keys.raw(",") }
                keys.string(name)
                keys.raw(":")
                keyEnds.append(keys.bytes.count)
                keptColumns.append(index)
            }
            keyBytes = keys.bytes
            recordNames = (names, names.elementsAddress)
        }
        if record.isRowOfTexts {
            // A row of texts: each written from its bytes, with no value made.
            for (key, column) in keptColumns.enumerated() {
                JSONWriter.appendKey(key, of: keyBytes, ending: keyEnds, to: &bytes)
                record.withDisplayText(column: column) { string($0) }
            }
            raw("}")
            return
        }
        // Taken aside: a nested record among the values writes keys of its own.
        let (keyBytes, keyEnds, keptColumns) = (keyBytes, keyEnds, keptColumns)
        let values = record.values
        for (key, column) in keptColumns.enumerated() where column < values.count {
            JSONWriter.appendKey(key, of: keyBytes, ending: keyEnds, to: &bytes)
            value(values.span[column])
        }
        raw("}")
    }

    /// Appends the key of field `index` (with its colon, and the comma before it after the first) from the names' keys
    /// made once (`keyBytes`, `keyEnds`).
    private static func appendKey(_ index: Int, of keys: [UInt8], ending ends: [Int], to bytes: inout [UInt8]) {
        let start = index == 0 ? 0 : ends[index - 1], end = ends[index]
        bytes.append(copying: keys.span.extracting(start..<end))
    }
}

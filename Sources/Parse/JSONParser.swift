import IndexSiteCore
/// Reads JSON data over bytes: an array of objects, a map from key to object, or an array of plain values (the
/// shapes of `DataShape`). Every record becomes an entry that knows its line;
/// numbers and booleans keep the text the author wrote. A syntax error is reported at its line and column.
public struct JSONParser: Sendable {
    /// Deeper nesting than this is refused rather than risking the stack.
    public static let maximumDepth = 256

    /// The key path of the array inside the document (`items: "3166-1"`); nil when the document is the array.
    public var items: FieldPath?

    /// A JSON list parser; `items` points at the array when the document keeps it under a key.
    public init(items: FieldPath? = nil) {
        self.items = items
    }

    /// Parses a file holding one array of objects into entries, one per object, with nested objects as records.
    public func parse(_ file: SourceFile) -> ParsedSource {
        var parsed = ParsedSource()
        file.bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            let lines = file.lineIndex()
            do {
                reader.position = SourceFile.byteOrderMarkLength(buffer)
                reader.skipSpace()
                // A document holding one array under one key (Debian's iso-codes: {"15924": [ … ]}) is read there
                // with no `items` setting (found by a pass that builds no values); with several, the error below
                // names them.
                var items = self.items
                if items == nil, reader.peek == UInt8(ascii: "{") {
                    var probe = Reader(bytes: buffer)
                    probe.position = reader.position
                    if let keys = probe.arrayKeys(), keys.count == 1 {
                        items = FieldPath(keys[0])
                    } else {
                        // Any other object is read whole once to find its records: a map from key to record (RuboCop's
                        // cops), or the one collection inside a lone nested record (MDN's browsers.firefox.releases).
                        probe.position = reader.position
                        switch DataShape.collection(in: try probe.value(depth: 1)) {
                        case .at(let path) where path.isWellFormed: items = path
                        case .at: break
                        case .several(let paths):
                            // Each list is read where it is; its entries say which list they come from.
                            let start = reader.position
                            parsed.diagnostics.append(DataShape.severalListsWarning(paths, at: lines.location(ofByte: start, path: file.path)))
                            for path in paths {
                                var part = ParsedSource()
                                var listReader = Reader(bytes: buffer)
                                listReader.position = start
                                guard try listReader.seek(FieldPath(path), depth: 1) else { continue }
                                if listReader.peek == UInt8(ascii: "{") {
                                    try readKeyedMap(&listReader, file: file, lines: lines, into: &part)
                                } else {
                                    try readArray(&listReader, file: file, lines: lines, into: &part)
                                }
                                parsed.entries += DataShape.marked(part.entries, list: path)
                                parsed.diagnostics += part.diagnostics
                            }
                            return
                        case .none:
                            parsed.diagnostics.append(.error(.jsonNotArray, "a JSON list must be an array ([ {…}, {…} ] or [\"a\", \"b\"]) or a map from key to record ({\"key\": {…}, …})",
                                                             at: lines.location(ofByte: reader.position, path: file.path),
                                                             hint: "the document holds no array and no map of records"))
                            return
                        }
                    }
                }
                if let items {
                    guard try reader.seek(items, depth: 1) else {
                        let keys = reader.topLevelKeys.map { "'\($0)'" }.joined(separator: ", ")
                        parsed.diagnostics.append(.error(.jsonNotArray, "the JSON document has no array at '\(items)'",
                                                         at: lines.location(ofByte: 0, path: file.path),
                                                         hint: keys.isEmpty ? "set items to the key path of the array" : "its top-level keys: \(keys)"))
                        return
                    }
                }
                if reader.peek == UInt8(ascii: "{") {
                    try readKeyedMap(&reader, file: file, lines: lines, into: &parsed)
                } else if reader.peek == UInt8(ascii: "[") {
                    try readArray(&reader, file: file, lines: lines, into: &parsed)
                } else {
                    parsed.diagnostics.append(.error(.jsonNotArray, "a JSON list must be an array ([ {…}, {…} ] or [\"a\", \"b\"]) or a map from key to record",
                                                     at: lines.location(ofByte: reader.position, path: file.path),
                                                     hint: items.map { "'\($0)' holds a single value" }))
                    return
                }
                reader.skipSpace()
                if items == nil, reader.position < buffer.count {
                    throw Reader.Failure(offset: reader.position, message: "unexpected text after the closing ']'")
                }
            } catch let failure as Reader.Failure {
                parsed.diagnostics.append(.error(.jsonSyntax, "invalid JSON: \(failure.message)", at: lines.location(ofByte: failure.offset, path: file.path)))
            } catch {
                parsed.diagnostics.append(.error(.jsonSyntax, "invalid JSON", at: lines.location(ofByte: 0, path: file.path)))
            }
            for repeated in reader.repeatedKeys.sorted(by: { $0.offset < $1.offset }) {
                let first = lines.location(ofByte: repeated.firstOffset, path: file.path)
                parsed.diagnostics.append(.error(.duplicateKey, "the object repeats the key '\(repeated.name)' of line \(first.line)",
                                                 at: lines.location(ofByte: repeated.offset, path: file.path),
                                                 hint: "keep one of the two; JSON readers disagree on which wins"))
            }
        }
        return parsed
    }

    /// Reads the array at the reader: each object is an entry; an array of plain values (strings, numbers) makes one
    /// entry per value; anything else is counted in one error.
    private func readArray(_ reader: inout Reader, file: SourceFile, lines: LineIndex, into parsed: inout ParsedSource) throws {
        reader.position += 1
        reader.skipSpace()
        var plain: [(text: String, offset: Int)] = []
        var nested: [Int] = []
        var total = 0
        if reader.peek == UInt8(ascii: "]") { reader.position += 1; return }
        while true {
            reader.skipSpace()
            let start = reader.position
            let value = try reader.value(depth: 1)
            total += 1
            switch value {
            case .record(let record): parsed.entries.append(Entry(fields: record, location: file.location(line: lines.line(ofByte: start))))
            case .text(let text): plain.append((text, start))
            case .list: nested.append(start)
            }
            reader.skipSpace()
            if reader.peek == UInt8(ascii: ",") { reader.position += 1; continue }
            if reader.peek == UInt8(ascii: "]") { reader.position += 1; break }
            throw Reader.Failure(offset: reader.position, message: "expected ',' or ']' after an array item")
        }
        if parsed.entries.isEmpty && nested.isEmpty {
            for (text, offset) in plain {
                parsed.entries.append(Entry(fields: DataShape.record(ofPlainValue: text), location: file.location(line: lines.line(ofByte: offset))))
            }
        } else if let first = (plain.map(\.offset) + nested).min() {
            parsed.diagnostics.append(DataShape.notRecordsError(count: plain.count + nested.count, total: total,
                                                                first: lines.location(ofByte: first, path: file.path), what: "array"))
        }
    }

    /// Reads the map from key to record at the reader: each record is an entry with its key as a field.
    private func readKeyedMap(_ reader: inout Reader, file: SourceFile, lines: LineIndex, into parsed: inout ParsedSource) throws {
        reader.position += 1
        var records: [(key: String, record: FieldRecord, offset: Int)] = []
        var others: [(key: String, offset: Int)] = []
        var firstOffsetOfKey: [String: Int] = [:]
        reader.skipSpace()
        if reader.peek == UInt8(ascii: "}") { reader.position += 1; return }
        while true {
            reader.skipSpace()
            guard reader.peek == UInt8(ascii: "\"") else { throw Reader.Failure(offset: reader.position, message: "expected a quoted field name") }
            let offset = reader.position
            let key = try reader.string()
            reader.skipSpace()
            guard reader.peek == UInt8(ascii: ":") else { throw Reader.Failure(offset: reader.position, message: "expected ':' after the field name") }
            reader.position += 1
            let value = try reader.value(depth: 2)
            if let first = firstOffsetOfKey[key] {
                reader.repeatedKeys.append((key, offset, first))
                records.removeAll { $0.key == key }
                others.removeAll { $0.key == key }
            } else {
                firstOffsetOfKey[key] = offset
            }
            if case .record(let record) = value { records.append((key, record, offset)) } else { others.append((key, offset)) }
            reader.skipSpace()
            if reader.peek == UInt8(ascii: ",") { reader.position += 1; continue }
            if reader.peek == UInt8(ascii: "}") { reader.position += 1; break }
            throw Reader.Failure(offset: reader.position, message: "expected ',' or '}' in an object")
        }
        let keyField = DataShape.keyField(for: records.map(\.record))
        for (key, record, offset) in records {
            parsed.entries.append(Entry(fields: DataShape.record(record, key: key, keyField: keyField),
                                        location: file.location(line: lines.line(ofByte: offset))))
        }
        if let first = others.first {
            parsed.diagnostics.append(DataShape.notRecordsWarning(keys: others.map(\.key), first: lines.location(ofByte: first.offset, path: file.path)))
        }
    }

    private struct Reader {
        struct Failure: Error {
            var offset: Int
            var message: String
        }

        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// Keys an object names twice: where the repeat and the first are.
        var repeatedKeys: [(name: String, offset: Int, firstOffset: Int)] = []
        /// The keys of the document's top-level object, kept by `seek` for the hint when the path is not there.
        var topLevelKeys: [String] = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        /// The character starting at byte `offset`, named for a message: its UTF-8 sequence decoded (a lead byte
        /// read alone named `ï` for a byte order mark), with its code point when it is not ASCII.
        func characterName(at offset: Int) -> String {
            let byte = bytes[offset]
            guard byte >= 0x80 else { return "character '\(Character(Unicode.Scalar(byte)))'" }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            let end = min(bytes.count, offset + length)
            guard let scalar = String(validating: bytes[offset..<end], as: UTF8.self)?.unicodeScalars.first else {
                return "byte 0x\(String(byte, radix: 16, uppercase: true)) (not UTF-8)"
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            if scalar == "\u{FEFF}" { return "byte order mark (\(code))" }
            return "character '\(Character(scalar))' (\(code))"
        }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        mutating func value(depth: Int) throws -> FieldValue {
            guard depth <= JSONParser.maximumDepth else { throw Failure(offset: position, message: "nested deeper than \(JSONParser.maximumDepth) levels") }
            skipSpace()
            guard let byte = peek else { throw Failure(offset: position, message: "unexpected end of file") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["):
                position += 1
                var items: [FieldValue] = []
                skipSpace()
                if peek == UInt8(ascii: "]") { position += 1; return .list(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    if peek == UInt8(ascii: ",") { position += 1; continue }
                    if peek == UInt8(ascii: "]") { position += 1; return .list(items) }
                    throw Failure(offset: position, message: "expected ',' or ']' in an array")
                }
            case UInt8(ascii: "\""): return .text(try string())
            case UInt8(ascii: "t"): try literal("true"); return .text("true")
            case UInt8(ascii: "f"): try literal("false"); return .text("false")
            case UInt8(ascii: "n"): try literal("null"); return .text("")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .text(number())
            default: throw Failure(offset: position, message: "unexpected \(characterName(at: position))")
            }
        }

        /// Moves to the value at `path` inside nested objects (a literal key with dots wins over the path);
        /// false when the path is not there. Everything before it is read (and checked) on the way.
        mutating func seek(_ path: FieldPath, depth: Int) throws -> Bool {
            var remaining = path.components[...]
            while !remaining.isEmpty {
                skipSpace()
                guard peek == UInt8(ascii: "{") else { return false }
                position += 1
                skipSpace()
                if peek == UInt8(ascii: "}") { return false }
                while true {
                    skipSpace()
                    guard peek == UInt8(ascii: "\"") else { throw Failure(offset: position, message: "expected a quoted field name") }
                    let name = try string()
                    if depth == 1 { topLevelKeys.append(name) }
                    skipSpace()
                    guard peek == UInt8(ascii: ":") else { throw Failure(offset: position, message: "expected ':' after the field name") }
                    position += 1
                    let literal = remaining.joined(separator: ".")
                    if name == literal {
                        skipSpace()
                        return true
                    }
                    if name == remaining.first {
                        remaining = remaining.dropFirst()
                        break
                    }
                    _ = try value(depth: depth + 1)
                    skipSpace()
                    if peek == UInt8(ascii: ",") { position += 1; continue }
                    if peek == UInt8(ascii: "}") { position += 1; return false }
                    throw Failure(offset: position, message: "expected ',' or '}' in an object")
                }
            }
            skipSpace()
            return true
        }

        /// The keys of the object at `position` whose values are arrays, or nil when it is not an object of valid JSON:
        /// the one array a document holds is read without `items`, and several are named in the error.
        mutating func arrayKeys() -> [String]? {
            guard peek == UInt8(ascii: "{") else { return nil }
            position += 1
            var keys: [String] = []
            skipSpace()
            if peek == UInt8(ascii: "}") { return keys }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\""), let name = try? string() else { return nil }
                skipSpace()
                guard peek == UInt8(ascii: ":") else { return nil }
                position += 1
                skipSpace()
                if peek == UInt8(ascii: "[") { keys.append(name) }
                guard skipValue() else { return nil }
                skipSpace()
                if peek == UInt8(ascii: "}") { return keys }
                guard peek == UInt8(ascii: ",") else { return nil }
                position += 1
            }
        }

        /// Moves past one value without building it, for `arrayKeys`: strings with their escapes, brackets by depth.
        /// False at the end of the file; what is not valid JSON is left for the parse to report.
        mutating func skipValue() -> Bool {
            var depth = 0
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                        position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    guard position < bytes.count else { return false }
                    position += 1
                    if depth == 0 { return true }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    position += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    position += 1
                    if depth == 0 { return true }
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                    position += 1
                default:
                    position += 1
                }
            }
            return false
        }

        mutating func object(depth: Int) throws -> FieldValue {
            position += 1
            var names: [String] = []
            var nameOffsets: [Int] = []
            var values: [FieldValue] = []
            // Where each name is, once the object is too big to search by scanning (10,000 keys must stay linear).
            var indexOfName: [String: Int] = [:]
            skipSpace()
            if peek == UInt8(ascii: "}") { position += 1; return .record(FieldRecord()) }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw Failure(offset: position, message: "expected a quoted field name") }
                let nameOffset = position
                let name = try string()
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw Failure(offset: position, message: "expected ':' after the field name") }
                position += 1
                let item = try value(depth: depth + 1)
                if names.count >= 16 && indexOfName.isEmpty {
                    for (index, known) in names.enumerated() { indexOfName[known] = index }
                }
                if let existing = indexOfName.isEmpty ? names.firstIndex(of: name) : indexOfName[name] {
                    values[existing] = item
                    repeatedKeys.append((name, nameOffset, nameOffsets[existing]))
                } else {
                    if !indexOfName.isEmpty { indexOfName[name] = names.count }
                    names.append(name)
                    nameOffsets.append(nameOffset)
                    values.append(item)
                }
                skipSpace()
                if peek == UInt8(ascii: ",") { position += 1; continue }
                if peek == UInt8(ascii: "}") { position += 1; return .record(FieldRecord(names: names, values: values)) }
                throw Failure(offset: position, message: "expected ',' or '}' in an object")
            }
        }

        mutating func literal(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count,
                  UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[position..<position + count]) else {
                throw Failure(offset: position, message: "unknown word; expected a value")
            }
            position += count
        }

        mutating func number() -> String {
            let start = position
            while let byte = peek, (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                position += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        mutating func string() throws -> String {
            let open = position
            position += 1
            var out: [UInt8] = []
            var segment = position
            while true {
                guard let byte = peek else { throw Failure(offset: open, message: "string is never closed") }
                if byte == UInt8(ascii: "\"") {
                    out.append(contentsOf: bytes[segment..<position])
                    position += 1
                    break
                }
                if byte < 0x20 { throw Failure(offset: position, message: "control character inside a string (write \\n for a newline)") }
                if byte == UInt8(ascii: "\\") {
                    out.append(contentsOf: bytes[segment..<position])
                    position += 1
                    guard let escape = peek else { throw Failure(offset: position, message: "string is never closed") }
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                    case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                    case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar), peek == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
                            position += 2
                            let low = try hex4()
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00 & 0x3FF)
                        }
                        out.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                    default: throw Failure(offset: position - 1, message: "unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
                    }
                    segment = position
                    continue
                }
                position += 1
            }
            guard let text = String(validating: out, as: UTF8.self) else {
                throw Failure(offset: open, message: "string is not valid UTF-8")
            }
            return text
        }

        mutating func hex4() throws -> UInt32 {
            guard position + 4 <= bytes.count else { throw Failure(offset: position, message: "incomplete \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw Failure(offset: position, message: "bad hex digit in a \\u escape")
                }
                value = value << 4 | digit
                position += 1
            }
            return value
        }
    }
}

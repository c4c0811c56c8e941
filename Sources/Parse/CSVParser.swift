import IndexSiteCore
/// Reads CSV (RFC 4180) and TSV over bytes: header row for field names, quoted fields with commas, quotes and
/// newlines, optional BOM, LF or CRLF. Every record remembers its line; every problem is reported where it is.
public struct CSVParser: Sendable {
    /// The byte between fields: `,` for CSV, a tab for TSV.
    public var separator: UInt8

    /// Lines starting with these bytes are skipped (`comment: "#"`); nil reads every line.
    public var comment: [UInt8]?
    /// Whether `comment` marks only the lines before the first row (as found, not set): a `#1 Hit` row further
    /// down is data, never a comment dropped in silence.
    public var commentsOnlyLeading = false
    /// The field names when the file has no header row (`header: [a, b, c]`); nil reads them from the first row.
    public var header: [String]?
    /// Rows with fewer fields than the header get empty trailing fields instead of a `csv-ragged-row` error.
    public var allowsShortRows: Bool

    /// A parser for fields separated by `separator`.
    public init(separator: UInt8 = UInt8(ascii: ","), comment: String? = nil, header: [String]? = nil, allowsShortRows: Bool = false) {
        self.separator = separator
        self.comment = comment.map { Array($0.utf8) }
        self.header = header
        self.allowsShortRows = allowsShortRows
    }

    /// Problems listed per file; past these only a count is reported, in one more diagnostic.
    public static let maximumListedProblems = 200
    /// Records are read on every core when each core gets at least this many bytes: below, a thread costs more than
    /// it saves.
    static let concurrentPartBytes = 256 * 1024
    /// The file is cut into this many parts for each core that reads it: Dispatch's second thread often starts late in
    /// a young process (the background work holds the other core first), and with one part a core, one core then read
    /// both parts in turn; with several, whichever core is free takes the next.
    static let partsPerCore = 4

    /// The parser for a file name: tab-separated for `.tsv` and `.tab`, comma-separated otherwise.
    public static func forPath(_ path: String) -> CSVParser {
        CSVParser(separator: defaultSeparator(forPath: path))
    }

    /// Tab for `.tsv` and `.tab` files, a comma otherwise.
    static func defaultSeparator(forPath path: String) -> UInt8 {
        // Over bytes: `.tsv` after a prepended letter (U+0D4E) does not start a Character, so hasSuffix would miss it.
        let reversed = path.lowercased().utf8.reversed()
        return reversed.starts(with: "vst.".utf8) || reversed.starts(with: "bat.".utf8) ? UInt8(ascii: "\t") : UInt8(ascii: ",")
    }

    /// The parser a list's settings describe for `file`. With no `separator` set, the first row decides between the
    /// extension's separator and `;`, tab or `|`: the extension's wins unless the row has none of it and one of those.
    /// A file that opens with lines starting with `#` (tzdata's `iso3166.tab`, many Unix data files) has them read as
    /// comments when `comment` is not set, and its field names from the last of them when `header` is not set and
    /// that line has a name for every column (`#code<TAB>name of country`): such a file is read where it is.
    public static func configured(by settings: ListSettings, for file: SourceFile) -> CSVParser {
        var parser = CSVParser(separator: defaultSeparator(forPath: file.path), comment: settings.comment, header: settings.header,
                               allowsShortRows: settings.allowsShortRows)
        let leadingComments = settings.comment == nil ? parser.leadingCommentLines(file) : []
        if !leadingComments.isEmpty {
            parser.comment = [UInt8(ascii: "#")]
            parser.commentsOnlyLeading = true
        }
        if let chosen = settings.separator?.utf8.first {
            parser.separator = chosen
        } else if let detected = parser.detectedSeparator(file) {
            parser.separator = detected
        }
        if settings.header == nil, let last = leadingComments.last, let row = parser.firstRowBytes(file) {
            let names = parser.split(last.dropFirst()).map { String(decoding: $0, as: UTF8.self).trimmingSpaces }
            if names.count > 1, names.count == parser.split(row).count, names.allSatisfy({ !$0.isEmpty }), Set(names).count == names.count {
                parser.header = names
            }
        }
        return parser
    }

    /// The lines starting with `#` that open the file, when they are comments rather than a header row: more than
    /// one of them, or one whose fields do not match the first line of data (a header `#,name,url` stays a header).
    /// Empty when the file does not open with `#`, or holds nothing else.
    func leadingCommentLines(_ file: SourceFile) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var firstRow: ArraySlice<UInt8>?
        CSVParser.forEachLine(of: file) { line in
            if line.first == UInt8(ascii: "#") { lines.append(line); return true }
            if line.isEmpty { return true }
            firstRow = line
            return false
        }
        guard let firstRow, !lines.isEmpty else { return [] }
        if lines.count == 1 {
            // One `#` line: a comment only when it is not shaped like the rows under it.
            var probe = self
            probe.comment = [UInt8(ascii: "#")]
            probe.separator = probe.detectedSeparator(file) ?? separator
            if probe.split(lines[0]).count == probe.split(firstRow).count { return [] }
        }
        return lines
    }

    /// The fields of one line split at the separator, for telling a header from a comment (quotes are respected, not
    /// removed: the names are read by the full parse).
    func split(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var fields: [ArraySlice<UInt8>] = []
        var quoted = false
        var fieldStart = line.startIndex
        for index in line.indices {
            if line[index] == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, line[index] == separator {
                fields.append(line[fieldStart..<index])
                fieldStart = index + 1
            }
        }
        fields.append(line[fieldStart...])
        return fields
    }

    /// The separators tried when none is set.
    static let candidateSeparators: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]

    /// Another separator when the first row (after comments) has none of `separator` but has one of the candidates.
    func detectedSeparator(_ file: SourceFile) -> UInt8? {
        guard let line = firstRowBytes(file) else { return nil }
        var counts: [UInt8: Int] = [:]
        var quoted = false
        for byte in line {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, CSVParser.candidateSeparators.contains(byte) { counts[byte, default: 0] += 1 }
        }
        guard counts[separator, default: 0] == 0 else { return nil }
        return CSVParser.candidateSeparators.filter { counts[$0, default: 0] > 0 }.max { counts[$0]! < counts[$1]! }
    }

    /// The bytes of the first line that is neither blank nor a comment.
    func firstRowBytes(_ file: SourceFile) -> ArraySlice<UInt8>? {
        var row: ArraySlice<UInt8>?
        CSVParser.forEachLine(of: file) { line in
            let isComment = comment.map { line.starts(with: $0) } ?? false
            if line.isEmpty || isComment { return true }
            row = line
            return false
        }
        return row
    }

    /// Calls `body` with each line of the file's text (without its LF or CRLF) until it returns false: for the looks
    /// at a file's first lines that come before the parse.
    static func forEachLine(of file: SourceFile, _ body: (ArraySlice<UInt8>) -> Bool) {
        let bytes = file.bytes
        var start = file.textStart
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            guard body(line) else { return }
            start = end + 1
        }
    }

    /// The field names without reading the rows: the `header` setting, or the first row's fields. Used to check the
    /// fields settings name before a large file is parsed; nil when the file has no row.
    public func fieldNames(_ file: SourceFile) -> [String]? {
        if let header { return header }
        guard let line = firstRowBytes(file), let start = line.indices.first else { return nil }
        // The header row alone, up to its line end (a quoted name with a newline is read in full by the scanner).
        let end = line.endIndex
        let slice = SourceFile(path: file.path, bytes: Array(file.bytes[start..<min(file.bytes.count, end)]))
        var single = self
        single.comment = nil
        // A header with problems (encoding, empty names) is left to the full parse, which reports them.
        let table = single.parseTable(slice)
        return table.diagnostics.isEmpty ? table.header : nil
    }

    /// One row of the file, before it becomes an entry.
    package struct Record: Sendable, Equatable {
        /// The line the record starts on.
        package var line: Int
        /// Byte offset where the record starts, for locating problems with the whole row.
        package var offset: Int = 0
        /// The record ran into the end of the file inside a quoted field (already reported).
        package var unterminated = false
        /// How many fields the record has.
        package var fieldCount = 0
        /// Which of the table's `texts` holds its row: the part of the file it was read in.
        package var part = 0
        /// Where its row starts in that part's texts.
        package var row = 0
    }

    /// The raw table: header, records and problems found while reading them.
    package struct Table: Sendable {
        /// The field names of the first row.
        package var header: [String] = []
        /// The rows after the header.
        package var records: [Record] = []
        /// The records' fields' texts, unquoted, which the rows' entries read in place: one table per part of the
        /// file read on a core of its own (`readRecordsConcurrently`), in the file's order.
        package var texts: [FieldTexts] = []
        /// Problems found while reading.
        package var diagnostics: [Diagnostic] = []
        /// How many parts the records were read in, on as many cores (1: in one pass).
        package var partsRead = 1

        /// The fields' texts of a record.
        package func fields(of record: Record) -> [String] {
            (0..<record.fieldCount).map { texts[record.part].string(row: record.row, column: $0) }
        }

        /// Every record's fields' texts, in order.
        package var rows: [[String]] { records.map(fields(of:)) }
    }

    /// Parses a file into entries whose fields are named by the header row.
    public func parse(_ file: SourceFile) -> ParsedSource {
        let table = parseTable(file)
        var parsed = ParsedSource()
        parsed.diagnostics = table.diagnostics
        guard !table.header.isEmpty else { return parsed }
        let names = table.header
        parsed.entries.reserveCapacityInHugePages(table.records.count)
        // The records are read in place: a record copied out retained and released its field offsets.
        table.records.withUnsafeBufferPointer { records in
            for record in records.indices {
                let count = records[record].fieldCount
                guard count == names.count || (allowsShortRows && count < names.count) else { continue }
                // A short row's missing fields read as empty.
                let fields = FieldRecord(names: names, texts: table.texts[records[record].part], row: records[record].row)
                parsed.entries.append(Entry(fields: fields, location: file.location(line: records[record].line)))
            }
        }
        return parsed
    }

    /// Where the run of ASCII bytes other than NUL and newline starting at `start` ends, to the nearest eight bytes:
    /// the encoding check skips such text a word at a time instead of looking at every byte.
    static func endOfPlainText(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        bytes.endOfWords(from: start) { word in
            word & 0x8080_8080_8080_8080 == 0 && !ByteWord.word(word, contains: 0) && !ByteWord.word(word, contains: 0x0A)
        }
    }

    /// The offset of the first NUL byte or invalid UTF-8 sequence at or after `start`, nil when there is none.
    static func firstEncodingProblem(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            index = endOfPlainText(bytes, from: index)
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == 0 { return index }
            if byte < 0x80 {
                index += 1
            } else if let length = bytes.validUTF8SequenceLength(at: index) {
                index += length
            } else {
                return index
            }
        }
        return nil
    }

    /// Where the run of bytes starting at `start` that are none of the separator, a line break or a quote ends, to the
    /// nearest eight bytes: an unquoted field is stepped over a word at a time (byte by byte, the scan held back
    /// reading a large file).
    static func endOfPlainField(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, separator: UInt8) -> Int {
        bytes.endOfWords(from: start) { word in
            func has(_ byte: UInt8) -> Bool { ByteWord.word(word, contains: byte) }
            return !has(separator) && !has(0x0A) && !has(0x0D) && !has(UInt8(ascii: "\""))
        }
    }

    /// Splits the bytes into a header and records, checking encoding, quoting and row lengths.
    /// `concurrently: false` reads the records in one pass, the reference the tests hold the parts to.
    package func parseTable(_ file: SourceFile, concurrently: Bool = true) -> Table {
        file.bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(file: file, bytes: buffer, parser: self)
            scanner.readsConcurrently = concurrently
            return scanner.run()
        }
    }

    private struct Scanner {
        let file: SourceFile
        /// The file's bytes; a part read on another core sees them up to its part's end (`readRecordsConcurrently`).
        var bytes: UnsafeBufferPointer<UInt8>
        let separator: UInt8
        let comment: [UInt8]?
        /// The comment mark of lines skipped only where the file opens (`CSVParser.commentsOnlyLeading`).
        let leadingComment: [UInt8]?
        let givenHeader: [String]?
        let allowsShortRows: Bool
        var table = Table()
        /// The texts of the records read so far; the one being read is open.
        var texts = FieldTexts.Builder()
        var position = 0
        var line = 1
        var lineStart = 0
        /// Errors past this many are counted but neither located nor stored, so a hopeless file stays fast and small.
        var errorBudget = CSVParser.maximumListedProblems
        /// Problems past the budget: how many, and the first of them (listed once, with the count).
        var unlisted = 0
        var firstUnlisted: (code: DiagnosticCode, line: Int, lineStart: Int, offset: Int)?
        /// Field start offsets are recorded for the header row only.
        var keepFieldOffsets = true
        /// Where each field of the last record read started, while `keepFieldOffsets` (the header's, to point at a bad
        /// column name). Kept here, not in the record: a record of plain values is copied without reference counting,
        /// and a large file's are copied twice (the parts' records joined, then read into entries).
        var fieldOffsets: [Int] = []
        var sawUnterminatedQuote = false
        /// Whether a large file's records may be read on every core (`readRecordsConcurrently`).
        var readsConcurrently = true
        /// Set in a part read on another core, which is of no use once it meets a problem.
        var stopsAtFirstProblem = false
        /// The column of the last problem located: (start of its line, byte offset, column).
        var lastColumn = (lineStart: -1, offset: 0, column: 1)

        init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, parser: CSVParser) {
            self.file = file
            self.bytes = bytes
            self.separator = parser.separator
            self.comment = parser.commentsOnlyLeading ? nil : parser.comment
            self.leadingComment = parser.commentsOnlyLeading ? parser.comment : nil
            self.givenHeader = parser.header
            self.allowsShortRows = parser.allowsShortRows
        }

        mutating func run() -> Table {
            if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
                report(.utf16Input, "the file is UTF-16; IndexSite reads UTF-8", at: 0, hint: "save the file as UTF-8")
                return table
            }
            position = SourceFile.byteOrderMarkLength(bytes)
            lineStart = position
            guard checkEncoding() else { return table }
            if let leadingComment { skipLines(startingWith: leadingComment) }
            if let givenHeader {
                table.header = givenHeader
            } else if let header = nextRecord() {
                table.header = texts.openStrings()
                checkHeader(header, names: table.header)
            } else {
                report(.csvNoHeader, "the file is empty; the first row must name the fields", at: position, hint: "add a header row such as title,description")
                return table
            }
            keepFieldOffsets = false
            texts = FieldTexts.Builder(reservingBytes: bytes.count - position)
            if !readsConcurrently || !readRecordsConcurrently() {
                readRecords()
                table.texts = [texts.finished()]
            }
            reportUnlisted()
            return table
        }

        /// Reads the records up to the end of `bytes`, checking each row's length against the header.
        mutating func readRecords() {
            let columns = table.header.count
            let problemsBefore = table.diagnostics.count
            while var record = nextRecord() {
                // A part read on another core is given up at its first problem: the file is then read in one pass.
                if stopsAtFirstProblem, table.diagnostics.count != problemsBefore { return }
                let count = record.fieldCount
                if count != columns && !record.unterminated && !(count < columns && allowsShortRows) {
                    reportAt(.csvRaggedRow, "row has \(count) field\(count == 1 ? "" : "s"), the header has \(columns)",
                             line: record.line, lineStart: record.offset, offset: record.offset,
                             hint: count > columns ? "quote fields that contain the separator"
                                : "fill in the missing fields, or set short_rows: allow to leave them empty")
                }
                // A row of the wrong length never becomes an entry: past the budget it is not even kept.
                if unlisted == 0 || count == columns {
                    record.row = texts.nextRow
                    texts.endRow()
                    table.records.append(record)
                } else {
                    texts.dropOpenRow()
                }
            }
        }

        /// Reads the records of a large file on every core: the rest of the file is cut after line breaks into one
        /// part per core, each part read by a scanner of its own with the same steps, and the parts' rows joined in
        /// order. A cut inside a quoted field leaves that part's last field unclosed, which is a problem; so when no
        /// part meets a problem, every cut was between two records and the rows are those of one pass. Otherwise
        /// nothing of the parts is kept and the file is read in one pass (false), so that its diagnostics and the
        /// error budget are exactly one pass's.
        mutating func readRecordsConcurrently() -> Bool {
            guard let parts = partsAfterLineBreaks() else { return false }
            let first = self
            nonisolated(unsafe) let prototype = first
            let scanners = Engine.current.orderedMap(count: parts.count) { part in
                var scanner = prototype
                if part > 0 {
                    // Lines are counted from 1 in every part and shifted once the earlier parts are read.
                    scanner.position = parts[part].lowerBound
                    scanner.line = 1
                    scanner.lineStart = scanner.position
                }
                scanner.texts = FieldTexts.Builder(reservingBytes: parts[part].count)
                scanner.stopsAtFirstProblem = true
                scanner.bytes = UnsafeBufferPointer(rebasing: prototype.bytes[..<parts[part].upperBound])
                scanner.readRecords()
                return scanner
            }
            guard scanners.allSatisfy({ $0.table.diagnostics.count == first.table.diagnostics.count && $0.unlisted == 0 }) else { return false }
            self = scanners[0]
            table.partsRead = scanners.count
            table.texts = scanners.map { $0.texts.finished() }
            table.records.reserveCapacity(scanners.reduce(0) { $0 + $1.table.records.count })
            bytes = first.bytes
            for (index, part) in scanners.enumerated().dropFirst() {
                let lineOffset = line - 1
                table.records += part.table.records.lazy.map { record in
                    var record = record
                    record.part = index
                    record.line += lineOffset
                    return record
                }
                line = part.line + lineOffset
                lineStart = part.lineStart
                position = part.position
            }
            return true
        }

        /// One diagnostic for all the problems past the budget, at the first of them, saying how many there were.
        mutating func reportUnlisted() {
            guard let first = firstUnlisted else { return }
            errorBudget = 1
            reportAt(first.code, "\(unlisted) more problem\(unlisted == 1 ? "" : "s") in this file after the first \(CSVParser.maximumListedProblems), from here on, not listed",
                     line: first.line, lineStart: first.lineStart, offset: first.offset, hint: "fix the problems listed first; the rest often share their cause")
            firstUnlisted = nil
        }

        /// Rejects NUL bytes and invalid UTF-8 up front, naming the byte offset, since both garble every later field.
        /// A large file is first checked in parts on every core (`isCleanInParts`): nearly every file is clean, and
        /// then there is nothing to report. A file with a problem is gone through in order, for its diagnostics.
        mutating func checkEncoding() -> Bool {
            if readsConcurrently, isCleanInParts() { return true }
            var ok = true
            var index = position
            var lineNumber = 1
            var currentLineStart = 0
            while let problem = CSVParser.firstEncodingProblem(in: bytes, from: index) {
                // Lines are counted only up to a problem: a clean file is never walked for them.
                while let lineBreak = bytes[index..<problem].firstIndex(of: 0x0A) {
                    lineNumber += 1
                    currentLineStart = lineBreak + 1
                    index = lineBreak + 1
                }
                if bytes[problem] == 0 {
                    reportAt(.nulByte, "NUL byte at byte offset \(problem)", line: lineNumber, lineStart: currentLineStart, offset: problem,
                             hint: "the file looks binary or UTF-16; save it as UTF-8 text")
                    return false
                }
                reportAt(.invalidUTF8, "invalid UTF-8 at byte offset \(problem)", line: lineNumber, lineStart: currentLineStart, offset: problem,
                         hint: "save the file as UTF-8")
                ok = false
                index = problem + 1
                if errorBudget <= 0 { reportUnlisted(); return false }
            }
            return ok
        }

        /// Whether the file after `position` has no NUL byte and no invalid UTF-8, checked on every core: it is cut
        /// after line breaks (a UTF-8 sequence never spans one), one part per core. False for a small file.
        func isCleanInParts() -> Bool {
            guard let parts = partsAfterLineBreaks() else { return false }
            nonisolated(unsafe) let bytes = bytes
            return Engine.current.orderedMap(count: parts.count) { part in
                CSVParser.firstEncodingProblem(in: UnsafeBufferPointer(rebasing: bytes[..<parts[part].upperBound]), from: parts[part].lowerBound) == nil
            }.allSatisfy { $0 }
        }

        /// The bytes after `position` cut into `partsPerCore` parts for each core, each cut just after a line break;
        /// nil for a file too small to share out (`concurrentPartBytes` a core) or with no line break where a cut
        /// should go.
        func partsAfterLineBreaks() -> [Range<Int>]? {
            let cores = min(Engine.current.width, (bytes.count - position) / CSVParser.concurrentPartBytes)
            guard cores > 1 else { return nil }
            let partCount = cores * CSVParser.partsPerCore
            var starts = [position]
            for part in 1..<partCount {
                let target = max(position + (bytes.count - position) * part / partCount, starts.last!)
                guard let lineBreak = bytes[target...].firstIndex(of: 0x0A), lineBreak + 1 < bytes.count else { break }
                if lineBreak + 1 > starts.last! { starts.append(lineBreak + 1) }
            }
            guard starts.count > 1 else { return nil }
            return zip(starts, starts.dropFirst() + [bytes.count]).map { $0..<$1 }
        }

        mutating func checkHeader(_ header: Record, names: [String]) {
            var seen: [String: Int] = [:]
            for (index, name) in names.enumerated() {
                let trimmed = name.trimmingSpaces
                let offset = index < fieldOffsets.count ? fieldOffsets[index] : header.offset
                if trimmed.isEmpty {
                    reportAt(.csvEmptyHeader, "header column \(index + 1) has no name", line: header.line, lineStart: header.offset,
                             offset: offset, hint: "name every column in the first row")
                } else if let first = seen[trimmed] {
                    reportAt(.csvDuplicateHeader, "header column \(index + 1) repeats the name '\(trimmed)' of column \(first + 1)", line: header.line,
                             lineStart: header.offset, offset: offset, hint: "give each column its own name")
                } else {
                    seen[trimmed] = index
                }
            }
        }

        /// Reads one record, or nil at the end of the file. Blank lines between records are skipped.
        mutating func nextRecord() -> Record? {
            while position < bytes.count {
                if bytes[position] == 0x0A || bytes[position] == 0x0D {
                    advanceOverNewline()
                } else if let comment, position == lineStart, startsWith(comment, at: position) {
                    while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    break
                }
            }
            guard position < bytes.count else { return nil }
            let recordLine = line
            let recordOffset = position
            if keepFieldOffsets { fieldOffsets.removeAll(keepingCapacity: true) }
            sawUnterminatedQuote = false
            while true {
                if keepFieldOffsets { fieldOffsets.append(position) }
                readField()
                texts.endField()
                if position >= bytes.count { break }
                let byte = bytes[position]
                if byte == separator {
                    position += 1
                    if position >= bytes.count { texts.endField(); break }
                    continue
                }
                // A newline ends the record.
                advanceOverNewline()
                break
            }
            return Record(line: recordLine, offset: recordOffset, unterminated: sawUnterminatedQuote,
                          fieldCount: texts.openFieldCount)
        }

        /// Skips the blank lines and the lines starting with `mark` where the scanner stands (the file's opening comments).
        mutating func skipLines(startingWith mark: [UInt8]) {
            while position < bytes.count {
                if bytes[position] == 0x0A || bytes[position] == 0x0D {
                    advanceOverNewline()
                } else if position == lineStart, startsWith(mark, at: position) {
                    while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    return
                }
            }
        }

        func startsWith(_ prefix: [UInt8], at offset: Int) -> Bool {
            guard offset + prefix.count <= bytes.count else { return false }
            for index in prefix.indices where bytes[offset + index] != prefix[index] { return false }
            return true
        }

        mutating func advanceOverNewline() {
            if bytes[position] == 0x0D {
                position += 1
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
            } else {
                position += 1
            }
            line += 1
            lineStart = position
        }

        /// Reads one field into `texts` (the caller ends it), unquoted.
        mutating func readField() {
            if bytes[position] == UInt8(ascii: "\"") { return readQuotedField() }
            let start = position
            var sawQuote = false
            position = CSVParser.endOfPlainField(bytes, from: position, separator: separator)
            while position < bytes.count {
                let byte = bytes[position]
                if byte == separator || byte == 0x0A || byte == 0x0D { break }
                if byte == UInt8(ascii: "\"") && !sawQuote {
                    sawQuote = true
                    report(.csvStrayQuote, "quote inside an unquoted field", at: position,
                           hint: "put the whole field in quotes and double the quote: \"say \"\"hi\"\"\"")
                }
                position += 1
            }
            texts.append(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        }

        mutating func readQuotedField() {
            let openAt = position
            let openLine = line
            let openLineStart = lineStart
            position += 1
            var segmentStart = position
            while true {
                guard position < bytes.count else {
                    sawUnterminatedQuote = true
                    reportAt(.csvUnterminatedQuote, "quoted field is never closed", line: openLine, lineStart: openLineStart, offset: openAt,
                             hint: "add the closing quote; a quote inside a field is written twice")
                    texts.append(UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                    return
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    texts.append(UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                    if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\"") {
                        texts.append(UInt8(ascii: "\""))
                        position += 2
                        segmentStart = position
                        continue
                    }
                    position += 1
                    break
                }
                if byte == 0x0A {
                    line += 1
                    lineStart = position + 1
                }
                position += 1
            }
            // After the closing quote only a separator or the end of the line may follow.
            if position < bytes.count {
                let next = bytes[position]
                if next != separator && next != 0x0A && next != 0x0D {
                    report(.csvStrayQuote, "text after the closing quote of a quoted field", at: position,
                           hint: "quote the whole field, doubling quotes inside it")
                    let start = position
                    while position < bytes.count, bytes[position] != separator, bytes[position] != 0x0A, bytes[position] != 0x0D {
                        position += 1
                    }
                    texts.append(UnsafeBufferPointer(rebasing: bytes[start..<position]))
                }
            }
        }

        /// Reports a problem on the line being read.
        mutating func report(_ code: DiagnosticCode, _ message: String, at offset: Int, hint: String? = nil) {
            reportAt(code, message, line: line, lineStart: lineStart, offset: offset, hint: hint)
        }

        mutating func reportAt(_ code: DiagnosticCode, _ message: String, line: Int, lineStart: Int, offset: Int, hint: String? = nil) {
            guard errorBudget > 0 else {
                // Past the budget only count: storing millions of diagnostics cost gigabytes (issue 17, item 5).
                if firstUnlisted == nil { firstUnlisted = (code, line, lineStart, offset) }
                unlisted += 1
                return
            }
            errorBudget -= 1
            // Problems on one line come in increasing offsets: count columns on from the last one found on the same
            // line, so a long line with many problems stays linear instead of rescanning from the line start each time.
            var column = 1
            var index = lineStart
            if lastColumn.lineStart == lineStart, lastColumn.offset <= offset {
                column = lastColumn.column
                index = lastColumn.offset
            }
            while index < offset && index < bytes.count {
                if bytes[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            lastColumn = (lineStart, index, column)
            table.diagnostics.append(.error(code, message, at: SourceLocation(path: file.path, line: line, column: column), hint: hint))
        }
    }
}

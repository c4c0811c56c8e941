import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

@Suite struct CSVParserTests {
    func table(_ text: String, path: String = "Content/t.csv") -> CSVParser.Table {
        CSVParser.forPath(path).parseTable(SourceFile(path: path, text: text))
    }

    func records(_ text: String) -> [[String]] {
        table(text).rows
    }

    /// An unquoted field is stepped over eight bytes at a time: never past a separator, line break or quote, and
    /// short of the first of them by less than a word (the rest is read byte by byte).
    @Test func plainFieldsAreSteppedOverByWords() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("abcé xyz0".utf8) + [UInt8(ascii: ","), 0x0A, 0x0D, UInt8(ascii: "\"")]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<10, using: &random) == 0 ? alphabet.randomElement(using: &random)! : alphabet[Int.random(in: 0..<9, using: &random)]
            }
            let start = Int.random(in: 0...bytes.count, using: &random)
            let special = bytes[start...].firstIndex { [UInt8(ascii: ","), 0x0A, 0x0D, UInt8(ascii: "\"")].contains($0) } ?? bytes.count
            let end = bytes.withUnsafeBufferPointer { CSVParser.endOfPlainField($0, from: start, separator: UInt8(ascii: ",")) }
            #expect(end <= special && special - end < 8 || end == special, "\(bytes) from \(start): \(end), first special at \(special)")
        }
    }

    /// A large file is read in parts on every core; the parts must join to exactly the one-pass table: the same
    /// records (lines, offsets, rows), texts and diagnostics.
    @Test(arguments: ["between records", "inside quoted fields", "with a problem", "invalid UTF-8"])
    func partsJoinToTheOnePassTable(cuts: String) {
        var text = "title,note,year\n"
        var row = 0
        while text.utf8.count < 1_200_000 {
            row += 1
            switch cuts {
            case "between records":
                // Line ends of both kinds, blank lines, quotes and separators inside quotes, but no line break in a field.
                text += "Title \(row),\"a \"\"quoted\"\", note, \(row)\",\(1900 + row % 100)" + (row % 3 == 0 ? "\r\n" : "\n")
                if row % 97 == 0 { text += "\n" }
            case "inside quoted fields":
                // Nearly every line break is inside a quoted field: a cut there must not split a record.
                text += "Title \(row),\"" + (0..<12).map { "line \($0)" }.joined(separator: "\n") + "\",\(row)\n"
            default:
                text += row == 9_000 ? "Ragged \(row),only two\n" : "Title \(row),note,\(row)\n"
            }
        }
        var bytes = Array(text.utf8)
        // A byte that is never UTF-8, three quarters into the file: the check in parts finds it, the one pass reports it.
        if cuts == "invalid UTF-8" { bytes[bytes.count * 3 / 4] = 0xFF }
        let file = SourceFile(path: "Content/big.csv", bytes: bytes)
        // Read in parts by the parallel engine (the serial one reads every file in one pass).
        let parts = Engine.parallel.run { CSVParser.forPath(file.path).parseTable(file) }
        let onePass = CSVParser.forPath(file.path).parseTable(file, concurrently: false)
        #expect(parts.header == onePass.header)
        // The first difference, not the tables: a failure prints a line, not megabytes.
        let (rows, oneRows) = (parts.rows, onePass.rows)
        #expect(parts.records.count == onePass.records.count && rows.count == oneRows.count)
        // A record's row is where it starts in its part's texts, so records compare by where they stand and their texts.
        func place(_ record: CSVParser.Record) -> [Int] { [record.line, record.offset, record.fieldCount, record.unterminated ? 1 : 0] }
        let different = (0..<min(parts.records.count, onePass.records.count, rows.count, oneRows.count)).first {
            place(parts.records[$0]) != place(onePass.records[$0]) || rows[$0] != oneRows[$0]
        }
        #expect(different == nil, "record \(different ?? 0): \(different.map { (parts.records[$0], rows[$0]) }.debugDescription) in parts, \(different.map { (onePass.records[$0], oneRows[$0]) }.debugDescription) in one pass")
        #expect(parts.diagnostics == onePass.diagnostics)
        #expect(onePass.partsRead == 1)
        switch cuts {
        case "between records":
            // Several parts a core, so that a core that starts late still takes a share.
            let cores = min(activeCoreCount, bytes.count / CSVParser.concurrentPartBytes)
            #expect(parts.partsRead == CSVParser.partsPerCore * cores || cores < 2)
        case "with a problem": #expect(parts.partsRead == 1 && parts.diagnostics.map(\.location.line) == [onePass.records[8_998].line + 1])
        case "invalid UTF-8": #expect(parts.diagnostics.map(\.code) == [.invalidUTF8] && parts.records.isEmpty)
        default: break
        }
    }

    @Test func plainRowsWithLF() {
        let parsed = table("title,year\nDune,1965\nEmma,1815\n")
        #expect(parsed.header == ["title", "year"])
        #expect(parsed.rows == [["Dune", "1965"], ["Emma", "1815"]])
        #expect(parsed.records.map(\.line) == [2, 3])
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func crlfAndNoFinalNewline() {
        #expect(records("a,b\r\n1,2\r\n3,4") == [["1", "2"], ["3", "4"]])
    }

    @Test func byteOrderMarkIsSkipped() {
        let parsed = table("\u{FEFF}title\nX\n")
        #expect(parsed.header == ["title"])
    }

    @Test func quotedFieldsHoldSeparatorsQuotesAndNewlines() {
        let parsed = table("a,b\n\"x, y\",\"say \"\"hi\"\"\"\n\"line one\nline two\",z\nlast,row\n")
        #expect(parsed.rows == [["x, y", "say \"hi\""], ["line one\nline two", "z"], ["last", "row"]])
        // A record remembers the line it started on, even after a multi-line field.
        #expect(parsed.records.map(\.line) == [2, 3, 5])
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func emptyFieldsAndTrailingSeparator() {
        #expect(records("a,b,c\n,,\n1,,3\n") == [["", "", ""], ["1", "", "3"]])
        #expect(records("a,b\n1,") == [["1", ""]])
    }

    @Test func blankLinesBetweenRecordsAreSkipped() {
        #expect(records("a\n1\n\n\n2\n") == [["1"], ["2"]])
    }

    @Test func tabSeparatedForTSV() {
        #expect(table("a\tb\n1,5\t2\n", path: "x.tsv").rows == [["1,5", "2"]])
    }

    @Test func unterminatedQuoteIsReportedWhereItOpens() throws {
        let parsed = table("a,b\n1,2\n3,\"open\nnever closed\n")
        let diagnostic = try #require(parsed.diagnostics.first)
        #expect(diagnostic.code == .csvUnterminatedQuote)
        #expect(diagnostic.location == SourceLocation(path: "Content/t.csv", line: 3, column: 3))
    }

    @Test func strayQuoteInUnquotedField() throws {
        let parsed = table("a,b\nab\"c,d\n")
        let diagnostic = try #require(parsed.diagnostics.first)
        #expect(diagnostic.code == .csvStrayQuote)
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.location.column == 3)
    }

    @Test func textAfterClosingQuote() throws {
        let parsed = table("a,b\n\"x\"y,z\n")
        #expect(try #require(parsed.diagnostics.first).code == .csvStrayQuote)
        #expect(parsed.rows.first == ["xy", "z"])
    }

    @Test func raggedRowSaysExpectedAndFound() throws {
        let parsed = table("a,b,c\n1,2,3\n4,5\n")
        let diagnostic = try #require(parsed.diagnostics.first)
        #expect(diagnostic.code == .csvRaggedRow)
        #expect(diagnostic.message == "row has 2 fields, the header has 3")
        #expect(diagnostic.location.line == 3)
        #expect(diagnostic.location.column == 1)
    }

    @Test func invalidUTF8NamesTheByteOffset() throws {
        var bytes = Array("a\nok\nb\u{E9}d\n".utf8)
        bytes[6] = 0xE9 // a lone Latin-1 byte where UTF-8 needs a sequence
        bytes.remove(at: 7)
        let parsed = CSVParser().parseTable(SourceFile(path: "x.csv", bytes: bytes))
        let diagnostic = try #require(parsed.diagnostics.first)
        #expect(diagnostic.code == .invalidUTF8)
        #expect(diagnostic.message == "invalid UTF-8 at byte offset 6")
        #expect(diagnostic.location.line == 3)
        #expect(diagnostic.location.column == 2)
    }

    @Test func nulByteIsRefused() throws {
        let parsed = CSVParser().parseTable(SourceFile(path: "x.csv", bytes: Array("a\nb\u{0}c\n".utf8)))
        #expect(try #require(parsed.diagnostics.first).code == .nulByte)
    }

    @Test func utf16IsRecognised() throws {
        let parsed = CSVParser().parseTable(SourceFile(path: "x.csv", bytes: [0xFF, 0xFE, 0x61, 0x00]))
        #expect(try #require(parsed.diagnostics.first).code == .utf16Input)
    }

    @Test func duplicateAndEmptyHeaderNames() {
        let codes = table("title,,title\n1,2,3\n").diagnostics.map(\.code)
        #expect(codes == [.csvEmptyHeader, .csvDuplicateHeader])
    }

    @Test func emptyFileNeedsAHeader() {
        #expect(table("").diagnostics.map(\.code) == [.csvNoHeader])
        #expect(table("title\n").diagnostics.isEmpty)
    }

    @Test func entriesShareTheHeaderNames() {
        let parsed = CSVParser().parse(SourceFile(path: "b.csv", text: "title,author.name\nDune,Herbert\n"))
        #expect(parsed.entries.count == 1)
        #expect(parsed.entries[0].text(at: "title") == "Dune")
        #expect(parsed.entries[0].location.line == 2)
    }

    @Test func longFieldsAndWideHeadersStayLinear() {
        let long = String(repeating: "x", count: 100_000)
        #expect(records("a\n\"\(long)\"\n") == [[long]])
        let header = (0..<10_000).map { "c\($0)" }.joined(separator: ",")
        #expect(table(header + "\n").header.count == 10_000)
    }
}

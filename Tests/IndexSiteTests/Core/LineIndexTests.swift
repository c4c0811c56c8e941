import Testing
@testable import IndexSiteCore

/// The one offset-to-position mechanism agrees with counting from the start of the file, on text of every kind.
@Suite struct LineIndexTests {
    /// Line and column of `offset` by scanning from the start: lines after each LF, columns in Unicode scalars.
    static func counted(_ bytes: [UInt8], _ offset: Int) -> (Int, Int) {
        var line = 1, column = 1
        for index in 0..<min(offset, bytes.count) {
            if bytes[index] == 0x0A { line += 1; column = 1 } else if bytes[index] & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    @Test(arguments: [
        "", "one line", "a\nb\n", "\n\n\n", "Ångström\nΩ≈ç√\r\nend", "🇸🇪 flags\n\tand 日本語 over a line longer than sixty-four bytes, with é in it\nx",
        String(repeating: "é", count: 300) + "\n" + String(repeating: "a{{b}}", count: 50),
    ])
    func everyOffsetMatchesCounting(_ text: String) {
        let bytes = Array(text.utf8)
        let index = LineIndex(bytes)
        for offset in 0...bytes.count + 2 {
            let (line, column) = index.lineAndColumn(ofByte: offset)
            let expected = Self.counted(bytes, offset)
            #expect(line == expected.0 && column == expected.1, "offset \(offset)")
            #expect(index.line(ofByte: offset) == expected.0)
        }
    }

    @Test func sourceFilesLocateThroughTheIndex() {
        let file = SourceFile(path: "Content/x.csv", text: "title\nÄpple,1\n")
        #expect(file.location(ofByte: 9) == SourceLocation(path: "Content/x.csv", line: 2, column: 3))
        #expect(file.textStart == 0 && SourceFile(path: "b", bytes: [0xEF, 0xBB, 0xBF, 0x41]).textStart == 3)
    }
}

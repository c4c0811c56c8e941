import Testing
@testable import IndexSiteCore

/// Records are written with their keys in source order; rows that share one names array (a CSV file's), or have the
/// same names in arrays of their own (a Markdown list's items), reuse the keys written for the first, and a record with
/// other names gets its own.
@Suite struct JSONWriterTests {
    @Test func recordsWithSharedAndOtherNames() {
        let header = ["title", "a\"b"]
        let rows: [FieldRecord] = [
            FieldRecord(names: header, values: ["Dune", "x"]),
            FieldRecord(names: header, values: ["Emma", ["p", "q"]]),
            FieldRecord(names: ["title", "year"], values: ["Iliad", "-750"]),
            FieldRecord(names: header, values: ["Odyssey", "y"]),
            FieldRecord(names: header.map { $0 }, values: ["Beloved", "z"]), // the same names in an array of its own
            FieldRecord(names: ["title", "a\"c"], values: ["Walden", "w"]),
            ["title": "Ulysses", "author": .record(["last": "Joyce"])],
            // A nested record writes its own keys; the keys after it are still the outer record's.
            ["title": "Emma", "author": .record(["last": "Austen", "first": "Jane"]), "year": "1815"],
        ]
        var json = JSONWriter()
        for row in rows {
            json.record(row)
            json.raw("\n")
        }
        #expect(String(decoding: json.bytes, as: UTF8.self) == """
        {"title":"Dune","a\\"b":"x"}
        {"title":"Emma","a\\"b":["p","q"]}
        {"title":"Iliad","year":"-750"}
        {"title":"Odyssey","a\\"b":"y"}
        {"title":"Beloved","a\\"b":"z"}
        {"title":"Walden","a\\"c":"w"}
        {"title":"Ulysses","author":{"last":"Joyce"}}
        {"title":"Emma","author":{"last":"Austen","first":"Jane"},"year":"1815"}

        """)
    }

    /// Rows of texts are written from their bytes in place: a short row's missing field as empty, a text appended to
    /// a row (a Markdown item's category) as its last field, and a record of values after them with its own keys.
    @Test func rowsOfTexts() {
        let (texts, rows) = EntryStorageTests.table()
        let names = ["title", "url"]
        var json = JSONWriter()
        for record in [
            FieldRecord(names: names, texts: texts, row: rows[0]),
            FieldRecord(names: names, texts: texts, row: rows[1]),
            FieldRecord(names: names, texts: texts, row: rows[0]).appending(FieldRecord.SharedText("Novels"), names: names + ["category"]),
            FieldRecord(names: ["title"], values: ["Walden"]),
        ] {
            json.record(record)
            json.raw("\n")
        }
        #expect(String(decoding: json.bytes, as: UTF8.self) == """
        {"title":"Dune","url":"https://example.org/dune"}
        {"title":"Emma","url":""}
        {"title":"Dune","url":"https://example.org/dune","category":"Novels"}
        {"title":"Walden"}

        """)
    }

    /// The escape scan goes eight bytes at a time and takes the last eight in one overlapping look: every byte JSON
    /// escapes (and bytes beside them that it does not, such as 0x20, 0x7F, 0x80 and `>`), at every place in texts
    /// from 0 to 40 bytes, and from every start, is found where a byte-by-byte look finds it.
    @Test func firstEscapeAtEveryPlace() {
        func reference(_ bytes: [UInt8], from start: Int) -> Int? {
            bytes.indices.first { $0 >= start && (bytes[$0] < 0x20 || [0x22, 0x5C, 0x3C].contains(bytes[$0])) }
        }
        for byte: UInt8 in [0x00, 0x0A, 0x1F, 0x20, 0x22, 0x3C, 0x3E, 0x5C, 0x7F, 0x80, 0xE9] {
            for length in 0...40 {
                for place in 0..<max(length, 1) {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if place < length { bytes[place] = byte }
                    for start in [0, 1, 7, 15, 16, 17].filter({ $0 <= length }) {
                        let found = JSONWriter.firstEscape(in: bytes.span, from: start)
                        #expect(found == reference(bytes, from: start), "byte \(byte) at \(place) of \(length), from \(start)")
                    }
                }
            }
        }
    }
}

import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Shown fields are found by position once per list (issue 17, item 6); rows are then read at that position.
@Suite struct FieldColumnsTests {
    let record = FieldRecord(names: ["title", "year", "author", "isbn"], values: ["Dune", "1965", "Herbert", "0441172717"])

    @Test func pathsInRecordOrderAndOutOfOrder() {
        #expect(record.columns(of: ["year", "isbn"]) == [1, 3])
        #expect(record.columns(of: ["isbn", "title", "missing", "author.last", "year"]) == [3, 0, nil, nil, 1])
        #expect(record.columns(of: ["missing", "year"]) == [nil, 1])
    }

    @Test func aRowWithOtherNamesIsSearched() {
        let other = FieldRecord(names: ["isbn", "title"], values: ["x", "Emma"])
        #expect(other.value(at: "title", column: 0) == .text("Emma"))
        #expect(record.value(at: "author", column: 2) == .text("Herbert"))
        #expect(record.value(at: "author", column: nil) == .text("Herbert"))
        #expect(record.value(at: "author", column: 99) == .text("Herbert"))
    }

    /// A `FieldColumn` reads rows with the first entry's names array in place, knows a one-name field those names lack
    /// is absent, and reads every other entry by path: the same names in an array of their own, values, a text
    /// appended to a row, a dotted path.
    @Test func aFieldColumnReadsRowsInPlaceAndOthersByPath() {
        let (texts, rows) = EntryStorageTests.table()
        let names = ["title", "url"]
        let entries = [
            Entry(fields: FieldRecord(names: names, texts: texts, row: rows[0])),
            Entry(fields: FieldRecord(names: names, texts: texts, row: rows[1])), // a short row: no url
            Entry(fields: FieldRecord(names: names.map { $0 }, texts: texts, row: rows[0])), // its own names array
            Entry(fields: ["title": "Walden", "url": "https://example.org/walden", "id": "thoreau"]),
            Entry(fields: FieldRecord(names: names, texts: texts, row: rows[1])
                .appending(FieldRecord.SharedText("Novels"), names: names + ["id"])),
            Entry(fields: ["author": .record(["last": "Austen"])]),
        ]
        let title = FieldColumn("title", in: entries[0].fields), url = FieldColumn("url", in: entries[0].fields)
        let id = FieldColumn("id", in: entries[0].fields), last = FieldColumn("author.last", in: entries[0].fields)
        #expect(title.column == 0 && url.column == 1 && id.column == nil && last.column == nil)
        let span = entries.span
        func text(_ column: FieldColumn, _ index: Int) -> String? {
            column.withText(of: span, at: index) { String(decodingUTF8: $0) }
        }
        func inPlace(_ column: FieldColumn, _ index: Int) -> Bool { column.withTextInPlace(of: span, at: index) { _ in true } != nil }
        #expect(inPlace(title, 0) && inPlace(url, 0) && inPlace(title, 1))
        #expect(text(title, 0) == "Dune" && text(url, 0) == "https://example.org/dune" && text(title, 1) == "Emma")
        // The short row lacks the url: not in place, read by path as empty, as before.
        #expect(!inPlace(url, 1) && text(url, 1) == "")
        // The same names in another array, and values, are read by path.
        #expect(!inPlace(title, 2) && text(title, 2) == "Dune" && !inPlace(title, 3) && text(title, 3) == "Walden")
        // The first entry's names lack `id`: absent there without a look, found by path elsewhere.
        #expect(id.isAbsent(in: span, at: 0) && text(id, 0) == nil)
        #expect(!id.isAbsent(in: span, at: 3) && text(id, 3) == "thoreau")
        #expect(text(id, 4) == "Novels" && text(title, 4) == "Emma")
        // A dotted path is never taken for absent.
        #expect(!last.isAbsent(in: span, at: 0) && text(last, 5) == "Austen" && text(last, 0) == nil)
        // Without a first entry nothing is read in place.
        let none = FieldColumn("title", in: nil)
        #expect(none.column == nil && none.namesAddress == nil)
        #expect(none.withText(of: entries.span, at: 0) { $0.count } == 4)
    }
}

import Testing
@testable import IndexSiteCore
@testable import IndexSiteSection

/// The fields a list's entries have, which settings are checked against: rows of texts (a CSV file's, a Markdown
/// list's) are read in place, and must count exactly as the same entries made of values.
@Suite struct FieldNameCheckTests {
    static let names = ["name", "term", "url"]
    /// "name" is blank in the second row (an ideographic space), "url" empty in the third: only "term" is everywhere.
    static let rows = [["Ann", "a", "https://example.org/a"], ["\u{3000}", "b", "https://example.org/b"], ["Bob", "c", ""]]

    static func entriesOfTexts() -> [Entry] {
        var builder = FieldTexts.Builder()
        var starts: [Int] = []
        for row in rows {
            for field in row {
                Array(field.utf8).withUnsafeBufferPointer { builder.append($0) }
                builder.endField()
            }
            starts.append(builder.nextRow)
            builder.endRow()
        }
        let texts = builder.finished()
        return starts.map { Entry(fields: FieldRecord(names: names, texts: texts, row: $0)) }
    }

    static func entriesOfValues() -> [Entry] {
        rows.map { row in Entry(fields: FieldRecord(names: names, values: row.map { .text($0) })) }
    }

    @Test(arguments: [false, true])
    func blankTextsAreNotCounted(texts: Bool) {
        let check = FieldNameCheck(entries: texts ? Self.entriesOfTexts() : Self.entriesOfValues())
        #expect(check.names == Self.names)
        #expect(check.namesEveryEntryHas == ["term"])
        #expect(check.automaticTitle(locale: "en") == "term")
    }

    /// A Markdown list's items: rows of texts with the heading they stand under appended as `category`, one names
    /// array for all. A blank heading text counts as missing there too, and an item whose own row has a `category`
    /// is counted by its row.
    @Test func anAppendedCategoryCountsLikeAField() {
        let namesWithCategory = Self.names + ["category"]
        let filed = Self.entriesOfTexts().enumerated().map { index, entry in
            var entry = entry
            entry.fields.append(FieldRecord.SharedText(index == 1 ? " " : "Tools"), names: namesWithCategory)
            return entry
        }
        var check = FieldNameCheck(entries: filed)
        #expect(check.names == namesWithCategory && check.namesEveryEntryHas == ["term"])
        check = FieldNameCheck(entries: Array(filed[0...0] + filed[2...2]))
        #expect(check.namesEveryEntryHas == ["term", "name", "category"])
    }

    /// Rows of texts and records of values in one list (a Markdown list with an entry file beside it) add up.
    @Test func rowsAndValuesCountTogether() {
        let mixed = Self.entriesOfTexts() + [Entry(fields: ["name": "Cy", "term": "d", "url": "https://example.org/d", "year": "2001"])]
        let check = FieldNameCheck(entries: mixed)
        #expect(check.names == Self.names + ["year"])
        #expect(check.namesEveryEntryHas == ["term"])
    }
}

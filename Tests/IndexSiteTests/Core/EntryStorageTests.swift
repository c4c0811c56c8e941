import Testing
@testable import IndexSiteCore

/// How entries keep what they hold: the texts of rows in one table (`FieldTexts`), and what few entries have out of
/// line, copied on write (`Entry.Extras`). Whatever the storage, an entry reads and compares as one made of values.
@Suite struct EntryStorageTests {
    /// A table of two rows, the second a short one: "Dune", "https://example.org/dune"; "Emma".
    static func table() -> (FieldTexts, rows: [Int]) {
        var builder = FieldTexts.Builder()
        var rows: [Int] = []
        for row in [["Dune", "https://example.org/dune"], ["Emma"]] {
            for field in row {
                Array(field.utf8).withUnsafeBufferPointer { builder.append($0) }
                builder.endField()
            }
            rows.append(builder.nextRow)
            builder.endRow()
        }
        // A row begun and dropped leaves nothing behind.
        Array("dropped".utf8).withUnsafeBufferPointer { builder.append($0) }
        builder.endField()
        #expect(builder.openStrings() == ["dropped"])
        builder.dropOpenRow()
        return (builder.finished(), rows)
    }

    @Test func rowsOfTextsReadAsValues() {
        let (texts, rows) = Self.table()
        #expect(texts.rowCount == 2 && texts.fieldCount(row: rows[1]) == 1)
        let dune = FieldRecord(names: ["title", "url"], texts: texts, row: rows[0])
        let emma = FieldRecord(names: ["title", "url"], texts: texts, row: rows[1])
        #expect(dune == ["title": "Dune", "url": "https://example.org/dune"])
        // A field the row lacks reads as empty, as a short CSV row's did.
        #expect(emma == ["title": "Emma", "url": ""])
        #expect(dune.values == [.text("Dune"), .text("https://example.org/dune")] && dune.isAllText)
        #expect(dune.withText(at: "url", column: 1) { String(decodingUTF8: $0) } == "https://example.org/dune")
        #expect(dune.withText(at: "url", column: nil) { $0.count } == 24)
        #expect(dune.withText(at: "missing", column: nil) { $0.count } == nil)
        // Setting a field turns the row into values of its own.
        var changed = dune
        changed.set("year", "1965")
        #expect(changed == ["title": "Dune", "url": "https://example.org/dune", "year": "1965"])
        #expect(dune.values.count == 2)
    }

    @Test func anAppendedTextIsTheLastField() {
        let (texts, rows) = Self.table()
        let category = FieldRecord.SharedText("Novels")
        let record = FieldRecord(names: ["title", "url"], texts: texts, row: rows[0]).appending(category, names: ["title", "url", "category"])
        #expect(record == ["title": "Dune", "url": "https://example.org/dune", "category": "Novels"])
        #expect(record.withDisplayText(column: 2) { String(decodingUTF8: $0) } == "Novels")
        // A record of values appends a value.
        let values = FieldRecord(names: ["title"], values: ["Emma"]).appending(category, names: ["title", "category"])
        #expect(values == ["title": "Emma", "category": "Novels"])
    }

    /// Nested items, a body and front-matter places are kept out of line and shared by copies until one changes.
    @Test func extrasAreCopiedOnWrite() {
        var parent = Entry(fields: ["title": "Tools"], children: [Entry(fields: ["title": "Hammer"])], body: "About tools")
        let copy = parent
        parent.children[0].fields.set("title", "Saw")
        parent.children.append(Entry(fields: ["title": "Drill"]))
        parent.body = "Changed"
        parent.fieldLocations["title"] = SourceLocation(path: "a.md", line: 2)
        #expect(copy.children.map { $0.text(at: "title") } == ["Hammer"] && copy.body == "About tools" && copy.fieldLocations.isEmpty)
        #expect(parent.children.map { $0.text(at: "title") } == ["Saw", "Drill"] && parent.body == "Changed")
        #expect(parent.location(of: "title") == SourceLocation(path: "a.md", line: 2))
    }

    /// An entry without any of them holds no extras, even after its (empty) nested items were walked to be changed.
    @Test func entriesWithoutExtrasHoldNone() {
        var entry = Entry(fields: ["title": "Plain"], location: SourceLocation(path: "l.csv", line: 7, column: 3))
        for index in entry.children.indices { entry.children[index].id = "never" }
        var list = [entry]
        FieldTexts.compact(&list)
        entry = list[0]
        #expect(entry.extras == nil)
        #expect(entry.location == SourceLocation(path: "l.csv", line: 7, column: 3))
        #expect(entry.copyKey == nil && entry.declaredSectionIndex == nil)
        entry.copyKey = 41
        entry.declaredSectionIndex = 0
        #expect(entry.copyKey == 41 && entry.declaredSectionIndex == 0)
        entry.copyKey = nil
        #expect(entry.copyKey == nil)
    }

    /// Compacting moves all-text records, nested ones too, into one table; names are shared; other records keep
    /// their values.
    @Test func compactingKeepsWhatEntriesSay() {
        var entries = [
            Entry(fields: ["title": "Tools", "url": "https://example.org"], children: [Entry(fields: ["title": "Hammer"])]),
            Entry(fields: ["title": "Tagged", "tags": ["a", "b"]]),
            Entry(fields: ["title": "Saws", "url": "https://example.org/saws"]),
        ]
        let before = entries.map(\.fields)
        let nestedBefore = entries[0].children[0].fields
        FieldTexts.compact(&entries)
        #expect(entries.map(\.fields) == before && entries[0].children[0].fields == nestedBefore)
        #expect(entries[0].fields.isAllText && !entries[1].fields.isAllText)
        entries[0].fields.names.withUnsafeBufferPointer { first in
            entries[2].fields.names.withUnsafeBufferPointer { third in #expect(first.baseAddress == third.baseAddress) }
        }
    }
}

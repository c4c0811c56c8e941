import IndexSiteCore

/// A stretch of entries as templates see them (`entry.mustache`), made once per chunk of a section on every core:
/// every text a template can show of an entry (its id, title, checked link, entry-page link, rendered description,
/// shown fields) is written once into one byte buffer, in a slot per row and text. A template then copies bytes:
/// an entry costs no object, no dictionary and no `String` (an object per entry and per field, with strings read
/// out of the entry's fields on every look-up, was most of the time of rendering a large list).
final class EntryRows: Sendable {
    /// The texts of a row, in slot order; the shown fields follow, one slot each.
    enum Slot: Int, CaseIterable {
        case id, title, href, pageHref, seeSection, prefix, struck, description
        /// The entry's picture, as the page links it (`image`), and the words the filter also finds it by: its
        /// reading and tag values, which the page does not show (`search_terms`); and the places of its values among
        /// its list's facet chips, for the script (`facet_values`, `ListFacets.attribute(of:)`).
        case image, searchTerms, facetValues
    }

    /// The labels of the shown fields (`official_name` as "Official name", or the list's `field_labels:`).
    let fieldNames: [String]
    let slotsPerRow: Int
    let bytes: [UInt8]
    /// Where each slot ends in `bytes`, row after row; a slot starts where the one before it ends.
    let ends: [Int]
    /// In a docs index, whether each row is the page that defines its term (`main:` front matter), shown first and
    /// in bold; empty for other lists.
    let main: [Bool]
    /// With `new_for`, whether each row was added in the window (`IndexedList.newSince`); empty for other lists.
    let new: [Bool]
    /// The nested items of rows that have some, by row.
    let children: [Int: EntryRows]

    /// Rows are added one at a time, slot by slot, in slot order.
    struct Builder {
        let fieldNames: [String]
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var main: [Bool] = []
        var new: [Bool] = []
        var children: [Int: EntryRows] = [:]

        init(fieldNames: [String], capacity: Int) {
            self.fieldNames = fieldNames
            ends.reserveCapacity(capacity * (Slot.allCases.count + fieldNames.count))
        }

        /// Ends the current slot with `text`.
        mutating func add(_ text: String?) {
            if let text { bytes.append(contentsOf: text.utf8) }
            ends.append(bytes.count)
        }

        /// Ends the current slot with what `write` appends to the buffer (a rendered description).
        mutating func add(writing write: (inout [UInt8]) -> Void) {
            write(&bytes)
            ends.append(bytes.count)
        }

        func finished() -> EntryRows { EntryRows(self) }
    }

    private init(_ builder: Builder) {
        fieldNames = builder.fieldNames
        slotsPerRow = Slot.allCases.count + builder.fieldNames.count
        bytes = builder.bytes
        ends = builder.ends
        main = builder.main
        new = builder.new
        children = builder.children
    }

    var count: Int { ends.count / slotsPerRow }

    /// Where slot `slot` of `row` is in `bytes` (a field's slot is `Slot.allCases.count` + its index).
    func range(of row: Int, _ slot: Int) -> Range<Int> {
        let at = row * slotsPerRow + slot
        return (at == 0 ? 0 : ends[at - 1])..<ends[at]
    }

    func text(of row: Int, _ slot: Slot) -> ArraySlice<UInt8> { bytes[range(of: row, slot.rawValue)] }

    func string(of row: Int, _ slot: Slot) -> String { String(decoding: text(of: row, slot), as: UTF8.self) }

    func has(_ row: Int, _ slot: Int) -> Bool { !range(of: row, slot).isEmpty }

    /// Appends slot `slot` of `row`, HTML-escaped when `escaped`.
    func append(_ row: Int, _ slot: Int, escaped: Bool, to output: inout [UInt8]) {
        let bytes = self.bytes // a `let` of the rows, which live while they are read
        HTML.append(bytes.span.extracting(range(of: row, slot)), escaped: escaped, to: &output)
    }

    func hasFields(_ row: Int) -> Bool {
        fieldNames.indices.contains { has(row, Slot.allCases.count + $0) }
    }

    /// The shown fields the row has a value for.
    func fields(of row: Int) -> [TemplateValue] {
        fieldNames.indices.compactMap { field in
            has(row, Slot.allCases.count + field) ? .object(FieldRow(rows: self, row: row, field: field)) : nil
        }
    }

    func children(of row: Int) -> EntryRows? {
        children.isEmpty ? nil : children[row]
    }

    func isMain(_ row: Int) -> Bool { !main.isEmpty && main[row] }

    func isNew(_ row: Int) -> Bool { !new.isEmpty && new[row] }
}

/// One entry (`entry.mustache`): a row of its `EntryRows`. Two words, so a template value holds it without a box of
/// its own (as `FieldRow`'s three). A list section over entries renders through `MustacheEntryLoop`, which reads the
/// rows directly (`EntryRows` is a `TemplateLoop`); a row is an object for what binding leaves to the plain renderer.
struct EntryRow: TemplateObject {
    let rows: EntryRows
    let row: Int

    /// Whether an entry has `key` (`value(forKey:)` answers it): names an entry has never reach the contexts around it.
    static func answers(_ key: TemplateKey) -> Bool {
        switch key.known {
        case .id?, .title?, .href?, .page_href?, .see_section?, .prefix?, .struck?, .description_html?, .body_html?, .fields?,
             .has_fields?, .children?, .has_children?, .main?, .is_new?, .image?, .search_terms?, .facet_values?: true
        default: false
        }
    }

    /// The slot a key's text is in, for the keys that are text.
    static func slot(of key: KnownTemplateKey?) -> EntryRows.Slot? {
        switch key {
        case .id?: .id
        case .title?: .title
        case .href?: .href
        case .page_href?: .pageHref
        case .see_section?: .seeSection
        case .prefix?: .prefix
        case .struck?: .struck
        case .description_html?: .description
        case .image?: .image
        case .search_terms?: .searchTerms
        case .facet_values?: .facetValues
        default: nil
        }
    }

    func value(forKey key: TemplateKey) -> TemplateValue? {
        if let slot = EntryRow.slot(of: key.known) { return .bytes(rows.text(of: row, slot)) }
        switch key.known {
        case .body_html?: return .text("")
        case .fields?: return .list(rows.fields(of: row))
        case .has_fields?: return .bool(rows.hasFields(row))
        case .children?: return rows.children(of: row).map { .loop($0) } ?? .list([])
        case .has_children?: return .bool(rows.children(of: row) != nil)
        case .main?: return .bool(rows.isMain(row))
        case .is_new?: return .bool(rows.isNew(row))
        default: return nil
        }
    }
}

/// An entry on its own page (`entry-page.mustache`): its row, with the page's body and no link to itself.
struct EntryPageEntry: TemplateObject {
    let entry: EntryRow
    let bodyHTML: String

    func value(forKey key: TemplateKey) -> TemplateValue? {
        switch key.known {
        case .body_html?: .text(bodyHTML)
        case .page_href?: .text("")
        default: entry.value(forKey: key)
        }
    }
}

/// One shown field of an entry (`fields` in `entry.mustache`): its name and its value, read from the entry's row.
struct FieldRow: TemplateObject {
    let rows: EntryRows
    let row: Int
    let field: Int

    func value(forKey key: TemplateKey) -> TemplateValue? {
        switch key.known {
        case .name?: .text(rows.fieldNames[field])
        case .value?: .bytes(rows.bytes[rows.range(of: row, EntryRows.Slot.allCases.count + field)])
        default: nil
        }
    }
}

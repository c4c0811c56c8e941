import Foundation
import IndexSiteCore
import Synchronization

extension PageRenderer {
    /// `entries.json` of a list: every entry with its section, its anchor on the page and its fields, for other tools and search.
    /// An entry filed under several sections is one object, at its first copy, with its other places in `also_in`.
    /// Entries are written on every core in pieces of at most `entriesJSONPiece` entries, a few pieces at a time, and
    /// handed out in order as parts of the one file as soon as each is done: at a million entries the file is a third
    /// of a gigabyte, which is never held whole. The first pieces are begun here, to be made while the list's pages are
    /// rendered (`EntriesJSON.emit`).
    func entriesJSON(_ list: IndexedList, paging: SectionPaging, copies: EntryCopies) -> EntriesJSON {
        let pieces = PageRenderer.entriesJSONPieces(list, size: PageRenderer.entriesJSONPieceSize(entryCount: list.sections.reduce(0) { $0 + $1.entries.count }))
        let writer = EntriesJSONWriter(list: list, paging: paging, copies: copies, shownFields: displayedFields(list, shortened: false))
        // A piece's buffer is sized from the bytes an entry took in the pieces before (a first guess for the first).
        let average = BytesPerEntry()
        // At most four pieces a core are made ahead of the one written.
        let work = Engine.current.orderedStream(count: pieces.count, window: 4 * Engine.current.width) { index in
            let piece = pieces[index]
            var json = JSONWriter(reservingCapacity: piece.entryCount * average.estimate * 5 / 4)
            if index == 0 { json.raw("[\n") }
            for run in piece.runs { writer.write(section: run.section, entries: run.entries, into: &json) }
            average.add(bytes: json.bytes.count, entries: piece.entryCount)
            return json.bytes
        }
        return EntriesJSON(path: list.slug + "/entries.json", pieces: work)
    }

    /// A list's `entries.json` being made (`PageRenderer.entriesJSON`).
    struct EntriesJSON {
        let path: String
        let pieces: OrderedStream<[UInt8]>

        /// Hands the file to `emit` in parts, in order, as its pieces are made.
        func emit(_ emit: (OutputPage) -> Void) {
            // Each part is handed out once the next non-empty one exists, so the last can lose its trailing ",\n".
            var pending: [UInt8] = []
            pieces.forEach { bytes in
                guard !bytes.isEmpty else { return }
                if !pending.isEmpty { emit(OutputPage(path: path, bytes: pending, continuesInNextPage: true)) }
                pending = bytes
            }
            if pending.isEmpty { pending = Array("[\n".utf8) }
            if pending.count >= 2, pending.suffix(2).elementsEqual(",\n".utf8) { pending.removeLast(2) }
            pending.append(contentsOf: "\n]\n".utf8)
            emit(OutputPage(path: path, bytes: pending))
        }
    }

    /// The bytes an entry of `entries.json` took so far, shared by the tasks that write its pieces.
    final class BytesPerEntry: Sendable {
        private let written = Mutex((bytes: 0, entries: 0))

        /// The average so far, or a first guess.
        var estimate: Int { written.withLock { $0.entries == 0 ? 512 : $0.bytes / $0.entries + 1 } }

        func add(bytes: Int, entries: Int) {
            written.withLock { $0 = ($0.bytes + bytes, $0.entries + entries) }
        }
    }

    /// Entries of `entries.json` written by one task, in page order: runs of entries of one section each.
    struct EntriesJSONPiece {
        var runs: [(section: Int, entries: Range<Int>)] = []
        var entryCount = 0
    }

    /// The list's entries cut into pieces of `size` entries (the last may have fewer): a large section is several
    /// pieces, so the cores stay evenly busy, and small sections share one, so a small list is a few tasks rather than
    /// one per section.
    static func entriesJSONPieces(_ list: IndexedList, size entriesJSONPiece: Int) -> [EntriesJSONPiece] {
        var pieces: [EntriesJSONPiece] = []
        var current = EntriesJSONPiece()
        for section in list.sections.indices {
            let count = list.sections[section].entries.count
            var start = 0
            while start < count {
                let end = min(count, start + entriesJSONPiece - current.entryCount)
                current.runs.append((section: section, entries: start..<end))
                current.entryCount += end - start
                start = end
                if current.entryCount == entriesJSONPiece {
                    pieces.append(current)
                    current = EntriesJSONPiece()
                }
            }
        }
        if current.entryCount > 0 { pieces.append(current) }
        return pieces
    }

    /// Entries of `entries.json` written by one task, at most.
    static let entriesJSONPiece = 4096

    /// How many entries a piece of a list of `entryCount` entries holds: four pieces a core for a list shorter than
    /// that many full pieces (a list of 1,000 entries was one piece, written on one core while the other waited), but
    /// no fewer than 128 entries, and at most `entriesJSONPiece`.
    static func entriesJSONPieceSize(entryCount: Int) -> Int {
        min(entriesJSONPiece, max(128, (entryCount + 4 * Engine.current.width - 1) / (4 * Engine.current.width)))
    }
}

/// Writes the objects of a list's `entries.json`. What many objects share (section titles, the start of every link)
/// is JSON-encoded once, and each entry is read in place: copying an `Entry` out of its array cost a retain per field,
/// and the shared strings' reference counts were contended by the cores writing at once.
struct EntriesJSONWriter: Sendable {
    let list: IndexedList
    let copies: EntryCopies
    /// The title and link, their columns found once (CSV rows share their field names).
    let titleColumn: FieldColumn, urlColumn: FieldColumn
    /// Each section's title as a JSON string.
    let sectionTitles: [[UInt8]]
    /// The link of each page of each section up to the `#`, as the start of a JSON string (opening quote, no closing
    /// one), by section and page (`SectionPaging`).
    let hrefPrefixes: [[[UInt8]]]
    let paging: SectionPaging
    /// The fields published in `fields`: those the page shows and those `publish_fields` adds; nil for all of them.
    let publishedFields: Set<String>?

    init(list: IndexedList, paging: SectionPaging, copies: EntryCopies, shownFields: [FieldPath]) {
        self.list = list
        self.paging = paging
        self.copies = copies
        let columns = FieldColumn.columns([list.settings.titleField, list.settings.urlField], in: list.sections.lazy.flatMap(\.entries).first?.fields)
        titleColumn = columns[0]
        urlColumn = columns[1]
        sectionTitles = list.sections.map { JSONWriter.encoded($0.title) }
        publishedFields = EntriesJSONWriter.publishedFields(list.settings, kind: list.kind, shown: shownFields)
        hrefPrefixes = list.sections.map { section in
            (0..<paging.pageCount(entryCount: section.entries.count)).map { page in
                var json = JSONWriter()
                json.raw("\"")
                json.stringContents(list.slug + "/" + paging.path(sectionID: section.id, page: page) + "#")
                return json.bytes
            }
        }
    }

    /// The top-level field names a list's `entries.json` publishes: the title, link and description, the shown
    /// `fields`, the field its sections are grouped by, and `publish_fields`; nil (every field) for `publish_fields: all`.
    /// A column the page keeps off (a staff list's salary, the `reading_field`) is not published by default.
    static func publishedFields(_ settings: ListSettings, kind: SourceKind, shown: [FieldPath]) -> Set<String>? {
        guard !settings.publishAllFields else { return nil }
        // `main` (a docs index's defining page) is shown in bold; a Markdown list's `category` is the heading it
        // stands under, which the page shows as its section.
        var paths = [settings.titleField, settings.urlField, settings.descriptionField, "main"] + shown + settings.publishFields
        if kind == .markdownList { paths.append("category") }
        switch settings.grouping {
        case .field(let path)?, .date(let path, _)?: paths.append(path)
        default: break
        }
        return Set(paths.map { String($0.description.split(separator: ".", maxSplits: 1).first ?? "") })
    }

    /// Appends the objects of the entries at `entries` of section `section`, each followed by ",\n".
    func write(section: Int, entries range: Range<Int>, into json: inout JSONWriter) {
        if json.keptFieldNames != publishedFields { json.keptFieldNames = publishedFields }
        // Taken once for the piece: reading them from the arrays per entry retained them, on both cores at once.
        let sectionTitle = sectionTitles[section], hrefPrefixes = hrefPrefixes[section], paging = paging
        let sectionEntries = list.sections[section].entries, entries = sectionEntries.span
        for index in range {
            entries.prefetchRow(after: index, before: range.upperBound)
            // Only an entry filed under several sections can be a later copy, which its first copy stands for.
            if copies.firstCopy(ofKey: entries[index].copyKey, at: EntryCopies.Place(section: section, entry: index)) != nil { continue }
            writeObject(entries, at: index, sectionTitle: sectionTitle, hrefPrefix: hrefPrefixes[paging.page(ofEntry: index)], parent: nil, into: &json)
        }
    }

    /// Appends the object of `entries[index]` and, after it, those of its nested items (each naming its `parent`'s
    /// id), each followed by ",\n": the page shows nested items as entries, so the file holds them too. The entry is
    /// named by span and index, not passed, so that it is read where it is (see `FieldColumn.withText(of:at:_:)`).
    private func writeObject(_ entries: Span<Entry>, at index: Int, sectionTitle: [UInt8], hrefPrefix: [UInt8], parent: String?,
                             into json: inout JSONWriter) {
        let id = entries[index].id
        // Literals joined where they meet: an append is a call, whatever its length.
        json.raw("{\"title\":\"")
        _ = titleColumn.withText(of: entries, at: index) { json.stringContents($0) }
        // An id is a slug (letters, digits, marks and dashes: `Slug`), and its link's part is percent-encoded
        // ASCII: neither has a byte JSON escapes, so they are copied without a look.
        assert(JSONWriter.encoded(id) == Array(("\"" + id + "\"").utf8), "an id JSON would escape: \(id)")
        json.raw("\",\"id\":\""); json.raw(text: id)
        json.raw("\",\"href\":"); json.raw(hrefPrefix); json.raw(text: id.percentEncoded)
        json.raw("\",\"url\":\"")
        _ = urlColumn.withText(of: entries, at: index) { url in URLPolicy.withSafeHref(url) { json.stringContents($0) } }
        json.raw("\",\"section\":"); json.raw(sectionTitle)
        if let key = entries[index].copyKey, let others = copies.others[key] {
            json.raw(",\"also_in\":[")
            for (number, place) in others.enumerated() {
                let id = list.sections[place.section].entries[place.entry].id
                json.raw(number == 0 ? "{\"section\":" : ",{\"section\":"); json.raw(sectionTitles[place.section])
                json.raw(",\"id\":"); json.string(id)
                json.raw(",\"href\":"); json.raw(hrefPrefixes[place.section][paging.page(ofEntry: place.entry)]); json.stringContents(id.percentEncoded)
                json.raw("\"}")
            }
            json.raw("]")
        }
        if let parent { json.raw(",\"parent\":"); json.string(parent) }
        json.raw(",\"fields\":"); json.record(entries[index].fields)
        json.raw("},\n")
        let childEntries = entries[index].children
        guard !childEntries.isEmpty else { return }
        let children = childEntries.span
        for child in children.indices { writeObject(children, at: child, sectionTitle: sectionTitle, hrefPrefix: hrefPrefix, parent: id, into: &json) }
    }
}

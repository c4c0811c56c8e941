import Foundation
import IndexSiteCollation
import IndexSiteCore

/// Duplicate entries: the same record twice in one list is reported, not shown twice.
extension Sectioner {
    /// Entries whose fields are all equal to another's. Sorting orders equal entries side by side (same keys, same
    /// title bytes), so a sorted list is checked run by run of identical titles; a list in source order groups titles
    /// in a dictionary.
    func duplicates(_ entries: [Entry], rawTitles: [String], order: [Int], sorted: Bool) -> [Diagnostic] {
        // The runs of entries sharing a raw title, in page order: only those can repeat one another.
        var runs: [ArraySlice<Int>] = []
        if sorted {
            // Where the title changes, found a chunk of the order at a time on every core: each comparison reads two
            // titles out of file order, and waits on memory.
            let chunks = (1..<max(1, order.count)).chunks(of: Sectioner.duplicateChunk)
            let changes = Engine.current.orderedMap(count: chunks.count) { chunk in
                chunks[chunk].filter { Sectioner.compareBytes(rawTitles[order[$0]], rawTitles[order[$0 - 1]]) != 0 }
            }
            var runStart = 0
            for index in changes.joined() + [order.count] {
                if index - runStart > 1 { runs.append(order[runStart..<index]) }
                runStart = index
            }
        } else {
            var byTitle: [String: [Int]] = [:]
            for position in order { byTitle[rawTitles[position], default: []].append(position) }
            runs = byTitle.values.filter { $0.count > 1 }.map { $0[...] }
        }
        guard !runs.isEmpty else { return [] }
        // Each such entry's record hash, made in source order on every core: reading the entries in page order
        // instead missed the cache at every entry.
        var inRun = [Bool](repeating: false, count: entries.count)
        for run in runs { for position in run { inRun[position] = true } }
        let candidates = inRun
        // The entries are borrowed where they are (`entries.span`): `entries[position]` copied each one out, a retain
        // and a release per field, which took as long as the hashing.
        let hashes = Engine.current.orderedMap(count: entries.count) { position -> UInt64? in
            let entries = entries.span
            guard candidates[position], entries[position].children.isEmpty else { return nil }
            return RecordKey.hash(fields: entries[position].fields, body: entries[position].body)
        }

        // The runs are checked a group at a time on every core (thousands of short runs cost more in their turns than
        // in their comparisons), the warnings kept in page order.
        let groups = runs.indices.chunks(of: Sectioner.duplicateRunGroup)
        let allRuns = runs
        let found = Engine.current.orderedMap(count: groups.count) { group in
            var diagnostics: [Diagnostic] = []
            // Reused for every run: its members as (record hash, place in the run), and the repeats found in it.
            var members: [(hash: UInt64, place: Int)] = []
            var repeats: [(place: Int, original: Int)] = []
            for run in allRuns[groups[group]].map({ Array($0) }) {
                Sectioner.repeats(in: run, entries: entries, hashes: hashes, members: &members, repeats: &repeats)
                for (place, original) in repeats {
                    let first = entries[original].location
                    diagnostics.append(.warning(.duplicateEntry, "entry repeats \(first.path):\(first.line) field for field",
                                                at: entries[run[place]].location, hint: "remove one of the two"))
                }
            }
            return diagnostics
        }
        return Array(found.joined())
    }

    /// Titles compared for runs a chunk of this many at a time, and runs checked a group of this many at a time.
    static let duplicateChunk = 16_384, duplicateRunGroup = 256

    /// The entries of `run` (positions in `entries`, in page order) that repeat an earlier one, into `repeats` as
    /// (place in the run, position of the one repeated), in the run's order.
    static func repeats(in run: [Int], entries: [Entry], hashes: [UInt64?], members: inout [(hash: UInt64, place: Int)],
                        repeats: inout [(place: Int, original: Int)]) {
        // Equal records have equal hashes: sorted by hash (then by place), a record is compared only with the
        // earlier ones of its hash, and the first of them that it equals is the one it repeats.
        members.removeAll(keepingCapacity: true)
        for place in run.indices { if let hash = hashes[run[place]] { members.append((hash, place)) } }
        members.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.place < $1.place }
        repeats.removeAll(keepingCapacity: true)
        // The first record of each kind in the current hash group (distinct records of one hash are rare).
        var originals: [Int] = []
        for index in members.indices {
            if index > 0, members[index].hash != members[index - 1].hash { originals.removeAll(keepingCapacity: true) }
            let place = members[index].place
            if !originals.isEmpty {
                let key = RecordKey(entries[run[place]])
                if let original = originals.first(where: { RecordKey(entries[run[$0]]) == key }) {
                    repeats.append((place, run[original]))
                    continue
                }
            }
            originals.append(place)
        }
        // Reported in the run's order, as the entries stand on the page.
        repeats.sort { $0.place < $1.place }
    }

    /// A record compared and hashed in full, byte for byte. Hashing only lengths and end bytes was cheaper, but rows
    /// such as `x,a000000a`, `x,a000001a`, … all collided and made duplicate detection quadratic (issue 17, item 7).
    /// An entry file's body counts too: two pages titled alike (a book's `SUMMARY.md` and its title page) are not
    /// the same entry unless their text is.
    /// Entries under different headings of a Markdown list are never duplicates, even under headings of the same
    /// name (`### Libraries` under C++ and under Go): listing a thing in several places is cross-listing.
    struct RecordKey: Equatable {
        let record: FieldRecord
        let body: String?
        /// The heading the entry stands under in its Markdown list (nil for other lists).
        let section: Int?

        init(_ entry: Entry) {
            record = entry.fields
            body = entry.body
            section = entry.declaredSectionIndex
        }

        /// Texts are equal when their bytes are: a duplicate is the same line written twice.
        static func == (a: RecordKey, b: RecordKey) -> Bool {
            guard a.section == b.section, a.record.names == b.record.names else { return false }
            switch (a.body, b.body) {
            case (nil, nil): break
            case (let p?, let q?): guard Sectioner.compareBytes(p, q) == 0 else { return false }
            default: return false
            }
            if a.record.isAllText, b.record.isAllText {
                // Compared in place: a row of texts makes no value (`FieldTexts`).
                return a.record.names.indices.allSatisfy { column in
                    a.record.withDisplayText(column: column) { x in b.record.withDisplayText(column: column) { y in x.elementsEqual(y) } }
                }
            }
            return zip(a.record.values, b.record.values).allSatisfy { x, y in
                if case .text(let p) = x, case .text(let q) = y { return Sectioner.compareBytes(p, q) == 0 }
                return x == y
            }
        }

        /// A hash of every byte of an entry's field texts and body, equal for records that are equal (`==`), made
        /// without `Hasher` (its setup and per-call cost were most of the duplicate check).
        static func hash(fields: borrowing FieldRecord, body: String?) -> UInt64 {
            var hash = RecordHash()
            let count = fields.names.count
            hash.add(UInt64(count))
            if let body { hash.add(body) }
            if fields.isAllText {
                for column in 0..<count { fields.withDisplayText(column: column) { hash.add($0) } }
                return hash.value
            }
            for value in fields.values {
                // The bytes, not the String: String hashing normalizes Unicode, which `==` above does not.
                if case .text(let text) = value { hash.add(text) } else { hash.add(0) }
            }
            return hash.value
        }
    }

    /// A 64-bit multiply-and-mix hash over whole words of bytes; lengths are mixed in so that field boundaries count.
    struct RecordHash {
        private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

        mutating func add(_ word: UInt64) {
            value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
            value ^= value >> 29
        }

        mutating func add(_ text: String) {
            add(text.utf8.span)
        }

        mutating func add(_ bytes: Span<UInt8>) {
            add(UInt64(bytes.count) | 1 << 63)
            var index = 0
            while index + 8 <= bytes.count {
                add(bytes.word(at: index))
                index += 8
            }
            var tail: UInt64 = 0
            while index < bytes.count {
                tail = tail << 8 | UInt64(bytes[index])
                index += 1
            }
            add(tail)
        }
    }
}

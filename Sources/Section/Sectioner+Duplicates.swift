import Foundation
import IndexSiteCollation
import IndexSiteCore

/// Duplicate entries: the same record twice in one list is reported, not shown twice.
extension Sectioner {
    /// Entries whose fields are all equal to another's. Sorting orders equal entries side by side (same keys, same
    /// title bytes), so a sorted list is checked run by run of identical titles; a list in source order groups titles
    /// in a dictionary.
    func duplicates(_ entries: [Entry], rawTitles: [String], order: [Int], sorted: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func check(_ run: some Collection<Int>) {
            guard run.count > 1 else { return }
            // Most titles repeat a few times: comparing those pair by pair beats building a dictionary.
            var originals: [Int] = []
            // Longer runs are bucketed by the records' hash (a number, so growing the table never hashes a record
            // again); records are compared in full only within a bucket.
            var firstWithHash: [Int: [Int]] = [:]
            if run.count > 8 { firstWithHash.reserveCapacity(run.count) }
            for position in run where entries[position].children.isEmpty {
                let key = RecordKey(entries[position])
                let original: Int?
                if run.count <= 8 {
                    original = originals.first { RecordKey(entries[$0]) == key }
                    if original == nil { originals.append(position) }
                } else {
                    let hash = key.hashValue
                    original = firstWithHash[hash]?.first { RecordKey(entries[$0]) == key }
                    if original == nil { firstWithHash[hash, default: []].append(position) }
                }
                guard let original else { continue }
                let first = entries[original].location
                diagnostics.append(.warning(.duplicateEntry, "entry repeats \(first.path):\(first.line) field for field", at: entries[position].location,
                                            hint: "remove one of the two"))
            }
        }
        if sorted {
            var runStart = 0
            for index in order.indices.dropFirst() where Sectioner.compareBytes(rawTitles[order[index]], rawTitles[order[index - 1]]) != 0 {
                check(order[runStart..<index])
                runStart = index
            }
            check(order[runStart...])
        } else {
            var byTitle: [String: [Int]] = [:]
            for position in order { byTitle[rawTitles[position], default: []].append(position) }
            for positions in byTitle.values { check(positions) }
        }
        return diagnostics
    }

    /// A record compared and hashed in full, byte for byte. Hashing only lengths and end bytes was cheaper, but rows
    /// such as `x,a000000a`, `x,a000001a`, … all collided and made duplicate detection quadratic (issue 17, item 7).
    /// An entry file's body counts too: two pages titled alike (a book's `SUMMARY.md` and its title page) are not
    /// the same entry unless their text is.
    struct RecordKey: Hashable {
        let record: FieldRecord
        let body: String?

        init(_ entry: Entry) {
            record = entry.fields
            body = entry.body
        }

        /// Texts are equal when their bytes are: a duplicate is the same line written twice.
        static func == (a: RecordKey, b: RecordKey) -> Bool {
            guard a.record.names == b.record.names else { return false }
            switch (a.body, b.body) {
            case (nil, nil): break
            case (let p?, let q?): guard Sectioner.compareBytes(p, q) == 0 else { return false }
            default: return false
            }
            return zip(a.record.values, b.record.values).allSatisfy { x, y in
                if case .text(let p) = x, case .text(let q) = y { return Sectioner.compareBytes(p, q) == 0 }
                return x == y
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(record.values.count)
            if var body {
                hasher.combine(body.utf8.count)
                body.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
            for value in record.values {
                guard case .text(var text) = value else { hasher.combine(0); continue }
                // The bytes, not the String: String hashing normalizes Unicode, which `==` above does not.
                hasher.combine(text.utf8.count)
                text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }
    }
}

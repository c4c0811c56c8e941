/// The copies of entries filed under several sections (an entry with several tags is in each tag's section), found
/// by their `copyKey` in page order. Work that depends only on the entry is done once, at its first copy: its id's
/// slug, its `entries.json` object, its entry page, and (when long) showing it in full. Otherwise one entry with
/// 20,000 tags was slugged, serialised and shown 20,000 times, and time and output grew with sections × entry size.
package struct EntryCopies: Sendable {
    /// Where a copy is: the index of its section in the list and of the entry in that section.
    package struct Place: Hashable, Sendable {
        package var section: Int
        package var entry: Int

        package init(section: Int, entry: Int) {
            self.section = section
            self.entry = entry
        }
    }

    /// The first copy of each shared entry, by `copyKey`.
    package private(set) var first: [Int: Place] = [:]
    /// The other copies of each shared entry, in page order, by `copyKey`.
    package private(set) var others: [Int: [Place]] = [:]

    package init(_ sections: [Section]) {
        for sectionIndex in sections.indices {
            // Read in place: copying each Entry out costs a retain per field, on every list, shared entries or not.
            sections[sectionIndex].entries.withUnsafeBufferPointer { entries in
                for entryIndex in entries.indices {
                    guard let key = entries[entryIndex].copyKey else { continue }
                    let place = Place(section: sectionIndex, entry: entryIndex)
                    if first[key] == nil { first[key] = place } else { others[key, default: []].append(place) }
                }
            }
        }
    }

    /// The place of the entry's first copy when the entry at `place` is a later copy of it; nil for a first copy and
    /// for an entry in one section.
    package func firstCopy(of entry: Entry, at place: Place) -> Place? {
        firstCopy(copyKey: entry.copyKey, at: place)
    }

    /// The same by the entry's `copyKey` alone, for callers that read entries in place (passing an entry to another
    /// module copies it).
    package func firstCopy(copyKey: Int?, at place: Place) -> Place? {
        guard let copyKey, let first = first[copyKey], first != place else { return nil }
        return first
    }
}

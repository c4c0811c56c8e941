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
            // Borrowed where they are: copying each Entry out costs a retain per field, on every list, shared entries or not.
            let sectionEntries = sections[sectionIndex].entries, entries = sectionEntries.span
            for entryIndex in entries.indices {
                guard let key = entries[entryIndex].copyKey else { continue }
                let place = Place(section: sectionIndex, entry: entryIndex)
                if first[key] == nil { first[key] = place } else { others[key, default: []].append(place) }
            }
        }
    }

    /// The place of the first copy of the entry at `place`, given its `copyKey`, when that entry is a later copy; nil
    /// for a first copy and for an entry in one section. It takes the key, not the entry: callers read entries in
    /// place, and an `Entry` passed whole is copied, retaining what every entry of a file shares from every core.
    package func firstCopy(ofKey copyKey: Int?, at place: Place) -> Place? {
        guard let copyKey, let first = first[copyKey], first != place else { return nil }
        return first
    }
}

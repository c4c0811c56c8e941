import IndexSiteCore

/// Anchor: gives every section and entry of a page an id that is unique on the page, URL-safe and stable across builds
/// (it depends only on titles and their order). Colliding ids get `-2`, `-3`, …
///
/// Sections and entries are two namespaces in effect: sections take their plain ids first, and an entry whose title
/// makes a taken id quietly gets the next number, so valid content never fails `--strict` ("C" the language beside
/// section C). Only an id the author wrote (an entry's `id` field) that is taken is reported as `id-collision`.
public struct AnchorAllocator: Sendable {
    /// Ids the theme itself uses; content never takes them.
    public static let reserved: Set<String> = Set([
        "content", "main", "top", "index-strip", "filter", "filter-status", "entries", "sections", "index", "assets",
        "indexsite-strings", "indexsite-page-fold", // the script's data (`ScriptStrings`, `PageCharacters`)
        "recently-added", // the list's "Recently added" view (`new_for`)
    ]).union(Slug.windowsDeviceNames)  // entry ids also name entry pages

    /// Collisions are reported only when asked (`--strict`): duplicate titles are common and their `-2` ids are stable anyway.
    public var reportsCollisions: Bool
    /// How many parts the ids are handed out in (see `claimed`): nil for one per core, from 8,192 claims on; tests
    /// set it to hold the parts to one pass.
    var claimParts: Int?

    /// An allocator; `reportsCollisions: false` is what `indexsite build` uses without `--strict`.
    public init(reportsCollisions: Bool = true) {
        self.reportsCollisions = reportsCollisions
    }

    /// Takes the sections over (`consuming`), so ids are written into the entries in place rather than into a copy.
    public func assign(_ sections: consuming [Section], titleField: FieldPath = "title") -> ([Section], [Diagnostic]) {
        var sections = sections
        // Sections first, so a letter keeps its plain id ("a") whatever the entries are called.
        // A heading name used twice in a tree ("Libraries" under "Editors" and under "Networking") takes its id from its
        // path ("networking-libraries"), so neither id depends on which one comes first.
        let titleSlugs = sections.map { Slug.make($0.title, fallback: "section") }
        var slugUses: [String: Int] = [:]
        if sections.contains(where: { $0.level > 1 }) { for slug in titleSlugs { slugUses[slug, default: 0] += 1 } }
        let paths = slugUses.values.contains { $0 > 1 } ? sections.titlePaths : []
        var claims = Claims(sectionCount: sections.count)
        claims.bases = sections.indices.map { index in
            var base = sections[index].isCatchAll ? "other" : titleSlugs[index]
            if !sections[index].isCatchAll, slugUses[base, default: 0] > 1, paths[index].count > 1 {
                base = Slug.make(paths[index].joined(separator: " "), fallback: "section")
            }
            return base
        }
        claims.sectionOwners = sections.map { "section '\($0.title)'" }
        // Then every entry in page order, each nested entry after its parent.
        let bases = baseIDs(of: sections, titleField: titleField)
        // Nested entries' ids are made from their fields read by path (they have names of their own).
        let nested = (title: FieldColumn(titleField, in: nil), id: FieldColumn("id", in: nil))
        claims.bases.reserveCapacity(claims.bases.count + bases.count)
        var position = 0
        for section in sections.indices {
            let sectionEntries = sections[section].entries, entries = sectionEntries.span
            for entry in entries.indices {
                appendClaims(of: entries, at: entry, base: bases[position], nested: nested, to: &claims)
                position += 1
            }
        }
        let (ids, diagnostics) = claimed(claims)
        var next = 0
        for section in sections.indices {
            sections[section].id = ids[next]
            next += 1
        }
        for section in sections.indices {
            for entry in sections[section].entries.indices { setIDs(of: &sections[section].entries[entry], ids, next: &next) }
        }
        return (sections, diagnostics)
    }

    /// The ids to hand out, in page order: the sections' and then the entries' bases, and whose they are, for
    /// `id-collision` warnings (the entries' only when those are reported: an owner per entry weighs on a large list).
    private struct Claims {
        let sectionCount: Int
        var bases: [String] = []
        /// "section 'B'", for each section.
        var sectionOwners: [String] = []
        /// For each entry claim after the sections, when collisions are reported.
        var entryOwners: [EntryOwner] = []
    }

    /// An entry: "path:line", whether its id was written by the author, and where.
    private struct EntryOwner {
        var name: String
        var explicit: Bool
        var location: SourceLocation
    }

    /// Appends the claims of `entries[index]` and its nested items. The entry is named by span and index, not passed:
    /// an entry handed to a call is copied first, a retain per reference it holds.
    private func appendClaims(of entries: Span<Entry>, at index: Int, base: String?, nested: (title: FieldColumn, id: FieldColumn),
                              to claims: inout Claims) {
        claims.bases.append(base ?? AnchorAllocator.baseID(of: entries, at: index, title: nested.title, id: nested.id))
        if reportsCollisions {
            let location = entries[index].location
            claims.entryOwners.append(EntryOwner(name: "\(location.path):\(location.line)",
                                                 explicit: entries[index].fields.explicitID != nil, location: entries[index].location(of: "id")))
        }
        let childEntries = entries[index].children
        guard !childEntries.isEmpty else { return }
        let children = childEntries.span
        for child in children.indices { appendClaims(of: children, at: child, base: nil, nested: nested, to: &claims) }
    }

    private func setIDs(of entry: inout Entry, _ ids: [String], next: inout Int) {
        entry.id = ids[next]
        next += 1
        for child in entry.children.indices { setIDs(of: &entry.children[child], ids, next: &next) }
    }

    /// The id of every claim, in order, and the warnings about ids the author wrote that were taken.
    ///
    /// A claim can only meet names of its own family: `intro`, the `intro-2` it may be numbered to, an `intro-2`
    /// written as it is, and its `intro-2-2`; every one of them is `intro` once trailing `-<number>`s are cut off
    /// (`familyHash`). So the families are shared out between the cores, each core hands out its families' ids in page
    /// order, and the ids are those of one pass over all the claims (one pass costs a hash-table look-up, and usually a
    /// cache miss, per entry, on one core).
    private func claimed(_ claims: Claims) -> ([String], [Diagnostic]) {
        let bases = claims.bases
        let parts = claimParts ?? (bases.count < 8_192 ? 1 : min(Engine.current.width, Int(UInt8.max)))
        let partOfClaim = parts == 1 ? [] : Engine.current.orderedMap(count: bases.count) { UInt8(AnchorAllocator.familyHash(bases[$0]) % UInt64(parts)) }
        var diagnostics: [(claim: Int, diagnostic: Diagnostic)] = []
        let ids = [String](unsafeUninitializedCapacity: bases.count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            let found = Engine.current.orderedMap(count: parts) { part -> [(claim: Int, diagnostic: Diagnostic)] in
                var names = UniqueNames(reserved: AnchorAllocator.reserved, capacity: bases.count / parts)
                var owners: [String: String] = [:]
                var found: [(claim: Int, diagnostic: Diagnostic)] = []
                for index in bases.indices where parts == 1 || partOfClaim[index] == part {
                    let base = bases[index]
                    let id = names.claim(base)
                    (slots.baseAddress! + index).initialize(to: id)
                    if index < claims.sectionCount {
                        owners[id] = claims.sectionOwners[index]
                    } else if !claims.entryOwners.isEmpty {
                        let me = claims.entryOwners[index - claims.sectionCount]
                        // An entry listed in several sections (tags) meets itself: that is not a collision. Ids made
                        // from titles number themselves quietly; only an id the author wrote is worth a warning.
                        if me.explicit, id != base, let owner = owners[base], owner != me.name {
                            found.append((index, .warning(.idCollision, "entry id '\(base)' is already used on this page (by \(owner)); this entry gets '\(id)'",
                                                          at: me.location, hint: "give each entry its own id; links to '\(base)' reach the other one")))
                        }
                        if owners[base] == nil { owners[base] = me.name }
                    }
                }
                return found
            }
            initialized = bases.count
            diagnostics = found.flatMap { $0 }
        }
        // In page order, as one pass would have found them.
        return (ids, diagnostics.sorted { $0.claim < $1.claim }.map(\.diagnostic))
    }

    /// A hash of the name without its trailing `-<number>`s (`intro-2-3` → `intro`): equal for a whole family of
    /// names (see `claimed`).
    static func familyHash(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var end = bytes.count
            while true {
                var digits = end
                while digits > 0, bytes[digits - 1] >= UInt8(ascii: "0"), bytes[digits - 1] <= UInt8(ascii: "9") { digits -= 1 }
                guard digits < end, digits > 0, bytes[digits - 1] == UInt8(ascii: "-") else { break }
                end = digits - 1
            }
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 // FNV-1a
            for byte in bytes[..<end] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
    }

    /// The slug of every entry's title, section after section, made on every core: slugs depend on nothing but the
    /// title, and only making them unique has to go in order. The page's entries are cut into chunks across sections
    /// (a letter of a 10,000-entry list holds a few hundred: cut section by section, they were all made on one core).
    /// The entries are read in place (copying an entry out costs a retain per field); an entry filed under several
    /// sections is slugged once, at its first copy (a long title on 20,000 tags was slugged 20,000 times).
    private func baseIDs(of sections: [Section], titleField: FieldPath) -> [String] {
        let copies = EntryCopies(sections)
        // Where the title sits in the rows (CSV rows share their names), so it is read in place, not made a String.
        let first = sections.lazy.flatMap(\.entries).first?.fields
        let title = FieldColumn(titleField, in: first), id = FieldColumn("id", in: first)
        // Each section's first entry's place in the page.
        var starts: [Int] = []
        starts.reserveCapacity(sections.count + 1)
        var total = 0
        for section in sections {
            starts.append(total)
            total += section.entries.count
        }
        starts.append(total)
        let sectionStarts = starts
        let chunks = (0..<total).chunks(of: AnchorAllocator.baseIDChunk)
        var slugs = Array(Engine.current.orderedMap(count: chunks.count) { chunk in
            // The section holding the chunk's first entry; the chunk then walks on in page order.
            var low = 0, high = sections.count
            while low + 1 < high {
                let middle = (low + high) / 2
                if sectionStarts[middle] <= chunks[chunk].lowerBound { low = middle } else { high = middle }
            }
            var section = low
            var sectionEntries = sections[section].entries
            return chunks[chunk].map { position in
                while position >= sectionStarts[section + 1] {
                    section += 1
                    sectionEntries = sections[section].entries
                }
                let entryIndex = position - sectionStarts[section]
                let entries = sectionEntries.span
                entries.prefetchRow(after: entryIndex, before: entries.count)
                let place = EntryCopies.Place(section: section, entry: entryIndex)
                if copies.firstCopy(ofKey: entries[entryIndex].copyKey, at: place) != nil { return "" }
                return AnchorAllocator.baseID(of: entries, at: entryIndex, title: title, id: id)
            }
        }.joined())
        for (key, places) in copies.others {
            guard let first = copies.first[key] else { continue }
            for place in places { slugs[sectionStarts[place.section] + place.entry] = slugs[sectionStarts[first.section] + first.entry] }
        }
        return slugs
    }

    /// Entries whose base ids a task makes.
    static let baseIDChunk = 1024

    /// The slug an entry's id is made from: of the id the author gave it, else of its title (read in place where
    /// the entry's row has it, see `FieldColumn`), else of its first field. Named by span and index: an entry or its
    /// fields handed on by value are copied, a retain and a release of what every row of a file shares.
    static func baseID(of entries: Span<Entry>, at index: Int, title: FieldColumn, id: FieldColumn) -> String {
        if !id.isAbsent(in: entries, at: index), let explicit = entries[index].fields.explicitID { return Slug.make(explicit, fallback: "entry") }
        if let slug = title.withText(of: entries, at: index, { $0.isEmpty ? nil : Slug.make(utf8: $0, fallback: "entry") }), let slug { return slug }
        return Slug.make(entries[index].fields.names.isEmpty ? "" : entries[index].fields.value(column: 0).displayText, fallback: "entry")
    }
}

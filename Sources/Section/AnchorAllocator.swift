import Dispatch
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
    ]).union(Slug.windowsDeviceNames)  // entry ids also name entry pages

    /// Collisions are reported only when asked (`--strict`): duplicate titles are common and their `-2` ids are stable anyway.
    public var reportsCollisions: Bool

    /// An allocator; `reportsCollisions: false` is what `indexsite build` uses without `--strict`.
    public init(reportsCollisions: Bool = true) {
        self.reportsCollisions = reportsCollisions
    }

    /// Takes the sections over (`consuming`), so ids are written into the entries in place rather than into a copy.
    public func assign(_ sections: consuming [Section], titleField: KeyPath = "title") -> ([Section], [Diagnostic]) {
        var ids = UniqueNames(reserved: AnchorAllocator.reserved, capacity: sections.count + sections.reduce(0) { $0 + $1.entries.count })
        var diagnostics: [Diagnostic] = []
        var sections = sections
        // Sections first, so a letter keeps its plain id ("a") whatever the entries are called.
        var owners: [String: String] = [:]
        // A heading name used twice in a tree ("Libraries" under "Editors" and under "Networking") takes its id from its
        // path ("networking-libraries"), so neither id depends on which one comes first.
        let titleSlugs = sections.map { Slug.make($0.title, fallback: "section") }
        var slugUses: [String: Int] = [:]
        if sections.contains(where: { $0.level > 1 }) { for slug in titleSlugs { slugUses[slug, default: 0] += 1 } }
        let paths = slugUses.values.contains { $0 > 1 } ? sections.titlePaths : []
        for index in sections.indices {
            // Sections are never numbered behind an entry: they are all placed before any entry.
            var base = sections[index].isCatchAll ? "other" : titleSlugs[index]
            if !sections[index].isCatchAll, slugUses[base, default: 0] > 1, paths[index].count > 1 {
                base = Slug.make(paths[index].joined(separator: " "), fallback: "section")
            }
            sections[index].id = ids.claim(base)
            owners[sections[index].id] = "section '\(sections[index].title)'"
        }
        let bases = baseIDs(of: sections, titleField: titleField)
        var position = 0
        for sectionIndex in sections.indices {
            for entryIndex in sections[sectionIndex].entries.indices {
                assign(&sections[sectionIndex].entries[entryIndex], base: bases[position], titleField: titleField, ids: &ids,
                       owners: &owners, diagnostics: &diagnostics)
                position += 1
            }
        }
        return (sections, diagnostics)
    }

    /// The slug of every entry's title, section after section, made on every core: slugs depend on nothing but the
    /// title, and only making them unique has to go in order. The entries are read in place (copying an entry out
    /// costs a retain per field); an entry filed under several sections is slugged once, at its first copy (a long
    /// title on 20,000 tags was slugged 20,000 times).
    private func baseIDs(of sections: [Section], titleField: KeyPath) -> [String] {
        let copies = EntryCopies(sections)
        // Where the title sits in the rows (CSV rows share their names), so it is read in place, not made a String.
        let titleColumn = sections.lazy.flatMap(\.entries).first?.fields.columns(of: [titleField])[0]
        var slugs: [String] = []
        slugs.reserveCapacity(sections.reduce(0) { $0 + $1.entries.count })
        var sectionStarts: [Int] = []
        for sectionIndex in sections.indices {
            sectionStarts.append(slugs.count)
            sections[sectionIndex].entries.withUnsafeBufferPointer { entries in
                nonisolated(unsafe) let entries = entries  // read only, while `sections` holds them
                slugs += [String].madeConcurrently(count: entries.count) { entryIndex in
                    let place = EntryCopies.Place(section: sectionIndex, entry: entryIndex)
                    if copies.firstCopy(ofKey: entries[entryIndex].copyKey, at: place) != nil { return "" }
                    return AnchorAllocator.baseID(of: entries[entryIndex].fields, titleField: titleField, titleColumn: titleColumn)
                }
            }
        }
        for (key, places) in copies.others {
            guard let first = copies.first[key] else { continue }
            for place in places { slugs[sectionStarts[place.section] + place.entry] = slugs[sectionStarts[first.section] + first.entry] }
        }
        return slugs
    }

    /// The slug an entry's id is made from: of the id the author gave it, else of its title (read in place, at
    /// `titleColumn` when the record has it there), else of its first field. Read from the fields alone: an Entry
    /// passed to another module's code is copied, a retain per field.
    static func baseID(of fields: FieldRecord, titleField: KeyPath, titleColumn: Int? = nil) -> String {
        if let explicit = fields.explicitID { return Slug.make(explicit, fallback: "entry") }
        if let slug = fields.withText(at: titleField, column: titleColumn, { $0.isEmpty ? nil : Slug.make(utf8: $0, fallback: "entry") }),
           let slug { return slug }
        return Slug.make(fields.names.isEmpty ? "" : fields.value(column: 0).displayText, fallback: "entry")
    }

    private func assign(_ entry: inout Entry, base: String? = nil, titleField: KeyPath, ids: inout UniqueNames,
                        owners: inout [String: String], diagnostics: inout [Diagnostic]) {
        let base = base ?? AnchorAllocator.baseID(of: entry.fields, titleField: titleField)
        let id = ids.claim(base)
        let me = reportsCollisions ? "\(entry.location.path):\(entry.location.line)" : ""
        // An entry listed in several sections (tags) meets itself: that is not a collision. Ids made from titles
        // number themselves quietly; only an id the author wrote is worth a warning.
        if reportsCollisions, entry.explicitID != nil, id != base, let owner = owners[base], owner != me {
            diagnostics.append(.warning(.idCollision, "entry id '\(base)' is already used on this page (by \(owner)); this entry gets '\(id)'",
                                        at: entry.location(of: "id"), hint: "give each entry its own id; links to '\(base)' reach the other one"))
        }
        if reportsCollisions, owners[base] == nil { owners[base] = me }
        entry.id = id
        for child in entry.children.indices {
            assign(&entry.children[child], titleField: titleField, ids: &ids, owners: &owners, diagnostics: &diagnostics)
        }
    }
}

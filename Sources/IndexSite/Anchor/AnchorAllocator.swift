import Dispatch

/// Anchor: gives every section and entry of a page an id that is unique on the page, URL-safe and stable across builds
/// (it depends only on titles and their order). Colliding ids get `-2`, `-3`, … and a warning.
public struct AnchorAllocator: Sendable {
    /// Ids the theme itself uses; content never takes them.
    public static let reserved: Set<String> = [
        "content", "main", "top", "index-strip", "filter", "filter-status", "entries", "sections", "index", "assets",
        // Names Windows reserves for devices, since entry ids also name entry pages.
        "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
        "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
    ]

    /// Collisions are reported only when asked (`--strict`): duplicate titles are common and their `-2` ids are stable anyway.
    public var reportsCollisions: Bool

    /// An allocator; `reportsCollisions: false` is what `indexsite build` uses without `--strict`.
    public init(reportsCollisions: Bool = true) {
        self.reportsCollisions = reportsCollisions
    }

    /// Takes the sections over (`consuming`), so ids are written into the entries in place rather than into a copy.
    public func assign(_ sections: consuming [Section], titleField: KeyPath = "title") -> ([Section], [Diagnostic]) {
        var taken = AnchorAllocator.reserved
        taken.reserveCapacity(taken.count + sections.count + sections.reduce(0) { $0 + $1.entries.count })
        var next: [String: Int] = [:]
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
            var base = sections[index].isCatchAll ? "other" : titleSlugs[index]
            if !sections[index].isCatchAll, slugUses[base, default: 0] > 1, paths[index].count > 1 {
                base = Slug.make(paths[index].joined(separator: " "), fallback: "section")
            }
            sections[index].id = unique(base, in: &taken, next: &next)
            owners[sections[index].id] = "section '\(sections[index].title)'"
        }
        let bases = baseIDs(of: sections, titleField: titleField)
        var position = 0
        for sectionIndex in sections.indices {
            for entryIndex in sections[sectionIndex].entries.indices {
                assign(&sections[sectionIndex].entries[entryIndex], base: bases[position], titleField: titleField, taken: &taken, next: &next,
                       owners: &owners, diagnostics: &diagnostics)
                position += 1
            }
        }
        return (sections, diagnostics)
    }

    /// The slug of every entry's title, section after section, made on every core: slugs depend on nothing but the
    /// title, and only making them unique has to go in order.
    private func baseIDs(of sections: [Section], titleField: KeyPath) -> [String] {
        // Where each section's entries start in the result.
        let starts = sections.reduce(into: [0]) { $0.append($0.last! + $1.entries.count) }
        let total = starts.last!
        guard total > 0 else { return [] }
        let results = UnsafeMutableBufferPointer<String>.allocate(capacity: total)
        results.initialize(repeating: "")
        defer { results.deallocate() }
        nonisolated(unsafe) let shared = results
        DispatchQueue.concurrentPerform(iterations: sections.count) { sectionIndex in
            sections[sectionIndex].entries.withUnsafeBufferPointer { entries in
                for index in entries.indices {
                    shared[starts[sectionIndex] + index] = AnchorAllocator.baseID(of: entries[index], titleField: titleField)
                }
            }
        }
        let array = Array(results)
        _ = results.deinitialize()
        return array
    }

    static func baseID(of entry: Entry, titleField: KeyPath) -> String {
        Slug.make(entry.text(at: titleField) ?? entry.fields.values.first?.displayText ?? "", fallback: "entry")
    }

    private func assign(_ entry: inout Entry, base: String? = nil, titleField: KeyPath, taken: inout Set<String>, next: inout [String: Int],
                        owners: inout [String: String], diagnostics: inout [Diagnostic]) {
        let base = base ?? AnchorAllocator.baseID(of: entry, titleField: titleField)
        let id = unique(base, in: &taken, next: &next)
        let me = reportsCollisions ? "\(entry.location.path):\(entry.location.line)" : ""
        // An entry listed in several sections (tags) meets itself: that is not a collision.
        if reportsCollisions, id != base, let owner = owners[base], owner != me {
            diagnostics.append(.warning(.idCollision, "entry id '\(base)' is already used on this page (by \(owner)); this entry gets '\(id)'",
                                        at: entry.location, hint: "give the entries distinct titles so their links stay stable"))
        }
        if reportsCollisions, owners[base] == nil { owners[base] = me }
        entry.id = id
        for child in entry.children.indices {
            assign(&entry.children[child], titleField: titleField, taken: &taken, next: &next, owners: &owners, diagnostics: &diagnostics)
        }
    }

    /// The base id, or the base with the next free number. `next` remembers where each base's numbering stopped,
    /// so a title shared by thousands of entries costs one lookup per entry, not a walk over all earlier numbers.
    private func unique(_ base: String, in taken: inout Set<String>, next: inout [String: Int]) -> String {
        if taken.insert(base).inserted { return base }
        var counter = next[base] ?? 2
        while !taken.insert("\(base)-\(counter)").inserted { counter += 1 }
        next[base] = counter + 1
        return "\(base)-\(counter)"
    }
}

/// Turns titles into ids and file names: lower-case letters and digits of any script, words joined by `-`.
/// The result never contains `/`, `\`, `.` or spaces, so it cannot leave the output folder.
public enum Slug {
    /// Slugs are cut at this many characters, so file names stay within every file system's limits.
    public static let maximumLength = 80

    /// The slug of `text` ("Crème Brûlée" → "crème-brûlée"), or `fallback` when `text` has no letters or digits.
    public static func make(_ text: String, fallback: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return makeASCII(text, fallback: fallback) }
        var slug = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
                if slug.count >= maximumLength { break }
            } else if character == "'" || character == "’" {
                continue
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? fallback : slug
    }

    /// The same rules over bytes, for the common all-ASCII title: no Unicode tables, one allocation.
    static func makeASCII(_ text: String, fallback: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
                if bytes.count >= maximumLength { return String(decoding: bytes, as: UTF8.self) }
            case UInt8(ascii: "'"):
                continue
            default:
                pendingDash = true
            }
        }
        return bytes.isEmpty ? fallback : String(decoding: bytes, as: UTF8.self)
    }
}

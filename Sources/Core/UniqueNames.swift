/// Hands out names nobody holds yet: the name itself, else the name with the next free number ("intro-2",
/// "intro-3"). The one numbering of ids and list slugs. It remembers where each name's numbering stopped, so a title
/// shared by thousands of entries costs one lookup each, not a walk over all earlier numbers.
package struct UniqueNames {
    /// Every name held, with the number its numbering goes on from (1 until it has been numbered: numbers start at
    /// 2). One table for both, so a free name costs one hash and look-up, and a taken one three.
    private var held: [String: Int]

    /// Names in `reserved` are never handed out as they are (the page's own ids, Windows device names).
    package init(reserved: Set<String> = [], capacity: Int = 0) {
        held = Dictionary(uniqueKeysWithValues: reserved.lazy.map { ($0, 1) })
        held.reserveCapacity(reserved.count + capacity)
    }

    /// `base` if nobody holds it, else `base-2`, `base-3` …: the first that is free. The result is held from then on.
    package mutating func claim(_ base: String) -> String {
        let next = UniqueNames.hold(&held[base, default: 0])
        if next == 0 { return base }
        var counter = max(next, 2)
        var name: String
        repeat {
            name = "\(base)-\(counter)"
            counter += 1
        } while UniqueNames.hold(&held[name, default: 0]) != 0
        held[base] = counter
        return name
    }

    /// Marks a name's entry as held and returns what it was before: 0 when the name was free (just added).
    private static func hold(_ next: inout Int) -> Int {
        let before = next
        if before == 0 { next = 1 }
        return before
    }
}

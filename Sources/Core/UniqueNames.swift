/// Hands out names nobody holds yet: the name itself, else the name with the next free number ("intro-2",
/// "intro-3"). The one numbering of ids and list slugs. It remembers where each name's numbering stopped, so a title
/// shared by thousands of entries costs one lookup each, not a walk over all earlier numbers.
package struct UniqueNames {
    private var taken: Set<String>
    private var next: [String: Int] = [:]

    /// Names in `reserved` are never handed out as they are (the page's own ids, Windows device names).
    package init(reserved: Set<String> = [], capacity: Int = 0) {
        taken = reserved
        taken.reserveCapacity(reserved.count + capacity)
    }

    /// `base` if nobody holds it, else `base-2`, `base-3` …: the first that is free. The result is held from then on.
    package mutating func claim(_ base: String) -> String {
        if taken.insert(base).inserted { return base }
        var counter = next[base] ?? 2
        while !taken.insert("\(base)-\(counter)").inserted { counter += 1 }
        next[base] = counter + 1
        return "\(base)-\(counter)"
    }
}

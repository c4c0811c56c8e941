/// The "did you mean" of every diagnostic about a misspelt name (settings, string keys, fields, section titles):
/// the candidate equal to `name` but for case, else the one fewest edits away, if it is within `maximumEdits`.
/// `maximumEdits` defaults to a third of the name's length, at least 2. Candidates past 2,000 get the case-blind match
/// only, so a list of 100k titles does not cost seconds of edit distances.
package func closestName(to name: String, among candidates: [String], maximumEdits: Int? = nil) -> String? {
    let lowered = name.lowercased()
    if let same = candidates.first(where: { $0.lowercased() == lowered }) { return same }
    guard candidates.count <= 2_000 else { return nil }
    let limit = maximumEdits ?? max(2, name.count / 3)
    var best: (name: String, edits: Int)?
    for candidate in candidates {
        let edits = editDistance(lowered, candidate.lowercased())
        if edits <= limit, edits < (best?.edits ?? .max) { best = (candidate, edits) }
    }
    return best?.name
}

/// Levenshtein distance over characters.
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

extension Entry {
    /// The values of the field at `path` as sections (`group_by`) and facets read them: each item of a list field
    /// (tags), a text cut at `separator` when one is set (`values_separator`); trimmed, blank ones dropped, and each
    /// once, ignoring case, in the order written. One rule for both, so a value's chip and its section agree.
    public func values(at path: FieldPath, separator: String?) -> [String] {
        var texts = fields.value(at: path)?.texts ?? []
        if let separator { texts = texts.flatMap { $0.components(separatedBy: separator) } }
        // One pass with a set (firstIndex per pair was quadratic in tags).
        var seen: Set<String> = []
        return texts.map(\.trimmingSpaces).filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }
}

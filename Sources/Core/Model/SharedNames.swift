/// One array of field names for every record that has the same names, so that a million records made one by one (a
/// Markdown list's items) hold a handful of arrays, not one each. The last names asked for are compared first:
/// neighbouring records nearly always have the same names, and comparing is cheaper than hashing.
package struct SharedNames {
    private var arrays: [[String]: [String]] = [:]
    private var last: (key: [String], shared: [String])?

    package init() {}

    /// The array shared by the records whose names are `key`; `make` makes it the first time (`key` itself, or
    /// `key` with a name a parser adds).
    package mutating func array(for key: [String], making make: ([String]) -> [String] = { $0 }) -> [String] {
        if let last, last.key == key { return last.shared }
        let shared = arrays[key] ?? make(key)
        arrays[key] = shared
        last = (key, shared)
        return shared
    }
}

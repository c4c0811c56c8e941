import IndexSiteCore

/// When an entry first appeared in a commit and when a commit last changed it, in seconds since 1970 by the
/// committer's clock (the day the change reached the branch, not the day it was written).
public struct EntryDates: Sendable, Hashable {
    public var added: Int64
    public var updated: Int64

    public init(added: Int64, updated: Int64) {
        self.added = added
        self.updated = updated
    }
}

/// What the history of one source says about its entries: their dates by key (`ItemKey`, or the path of an entry
/// file), and how many commits this build read to know it (0 when the cache was up to date).
public struct SourceHistory: Sendable {
    public var dates: [String: EntryDates] = [:]
    public var commitsRead = 0

    public init(dates: [String: EntryDates] = [:], commitsRead: Int = 0) {
        self.dates = dates
        self.commitsRead = commitsRead
    }

    /// The names of the fields the history gives each entry.
    public static let fieldNames = ["added", "updated"]

    /// Sets `added` and `updated` on every entry (nested ones too) whose key (`key`) the history knows; an entry
    /// not yet committed gets neither.
    public func apply(to entries: inout [Entry], key: (Entry) -> String?) {
        var sharedNames: [[String]: [String]] = [:]
        apply(to: &entries, key: key, sharedNames: &sharedNames)
    }

    /// `apply(to:key:)`, with the field names of the records made so far by the names they had: entries whose names
    /// were one array share one again, so the renderer and the sorter find a field's column once for all of them
    /// (a names array per entry sent every look-up of awesome-go's 2,700 items down the slow path).
    private func apply(to entries: inout [Entry], key: (Entry) -> String?, sharedNames: inout [[String]: [String]]) {
        for index in entries.indices {
            if let key = key(entries[index]), let dates = dates[key] {
                // One new record with both fields: each `set` would make the record's values anew.
                let fields = entries[index].fields
                var names = fields.names
                var values = fields.values
                var appended: [String] = []
                for (name, time) in [("added", dates.added), ("updated", dates.updated)] {
                    let value = FieldValue.text(SourceHistory.timestamp(time))
                    if let column = names.firstIndex(of: name) {
                        values[column] = value
                    } else {
                        appended.append(name)
                        values.append(value)
                    }
                }
                if !appended.isEmpty {
                    if let shared = sharedNames[names] {
                        names = shared
                    } else {
                        let old = names
                        names += appended
                        sharedNames[old] = names
                    }
                }
                entries[index].fields = FieldRecord(names: names, values: values)
            }
            if !entries[index].children.isEmpty { apply(to: &entries[index].children, key: key, sharedNames: &sharedNames) }
        }
    }

    /// `seconds` since 1970 as an RFC 3339 time in UTC (`2026-11-22T09:30:00Z`), the form date fields are read in.
    public static func timestamp(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        // Days to a civil date (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60))Z"
    }
}

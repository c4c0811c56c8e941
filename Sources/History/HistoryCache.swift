import Foundation

/// What the History stage keeps of one source between builds (`.indexsite/history/<source>-<hash>.txt`): the
/// dates it has read and the commit it read them up to, so the next build reads only the commits since.
///
/// Lines of text, not JSON: a rebuild with nothing new reads the cache and nothing else, and a line split on its
/// first two tabs is read faster than a decoded dictionary of thousands of keys.
struct HistoryCache {
    /// The first line of a cache of this format; another format is read again from git.
    static let format = "indexsite-history 1"

    /// What the source is and how its entries are keyed (`HistoryReader.identity`): another identity, another cache.
    var identity: String
    /// The last commit read.
    var head: String
    /// The source's path inside the repository at `head` (nil before it existed, or after it was deleted).
    var path: String?
    var dates: [String: EntryDates]

    init(identity: String, head: String, path: String?, dates: [String: EntryDates]) {
        self.identity = identity
        self.head = head
        self.path = path
        self.dates = dates
    }

    /// A text on one line: backslashes, newlines and carriage returns escaped.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\n" || $0 == "\r" }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    static func unescaped(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "n" ? "\n" : character == "r" ? "\r" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The file's text: the format, the identity, the commit and the path, then one line per entry: added, updated
    /// and key, separated by tabs.
    var text: String {
        var lines = [HistoryCache.format, HistoryCache.escaped(identity), head, HistoryCache.escaped(path ?? "")]
        for key in dates.keys.sorted() {
            let entry = dates[key]!
            lines.append("\(entry.added)\t\(entry.updated)\t\(HistoryCache.escaped(key))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The cache in `file` when it is one of this format for `identity`; nil when missing, unreadable or another's.
    static func read(_ file: URL, identity: String) -> HistoryCache? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == format, unescaped(lines[1]) == identity else { return nil }
        var dates: [String: EntryDates] = [:]
        dates.reserveCapacity(lines.count - 4)
        for line in lines.dropFirst(4) where !line.isEmpty {
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let added = Int64(parts[0]), let updated = Int64(parts[1]) else { return nil }
            dates[unescaped(parts[2])] = EntryDates(added: added, updated: updated)
        }
        let path = unescaped(lines[3])
        return HistoryCache(identity: identity, head: String(lines[2]), path: path.isEmpty ? nil : path, dates: dates)
    }

    /// Writes the cache atomically (a build killed half-way leaves the previous one); a cache that cannot be written
    /// only means the next build reads the history again.
    static func write(_ cache: HistoryCache, to file: URL) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(cache.text.utf8).write(to: file, options: .atomic)
    }
}

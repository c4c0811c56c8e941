import Foundation

/// What the History stage keeps of one source between builds (`.indexsite/history/<source>-<hash>.json`): the
/// dates it has read and the commit it read them up to, so the next build reads only the commits since.
struct HistoryCache: Codable {
    /// The format of the file; a cache of another format is read again from git.
    static let format = 1

    var format = HistoryCache.format
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

    /// The cache in `file` when it is one of this format for `identity`; nil when missing, unreadable or another's.
    static func read(_ file: URL, identity: String) -> HistoryCache? {
        guard let data = try? Data(contentsOf: file), let cache = try? JSONDecoder().decode(HistoryCache.self, from: data),
              cache.format == format, cache.identity == identity else { return nil }
        return cache
    }

    /// Writes the cache atomically (a build killed half-way leaves the previous one); a cache that cannot be written
    /// only means the next build reads the history again.
    static func write(_ cache: HistoryCache, to file: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(cache) else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}

import Foundation
import IndexSiteCore
import IndexSiteEngine
import IndexSiteParse

/// The History stage: reads, with `git`, when each entry of a source was added and last changed, oldest commit to
/// newest, once, and keeps what it learnt in the site's `.indexsite/history/` keyed by the last commit read, so the
/// next build reads only the commits made since.
///
/// A stage of its own between Parse and Section (not in Load): an old version of a data file is read with Parse's
/// own parsers, so the history knows a record by the same id and title as the build does.
public struct HistoryReader: Sendable {
    /// The repository a site is in, as the History stage found it.
    public struct Repository: Sendable, Hashable {
        /// The commit `HEAD` names.
        public var head: String
        /// The site folder's path inside the repository (`""` at its top, else ending in `/`).
        public var prefix: String
        /// True for a shallow clone, whose oldest commits are missing: dates before its depth are the depth's.
        public var isShallow: Bool
    }

    /// What a source's history is read from.
    public enum Source: Sendable {
        /// A Markdown list file (items by link, else title), by its path inside the site folder.
        case markdownList(path: String)
        /// A CSV/TSV or JSON file (records by `id`, else title), read with the list's settings.
        case dataFile(path: String, kind: SourceKind, settings: ListSettings)
        /// A folder of entry files (each by its path, following renames).
        case entryFolder(path: String)
    }

    public let repository: Repository
    let git: Git
    let cacheFolder: URL

    /// The reader of the repository `siteFolder` is in, or why there is none (not in a repository, no commit yet,
    /// no git).
    public static func open(siteFolder: URL) -> Result<HistoryReader, Git.Failure> {
        do {
            // One process: the repository's top, the site's place in it, whether it is shallow, and HEAD's commit
            // (which fails in a repository with no commit yet).
            let lines = String(decoding: try Git(folder: siteFolder).run(["rev-parse", "--show-toplevel", "--show-prefix", "--is-shallow-repository", "--verify", "HEAD"]),
                               as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count >= 4, !lines[3].isEmpty else { return .failure(Git.Failure(description: "git rev-parse gave no repository")) }
            let git = Git(folder: URL(fileURLWithPath: lines[0]))
            let repository = Repository(head: lines[3], prefix: lines[1], isShallow: lines[2] == "true")
            return .success(HistoryReader(repository: repository, git: git,
                                          cacheFolder: siteFolder.appendingPathComponent(".indexsite/history")))
        } catch {
            let noCommit = error.description.contains("Needed a single revision")
            return .failure(noCommit ? Git.Failure(description: "the repository has no commit yet") : error)
        }
    }

    /// The commit time of `HEAD` in seconds since 1970: what "new" counts back from, so that a build of one commit is
    /// the same on any day.
    public func headTime() throws(Git.Failure) -> Int64 {
        let text = String(decoding: try git.run(["log", "-1", "--format=%ct", repository.head]), as: UTF8.self)
        guard let time = Int64(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Git.Failure(description: "git log gave no commit time for \(repository.head)")
        }
        return time
    }

    /// The dates of `source`'s entries: from the cache when it was written at `HEAD`, else the cache's dates
    /// brought up to date with the commits since, else the whole history.
    public func history(of source: Source) throws(Git.Failure) -> SourceHistory {
        let cacheFile = cacheFolder.appendingPathComponent(cacheName(source))
        var state = HistoryCache.read(cacheFile, identity: identity(source))
        if let cached = state, cached.head == repository.head {
            return SourceHistory(dates: cached.dates)
        }
        if let cached = state, (try? git.run(["merge-base", "--is-ancestor", cached.head, repository.head])) == nil {
            state = nil // history rewritten (or the cached commit is gone): read it all again
        }
        var cache = state ?? HistoryCache(identity: identity(source), head: repository.head, path: nil, dates: [:])
        let range = state.map { "\($0.head)..\(repository.head)" } ?? repository.head
        let commits: Int
        switch source {
        case .markdownList(let path):
            var versions = MarkdownVersions()
            commits = try readFile(repository.prefix + path, range: range, cache: &cache) { bytes, time, dates in
                versions.read(bytes, time: time, into: &dates)
            } previous: { versions.previous = $0 }
        case .dataFile(let path, let kind, let settings):
            var versions = DataVersions(path: path, kind: kind, settings: settings)
            commits = try readFile(repository.prefix + path, range: range, cache: &cache) { bytes, time, dates in
                versions.read(bytes, time: time, into: &dates)
            } previous: { bytes in
                var unchanged: [String: EntryDates] = [:]
                versions.read(bytes, time: nil, into: &unchanged)
            }
        case .entryFolder(let path):
            commits = try readFolder(repository.prefix + path, range: range, cache: &cache)
        }
        cache.head = repository.head
        HistoryCache.write(cache, to: cacheFile)
        return SourceHistory(dates: cache.dates, commitsRead: commits)
    }

    /// What the cache of `source` must have been written for: the kind of source and how its entries are keyed.
    func identity(_ source: Source) -> String {
        switch source {
        case .markdownList(let path): "markdown\u{0}\(path)"
        case .dataFile(let path, let kind, let settings):
            "\(kind.rawValue)\u{0}\(path)\u{0}\(settings.titleField)\u{0}\(settings.items?.description ?? "")\u{0}\(settings.separator ?? "")\u{0}\(settings.header ?? [])"
        case .entryFolder(let path): "folder\u{0}\(path)"
        }
    }

    /// The cache file's name: the source's path made safe, and a hash of its identity (two lists of one source
    /// keyed differently keep two caches).
    func cacheName(_ source: Source) -> String {
        // FNV-1a: the same name in every process.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in identity(source).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let path: String = switch source {
        case .markdownList(let path), .dataFile(let path, _, _), .entryFolder(let path): path
        }
        return Slug.make(path, fallback: "source") + "-" + String(hash, radix: 16) + ".txt"
    }

    /// Reads the versions of the file at `path` (inside the repository) in `range`, oldest first, following
    /// renames, and hands each to `read` with its commit time (an empty version where the file was deleted).
    /// The version the cache ends at, if any, is first handed to `previous`. Returns the number of commits read.
    private func readFile(_ path: String, range: String, cache: inout HistoryCache,
                          read: (_ bytes: [UInt8], _ time: Int64, _ dates: inout [String: EntryDates]) -> Void,
                          previous: ([UInt8]) -> Void) throws(Git.Failure) -> Int {
        // Newest first, as `--follow` finds renames only walking back (with `--reverse` it loses the file's older names).
        let log = try git.run(["log", "--follow", "-M", "--name-status", "--format=%x01%H %ct", range, "--", cache.path ?? path])
        let commits = Array(GitLog.commits(log).reversed())
        if commits.isEmpty { return 0 }
        // One cat-file for all: the version the cache ends at (if any), then each commit's.
        let previousName = cache.path.map { ["\(cache.head):\($0)"] } ?? []
        let names = previousName + commits.map { $0.deleted ? "\($0.id):" : "\($0.id):\($0.path)" }
        try git.readBlobs(names) { index, bytes in
            guard index >= previousName.count else { return previous(bytes ?? []) }
            let commit = commits[index - previousName.count]
            read(commit.deleted ? [] : bytes ?? [], commit.time, &cache.dates)
        }
        cache.path = commits.last.flatMap { $0.deleted ? nil : $0.path }
        return commits.count
    }

    /// Reads which files of the folder at `path` (inside the repository) were added, changed, renamed and deleted in
    /// `range`, oldest first: a file's dates follow it through renames, and one deleted and added again keeps its
    /// first date. Keys are paths inside the site folder.
    private func readFolder(_ path: String, range: String, cache: inout HistoryCache) throws(Git.Failure) -> Int {
        let folder = path.hasSuffix("/") ? path : path + "/"
        let log = try git.run(["log", "--reverse", "-M", "--name-status", "--format=%x01%H %ct", range, "--", folder])
        let commits = GitLog.commits(log)
        let prefix = repository.prefix
        func key(_ path: Substring) -> String { String(path.dropFirst(prefix.count)) }
        for commit in commits {
            for change in commit.changes {
                let paths = change.paths
                switch change.status.first {
                case "R":
                    guard paths.count == 2 else { continue }
                    let moved = cache.dates.removeValue(forKey: key(paths[0]))
                    var dates = moved ?? cache.dates[key(paths[1])] ?? EntryDates(added: commit.time, updated: commit.time)
                    if moved == nil || change.status != "R100" { dates.updated = commit.time }
                    cache.dates[key(paths[1])] = dates
                case "A", "M", "C", "T":
                    guard let last = paths.last else { continue }
                    cache.dates[key(last), default: EntryDates(added: commit.time, updated: commit.time)].updated = commit.time
                default:
                    continue // a deleted file keeps its dates, for when it comes back
                }
            }
        }
        return commits.count
    }
}

/// The commits of `git log --name-status --format=%x01%H %ct` output.
enum GitLog {
    struct Change {
        var status: Substring
        var paths: [Substring]
    }

    struct Commit {
        var id: String
        var time: Int64
        var changes: [Change]

        /// The path the commit leaves the file at (a single-file log), or where it deleted it.
        var path: String { changes.last?.paths.last.map(String.init) ?? "" }
        var deleted: Bool { changes.last?.status.first == "D" }
    }

    static func commits(_ output: [UInt8]) -> [Commit] {
        var commits: [Commit] = []
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            if line.first == "\u{1}" {
                let parts = line.dropFirst().split(separator: " ")
                guard parts.count == 2, let time = Int64(parts[1]) else { continue }
                commits.append(Commit(id: String(parts[0]), time: time, changes: []))
            } else if !commits.isEmpty {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 2 else { continue }
                commits[commits.count - 1].changes.append(Change(status: fields[0], paths: Array(fields.dropFirst())))
            }
        }
        return commits
    }
}

/// The versions of a Markdown list file, compared one with the next: only the lines between their common start and
/// common end are read (a commit changes a few lines of a file of thousands), and only the previous version is kept.
struct MarkdownVersions {
    var previous: [UInt8] = []

    /// Dates the items of `version`: an item seen for the first time is added at `time`; a line of an item that the
    /// previous version did not have (a new wording, or the item back after its removal) updates it. A line only moved
    /// (between sections, in the order) changes nothing.
    mutating func read(_ version: [UInt8], time: Int64, into dates: inout [String: EntryDates]) {
        let (old, new) = MarkdownVersions.changedLines(previous, version)
        var oldItems = Set<ItemLine>()
        MarkdownVersions.forEachLine(previous.span, old) { if let item = ItemLine($0) { oldItems.insert(item) } }
        MarkdownVersions.forEachLine(version.span, new) { line in
            guard let item = ItemLine(line) else { return }
            if dates[item.key] == nil {
                dates[item.key] = EntryDates(added: time, updated: time)
            } else if !oldItems.contains(item) {
                dates[item.key]!.updated = time
            }
        }
        previous = version
    }

    /// The byte ranges of whole lines that differ between `old` and `new`: what is left of each after their common
    /// first lines and common last lines.
    static func changedLines(_ old: [UInt8], _ new: [UInt8]) -> (old: Range<Int>, new: Range<Int>) {
        let a = old.span, b = new.span
        let shorter = min(a.count, b.count)
        var prefix = 0
        // Whole blocks compared at once, then bytes.
        let block = 4096
        while prefix + block <= shorter,
              a.extracting(prefix..<(prefix + block)).elementsEqual(b.extracting(prefix..<(prefix + block))) { prefix += block }
        while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
        while prefix > 0, a[prefix - 1] != 0x0A { prefix -= 1 }
        var suffix = 0
        let most = shorter - prefix
        while suffix + block <= most,
              a.extracting((a.count - suffix - block)..<(a.count - suffix))
                .elementsEqual(b.extracting((b.count - suffix - block)..<(b.count - suffix))) { suffix += block }
        while suffix < most, a[a.count - suffix - 1] == b[b.count - suffix - 1] { suffix += 1 }
        // The common end starts at a line's start in both versions.
        func atLineStart(_ bytes: Span<UInt8>) -> Bool {
            bytes.count == suffix || bytes[bytes.count - suffix - 1] == 0x0A
        }
        while suffix > 0, !(atLineStart(a) && atLineStart(b)) { suffix -= 1 }
        return (prefix..<(a.count - suffix), prefix..<(b.count - suffix))
    }

    /// Calls `body` with each line of `bytes` inside `range` (without its newline).
    static func forEachLine(_ bytes: Span<UInt8>, _ range: Range<Int>, _ body: (Span<UInt8>) -> Void) {
        var start = range.lowerBound
        while start < range.upperBound {
            var newline = start
            while newline < range.upperBound, bytes[newline] != 0x0A { newline += 1 }
            body(bytes.extracting(start..<newline))
            start = newline + 1
        }
    }
}

/// The versions of a data file (CSV/TSV, JSON, YAML), each read whole with the list's parser: a record (by `id`, else title)
/// seen for the first time is added; one whose fields differ from the previous version's is updated.
struct DataVersions {
    var path: String
    var kind: SourceKind
    var settings: ListSettings
    var previous: [String: Int] = [:]

    /// Reads `version`; with a nil `time` it only becomes the version the next one is compared with.
    mutating func read(_ version: [UInt8], time: Int64?, into dates: inout [String: EntryDates]) {
        let file = SourceFile(path: path, bytes: version)
        let entries = kind.format.parse(file, settings: settings).entries
        var records: [String: Int] = [:]
        records.reserveCapacity(entries.count)
        for entry in entries {
            guard let key = ItemKey.ofRecord(entry, titleField: settings.titleField) else { continue }
            let fields = entry.fields.hashValue
            records[key] = fields
            guard let time else { continue }
            if dates[key] == nil {
                dates[key] = EntryDates(added: time, updated: time)
            } else if previous[key] != fields {
                dates[key]!.updated = time
            }
        }
        previous = records
    }
}

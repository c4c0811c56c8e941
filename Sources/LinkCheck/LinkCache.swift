import Foundation
import IndexSiteCore
import IndexSiteLinkProtocol

/// The results of earlier checks, kept in the site's `.indexsite/links.json` so that a rerun (or a CI job that restores
/// the file with actions/cache) checks only the URLs that are new or whose result is too old to trust.
public struct LinkCache: Sendable {
    /// Where the file is, relative to the site folder.
    public static let path = ".indexsite/links.json"
    /// The file's format; a file of another version is read as empty.
    static let version = 1

    /// Results by URL (without fragment).
    public var outcomes: [String: LinkOutcome] = [:]

    public init(outcomes: [String: LinkOutcome] = [:]) {
        self.outcomes = outcomes
    }

    struct File: Codable {
        var version: Int
        var links: [String: LinkOutcome]
    }

    /// The cache of `siteFolder`, empty when there is none; a file that cannot be read is named in the warning.
    public static func load(siteFolder: URL) -> (LinkCache, Diagnostic?) {
        let url = siteFolder.appendingPathComponent(path)
        guard let data = try? Data(contentsOf: url) else { return (LinkCache(), nil) }
        guard let file = try? JSONDecoder().decode(File.self, from: data), file.version == version else {
            return (LinkCache(), .warning(.linkCacheUnreadable, "the link cache is not a file this version of IndexSite wrote; every link is checked again",
                                          at: SourceLocation(path: path), hint: "it is rewritten after this check; delete it if the warning stays"))
        }
        return (LinkCache(outcomes: file.links), nil)
    }

    /// The cached result of `url` while it is still valid at `now` by `settings`' validity for good and broken links.
    public func fresh(_ url: String, now: Double, settings: LinkSettings) -> LinkOutcome? {
        guard let outcome = outcomes[url] else { return nil }
        let validity = outcome.working ? settings.cacheGood : settings.cacheBroken
        return now - outcome.checkedAt < validity ? outcome : nil
    }

    /// Writes the results still valid at `now` (others would only be checked again), sorted, so the file diffs well.
    public func save(siteFolder: URL, now: Double, settings: LinkSettings) throws {
        let kept = outcomes.filter { now - $0.value.checkedAt < ($0.value.working ? settings.cacheGood : settings.cacheBroken) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(File(version: Self.version, links: kept))
        let url = siteFolder.appendingPathComponent(Self.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}

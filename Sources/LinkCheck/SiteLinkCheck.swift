import Foundation
import IndexSiteCore
import IndexSiteLinkProtocol

/// A site's link check from start to end: the links of its built lists, the cache, the checks of what the cache does
/// not answer, and a diagnostic at the source of every broken or moved link.
public struct SiteLinkCheck: Sendable {
    /// The site folder, where the cache is kept and the sources are read to place each link.
    public var siteFolder: URL
    /// The `links:` settings.
    public var settings: LinkSettings
    /// The program that asks the servers; found where `LinkHelper.locate` looks when nil.
    public var helper: LinkHelper?
    /// Certificates (PEM) the helper trusts besides the system's, for tests against a self-signed local server.
    public var trustedCertificatesPEM: [String] = []
    /// Sent with every request, so a site's owner can tell what visits it.
    public static let userAgent = "IndexSite/\(IndexSiteVersion.current) (link checker; +https://github.com/\(IndexSiteVersion.repository))"

    public init(siteFolder: URL, settings: LinkSettings, helper: LinkHelper? = nil) {
        self.siteFolder = siteFolder
        self.settings = settings
        self.helper = helper
    }

    /// What a check found.
    public struct Report: Sendable {
        /// A warning (an error under `--strict`) per broken or moved link place, and any about the cache.
        public var diagnostics: [Diagnostic] = []
        /// How many distinct URLs the site links, how many were answered by the cache, how many were left out by `exclude`.
        public var urlCount = 0, fromCache = 0, excluded = 0
        /// Broken and moved links, with their status and place, for the step summary.
        public var rows: [(url: String, status: String, problem: String, location: SourceLocation)] = []
    }

    /// Checks the links of `lists`; with `outputPaths` (every file of the built site), their relative links too.
    /// Fails only when URLs need asking and the helper is missing or does not answer them all.
    public func run(_ lists: [IndexedList], outputPaths: Set<String>? = nil,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) async throws(LinkHelper.Failure) -> Report {
        var report = Report()
        if let outputPaths { report.diagnostics += missingPages(lists, outputPaths: outputPaths) }
        let uses = SiteLinks.external(in: lists)
        let patterns = settings.exclude.compactMap { try? Regex($0) }
        func isExcluded(_ url: String) -> Bool {
            if patterns.contains(where: { url.contains($0) }) { return true }
            guard let host = URL(string: url)?.host?.lowercased() else { return false }
            return settings.hosts[host]?.exclude == true
        }
        var urls: [String] = []
        var seen: Set<String> = []
        var excluded: Set<String> = []
        for use in uses where !seen.contains(use.fetchedURL) && !excluded.contains(use.fetchedURL) {
            if isExcluded(use.url) {
                excluded.insert(use.fetchedURL)
            } else {
                seen.insert(use.fetchedURL)
                urls.append(use.fetchedURL)
            }
        }
        report.urlCount = urls.count
        report.excluded = excluded.count
        var (cache, cacheProblem) = LinkCache.load(siteFolder: siteFolder)
        if let cacheProblem { report.diagnostics.append(cacheProblem) }
        let now = Date().timeIntervalSince1970
        var outcomes: [String: LinkOutcome] = [:]
        var toCheck: [String] = []
        // Pages a checkable `#fragment` leads to are read for their anchors; a cached result without them is stale.
        let anchorsWanted = Set(uses.filter { !excluded.contains($0.fetchedURL) && Self.checkableFragment(of: $0.url) != nil }.map(\.fetchedURL))
        for url in urls {
            if let cached = cache.fresh(url, now: now, settings: settings), !(anchorsWanted.contains(url) && cached.working && cached.anchors == nil) {
                outcomes[url] = cached
            } else {
                toCheck.append(url)
            }
        }
        report.fromCache = outcomes.count
        let total = toCheck.count
        var perURL: (@Sendable (Int) -> Void)?
        if let progress { perURL = { done in progress(done, total) } }
        var checked: [String: LinkOutcome] = [:]
        if !toCheck.isEmpty {
            let found: Result<LinkHelper, LinkHelper.Failure> = self.helper.map { .success($0) } ?? LinkHelper.locate()
            let helper = try found.get()
            let request = LinkProbeRequest(urls: toCheck, anchorsWanted: toCheck.filter(anchorsWanted.contains),
                                           settings: LinkProbeSettings(settings), userAgent: Self.userAgent,
                                           trustedCertificatesPEM: trustedCertificatesPEM)
            checked = try await helper.probe(request, answered: perURL).get()
        }
        for (url, outcome) in checked {
            outcomes[url] = outcome
            cache.outcomes[url] = outcome
        }
        // Rewritten when something was checked, or when results have run out (so the file only holds valid ones).
        let saveTime = Date().timeIntervalSince1970
        let expired = cache.outcomes.values.contains { saveTime - $0.checkedAt >= ($0.working ? settings.cacheGood : settings.cacheBroken) }
        do {
            if !checked.isEmpty || expired || cacheProblem != nil { try cache.save(siteFolder: siteFolder, now: saveTime, settings: settings) }
        } catch {
            report.diagnostics.append(.warning(.linkCacheUnreadable, "the link cache could not be written: \(error.localizedDescription)",
                                               at: SourceLocation(path: LinkCache.path), hint: "the next check checks every link again"))
        }
        var locator = LinkLocator(siteFolder: siteFolder)
        for use in uses {
            guard let outcome = outcomes[use.fetchedURL] else { continue }
            guard outcome.working else {
                let location = locator.locate(use.url, from: use.location)
                if locator.suppresses(.brokenLink, at: location) { continue }
                report.diagnostics.append(.warning(.brokenLink, "link '\(use.url)' is broken: \(outcome.problem ?? "no answer")", at: location,
                                                   hint: "fix or remove the link; if it works in a browser, list it under links: exclude or accept"))
                report.rows.append((use.url, outcome.statusText, outcome.problem ?? "", location))
                continue
            }
            if let movedTo = outcome.movedTo {
                let found = locator.find(use.url, from: use.location)
                let location = found ?? use.location
                if !locator.suppresses(.linkMoved, at: location) {
                    var moved = Diagnostic.warning(.linkMoved, "link '\(use.url)' has moved permanently to '\(movedTo)'", at: location,
                                                   hint: "link to \(movedTo)")
                    // The edit, where the URL itself was found: a fragment stays on the new address.
                    let fragment = use.url.firstIndex(of: "#").map { String(use.url[$0...]) } ?? ""
                    if found != nil { moved.fix = TextFix(replacing: use.url, with: movedTo + (movedTo.contains("#") ? "" : fragment)) }
                    report.diagnostics.append(moved)
                    report.rows.append((use.url, outcome.statusText, "moved to \(movedTo)", location))
                }
            }
            if let fragment = Self.checkableFragment(of: use.url), let anchors = outcome.anchors, anchors.isHTML,
               !Self.anchors(anchors.names, include: fragment, host: URL(string: use.url)?.host) {
                let location = locator.locate(use.url, from: use.location)
                if !locator.suppresses(.linkFragmentMissing, at: location) {
                    report.diagnostics.append(.warning(.linkFragmentMissing, "link '\(use.url)' leads to a page with no anchor '#\(fragment)'",
                                                       at: location, hint: "link to an id the page has, or to the page without '#\(fragment)'"))
                    report.rows.append((use.url, outcome.statusText, "no anchor #\(fragment)", location))
                }
            }
        }
        report.diagnostics = report.diagnostics.sortedUnique()
        return report
    }

    /// The `#fragment` of `url` when it names an anchor that can be looked for on the page: not empty, not a text
    /// fragment (`#:~:text=`), not an app's route (`#/path`, `#!path`).
    static func checkableFragment(of url: String) -> String? {
        guard let hash = url.firstIndex(of: "#") else { return nil }
        let fragment = String(url[url.index(after: hash)...])
        guard !fragment.isEmpty, !fragment.hasPrefix(":~:"), !fragment.hasPrefix("/"), !fragment.hasPrefix("!") else { return nil }
        return fragment
    }

    /// Whether a page with `names` has the anchor `fragment` (as written, or percent-decoded); on GitHub, also as the
    /// `user-content-` id its rendered Markdown has, or as a line of a file (`#L10-L20`), which its script finds.
    static func anchors(_ names: [String], include fragment: String, host: String?) -> Bool {
        let decoded = fragment.removingPercentEncoding ?? fragment
        if names.contains(fragment) || names.contains(decoded) { return true }
        guard let host = host?.lowercased(), host == "github.com" || host.hasSuffix(".github.com") else { return false }
        if names.contains("user-content-" + decoded.lowercased()) || names.contains("user-content-" + decoded) { return true }
        return decoded.wholeMatch(of: /L\d+(C\d+)?(-L\d+(C\d+)?)?/) != nil
    }

    /// A `broken-link` for each relative link that leads to no file of the built site (a folder counts when it has
    /// an `index.html`).
    func missingPages(_ lists: [IndexedList], outputPaths: Set<String>) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var locator = LinkLocator(siteFolder: siteFolder)
        for (use, base) in SiteLinks.relative(in: lists) {
            guard let path = SiteLinks.resolve(use.url, against: base) else { continue }
            let candidates = path.hasSuffix("/") || path.isEmpty ? [path + "index.html"] : [path, path + "/index.html"]
            guard !candidates.contains(where: outputPaths.contains) else { continue }
            let location = locator.locate(use.url, from: use.location)
            if locator.suppresses(.brokenLink, at: location) { continue }
            diagnostics.append(.warning(.brokenLink, "link '\(use.url)' leads to '\(path)', which the built site does not have", at: location,
                                        hint: "link to a page or a file of Static/, relative to the list's page (\(base)index.html)"))
        }
        return diagnostics
    }

    /// A Markdown table of the broken and moved links (URL, status, where), for the job's step summary.
    public static func stepSummary(_ report: Report, pathPrefix: String) -> String {
        var text = "### Links: \(report.urlCount) checked (\(report.fromCache) from the cache, \(report.excluded) excluded), \(report.rows.count) to fix\n"
        guard !report.rows.isEmpty else { return text }
        func cell(_ value: String) -> String {
            value.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "<", with: "&lt;")
        }
        text += "\n| URL | Status | Problem | Where |\n|---|---|---|---|\n"
        for row in report.rows.prefix(1_000) {
            text += "| \(cell(row.url)) | \(row.status) | \(cell(row.problem)) | `\(cell(pathPrefix + row.location.path))`:\(row.location.line):\(row.location.column) |\n"
        }
        if report.rows.count > 1_000 { text += "\n… and \(report.rows.count - 1_000) more, in the log.\n" }
        return text
    }
}

/// How `indexsite check --links` (and `build`, with `links: {check: true}`) checks the external links of a site:
/// the `links:` mapping of `indexsite.yml`. Every value has a default a CI run can live with, so the mapping is optional.
public struct LinkSettings: Sendable, Hashable {
    /// Whether `build` checks links too; `check --links` always does.
    public var checkOnBuild = false
    /// How long one request may take, in seconds, before it counts as timed out.
    public var timeout: Double = 20
    /// How many more times a request that timed out, failed to connect, or got a 5xx or 429 answer is tried.
    public var retries = 2
    /// The first wait before a retry, in seconds; each further retry waits twice as long.
    public var retryDelay: Double = 1
    /// The longest `Retry-After` honoured, in seconds; a server asking for longer is reported as rate limiting.
    public var maximumRetryAfter: Double = 60
    /// How many requests are open at once over all hosts.
    public var concurrency = 128
    /// How many requests are open at once to one host (its name and port), so no server is hammered.
    public var perHost = 4
    /// How long a working link's result is reused from the cache, in seconds (a day by default).
    public var cacheGood: Double = 86_400
    /// How long a broken link's result is reused from the cache, in seconds (never, by default: it is checked again).
    public var cacheBroken: Double = 0
    /// Regular expressions; a URL any of them matches is not checked.
    public var exclude: [String] = []
    /// Status codes counted as working besides 200–299 (a site that answers robots with 403, say).
    public var accept: Set<Int> = []
    /// Rules for single hosts, by host name: their own concurrency, accepted codes, or `exclude: true`.
    public var hosts: [String: HostRule] = [:]
    /// Where each key of the mapping was written, for diagnostics about it.
    public var location: SourceLocation?

    /// The defaults.
    public init() {}

    /// The settings of one host.
    public struct HostRule: Sendable, Hashable {
        /// How many requests are open at once to this host, over `perHost`.
        public var perHost: Int?
        /// Status codes counted as working on this host, besides the site-wide ones.
        public var accept: Set<Int> = []
        /// Do not check links to this host at all.
        public var exclude = false

        public init(perHost: Int? = nil, accept: Set<Int> = [], exclude: Bool = false) {
            self.perHost = perHost
            self.accept = accept
            self.exclude = exclude
        }
    }
}

import Foundation

/// What `indexsite` and its network helper `indexsite-links` say to each other: `indexsite` writes one
/// `LinkProbeRequest` (JSON) to the helper's standard input and closes it; the helper answers one `LinkProbeReply`
/// per URL, a JSON document on a line of its own, in the order the URLs finish. Everything else of a link check
/// (finding the links, the cache, exclusions, where each link is written, the diagnostics) stays in `indexsite`, so
/// the seam carries only what needs the network, and `indexsite` links no HTTP client (see docs/ARCHITECTURE.md).
public enum LinkProbe {
    /// The version of these messages; each side refuses another, so a helper from another release is named, not misread.
    public static let version = 1
    /// The helper's file name, beside `indexsite` in the release tarball and wherever `make install` puts it.
    public static let helperName = "indexsite-links"
    /// The environment variable that names the helper's path, over the places it is looked for.
    public static let helperVariable = "INDEXSITE_LINKS_HELPER"
}

/// The URLs to probe and how: the network half of the site's `links:` settings, the user agent, and trusted test
/// certificates.
public struct LinkProbeRequest: Codable, Sendable, Equatable {
    /// `LinkProbe.version` of the sender.
    public var version: Int
    /// The URLs to check, each once, without fragments.
    public var urls: [String]
    /// Those of `urls` that links with a `#fragment` lead to: their pages are read (GET, even when HEAD said they are
    /// there) and their anchors brought back in `LinkOutcome.anchors`.
    public var anchorsWanted: [String]
    /// Timeouts, retries and limits.
    public var settings: LinkProbeSettings
    /// Sent with every request, so a site's owner can tell what visits it.
    public var userAgent: String
    /// Certificates (PEM) trusted besides the system's, for tests against a local server with a self-signed
    /// certificate; not a setting a site can make.
    public var trustedCertificatesPEM: [String]

    public init(urls: [String], anchorsWanted: [String] = [], settings: LinkProbeSettings, userAgent: String, trustedCertificatesPEM: [String] = [],
                version: Int = LinkProbe.version) {
        self.version = version
        self.urls = urls
        self.anchorsWanted = anchorsWanted
        self.settings = settings
        self.userAgent = userAgent
        self.trustedCertificatesPEM = trustedCertificatesPEM
    }
}

/// How the helper asks: the parts of `links:` that the network side needs (the rest, such as `exclude` and the cache's
/// validity, are `indexsite`'s).
public struct LinkProbeSettings: Codable, Sendable, Equatable {
    /// Seconds one request may take before it counts as timed out.
    public var timeout: Double
    /// How many more times a request that timed out, failed to connect, or got a 5xx or 429 answer is tried.
    public var retries: Int
    /// The first wait before a retry, in seconds; each further retry waits twice as long.
    public var retryDelay: Double
    /// The longest `Retry-After` honoured, in seconds.
    public var maximumRetryAfter: Double
    /// How many requests are open at once over all hosts.
    public var concurrency: Int
    /// How many requests are open at once to one host (its name and port).
    public var perHost: Int
    /// Status codes counted as working besides 200–299.
    public var accept: Set<Int>
    /// Rules for single hosts, by lower-case host name.
    public var hosts: [String: Host]

    /// Every value given: the defaults are the `links:` settings' (`LinkSettings`), which the check always starts from.
    public init(timeout: Double, retries: Int, retryDelay: Double, maximumRetryAfter: Double, concurrency: Int, perHost: Int,
                accept: Set<Int>, hosts: [String: Host]) {
        (self.timeout, self.retries, self.retryDelay, self.maximumRetryAfter) = (timeout, retries, retryDelay, maximumRetryAfter)
        (self.concurrency, self.perHost, self.accept, self.hosts) = (concurrency, perHost, accept, hosts)
    }

    /// The rule of one host.
    public struct Host: Codable, Sendable, Equatable {
        /// How many requests are open at once to this host, over `perHost`.
        public var perHost: Int?
        /// Status codes counted as working on this host, besides the site-wide ones.
        public var accept: Set<Int>

        public init(perHost: Int? = nil, accept: Set<Int> = []) {
            self.perHost = perHost
            self.accept = accept
        }
    }
}

/// One line of the helper's answer: what one URL came to.
public struct LinkProbeReply: Codable, Sendable, Equatable {
    /// The URL as the request had it.
    public var url: String
    /// What checking it found.
    public var outcome: LinkOutcome

    public init(url: String, outcome: LinkOutcome) {
        self.url = url
        self.outcome = outcome
    }
}

import Foundation

/// What checking one URL found: whether it works, its last status, and for a link that moved for good, where to.
public struct LinkOutcome: Sendable, Hashable, Codable {
    /// True when the URL (after redirects) answered with an accepted status.
    public var working: Bool
    /// The last HTTP status seen, nil when no answer came (timeout, reset, unknown host).
    public var status: Int?
    /// The URL a permanent redirect (301 or 308) in the chain leads to, when the chain ends at a working page: the fix.
    public var movedTo: String?
    /// Why the link is broken ("404 Not Found", "timed out after 20 s", "redirect loop"); nil for a working link.
    public var problem: String?
    /// When it was checked, in seconds since 1970, for the cache's validity.
    public var checkedAt: Double

    public init(working: Bool, status: Int?, movedTo: String? = nil, problem: String? = nil, checkedAt: Double) {
        self.working = working
        self.status = status
        self.movedTo = movedTo
        self.problem = problem
        self.checkedAt = checkedAt
    }

    /// "404", "timeout" and so on, for the step summary's status column.
    public var statusText: String { status.map(String.init) ?? "—" }
}

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
    /// The page's anchors, read when a link to it has a `#fragment` (nil when none was asked for).
    public var anchors: PageAnchors?
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

/// The `id` and `name` values of a working page, which a link's `#fragment` must name to land somewhere.
public struct PageAnchors: Sendable, Hashable, Codable {
    /// False when the page is not HTML (a PDF, an image): its fragments mean something else, and are not checked.
    public var isHTML: Bool
    /// Each `id` and `name` value of the page's elements, once, in order.
    public var names: [String]

    public init(isHTML: Bool, names: [String]) {
        self.isHTML = isHTML
        self.names = names
    }
}

/// Decides which links from content may become live links: http, https, mailto and relative URLs.
/// Anything else (`javascript:`, `data:`, `vbscript:`, `file:`) is dropped, however it is disguised.
enum URLPolicy {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The URL as it may appear in an `href`, or nil when its scheme is not allowed.
    static func safeHref(_ raw: String) -> String? {
        // The common case, checked over bytes: an absolute http(s) URL with nothing odd in it.
        let utf8 = raw.utf8
        if (utf8.starts(with: "https://".utf8) || utf8.starts(with: "http://".utf8)), utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            return raw
        }
        // Browsers ignore ASCII white space and control characters inside a scheme ("java\tscript:").
        let cleaned = String(String.UnicodeScalarView(raw.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }))
        guard !cleaned.isEmpty else { return nil }
        var scheme = ""
        for character in cleaned {
            if character == ":" {
                return allowedSchemes.contains(scheme.lowercased()) ? raw.trimmingSpaces : nil
            }
            if character == "/" || character == "?" || character == "#" { break }
            scheme.append(character)
        }
        // No scheme: a relative URL, a path or a fragment.
        return raw.trimmingSpaces
    }
}

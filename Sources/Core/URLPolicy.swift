/// Decides which links from content may become live links: http, https, mailto and relative URLs.
/// Anything else (`javascript:`, `data:`, `vbscript:`, `file:`) is dropped, however it is disguised.
public enum URLPolicy {
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The URL as it may appear in an `href`, or nil when its scheme is not allowed.
    /// The scheme is read the way a browser reads it (`scheme(of:)`), from the very string that is returned, and
    /// also the way a laxer reader might (`looseScheme(of:)`): either one outside the allowed schemes refuses the URL.
    public static func safeHref(_ raw: String) -> String? {
        if isPlainHTTP(raw.utf8.span) { return raw }
        let href = raw.trimmingSpaces
        guard !href.isEmpty else { return nil }
        for scheme in [scheme(of: href), looseScheme(of: href)] {
            if let scheme, !allowedSchemes.contains(scheme) { return nil }
        }
        return href  // an allowed scheme, or none: a relative URL, a path or a fragment
    }

    /// Hands `body` the href of the UTF-8 link `bytes` as `safeHref` makes it: the bytes themselves for a plain
    /// http(s) URL (no String made: this runs for every entry's link), nothing for no link. False when the link is
    /// refused, which the caller reports; the one check behind a page's links, `entries.json` and the warnings.
    @inlinable @discardableResult
    public static func withSafeHref(_ bytes: Span<UInt8>, _ body: (Span<UInt8>) -> Void) -> Bool {
        if bytes.isEmpty { return true }
        if isPlainHTTP(bytes) {
            body(bytes)
            return true
        }
        guard let safe = safeHref(String(decodingUTF8: bytes)) else { return false }
        body(safe.utf8.span)
        return true
    }

    /// True for the common case, checked over bytes: an absolute http(s) URL with nothing odd in it, safe as it is.
    @inlinable
    public static func isPlainHTTP(_ bytes: Span<UInt8>) -> Bool {
        guard startsWithHTTP(bytes) else { return false }
        for index in bytes.indices where bytes[index] <= 0x20 || bytes[index] >= 0x7F { return false }
        return true
    }

    /// True when `bytes` start with `http://` or `https://`, compared byte by byte: it runs twice per entry, and the
    /// generic `starts(with:)` cost more than all the rest of `safeHref`.
    @inlinable
    static func startsWithHTTP(_ bytes: Span<UInt8>) -> Bool {
        guard bytes.count >= 7, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"), bytes[2] == UInt8(ascii: "t"),
              bytes[3] == UInt8(ascii: "p") else { return false }
        let colon = bytes[4] == UInt8(ascii: "s") ? 5 : 4
        return bytes.count >= colon + 3 && bytes[colon] == UInt8(ascii: ":") && bytes[colon + 1] == UInt8(ascii: "/")
            && bytes[colon + 2] == UInt8(ascii: "/")
    }

    /// The scheme once every control character, space and DEL is removed, wherever it stands (`java\u{0}script:`,
    /// `javascript\u{7F}:`). Browsers keep those and read such URLs as relative, but older browsers and other
    /// readers of the page (feed readers, mail clients) have dropped them; refusing them costs no real link.
    static func looseScheme(of url: String) -> String? {
        guard url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return scheme(of: url) }
        return scheme(of: String(decoding: url.utf8.filter { $0 > 0x20 && $0 != 0x7F }, as: UTF8.self))
    }

    /// The scheme a browser finds in `url`, lowercased, or nil when the URL has none (it is then relative).
    /// Follows the WHATWG URL parser over bytes, not Characters (a colon followed by a combining mark is still a
    /// colon): leading and trailing C0 controls and spaces are ignored, tabs and line breaks anywhere are ignored,
    /// and the scheme is an ASCII letter followed by letters, digits, `+`, `-` or `.`, up to the first `:`.
    public static func scheme(of url: String) -> String? {
        let bytes = Array(url.utf8)
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        var scheme: [UInt8] = []
        for byte in bytes[start..<end] {
            switch byte {
            case 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: ":"):
                return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                scheme.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                scheme.append(byte)
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard !scheme.isEmpty else { return nil }  // a scheme starts with a letter
                scheme.append(byte)
            default:
                return nil
            }
        }
        return nil  // no colon: relative
    }
}

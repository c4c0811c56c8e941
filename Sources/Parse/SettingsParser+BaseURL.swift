import Yams
import IndexSiteCore

extension SettingsParser.Reader {
    /// `base_url`, which goes into every page's canonical link, og:url, 404.html links and sitemap.xml: it must be an
    /// absolute http(s) URL (a `javascript:` or relative value there would be a live script link or a broken site).
    /// Returns the URL ending in `/`, or nil after reporting the problem at the value.
    mutating func baseURL(_ node: Node, _ key: String, _ block: YAMLBlock) -> String? {
        guard let raw = string(node, key, block) else { return nil }
        let at = block.location(of: node)
        let hint = "write the address the site is published at, such as https://example.org/my-index/"
        if let bad = raw.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control
                                                        || "\"<>`\\".unicodeScalars.contains($0) }) {
            error(.badSettingValue, "'\(key)' must be an absolute http or https URL; it contains \(bad.escaped(asASCII: true).debugDescription)", at: at, hint: hint)
            return nil
        }
        let scheme = URLPolicy.scheme(of: raw)
        let rest = raw.drop { $0 != ":" }.dropFirst()
        guard scheme == "http" || scheme == "https", rest.hasPrefix("//"), let host = rest.dropFirst(2).first, host != "/" else {
            error(.badSettingValue, "'\(key)' must be an absolute http or https URL, not '\(raw)'", at: at, hint: hint)
            return nil
        }
        return raw.hasSuffix("/") ? raw : raw + "/"
    }
}

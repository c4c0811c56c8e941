import Yams
import IndexSiteCore

extension SettingsParser {
    /// Checks a base URL given as `base_url` or on the command line (`--base-url`): it goes into every page's canonical
    /// link, og:url, 404.html links and sitemap.xml, so it must be an absolute http(s) URL (a `javascript:` or relative
    /// value there would be a live script link or a broken site). Returns the URL ending in `/`, or what is wrong.
    public static func baseURL(_ raw: String, name key: String) -> Result<String, BaseURLProblem> {
        if let bad = raw.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control
                                                        || "\"<>`\\".unicodeScalars.contains($0) }) {
            return .failure(BaseURLProblem(message: "'\(key)' must be an absolute http or https URL; it contains \(bad.escaped(asASCII: true).debugDescription)"))
        }
        let scheme = URLPolicy.scheme(of: raw)
        let rest = raw.drop { $0 != ":" }.dropFirst()
        guard scheme == "http" || scheme == "https", rest.hasPrefix("//"), let host = rest.dropFirst(2).first, host != "/" else {
            return .failure(BaseURLProblem(message: "'\(key)' must be an absolute http or https URL, not '\(raw)'"))
        }
        return .success(raw.hasSuffix("/") ? raw : raw + "/")
    }

    /// Why a base URL was refused, in one sentence, with the fix beside it.
    public struct BaseURLProblem: Error, Sendable, Equatable {
        public var message: String
        public var hint: String { "write the address the site is published at, such as https://example.org/my-index/" }
    }
}

extension SettingsParser.Reader {
    /// `base_url`: returns the URL ending in `/`, or nil after reporting the problem at the value.
    mutating func baseURL(_ node: Node, _ key: String, _ block: YAMLBlock) -> String? {
        guard let raw = string(node, key, block) else { return nil }
        switch SettingsParser.baseURL(raw, name: key) {
        case .success(let url):
            return url
        case .failure(let problem):
            error(.badSettingValue, problem.message, at: block.location(of: node), hint: problem.hint)
            return nil
        }
    }

    /// `edit_url`: an absolute http(s) address with `{path}` in it, where each page's source path goes.
    mutating func editURL(_ node: Node, _ key: String, _ block: YAMLBlock) -> String? {
        guard let raw = string(node, key, block) else { return nil }
        guard raw.contains("{path}") else {
            error(.badSettingValue, "'\(key)' must say where the source's path goes with {path}, as in https://github.com/me/site/edit/main/{path}",
                  at: block.location(of: node))
            return nil
        }
        if case .failure(let problem) = SettingsParser.baseURL(raw.replacing("{path}", with: "x"), name: key) {
            error(.badSettingValue, problem.message, at: block.location(of: node), hint: "write the address of your repository's edit page, such as https://github.com/me/site/edit/main/{path}")
            return nil
        }
        return raw
    }
}

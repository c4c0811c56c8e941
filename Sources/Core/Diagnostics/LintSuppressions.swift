/// The lint findings a Markdown file turns off with comments: `<!-- indexsite-lint-disable-next-line rule -->` for
/// the next line, `<!-- indexsite-lint-disable rule -->` until `<!-- indexsite-lint-enable rule -->` (no rule names:
/// every rule). awesome-lint's own comments (`<!--lint disable awesome-toc-->`, `<!--lint ignore double-link-->`) work
/// too, for the rules that match one of its, so a list already annotated for it needs no new comments.
public struct LintSuppressions: Sendable {
    /// One comment: where it ends, what it does, and to which codes (empty: all).
    struct Switch {
        enum Kind { case disable, enable, nextLine }
        var line: Int
        var kind: Kind
        var codes: Set<String>
    }

    private var switches: [Switch] = []

    /// The codes awesome-lint's rule names stand for.
    static let awesomeLintNames: [String: [String]] = [
        "awesome-list-item": ["awesome-separator", "awesome-description-case", "awesome-description-punctuation"],
        "awesome-toc": ["awesome-toc"],
        "awesome-badge": ["awesome-badge"],
        "awesome-license": ["awesome-license-section"],
        "awesome-contributing": ["awesome-contributing"],
        "double-link": ["awesome-duplicate-link"],
    ]

    /// The comments of `text` (a whole file, lines counted from 1).
    public init(text: String) {
        guard text.contains("lint") else { return }
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains("<!--") else { continue }
            for match in line.matches(of: /<!--\s*(indexsite-lint-disable-next-line|indexsite-lint-disable|indexsite-lint-enable|lint\s+(?:disable|enable|ignore))\b([^>]*?)\s*-->/) {
                let directive = match.output.1.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                var names = match.output.2.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                let kind: Switch.Kind
                switch directive {
                case "indexsite-lint-disable-next-line", "lint ignore": kind = .nextLine
                case "indexsite-lint-disable", "lint disable": kind = .disable
                default: kind = .enable
                }
                if directive.hasPrefix("lint ") {
                    // awesome-lint's names: only those with an IndexSite rule count, and its comments always name rules.
                    names = names.flatMap { Self.awesomeLintNames[$0] ?? [] }
                    if names.isEmpty { continue }
                }
                switches.append(Switch(line: lineNumber, kind: kind, codes: Set(names)))
            }
        }
    }

    /// Whether the file has no such comments.
    public var isEmpty: Bool { switches.isEmpty }

    /// Whether a finding of `code` on `line` is turned off.
    public func suppresses(_ code: String, line: Int) -> Bool {
        var disabledAll = false
        var disabled: Set<String> = []
        // A comment on the finding's own line counts too: file-wide findings stand on line 1, where a comment can be.
        for item in switches {
            if item.line > line { break }
            switch item.kind {
            case .nextLine:
                if item.line == line - 1, item.codes.isEmpty || item.codes.contains(code) { return true }
            case .disable:
                if item.codes.isEmpty { disabledAll = true } else { disabled.formUnion(item.codes) }
            case .enable:
                if item.codes.isEmpty { disabledAll = false; disabled = [] } else { disabled.subtract(item.codes) }
            }
        }
        return (disabledAll && !enabledAfterAll(code, line: line)) || disabled.contains(code)
    }

    /// After `disable` of all rules, an `enable rule` turns that one rule back on.
    private func enabledAfterAll(_ code: String, line: Int) -> Bool {
        var enabled = false
        for item in switches where item.line <= line {
            if item.kind == .disable, item.codes.isEmpty { enabled = false }
            if item.kind == .enable, item.codes.contains(code) { enabled = true }
            if item.kind == .disable, item.codes.contains(code) { enabled = false }
        }
        return enabled
    }

    /// `diagnostics` without those the comments turn off (only those in `path`).
    public func filter(_ diagnostics: [Diagnostic], path: String) -> [Diagnostic] {
        guard !isEmpty else { return diagnostics }
        return diagnostics.filter { $0.location.path != path || !suppresses($0.code.rawValue, line: $0.location.line) }
    }
}

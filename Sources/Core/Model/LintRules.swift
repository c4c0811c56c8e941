/// How severe a lint rule's findings are, or whether it runs at all: set per rule under `lint:`.
public enum RuleSeverity: String, Sendable, Hashable, CaseIterable {
    case off, warning, error
}

/// One check of `lint: awesome`: its name (the diagnostic code it reports), why it exists, and how severe it is
/// unless `lint:` says otherwise. The README's table of rules is made from these.
public enum LintRule: String, Sendable, Hashable, CaseIterable {
    case separator = "awesome-separator"
    case descriptionCase = "awesome-description-case"
    case descriptionPunctuation = "awesome-description-punctuation"
    case duplicateLink = "awesome-duplicate-link"
    case toc = "awesome-toc"
    case badge = "awesome-badge"
    case licenseSection = "awesome-license-section"
    case contributing = "awesome-contributing"
    case deadAnchor = "awesome-dead-anchor"
    case emptySection = "awesome-empty-section"
    case order = "awesome-order"
    case noDescription = "awesome-no-description"

    /// The diagnostic code the rule reports under.
    public var code: DiagnosticCode { DiagnosticCode(rawValue: rawValue)! }

    /// The severity the rule has when `lint:` does not set one.
    public var defaultSeverity: RuleSeverity {
        switch self {
        // awesome-lint allows an item without a description; ordering is asked for with `sorted: true`.
        case .noDescription: .off
        default: .warning
        }
    }

    /// Why the rule exists, in one sentence (the README's table).
    public var reason: String {
        switch self {
        case .separator: "an item's link and its description are separated by ` - ` (not a colon, an en or em dash, or odd spaces), so every item reads the same"
        case .descriptionCase: "a description starts with a capital (or a camelCase name, a digit, a quote, a symbol): it is a sentence"
        case .descriptionPunctuation: "a description ends with `.`, `!`, `?` or `…` (a closing parenthesis or emoji after punctuation will do): it is a sentence"
        case .duplicateLink: "a link listed twice under one heading is a duplicate (under several headings it is cross-listed)"
        case .toc: "a `## Contents` list names every `##` heading after it, in order, with the heading's text and GitHub's anchor (and `###` under it one level down)"
        case .badge: "a list that opens with a `#` heading carries the Awesome badge beside it, linking to awesome.re"
        case .licenseSection: "the licence belongs in a LICENSE file, not a section of the list"
        case .contributing: "a `contributing.md` (beside the list, in the site folder or its `.github/`) tells people how to add items; it must not be empty"
        case .deadAnchor: "a `#anchor` link that matches no heading or HTML anchor of the file lands nowhere"
        case .emptySection: "a heading with nothing under it before the next heading of its level is a placeholder"
        case .order: "with `sorted: true`, items stand in alphabetical order within each section and nested list"
        case .noDescription: "a linked item says what it is after its link (awesome-lint allows none, so this is off unless asked for)"
        }
    }
}

/// The `lint:` settings beyond the style: per-rule severities and whether the list says it is sorted.
public struct LintRules: Sendable, Hashable {
    /// Severities set in `lint:`, over each rule's default.
    public var severities: [LintRule: RuleSeverity] = [:]
    /// Whether the list declares its items alphabetical (`sorted: true`), which turns on `awesome-order`.
    public var sorted = false

    public init() {}

    /// The severity `rule` reports with, `.off` when it does not run.
    public func severity(of rule: LintRule) -> RuleSeverity {
        if let set = severities[rule] { return set }
        if rule == .order { return sorted ? .warning : .off }
        return rule.defaultSeverity
    }
}

/// What Load found of a list's `contributing.md`, for `awesome-contributing`.
public enum ContributingGuide: Sendable, Hashable {
    case missing, empty, present
}

import Foundation
import Yams
import IndexSiteCore

extension SettingsParser.Reader {
    /// Every key of `links:`; any other is an `unknown-setting` error.
    static let linkKeys = ["check", "timeout", "retries", "retry_delay", "max_retry_after", "concurrency", "per_host",
                           "cache_good", "cache_broken", "exclude", "accept", "hosts"]
    /// Every key of one host's rule under `links: hosts:`.
    static let hostRuleKeys = ["per_host", "accept", "exclude"]

    /// Reads the `links:` mapping of `indexsite.yml` into `links`, each bad value reported where it stands.
    mutating func links(_ node: Node, _ block: YAMLBlock, into links: inout LinkSettings) {
        links.location = block.location(of: node)
        guard case .mapping(let mapping) = node else {
            error(.badSettingValue, "'links' must be a mapping of link-check settings (links: {check: true})", at: block.location(of: node))
            return
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "check": links.checkOnBuild = bool(value, "links.check", block) ?? links.checkOnBuild
            case "timeout": links.timeout = seconds(value, "links.timeout", block, allowZero: false) ?? links.timeout
            case "retry_delay": links.retryDelay = seconds(value, "links.retry_delay", block, allowZero: true) ?? links.retryDelay
            case "max_retry_after": links.maximumRetryAfter = seconds(value, "links.max_retry_after", block, allowZero: true) ?? links.maximumRetryAfter
            case "cache_good": links.cacheGood = seconds(value, "links.cache_good", block, allowZero: true) ?? links.cacheGood
            case "cache_broken": links.cacheBroken = seconds(value, "links.cache_broken", block, allowZero: true) ?? links.cacheBroken
            case "retries": links.retries = count(value, "links.retries", block, minimum: 0) ?? links.retries
            case "concurrency": links.concurrency = count(value, "links.concurrency", block, minimum: 1) ?? links.concurrency
            case "per_host": links.perHost = count(value, "links.per_host", block, minimum: 1) ?? links.perHost
            case "exclude":
                for pattern in strings(value, "links.exclude", block) ?? [] {
                    guard (try? Regex(pattern)) != nil else {
                        error(.badSettingValue, "'links.exclude' pattern '\(pattern)' is not a regular expression", at: block.location(of: value),
                              hint: "escape the dots of a host: 'example\\.com/'")
                        continue
                    }
                    links.exclude.append(pattern)
                }
            case "accept": links.accept = statusCodes(value, "links.accept", block) ?? links.accept
            case "hosts":
                guard case .mapping(let hosts) = value else {
                    error(.badSettingValue, "'links.hosts' must map host names to rules (hosts: {example.org: {per_host: 1}})", at: block.location(of: value))
                    continue
                }
                for (hostNode, ruleNode) in hosts {
                    guard let host = hostNode.string?.lowercased(), case .mapping(let ruleMapping) = ruleNode else {
                        error(.badSettingValue, "each host under 'links.hosts' needs a mapping of per_host, accept or exclude", at: block.location(of: ruleNode))
                        continue
                    }
                    var rule = LinkSettings.HostRule()
                    for (ruleKeyNode, ruleValue) in ruleMapping {
                        switch ruleKeyNode.string ?? "" {
                        case "per_host": rule.perHost = count(ruleValue, "per_host", block, minimum: 1)
                        case "accept": rule.accept = statusCodes(ruleValue, "accept", block) ?? []
                        case "exclude": rule.exclude = bool(ruleValue, "exclude", block) ?? false
                        case let other: unknownKey(other, at: block.location(of: ruleKeyNode), known: Self.hostRuleKeys)
                        }
                    }
                    links.hosts[host] = rule
                }
            default:
                unknownKey(key, at: block.location(of: keyNode), known: Self.linkKeys)
            }
        }
    }

    /// A duration: a number of seconds, or a number with `s`, `m`, `h` or `d` (`1d`, `12h`, `0.5s`).
    mutating func seconds(_ node: Node, _ key: String, _ block: YAMLBlock, allowZero: Bool) -> Double? {
        guard let text = string(node, key, block) else { return nil }
        if let value = SettingsParser.duration(text), value > 0 || (allowZero && value == 0) { return value }
        error(.badSettingValue, "'\(key)' must be a duration such as 30, 30s, 10m, 12h or 1d\(allowZero ? "" : " above 0"), not '\(text)'",
              at: block.location(of: node))
        return nil
    }

    /// A whole number at least `minimum`.
    mutating func count(_ node: Node, _ key: String, _ block: YAMLBlock, minimum: Int) -> Int? {
        guard let text = string(node, key, block) else { return nil }
        if let value = Int(text), value >= minimum { return value }
        error(.badSettingValue, "'\(key)' must be a whole number of at least \(minimum), not '\(text)'", at: block.location(of: node))
        return nil
    }

    /// HTTP status codes, each a number (`403`) or a range (`200-299`).
    mutating func statusCodes(_ node: Node, _ key: String, _ block: YAMLBlock) -> Set<Int>? {
        guard let texts = strings(node, key, block) else { return nil }
        var codes: Set<Int> = []
        for text in texts {
            let bounds = text.split(separator: "-", maxSplits: 1).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, (100...599).contains(low), (low...599).contains(high) else {
                error(.badSettingValue, "'\(key)' must list HTTP status codes such as 403 or 200-299, not '\(text)'", at: block.location(of: node))
                return nil
            }
            codes.formUnion(low...high)
        }
        return codes
    }
}

extension SettingsParser {
    /// Seconds in `30`, `30s`, `10m`, `12h` or `1d`; nil for anything else.
    public static func duration(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        if let last = trimmed.last, let unit = units[last] {
            guard let number = Double(trimmed.dropLast()), number >= 0, number.isFinite else { return nil }
            return number * unit
        }
        guard let number = Double(trimmed), number >= 0, number.isFinite else { return nil }
        return number
    }
}

extension SettingsParser.Reader {
    /// `lint: awesome` or `lint: none`, or a mapping that turns the awesome rules on and sets them: `sorted: true`
    /// and rule names with `off`, `warning` or `error`.
    mutating func lint(_ node: Node, _ block: YAMLBlock, into list: inout ListSettings) {
        guard case .mapping(let mapping) = node else {
            list.lint = choice(node, "lint", block) ?? list.lint
            return
        }
        list.lint = .awesome
        let known = ["sorted"] + LintRule.allCases.map(\.rawValue)
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if key == "sorted" {
                list.lintRules.sorted = bool(value, "lint.sorted", block) ?? list.lintRules.sorted
            } else if let rule = LintRule(rawValue: key) {
                // YAML reads a bare `off` as false.
                let text = value.string?.lowercased()
                switch text {
                case "off", "false", "no": list.lintRules.severities[rule] = .off
                case "warning", "warn", "on", "true", "yes": list.lintRules.severities[rule] = .warning
                case "error": list.lintRules.severities[rule] = .error
                default:
                    error(.badSettingValue, "'lint.\(key)' must be off, warning or error, not '\(value.string ?? "a list")'", at: block.location(of: value))
                }
            } else {
                unknownKey(key, at: block.location(of: keyNode), known: known)
            }
        }
    }
}

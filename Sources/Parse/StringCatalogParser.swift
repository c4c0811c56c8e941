import Yams
import IndexSiteCore

/// Reads a catalog of page words (`<locale>.yml`, or one locale's map under `strings:` in `indexsite.yml`):
/// keys to texts, plural keys to a map of CLDR categories. Unknown keys and categories are warnings at their line,
/// so a typo never silently leaves the English text in place.
package enum StringCatalogParser {
    package static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// Parses a catalog file.
    package static func parse(_ file: SourceFile) -> (StringCatalog, [Diagnostic]) {
        var catalog = StringCatalog(location: file.location(line: 1))
        guard let text = String(validating: file.bytes, as: UTF8.self) else {
            return (catalog, [.error(.invalidUTF8, "the string catalog is not valid UTF-8", at: file.location(line: 1))])
        }
        let (block, diagnostics) = YAMLReader.compose(text, path: file.path, lineOffset: 0)
        guard let block else { return (catalog, diagnostics) }
        let (parsed, more) = catalogFrom(block.node, block: block)
        catalog = parsed
        return (catalog, diagnostics + more)
    }

    /// Reads a mapping node of keys to texts.
    package static func catalogFrom(_ node: Node, block: YAMLBlock) -> (StringCatalog, [Diagnostic]) {
        var catalog = StringCatalog(location: block.location(of: node))
        var diagnostics: [Diagnostic] = []
        guard case .mapping(let mapping) = node else {
            return (catalog, [.error(.badSettingValue, "a string catalog must be a mapping of keys to texts", at: block.location(of: node))])
        }
        let known = UIStringKey.allCases.map(\.rawValue)
        for (keyNode, value) in mapping {
            let name = keyNode.string ?? ""
            guard let key = UIStringKey(rawValue: name) else {
                let hint = closestName(to: name, among: known, maximumEdits: 3).map { "did you mean '\($0)'?" }
                diagnostics.append(.warning(.unknownStringKey, "unknown string key '\(name)'", at: block.location(of: keyNode),
                                            hint: hint ?? "known keys: \(known.joined(separator: ", "))"))
                continue
            }
            catalog.locations[key] = block.location(of: value)
            switch value {
            case .scalar(let scalar):
                catalog.values[key] = key.isPlural ? .plural(["other": scalar.string]) : .text(scalar.string)
            case .mapping(let forms) where key.isPlural:
                var texts: [String: String] = [:]
                for (categoryNode, text) in forms {
                    let category = categoryNode.string ?? ""
                    guard categories.contains(category) else {
                        diagnostics.append(.warning(.unknownStringKey, "'\(category)' is not a plural category", at: block.location(of: categoryNode),
                                                    hint: "use zero, one, two, few, many or other"))
                        continue
                    }
                    guard case .scalar(let scalar) = text else {
                        diagnostics.append(.error(.badSettingValue, "'\(name).\(category)' must be a text", at: block.location(of: text)))
                        continue
                    }
                    texts[category] = scalar.string
                }
                catalog.values[key] = .plural(texts)
            default:
                diagnostics.append(.error(.badSettingValue,
                                          key.isPlural ? "'\(name)' must be a text or a map of plural categories to texts" : "'\(name)' must be a text",
                                          at: block.location(of: value)))
            }
        }
        return (catalog, diagnostics)
    }
}

import Yams
import IndexSiteCore

/// Reads `indexsite.yml` and list front matter into settings, reporting unknown keys and bad values where they stand.
/// A typo must never be silently ignored, so every key is checked against the known ones.
public enum SettingsParser {
    /// Every key `indexsite.yml` accepts at its top level; any other key is an `unknown-setting` error.
    public static let siteKeys: [String] = SiteSettingKey.allCases.map(\.rawValue)
    /// Every key a list accepts, under `lists:` or in a Markdown list's front matter (where `source` is not allowed).
    public static let listKeys: [String] = ListSettingKey.allCases.map(\.rawValue)

    /// Parses the site configuration file.
    public static func parseSite(_ file: SourceFile) -> (SiteSettings, [Diagnostic]) {
        var settings = SiteSettings()
        guard let text = String(validating: file.bytes, as: UTF8.self) else {
            return (settings, [.error(.invalidUTF8, "the configuration is not valid UTF-8", at: file.location(line: 1))])
        }
        let (block, yamlDiagnostics) = YAMLReader.compose(text, path: file.path, lineOffset: 0)
        var reader = Reader(diagnostics: yamlDiagnostics)
        guard let block else { return (settings, reader.diagnostics) }
        guard case .mapping(let mapping) = block.node else {
            reader.error(.badSettingValue, "the configuration must be a mapping of settings (key: value)", at: block.location(of: block.node))
            return (settings, reader.diagnostics)
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard let setting = SiteSettingKey(rawValue: key) else {
                reader.unknownKey(key, at: block.location(of: keyNode), known: siteKeys)
                continue
            }
            settings.locations[setting] = block.location(of: value)
            switch setting {
            case .title: settings.title = reader.string(value, key, block) ?? settings.title
            case .description: settings.description = reader.string(value, key, block)
            case .baseURL: settings.baseURL = reader.baseURL(value, key, block)
            case .locale: settings.locale = reader.locale(value, key, block) ?? settings.locale
            case .indexLocales: settings.indexLocales = reader.strings(value, key, block) ?? []
            case .catchAllLabel: settings.catchAllLabel = reader.string(value, key, block) ?? settings.catchAllLabel
            case .catchAllPosition: settings.catchAllPosition = reader.choice(value, key, block) ?? settings.catchAllPosition
            case .allowUnsafeHTML: settings.allowUnsafeHTML = reader.bool(value, key, block) ?? false
            case .newFor: settings.newFor = reader.period(value, key, block)
            case .footer: settings.footer = reader.string(value, key, block)
            case .editURL: settings.editURL = reader.editURL(value, key, block)
            case .lists: break
            case .links: reader.links(value, block, into: &settings.links)
            case .strings:
                guard case .mapping(let locales) = value else {
                    reader.error(.badSettingValue, "'strings' must map locales to their page words (strings: {de: {details: Mehr}})", at: block.location(of: value))
                    continue
                }
                for (localeNode, catalogNode) in locales {
                    guard let locale = reader.locale(localeNode, "strings", block) else { continue }
                    let (catalog, found) = StringCatalogParser.catalogFrom(catalogNode, block: block)
                    reader.diagnostics += found
                    settings.strings[locale] = settings.strings[locale].map { $0.overridden(by: catalog) } ?? catalog
                }
            }
        }
        if let listsNode = mapping["lists"] {
            guard case .sequence(let items) = listsNode else {
                reader.error(.badSettingValue, "'lists' must be a list of list settings", at: block.location(of: listsNode))
                return (settings, reader.diagnostics)
            }
            for item in items {
                guard case .mapping(let listMapping) = item else {
                    reader.error(.badSettingValue, "each item of 'lists' must be a mapping with at least 'source'", at: block.location(of: item))
                    continue
                }
                guard let sourceNode = listMapping["source"], let source = reader.string(sourceNode, "source", block) else {
                    reader.error(.badSettingValue, "a list needs a 'source': a file or folder inside Content/", at: block.location(of: item))
                    continue
                }
                var list = settings.defaults(forSource: normalizedSource(source))
                reader.apply(listMapping, to: &list, block: block)
                settings.listLocations[list.source] = block.location(of: sourceNode)
                settings.lists.append(list)
            }
        }
        return (settings, reader.diagnostics)
    }

    /// Applies front matter settings of a list source over its resolved settings; unknown keys and bad values come back
    /// as diagnostics at their lines.
    public static func apply(_ patch: SettingsPatch, to settings: inout ListSettings) -> [Diagnostic] {
        var reader = Reader()
        let block = patch.block
        guard case .mapping(let mapping) = block.node else {
            reader.error(.badSettingValue, "front matter must be a mapping of settings (key: value)", at: block.location(of: block.node))
            return reader.diagnostics
        }
        reader.apply(mapping, to: &settings, block: block, allowSource: false)
        return reader.diagnostics
    }

    static func normalizedSource(_ source: String) -> String {
        var path = source
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix("Content/") { path.removeFirst("Content/".count) }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Collects diagnostics while reading typed values out of YAML nodes.
    struct Reader {
        var diagnostics: [Diagnostic] = []

        mutating func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, hint: String? = nil) {
            diagnostics.append(.error(code, message, at: location, hint: hint))
        }

        mutating func unknownKey(_ key: String, at location: SourceLocation, known: [String]) {
            let hint = closestName(to: key, among: known, maximumEdits: 3).map { "did you mean '\($0)'?" }
            error(.unknownSetting, "unknown setting '\(key)'", at: location, hint: hint ?? "known settings: \(known.joined(separator: ", "))")
        }

        mutating func apply(_ mapping: Node.Mapping, to list: inout ListSettings, block: YAMLBlock, allowSource: Bool = true) {
            for (keyNode, value) in mapping {
                let key = keyNode.string ?? ""
                guard let setting = ListSettingKey(rawValue: key), setting != .source || allowSource else {
                    unknownKey(key, at: block.location(of: keyNode), known: allowSource ? listKeys : listKeys.filter { $0 != "source" })
                    continue
                }
                list.setLocation(block.location(of: value), of: setting)
                switch setting {
                case .source: break
                case .title: list.title = string(value, key, block)
                case .description: list.description = string(value, key, block)
                case .slug: list.slug = string(value, key, block)
                case .groupBy: list.grouping = grouping(value, block) ?? list.grouping
                case .sectionOrder: list.sectionOrder = strings(value, setting, block, into: &list)
                case .sort: list.sort = (strings(value, setting, block, into: &list) ?? []).map(SortKey.init(parsing:))
                case .ignorePrefixes: list.ignorePrefixes = strings(value, key, block) ?? []
                case .readingField: list.readingField = fieldPath(value, key, block)
                case .indexTitles: list.indexTitles = choice(value, key, block) ?? list.indexTitles
                case .emptySections: list.emptySections = choice(value, key, block) ?? list.emptySections
                case .titleField: list.titleField = fieldPath(value, key, block) ?? list.titleField
                case .urlField: list.urlField = fieldPath(value, key, block) ?? list.urlField
                case .descriptionField: list.descriptionField = fieldPath(value, key, block) ?? list.descriptionField
                case .imageField: list.imageField = fieldPath(value, key, block)
                case .fields: list.fields = strings(value, setting, block, into: &list)?.map { FieldPath($0) }
                case .publishFields:
                    if case .scalar(let scalar) = value, scalar.string == "all" {
                        list.publishAllFields = true
                    } else {
                        list.publishFields = (strings(value, setting, block, into: &list) ?? []).map { FieldPath($0) }
                    }
                case .facets: list.facets = (strings(value, setting, block, into: &list) ?? []).map { FieldPath($0) }
                case .locale: list.locale = locale(value, key, block) ?? list.locale
                case .indexLocales: list.indexLocales = strings(value, key, block) ?? []
                case .catchAllLabel: list.catchAllLabel = string(value, key, block) ?? list.catchAllLabel
                case .catchAllPosition: list.catchAllPosition = choice(value, key, block) ?? list.catchAllPosition
                case .split: list.split = choice(value, key, block) ?? list.split
                case .pageSize: list.pageSize = count(value, key, block, minimum: 1) ?? list.pageSize
                case .entryPages: list.entryPages = bool(value, key, block)
                case .kind: list.kind = choice(value, key, block) ?? list.kind
                case .headingIDs: list.headingIDs = choice(value, key, block) ?? list.headingIDs
                case .linkExtension: list.linkExtension = string(value, key, block) ?? list.linkExtension
                case .linkStyle: list.linkStyle = choice(value, key, block) ?? list.linkStyle
                case .linkBase: list.linkBase = string(value, key, block) ?? list.linkBase
                case .items: list.items = fieldPath(value, key, block)
                case .separator: list.separator = separatorText(value, key, block)
                case .comment:
                    list.comment = string(value, key, block)
                    if list.comment == "" { error(.badSettingValue, "'comment' must not be empty", at: block.location(of: value)) }
                case .header: list.header = strings(value, key, block)
                case .shortRows:
                    switch string(value, key, block) {
                    case "allow"?: list.allowsShortRows = true
                    case "error"?: list.allowsShortRows = false
                    case nil: break
                    case let other?: error(.badSettingValue, "'short_rows' must be allow or error, not '\(other)'", at: block.location(of: value))
                    }
                case .valuesSeparator: valuesSeparator(value, block, into: &list)
                case .lint: lint(value, block, into: &list)
                case .fieldLabels: list.fieldLabels = labels(value, key, block) ?? list.fieldLabels
                case .newFor: list.newFor = period(value, key, block)
                case .dateOrder:
                    switch string(value, key, block) {
                    case "newest_first"?: list.newestFirst = true
                    case "oldest_first"?: list.newestFirst = false
                    case nil: break
                    case let other?:
                        error(.badSettingValue, "'date_order' must be newest_first or oldest_first, not '\(other)'", at: block.location(of: value))
                    }
                }
            }
        }

        mutating func string(_ node: Node, _ key: String, _ block: YAMLBlock) -> String? {
            guard case .scalar(let scalar) = node else {
                error(.badSettingValue, "'\(key)' must be a single value", at: block.location(of: node))
                return nil
            }
            return scalar.string
        }

        /// Reads a list setting and records where each item was written, for problems found later.
        mutating func strings(_ node: Node, _ key: ListSettingKey, _ block: YAMLBlock, into list: inout ListSettings) -> [String]? {
            let items: [Node] = if case .sequence(let items) = node { Array(items) } else { [node] }
            for (index, item) in items.enumerated() { list.setLocation(block.location(of: item), of: key, item: String(index)) }
            return strings(node, key.rawValue, block)
        }

        mutating func strings(_ node: Node, _ key: String, _ block: YAMLBlock) -> [String]? {
            switch node {
            case .scalar(let scalar): return [scalar.string]
            case .sequence(let items):
                var result: [String] = []
                for item in items {
                    guard case .scalar(let scalar) = item else {
                        error(.badSettingValue, "'\(key)' must be a list of plain values", at: block.location(of: item))
                        return nil
                    }
                    result.append(scalar.string)
                }
                return result
            default:
                error(.badSettingValue, "'\(key)' must be a list", at: block.location(of: node))
                return nil
            }
        }

        /// A mapping of field names to the labels readers see (`official_name: Official name`).
        mutating func labels(_ node: Node, _ key: String, _ block: YAMLBlock) -> [String: String]? {
            guard case .mapping(let mapping) = node else {
                error(.badSettingValue, "'\(key)' must be a mapping of field names to labels (official_name: Name)", at: block.location(of: node))
                return nil
            }
            var result: [String: String] = [:]
            for (name, label) in mapping {
                guard case .scalar(let nameScalar) = name, case .scalar(let labelScalar) = label else {
                    error(.badSettingValue, "'\(key)' must map each field name to one plain label", at: block.location(of: label))
                    return nil
                }
                result[nameScalar.string] = labelScalar.string
            }
            return result
        }

        /// A period of days or weeks (`30d`, `4w`) in seconds.
        mutating func period(_ node: Node, _ key: String, _ block: YAMLBlock) -> Int64? {
            guard let text = string(node, key, block) else { return nil }
            let unit: Int64? = switch text.last {
            case "d"?: 86_400
            case "w"?: 7 * 86_400
            default: nil
            }
            guard let unit, let count = Int64(text.dropLast()), count > 0, count <= 100_000 else {
                error(.badSettingValue, "'\(key)' must be a number of days or weeks, as 30d or 4w, not '\(text)'", at: block.location(of: node),
                      hint: "write new_for: 30d")
                return nil
            }
            return count * unit
        }

        mutating func bool(_ node: Node, _ key: String, _ block: YAMLBlock) -> Bool? {
            switch node.string?.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default:
                error(.badSettingValue, "'\(key)' must be true or false", at: block.location(of: node))
                return nil
            }
        }

        mutating func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ key: String, _ block: YAMLBlock) -> T? where T.RawValue == String {
            guard let text = string(node, key, block) else { return nil }
            if let value = T(rawValue: text) { return value }
            let allowed = T.allCases.map(\.rawValue).joined(separator: " | ")
            error(.badSettingValue, "'\(key)' must be one of \(allowed), not '\(text)'", at: block.location(of: node))
            return nil
        }

        mutating func fieldPath(_ node: Node, _ key: String, _ block: YAMLBlock) -> FieldPath? {
            guard let text = string(node, key, block) else { return nil }
            let path = FieldPath(text)
            guard path.isWellFormed else {
                error(.badSettingValue, "'\(key)' must be a field name or dotted path like author.last, not '\(text)'", at: block.location(of: node))
                return nil
            }
            return path
        }

        /// A CSV separator: one character (`\t` written as "\t" or as a tab).
        mutating func separatorText(_ node: Node, _ key: String, _ block: YAMLBlock) -> String? {
            guard let text = string(node, key, block) else { return nil }
            let separator = text == "\\t" || text == "tab" ? "\t" : text
            guard separator.utf8.count == 1, separator != "\"", separator != "\n", separator != "\r" else {
                error(.badSettingValue, "'\(key)' must be one character such as , ; | or \\t, not '\(text)'", at: block.location(of: node))
                return nil
            }
            return separator
        }

        /// `values_separator: ","` for every field, or a mapping of field names to separators.
        mutating func valuesSeparator(_ node: Node, _ block: YAMLBlock, into list: inout ListSettings) {
            switch node {
            case .mapping(let mapping):
                for (fieldNode, separatorNode) in mapping {
                    guard let field = fieldNode.string, let separator = string(separatorNode, "values_separator", block) else { continue }
                    guard !separator.isEmpty else {
                        error(.badSettingValue, "'values_separator' must not be empty", at: block.location(of: separatorNode))
                        continue
                    }
                    list.valuesSeparatorByField[field] = separator
                    list.setLocation(block.location(of: fieldNode), of: .valuesSeparator, item: field)
                }
            default:
                guard let separator = string(node, "values_separator", block) else { return }
                guard !separator.isEmpty else {
                    error(.badSettingValue, "'values_separator' must not be empty", at: block.location(of: node))
                    return
                }
                list.valuesSeparator = separator
            }
        }

        mutating func locale(_ node: Node, _ key: String, _ block: YAMLBlock) -> String? {
            guard let text = string(node, key, block) else { return nil }
            let allowed = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789_-@=;".unicodeScalars.contains($0)) }
            guard allowed, !text.isEmpty else {
                error(.badSettingValue, "'\(key)' must be a locale identifier such as en, sv or de@collation=phonebook, not '\(text)'", at: block.location(of: node))
                return nil
            }
            return text
        }

        mutating func grouping(_ node: Node, _ block: YAMLBlock) -> Grouping? {
            guard let text = string(node, "group_by", block) else { return nil }
            switch text {
            case "letter": return .letter
            case "heading", "headings": return .heading
            default: break
            }
            if text.hasPrefix("date:") {
                let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                let path = FieldPath(parts.count > 1 ? parts[1] : "")
                let granularity = parts.count > 2 ? DateGranularity(rawValue: parts[2]) : .month
                guard parts.count <= 3, path.isWellFormed, let granularity else {
                    error(.badSettingValue, "'group_by' dates are written date:<field>:day|month|year, not '\(text)'", at: block.location(of: node))
                    return nil
                }
                return .date(path, granularity)
            }
            let path = FieldPath(text)
            guard path.isWellFormed, !text.contains(":") else {
                error(.badSettingValue, "'group_by' must be letter, heading, date:<field>:month or a field name, not '\(text)'", at: block.location(of: node))
                return nil
            }
            return .field(path)
        }
    }
}


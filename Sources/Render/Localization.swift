import IndexSiteCollation
import IndexSiteCore
import IndexSiteParse
import Synchronization
/// Every catalog of page words a build can use, and the words of each locale resolved from them:
/// built-in catalog, then the site's `Templates/strings/<tag>.yml`, then `strings:` in `indexsite.yml`, over English.
public struct Localization: Sendable {
    /// Catalogs the site changed (its own files and `strings:`, merged over the built-in ones), by canonical language
    /// tag ("de", "zh-Hant"); every other tag reads the built-in catalog, parsed when first asked for.
    var overrides: [String: StringCatalog]
    /// Where the site itself wrote words for a tag, for the diagnostics about them.
    var siteLocations: [String: SourceLocation]

    /// The built-in catalogs. Each is parsed on first use, once per process: a build reads one or two of them, and
    /// parsing all 23 is a large share of a small build.
    public static let builtIn = Localization(overrides: [:], siteLocations: [:])

    /// The merged catalog of `tag`, when there is one.
    func catalog(_ tag: String) -> StringCatalog? {
        overrides[tag] ?? BuiltInCatalogs.shared.catalog(tag)
    }

    /// Every catalog by tag, the built-in ones all parsed (for tests and tools; builds read them one by one).
    var catalogs: [String: StringCatalog] {
        var all = overrides
        for tag in BuiltInCatalogs.shared.tags where all[tag] == nil { all[tag] = BuiltInCatalogs.shared.catalog(tag) }
        return all
    }

    /// The catalogs of a site: the theme's files parsed (the built-in ones reused), then the settings' `strings:`.
    public static func make(theme: Theme, site: SiteSettings) -> (Localization, [Diagnostic]) {
        var localization = Localization.builtIn
        var diagnostics: [Diagnostic] = []
        for tag in theme.catalogs.keys.sorted() {
            for file in theme.catalogs[tag] ?? [] where !file.path.hasPrefix("(built-in)/") {
                let (catalog, found) = StringCatalogParser.parse(file)
                diagnostics += found
                localization.add(catalog, tag: tag)
            }
        }
        for tag in site.strings.keys.sorted() {
            if let catalog = site.strings[tag] { localization.add(catalog, tag: canonicalTag(tag)) }
        }
        return (localization, diagnostics)
    }

    mutating func add(_ catalog: StringCatalog, tag: String) {
        overrides[tag] = self.catalog(tag).map { $0.overridden(by: catalog) } ?? catalog
        siteLocations[tag] = catalog.location
    }

    /// A language tag as catalogs are named: language lower-case, script title-case, region upper-case, `_` as `-`,
    /// without collation keywords ("zh_hant" → "zh-Hant", "de@collation=phonebook" → "de").
    static func canonicalTag(_ locale: String) -> String {
        let base = locale.split(separator: "@").first.map(String.init) ?? locale
        var parts: [String] = []
        for (index, part) in base.split(whereSeparator: { $0 == "_" || $0 == "-" }).enumerated() {
            if index > 0 && part.count == 1 { break } // a BCP 47 extension (-u-co-phonebk) ends the tag
            switch (index, part.count) {
            case (0, _): parts.append(part.lowercased())
            case (_, 4): parts.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            default: parts.append(part.uppercased())
            }
        }
        return parts.joined(separator: "-")
    }

    /// The catalog tags to try for a locale, most specific first: "zh-Hant-TW", "zh-Hant", "zh".
    static func candidateTags(_ locale: String) -> [String] {
        let parts = canonicalTag(locale).split(separator: "-").map(String.init)
        guard let language = parts.first else { return [] }
        let script = parts.dropFirst().first { $0.count == 4 }
        let region = parts.dropFirst().first { $0.count != 4 }
        var tags: [String] = []
        if let script, let region { tags.append("\(language)-\(script)-\(region)") }
        if let script { tags.append("\(language)-\(script)") }
        if let region { tags.append("\(language)-\(region)") }
        if language == "zh" && script == nil {
            // Chinese without a script: Traditional where CLDR's likely script is (Taiwan, Hong Kong, Macau).
            tags.append(["TW", "HK", "MO"].contains(region ?? "") ? "zh-Hant" : "zh-Hans")
        }
        tags.append(language)
        if language == "no" { tags.append("nb") }
        return tags
    }

    /// The catalog tag a locale uses, if any catalog fits.
    func catalogTag(for locale: String) -> String? {
        Localization.candidateTags(locale).first { overrides[$0] != nil || BuiltInCatalogs.shared.tags.contains($0) }
    }

    /// The catalog of a locale: its most specific catalog over the broader ones ("pt-PT" over "pt"), nil when none fits.
    func mergedCatalog(for locale: String) -> StringCatalog? {
        let found = Localization.candidateTags(locale).compactMap { catalog($0) }
        guard let broadest = found.last else { return nil }
        return found.dropLast().reversed().reduce(broadest) { $0.overridden(by: $1) }
    }

    /// The page words of `locale`, English where its catalogs have nothing.
    public func strings(for locale: String) -> UIStrings {
        let english = catalog("en") ?? StringCatalog(location: SourceLocation(path: ""))
        let catalog = mergedCatalog(for: locale) ?? english
        let base = locale.split(separator: "@").first.map(String.init) ?? locale
        return UIStrings(languageTag: base.replacingUnderscores(), isRightToLeft: localeIsRightToLeft(locale),
                         catalog: catalog, english: english, numbers: try? LocaleNumbers(locale: locale))
    }

    /// Warnings for a list whose locale has no catalog, or whose catalog lacks keys or plural forms of its language.
    package func check(locale: String, at location: SourceLocation) -> [Diagnostic] {
        // A locale ICU does not know is already an error where it was set.
        guard let numbers = try? LocaleNumbers(locale: locale) else { return [] }
        guard let tag = catalogTag(for: locale) else {
            let language = Localization.canonicalTag(locale).split(separator: "-").first.map(String.init) ?? locale
            return [.warning(.missingStrings, "no catalog of page words for locale '\(locale)': its pages show English words",
                             at: location, hint: "add Templates/strings/\(language).yml (keys as in the README's page words section)")]
        }
        guard let catalog = mergedCatalog(for: locale) else { return [] }
        let categories = numbers.categories
        var missing: [String] = []
        for key in UIStringKey.allCases {
            switch catalog.values[key] {
            case nil: missing.append(key.rawValue)
            case .plural(let forms)?: missing += categories.filter { forms[$0] == nil }.map { key.rawValue + "." + $0 }
            case .text?: if key.isPlural && categories != ["other"] { missing += categories.filter { $0 != "other" }.map { key.rawValue + "." + $0 } }
            }
        }
        guard !missing.isEmpty else { return [] }
        return [.warning(.missingStrings, "the '\(tag)' catalog of page words lacks \(missing.joined(separator: ", ")); English is shown instead",
                         at: siteLocations[tag] ?? location, hint: "add the missing keys to Templates/strings/\(tag).yml")]
    }
}

/// The built-in catalogs of page words, parsed one by one when first asked for and kept for the process.
final class BuiltInCatalogs: Sendable {
    static let shared = BuiltInCatalogs()

    /// The catalog files compiled into the library, by tag.
    let files: [String: [SourceFile]]
    /// The tags there are built-in catalogs for.
    let tags: Set<String>
    private let parsed = Mutex<[String: StringCatalog]>([:])

    private init() {
        files = Theme.builtIn.catalogs
        tags = Set(files.keys)
    }

    func catalog(_ tag: String) -> StringCatalog? {
        guard let tagFiles = files[tag] else { return nil }
        // Parsed inside the lock: a build asks on two cores at once (the sectioner and the renderer's preparation),
        // and the second waits for the first's catalog rather than parsing the same YAML beside it.
        return parsed.withLock { parsed in
            if let catalog = parsed[tag] { return catalog }
            var catalog: StringCatalog?
            for file in tagFiles { catalog = StringCatalogParser.parse(file).0 }
            parsed[tag] = catalog
            return catalog
        }
    }
}

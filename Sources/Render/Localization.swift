import IndexSiteCollation
import IndexSiteCore
import IndexSiteParse
/// Every catalog of page words a build can use, and the words of each locale resolved from them:
/// built-in catalog, then the site's `Templates/strings/<tag>.yml`, then `strings:` in `indexsite.yml`, over English.
public struct Localization: Sendable {
    /// Merged catalogs by canonical language tag ("de", "zh-Hant").
    var catalogs: [String: StringCatalog]
    /// Where the site itself wrote words for a tag, for the diagnostics about them.
    var siteLocations: [String: SourceLocation]

    /// The built-in catalogs, parsed once per process.
    public static let builtIn: Localization = {
        var catalogs: [String: StringCatalog] = [:]
        for (tag, files) in Theme.builtIn.catalogs {
            for file in files { catalogs[tag] = StringCatalogParser.parse(file).0 }
        }
        return Localization(catalogs: catalogs, siteLocations: [:])
    }()

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
        catalogs[tag] = catalogs[tag].map { $0.overridden(by: catalog) } ?? catalog
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
        Localization.candidateTags(locale).first { catalogs[$0] != nil }
    }

    /// The catalog of a locale: its most specific catalog over the broader ones ("pt-PT" over "pt"), nil when none fits.
    func mergedCatalog(for locale: String) -> StringCatalog? {
        let found = Localization.candidateTags(locale).compactMap { catalogs[$0] }
        guard let broadest = found.last else { return nil }
        return found.dropLast().reversed().reduce(broadest) { $0.overridden(by: $1) }
    }

    /// The page words of `locale`, English where its catalogs have nothing.
    public func strings(for locale: String) -> UIStrings {
        let english = catalogs["en"] ?? StringCatalog(location: SourceLocation(path: ""))
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

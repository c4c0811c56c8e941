import IndexSiteCore
import IndexSiteParse
import IndexSiteSection
import IndexSiteRender
import IndexSiteHistory

extension ListSettings {
    /// What a list's source tells its settings once it is read: its kind, the fields its entries have, and where the
    /// list is declared (for problems not tied to a written setting).
    struct SourceFacts {
        var kind: SourceKind
        /// The fields the entries have (a CSV header's before its rows are read); nil when nothing checks them (a
        /// docs index, a source without entries).
        var fields: FieldNameCheck?
        var declaredAt: SourceLocation
    }

    /// A list's settings, resolved once: `listEntry` is its entry in `indexsite.yml` over the site file's defaults (as
    /// `SettingsParser.parseSite` reads it, or `SiteSettings.defaults(forSource:)` for a list it does not declare), the
    /// source's front matter goes over that, then the checks across keys against the fields the entries have choose
    /// the title field when none is set, and the list's words fill the section titles. Nothing changes the settings
    /// after this: every setting a stage reads is final. With an error among the diagnostics the list is not built,
    /// and what is checked after the fields is not.
    static func resolve(listEntry: ListSettings, frontMatter: SettingsPatch?, source: SourceFacts,
                        localization: Localization) -> (ListSettings, [Diagnostic]) {
        var settings = listEntry
        var diagnostics: [Diagnostic] = []
        if let frontMatter { diagnostics += SettingsParser.apply(frontMatter, to: &settings) }
        if var fields = source.fields {
            // The history gives `added` and `updated` after this, to entries not yet committed too (or none, for a
            // site outside git, which is warned about): when the settings ask for them, they are fields.
            if BuildHistory.isAsked(by: settings) { fields.names += SourceHistory.fieldNames.filter { !fields.names.contains($0) } }
            let fieldDiagnostics = checkFields(&settings, against: fields, kind: source.kind, fallback: source.declaredAt)
            diagnostics += fieldDiagnostics
            if fieldDiagnostics.hasErrors(strict: false) { return (settings, diagnostics) }
        }
        let words = localization.strings(for: settings.locale)
        settings.defaultSectionTitle = words.text(.default_section)
        settings.undatedSectionTitle = words.text(.undated_section)
        settings.noValueSectionTitle = words.text(.no_value_section, ["field": "{field}"])
        diagnostics += localization.check(locale: settings.locale, at: settings.location(of: .locale, or: source.declaredAt))
        return (settings, diagnostics)
    }

    /// Checks every field the settings name against the fields the entries have, so a typo in `sort`, `group_by` or
    /// `fields` is an error at the setting instead of a silently empty column or one big `#` section; chooses the
    /// title field when none is set and the entries have no `title`, and the link and description fields as the
    /// entries spell them. An error means the list should not be sectioned.
    private static func checkFields(_ settings: inout ListSettings, against fields: FieldNameCheck, kind: SourceKind,
                                    fallback: SourceLocation) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let known = Set(fields.names)
        func has(_ path: FieldPath) -> Bool { known.contains(path.description) }
        func unknown(_ setting: ListSettingKey, _ path: FieldPath, item: String? = nil) {
            let location = item.map { settings.location(of: setting, item: $0, or: fallback) } ?? settings.location(of: setting, or: fallback)
            diagnostics.append(.error(.unknownField, "'\(setting.rawValue)' names the field '\(path)', which no entry has", at: location,
                                      hint: fields.hint(for: path.description)))
        }

        if settings.isWritten(.titleField) {
            if !has(settings.titleField) { unknown(.titleField, settings.titleField) }
        } else if !has(settings.titleField) {
            if let fallbackTitle = fields.automaticTitle(locale: settings.locale) {
                settings.titleField = FieldPath(fallbackTitle)
            } else {
                // A file without a header row has its first row of data taken for the field names.
                let headerHint = kind == .csv && settings.header == nil && !fields.names.contains(where: { $0.hasPrefix("#") })
                    ? "; if the first row is data, name the fields with header: [a, b, …]" : ""
                diagnostics.append(.error(.unknownField, "the entries have no 'title' field, so nothing names them", at: fallback,
                                          hint: "set title_field to the field that names an entry; \(fields.fieldList)\(fields.separatorHint)\(headerHint)"))
            }
        }
        // Not written, the link and the description are the fields so named in any case (`URL`, `Description`).
        for (setting, standard) in [(ListSettingKey.urlField, "url"), (.descriptionField, "description")] where !settings.isWritten(setting) {
            guard let spelled = fields.spelling(of: standard), spelled != standard else { continue }
            if setting == .urlField { settings.urlField = FieldPath(spelled) } else { settings.descriptionField = FieldPath(spelled) }
        }
        // Written out at its default (`url_field: url`), the setting only documents the default: no link is fine.
        for (setting, path, standard) in [(ListSettingKey.urlField, settings.urlField, "url"), (.descriptionField, settings.descriptionField, "description")]
        where settings.isWritten(setting) && path.description != standard && !has(path) {
            unknown(setting, path)
        }
        for (index, key) in settings.sort.enumerated() where !has(key.path) {
            unknown(.sort, key.path, item: String(index))
        }
        for (index, path) in (settings.fields ?? []).enumerated() where !has(path) {
            unknown(.fields, path, item: String(index))
        }
        for (index, path) in settings.publishFields.enumerated() where !has(path) {
            unknown(.publishFields, path, item: String(index))
        }
        for (index, path) in settings.facets.enumerated() where !has(path) {
            unknown(.facets, path, item: String(index))
        }
        // A field named twice gets one row of chips (`ListFacets`); the second naming is said, not dropped quietly.
        for (index, path) in settings.facets.enumerated() where settings.facets[..<index].contains(path) {
            diagnostics.append(.warning(.badSettingValue, "'facets' names the field '\(path)' twice; its chips are shown once",
                                        at: settings.location(of: .facets, item: String(index), or: fallback),
                                        hint: "remove the second '\(path)'"))
        }
        switch settings.grouping {
        case .field(let path)?, .date(let path, _)?:
            if !has(path) { unknown(.groupBy, path) }
        case .heading? where !kind.format.groupsByDeclaredSections:
            diagnostics.append(.error(.unknownField, "'group_by: heading' needs a Markdown list with headings; this source has none",
                                      at: settings.location(of: .groupBy, or: fallback),
                                      hint: "group by letter (the default), a field, or date:<field>:month; \(fields.fieldList)"))
        default: break
        }
        if let reading = settings.readingField, !has(reading) { unknown(.readingField, reading) }
        if let image = settings.imageField, !has(image) { unknown(.imageField, image) }
        for field in settings.fieldLabels.keys.sorted() where !has(FieldPath(field)) {
            unknown(.fieldLabels, FieldPath(field))
        }
        for (field, _) in settings.valuesSeparatorByField.sorted(by: { $0.key < $1.key }) where !has(FieldPath(field)) {
            unknown(.valuesSeparator, FieldPath(field), item: field)
        }
        return diagnostics
    }
}

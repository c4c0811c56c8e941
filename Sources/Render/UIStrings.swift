import IndexSiteCollation
import IndexSiteCore
/// The page words of one locale, resolved: its catalog over English, with its plural rules and number format.
public struct UIStrings: Sendable {
    /// The BCP 47 language tag pages in this language carry (`<html lang>`): "sv", "zh-Hant", "de".
    public let languageTag: String
    /// True for right-to-left scripts (ar, he, fa, ur…): pages get `dir="rtl"`.
    public let isRightToLeft: Bool
    let catalog: StringCatalog
    let english: StringCatalog
    let numbers: LocaleNumbers?

    /// The text of a plain key with its placeholders filled in.
    public func text(_ key: UIStringKey, _ values: [String: String] = [:]) -> String {
        UIStrings.fill(rawText(key), values)
    }

    /// The text of a plural key for `count`, with `{count}` (and the other placeholders) filled in; numbers are
    /// written the locale's way.
    public func plural(_ key: UIStringKey, count: Int, _ values: [String: String] = [:]) -> String {
        let forms = pluralForms(key)
        let category = numbers?.category(count) ?? (count == 1 ? "one" : "other")
        let form = forms[category] ?? forms["other"] ?? forms.values.sorted().first ?? ""
        var filled = values
        filled["count"] = values["count"] ?? number(count)
        return UIStrings.fill(form, filled)
    }

    /// `count` with the locale's digits and grouping ("1 234" in sv).
    public func number(_ count: Int) -> String {
        numbers?.format(count) ?? String(count)
    }

    /// The raw text of a plain key (placeholders unfilled), falling back to English.
    func rawText(_ key: UIStringKey) -> String {
        for catalog in [catalog, english] {
            switch catalog.values[key] {
            case .text(let text)?: return text
            case .plural(let forms)?: if let other = forms["other"] { return other }
            case nil: continue
            }
        }
        return ""
    }

    /// The forms of a plural key by category; categories the catalog lacks fall back to its "other", then English.
    func pluralForms(_ key: UIStringKey) -> [String: String] {
        var forms: [String: String] = [:]
        if case .plural(let english)? = english.values[key] { forms = english }
        if case .plural(let own)? = catalog.values[key] {
            // English "one" is wrong for a language whose "one" covers 21 or whose own forms are all given.
            forms = ["other": own["other"] ?? forms["other"] ?? ""].merging(own) { $1 }
        } else if case .text(let text)? = catalog.values[key] {
            forms = ["other": text]
        }
        return forms
    }

    /// Replaces `{name}` with its value for every name in `values`.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        // Over bytes: `contains("{")` went through Foundation's locale-aware search, the costly part of a page's words.
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = template
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            result = result.replacingAll("{" + name + "}", with: value)
        }
        return result
    }
}

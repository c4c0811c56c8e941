import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSiteCollation

/// Locale data comes through the ICU door alone. The release binary links Foundation (Yams imports it) with an empty
/// ICU data package in place of Foundation's own 34 MB copy (Scripts/static-libs.sh), so a call to Foundation's locale
/// services would quietly get no names, separators or rules there while the debug build still has them.
@Suite struct LocaleDataDoorTests {
    /// Foundation API that reads ICU locale data; the door (Sources/Collation, Sources/ICUCollation) answers instead.
    static let foundationLocaleServices = [
        "Locale(", "Locale.", "Calendar(", "Calendar.", "TimeZone(", "TimeZone.", "DateFormatter", "NumberFormatter",
        "DateComponentsFormatter", "ListFormatter", "MeasurementFormatter", "ByteCountFormatter", ".formatted(",
        "localizedString(", "localizedStandardCompare", "localizedCompare", "localizedCaseInsensitiveCompare",
        "localizedStandardContains", "localizedUppercase", "localizedLowercase", "localizedCapitalized",
        "lowercased(with", "uppercased(with", "capitalized(with", "folding(options", "compare(_:options:range:locale",
        "locale: .current", "NSRegularExpression", ".regularExpression", "applyingTransform", "StringTransform",
        // Its `host` decodes through ICU's IDNA: nil for every address in the release binaries (use `URL`).
        "URLComponents",
    ]

    @Test func noSourceAsksFoundationForLocaleData() {
        let sources = TestSupport.tree(Fixtures.repository.appendingPathComponent("Sources"))
        #expect(sources.count > 50, "the sources were not found")
        var uses: [String] = []
        for (path, bytes) in sources.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".swift") {
            for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop { $0 == " " }
                guard !code.hasPrefix("//") else { continue }
                for service in Self.foundationLocaleServices where Self.names(service, in: code) {
                    uses.append("Sources/\(path):\(number + 1): \(service)")
                }
            }
        }
        #expect(uses.isEmpty, "use the ICU door (Sources/Collation) instead: \(uses.joined(separator: "; "))")
    }

    /// Whether `code` holds `service` as a name of its own: "Locale(" but not "SiteLocale(".
    static func names(_ service: String, in code: Substring) -> Bool {
        var rest = code[...]
        while let found = rest.firstRange(of: service) {
            let before = found.lowerBound > code.startIndex ? code[code.index(before: found.lowerBound)] : " "
            if !(before.isLetter || before.isNumber || before == "_") || service.first == "." { return true }
            rest = code[found.upperBound...]
        }
        return false
    }

    @Test func aServiceIsFoundAsANameOfItsOwn() {
        #expect(Self.names("Locale(", in: "let l = Locale(identifier: x)"))
        #expect(!Self.names("Locale(", in: "let l = SiteLocale(identifier: x)"))
        #expect(Self.names("Locale.", in: "SiteLocale.a + Locale.current"))
    }

    @Test func numberSeparatorsAreTheLocales() throws {
        let english = try #require(numberSeparators(locale: "en"))
        #expect(english.decimal == "." && english.grouping == ",")
        let german = try #require(numberSeparators(locale: "de"))
        #expect(german.decimal == "," && german.grouping == ".")
        let swiss = try #require(numberSeparators(locale: "de_CH"))
        #expect(swiss.decimal == "." && swiss.grouping == "’")
        #expect(numberSeparators(locale: "") == nil)
    }

    @Test func languagesAreNamedInEitherLanguage() {
        #expect(languageDisplayName("de", in: "en") == "German")
        #expect(languageDisplayName("de", in: "de") == "Deutsch")
        #expect(languageDisplayName("sv", in: "sv") == "svenska")
        #expect(languageDisplayName("ja", in: "ja") == "日本語")
        #expect(languageDisplayName("en", in: "ru") == "английский")
        #expect(languageDisplayName("qqq", in: "en") == nil)
    }
}

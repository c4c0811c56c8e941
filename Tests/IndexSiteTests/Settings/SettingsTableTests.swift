import Foundation
import Testing
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// Each setting is declared once, in `SiteSettingKey` and `ListSettingKey`: the README's tables, `init`'s commented
/// configuration and the parser's key lists all follow from those enums.
@Suite struct SettingsTableTests {
    static let readme = (try? String(contentsOf: Fixtures.repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    @Test func readmeSiteTableIsGeneratedFromTheKeys() {
        let table = SettingDocumentation.table(SiteSettingKey.allCases) { $0.documentation }
        #expect(Self.readme.contains("Site settings:\n\n" + table + "\n"),
                "the README's site settings table must be exactly this (paste it there):\n\(table)")
    }

    @Test func readmeListTableIsGeneratedFromTheKeys() {
        let table = SettingDocumentation.table(ListSettingKey.allCases) { $0.documentation }
        #expect(Self.readme.contains(":\n\n" + table + "\n"),
                "the README's list settings table must be exactly this (paste it there):\n\(table)")
    }

    @Test func initsConfigurationNamesEverySetting() {
        let configuration = Scaffold.configuration
        for key in SiteSettingKey.allCases {
            #expect(configuration.contains("\n\(key.rawValue):") || configuration.contains("\n# \(key.rawValue):"),
                    "init's indexsite.yml does not explain the site setting '\(key.rawValue)'")
        }
        for key in ListSettingKey.allCases {
            #expect(configuration.contains("\(key.rawValue):"), "init's indexsite.yml does not explain the list setting '\(key.rawValue)'")
        }
    }

    @Test func theParserKnowsExactlyTheDeclaredKeys() {
        #expect(SettingsParser.siteKeys == SiteSettingKey.allCases.map(\.rawValue))
        #expect(SettingsParser.listKeys == ListSettingKey.allCases.map(\.rawValue))
        // Every declared list key is read: a key the parser's switch did not handle would be reported as unknown.
        for key in ListSettingKey.allCases where key != .source {
            let (settings, diagnostics) = SettingsParser.parseSite(SourceFile(path: "indexsite.yml", text: "lists:\n  - source: x.csv\n    \(key.rawValue): 1\n"))
            #expect(!diagnostics.contains { $0.code == .unknownSetting }, "'\(key.rawValue)' is declared but not read")
            #expect(settings.lists.first?.isWritten(key) == true)
        }
    }
}

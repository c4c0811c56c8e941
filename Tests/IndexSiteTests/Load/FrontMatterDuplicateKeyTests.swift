import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// One file with a key written twice in its front matter does not stop a site: the later value wins, as Jekyll and
/// Hugo read it, with a warning naming both lines; only `--strict` fails the build.
@Suite struct FrontMatterDuplicateKeyTests {
    @Test func theLaterValueWinsWithAWarning() throws {
        var files = ["Content/terms/kerning.md": "---\ntitle: Kerning\nsummary: One.\ntitle: Leading\ntags:\n- a\n- b\ntags: [c]\n---\nBody on line 10.\n"]
        for index in 1...40 { files["Content/terms/term-\(index).md"] = "---\ntitle: Term \(index)\n---\n" }
        let site = try TestSupport.site("repeat", texts: files)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false))
        #expect(result.succeeded)
        let warnings = result.diagnostics.filter { $0.code == .duplicateKey }
        #expect(warnings.map(\.severity) == [.warning, .warning])
        #expect(warnings.map(\.location.line) == [4, 8])
        #expect(warnings.first?.message.contains("first set at line 2") == true)
        #expect(warnings.last?.message.contains("first set at line 5") == true)
        let entries = try #require(result.lists.first).sections.flatMap(\.entries)
        #expect(entries.count == 41)
        let leading = try #require(entries.first { $0.text(at: "title") == "Leading" })
        #expect(leading.fields["tags"]?.texts == ["c"])
        #expect(leading.text(at: "summary") == "One.")
        #expect(leading.fieldLocations["title"]?.line == 4)
        #expect(!entries.contains { $0.text(at: "title") == "Kerning" })

        let strict = Build.run(BuildOptions(siteFolder: site, strict: true, writeOutput: false))
        #expect(!strict.succeeded)
    }

    /// The earlier key's value lines go with it, nested or as a list at the key's indentation; other lines stay.
    @Test func blankingAKeyTakesItsValueLines() {
        let text = "a: 1\nb:\n  c: 2\n  d: 3\ne:\n- x\n- y\nb: 4\n"
        #expect(YAMLReader.blankingKey(at: 2, in: text) == "a: 1\n\n\n\ne:\n- x\n- y\nb: 4\n")
        #expect(YAMLReader.blankingKey(at: 5, in: text) == "a: 1\nb:\n  c: 2\n  d: 3\n\n\n\nb: 4\n")
    }

    /// The site's own settings stay strict: a key written twice in indexsite.yml is an error.
    @Test func settingsKeepTheError() throws {
        let site = try TestSupport.site("repeat-settings", texts: ["Content/a.csv": "title\nA\n", "indexsite.yml": "title: A\ntitle: B\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false))
        #expect(result.diagnostics.contains { $0.code == .duplicateKey && $0.severity == .error })
    }
}

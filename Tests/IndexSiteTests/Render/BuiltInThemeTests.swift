import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSiteRender

/// The built-in theme has one source, `Templates/` at the top of the repository: what the library embeds is exactly
/// that folder, file for file and byte for byte, and no theme file hides elsewhere.
@Suite struct BuiltInThemeTests {
    static let templates = Fixtures.repository.appendingPathComponent("Templates")

    @Test func theEmbeddedThemeIsTheTemplatesFolder() throws {
        let onDisk = TestSupport.tree(Self.templates, skipHidden: true)
        let embedded = Dictionary(BuiltInTheme.files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        #expect(BuiltInTheme.files.count == embedded.count, "a file is embedded twice")
        #expect(embedded.keys.sorted() == onDisk.keys.sorted())
        for (name, bytes) in onDisk {
            #expect(embedded[name] == bytes, "\(name) differs from its embedded copy: rebuild, or the plugin is broken")
        }
        #expect(onDisk.keys.contains("layout.mustache") && onDisk.keys.contains("assets/indexsite.js"))
    }

    @Test func theThemeSplitsIntoTemplatesAssetsAndCatalogs() {
        let theme = Theme.builtIn
        #expect(Set(Theme.templateNames).isSubset(of: Set(theme.templates.keys)))
        #expect(theme.assets.keys.contains("indexsite.css") && theme.assets.keys.contains("indexsite.js"))
        #expect(theme.catalogs["en"]?.first?.path == "(built-in)/strings/en.yml")
    }

    @Test func noTemplateLivesUnderSources() throws {
        let sources = TestSupport.tree(Fixtures.repository.appendingPathComponent("Sources"))
        #expect(sources.keys.filter { $0.hasSuffix(".mustache") }.isEmpty)
    }
}

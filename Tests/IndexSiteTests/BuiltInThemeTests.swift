import Foundation
import Testing
@testable import IndexSiteRender

/// The built-in theme has one source, `Templates/` at the top of the repository: what the library embeds is exactly
/// that folder, file for file and byte for byte, and no theme file hides elsewhere.
@Suite struct BuiltInThemeTests {
    static let templates = Fixtures.repository.appendingPathComponent("Templates")

    /// Every regular, non-hidden file under `folder`, by path relative to it.
    static func tree(_ folder: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                                 options: [.skipsHiddenFiles]))
        for case let url as URL in walker where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            files[relative] = Array(try Data(contentsOf: url))
        }
        return files
    }

    @Test func theEmbeddedThemeIsTheTemplatesFolder() throws {
        let onDisk = try Self.tree(Self.templates)
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
        let sources = try Self.tree(Fixtures.repository.appendingPathComponent("Sources"))
        #expect(sources.keys.filter { $0.hasSuffix(".mustache") }.isEmpty)
    }
}

import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// The starter site of `indexsite init`: it builds cleanly, documents every setting, and never overwrites a file.
@Suite struct ScaffoldTests {
    static func temporaryFolder() -> URL {
        TestSupport.processFolder.appendingPathComponent("indexsite-scaffold-\(UUID().uuidString)/site")
    }

    static var configuration: String {
        Scaffold.files.first { $0.path == SiteLayout.configurationFile }?.contents ?? ""
    }

    @Test func buildsWithoutADiagnosticEvenWhenStrict() throws {
        let folder = ScaffoldTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try Scaffold.write(to: folder)

        let result = Build.run(BuildOptions(siteFolder: folder, strict: true))
        #expect(result.succeeded)
        // What's on is dated, so the site has feeds; without a base URL their links are relative, which a note says.
        #expect(result.diagnostics.map(\.code) == [.feedWithoutBaseURL])
        #expect(result.diagnostics.allSatisfy { $0.severity == .note })
        // One list per sample source, one source of each kind.
        #expect(result.lists.map(\.slug) == ["glossary", "reading", "recipes", "whats-on"])
        #expect(Set(result.lists.map(\.kind)) == [.entryFolder, .markdownList, .csv, .json])
        for list in result.lists {
            #expect(list.entryCount > 0, "\(list.slug) has no entries")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("_site/\(list.slug)/index.html").path))
        }
        // Each list shows off its kind of sectioning.
        let sections = Dictionary(uniqueKeysWithValues: result.lists.map { ($0.slug, $0.sections.filter { !$0.isEmpty }) })
        #expect(sections["glossary"]?.map(\.title) == ["C", "E", "F", "K", "S"])
        #expect(sections["reading"]?.map(\.label) == ["WC", "ST", "P"])
        #expect(sections["recipes"]?.map(\.label) == ["B", "L", "D", "SS"])
        #expect(sections["whats-on"]?.map(\.title) == ["May 2026", "June 2026", "July 2026"])
    }

    @Test func configurationDocumentsEverySetting() throws {
        let text = ScaffoldTests.configuration
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let listsLine = try #require(lines.firstIndex(of: "lists:"))
        // A setting's documentation is a comment `# key: what it does`, continued by indented comment lines,
        // one of which gives its default.
        func documentation(of key: String, in range: Range<Int>) -> String? {
            guard let start = range.first(where: { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("# \(key): ") }) else { return nil }
            var block = [lines[start]]
            var next = start + 1
            while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).hasPrefix("#   ") {
                block.append(lines[next])
                next += 1
            }
            return block.joined(separator: "\n")
        }
        for key in SettingsParser.siteKeys {
            let block = documentation(of: key, in: 0..<(listsLine + 1))
            #expect(block != nil, "site setting '\(key)' is not documented in the scaffold's indexsite.yml")
            #expect(block?.contains("Default") == true, "site setting '\(key)' has no default documented")
        }
        for key in SettingsParser.listKeys {
            let block = documentation(of: key, in: listsLine..<lines.count)
            #expect(block != nil, "list setting '\(key)' is not documented in the scaffold's indexsite.yml")
            #expect(block.map { $0.contains("Default") || $0.contains("Required") } == true, "list setting '\(key)' has no default documented")
        }
    }

    /// An example that is switched off (`# key: value` before a blank line) must be valid once switched on.
    @Test func everyExampleInTheConfigurationIsValid() throws {
        let lines = ScaffoldTests.configuration.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let known = Set(SettingsParser.siteKeys + SettingsParser.listKeys)
        var examples: [(indent: Int, setting: String)] = []
        for (index, line) in lines.enumerated() where index + 1 < lines.count && lines[index + 1].isEmpty {
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            guard rest.hasPrefix("# "), let colon = rest.firstIndex(of: ":"),
                  known.contains(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<colon])) else { continue }
            examples.append((indent, String(rest.dropFirst(2))))
        }
        #expect(examples.count >= 10)
        for example in examples {
            let yaml = example.indent == 0 ? example.setting : "lists:\n  - source: glossary\n    \(example.setting)\n"
            let (_, diagnostics) = SettingsParser.parseSite(SourceFile(path: "indexsite.yml", text: yaml))
            #expect(diagnostics == [], "example '\(example.setting)'")
        }
    }

    @Test func refusesToOverwriteAndWritesNothing() throws {
        let folder = ScaffoldTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try Scaffold.write(to: folder)
        let config = folder.appendingPathComponent("indexsite.yml")
        let recipes = folder.appendingPathComponent("Content/recipes.csv")
        try "title: Mine\n".write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: recipes)

        // .gitignore is not in the way: an existing one is added to.
        #expect(throws: Scaffold.WriteError.wouldOverwrite(Scaffold.files.map(\.path).filter { $0 != "Content/recipes.csv" && $0 != ".gitignore" })) {
            try Scaffold.write(to: folder)
        }
        #expect(try String(contentsOf: config, encoding: .utf8) == "title: Mine\n")
        #expect(!FileManager.default.fileExists(atPath: recipes.path))
    }

    @Test func aSymbolicLinkInTheWayCountsAsAFile() throws {
        let folder = ScaffoldTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.deletingLastPathComponent().appendingPathComponent("elsewhere")
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(".gitignore"), withDestinationURL: target)

        #expect(throws: Scaffold.WriteError.wouldOverwrite([".gitignore"])) { try Scaffold.write(to: folder) }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".gitignore"])
    }

    /// Issue 34, item 17: `init` wrote through symlinked folders (`Content -> ../outside`), into the folder the link
    /// points at.
    @Test func aLinkedFolderOfTheScaffoldIsRefused() throws {
        let folder = ScaffoldTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let outside = folder.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Content").path, withDestinationPath: "../outside")
        #expect(throws: Scaffold.WriteError.linkedFolders(["Content"])) { try Scaffold.write(to: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Content"])
    }
}

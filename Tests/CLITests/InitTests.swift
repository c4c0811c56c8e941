import Foundation
import Testing
import IndexSiteTestSupport

/// `indexsite init` as a user runs it: scaffold, build, and refuse to scaffold over an existing site.
@Suite(.offThePool) struct InitTests {
    @Test func scaffoldsASiteThatBuilds() throws {
        let site = try CLITests.temporaryFolder().appendingPathComponent("my site")
        let created = try CLITests.run(["init", site.path])
        #expect(created.status == 0)
        #expect(created.stderr == "")
        #expect(created.stdout.hasPrefix("Created a site in \(site.path):\n  \(site.path)/indexsite.yml\n"))

        let built = try CLITests.run(["build", site.path, "--strict"])
        #expect(built.status == 0)
        // Only the note that the feeds have no base URL (What's on is dated); a note fails no build, even under --strict.
        #expect(built.stderr.split(separator: "\n").filter { !$0.hasPrefix("    hint:") }.allSatisfy { $0.hasSuffix("[feed-without-base-url]") }, "\(built.stderr)")
        #expect(built.stderr.contains("note: the site has Atom feeds"))
        #expect(built.stdout.hasPrefix("Built 4 lists, "))
        for list in ["glossary", "reading", "recipes", "whats-on"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("_site/\(list)/index.html").path), "\(list)")
        }
    }

    @Test func scaffoldsTheCurrentFolderByDefault() throws {
        let site = try CLITests.temporaryFolder()
        let created = try CLITests.run(["init"], in: site)
        #expect(created.status == 0)
        #expect(created.stdout.hasPrefix("Created a site here:\n  indexsite.yml\n"))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(".github/workflows/indexsite.yml").path))
        #expect(try CLITests.run(["build", "--quiet"], in: site).status == 0)
    }

    @Test func refusesToOverwriteAndNamesTheFiles() throws {
        let site = try CLITests.temporaryFolder()
        try "_build/\n".write(to: site.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try "title\nMine\n".write(to: site.appendingPathComponent("Content/recipes.csv"), atomically: true, encoding: .utf8)

        let refused = try CLITests.run(["init", site.path])
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr == """
        error: this file already exists, so nothing was written:
          \(site.path)/Content/recipes.csv
        Run indexsite init with a new or empty folder, or move the files out of the way first.

        """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == [".gitignore", "Content"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("Content").path) == ["recipes.csv"])
        #expect(try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8) == "_build/\n")
    }

    /// A repository with an awesome list in its README and a .gitignore of its own: init publishes the README where it
    /// is, adds `_site/` to the .gitignore, and writes no sample content.
    @Test func adoptsTheAwesomeListARepositoryHolds() throws {
        let site = try CLITests.temporaryFolder()
        let readme = try #require(TestSupport.sharedFolder?.appendingPathComponent("samples/awesome-readme.md"))
        try FileManager.default.copyItem(at: readme, to: site.appendingPathComponent("README.md"))
        try "node_modules/".write(to: site.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        let created = try CLITests.run(["init"], in: site)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.hasPrefix("Found what this repository can publish as it is:\n  README.md: a list of links\nSet up a site here:\n"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Content").path))
        #expect(try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8) == "node_modules/\n# Added by indexsite init\n_site/\n.indexsite/\n._site.indexsite.lock\n")
        #expect(try String(contentsOf: site.appendingPathComponent("indexsite.yml"), encoding: .utf8).contains("\n  - source: README.md\n"))
        let built = try CLITests.run(["build", "--quiet"], in: site)
        #expect(built.status == 0, "\(built.stderr)")
        let home = try String(contentsOf: site.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(home.contains("<title>Awesome</title>"), "the site is named by its one list")
        // Run again: everything is there, nothing is written twice.
        let again = try CLITests.run(["init"], in: site)
        #expect(again.status == 1)
        #expect(try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8) == "node_modules/\n# Added by indexsite init\n_site/\n.indexsite/\n._site.indexsite.lock\n")
    }

    @Test func adoptsADocumentationFolderWithItsToolsLinkStyle() throws {
        let site = try CLITests.temporaryFolder()
        try FileManager.default.createDirectory(at: site.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "site_name: Example\n".write(to: site.appendingPathComponent("mkdocs.yml"), atomically: true, encoding: .utf8)
        try "# Getting started\n\n## Install\n\nRun it.\n".write(to: site.appendingPathComponent("docs/index.md"), atomically: true, encoding: .utf8)
        let created = try CLITests.run(["init"], in: site)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("  docs/: documentation for mkdocs (mkdocs.yml)\n"))
        let settings = try String(contentsOf: site.appendingPathComponent("indexsite.yml"), encoding: .utf8)
        #expect(settings.contains("  - source: docs\n    kind: headings\n    link_style: mkdocs"))
        let built = try CLITests.run(["build", "--quiet"], in: site)
        #expect(built.status == 0, "\(built.stderr)")
    }

    @Test func aFileIsNotAFolder() throws {
        let file = try CLITests.temporaryFolder().appendingPathComponent("notes.txt")
        try "notes".write(to: file, atomically: true, encoding: .utf8)
        let result = try CLITests.run(["init", file.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("is a file, not a folder"))
    }
}

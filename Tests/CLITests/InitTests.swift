import Foundation
import Testing

/// `indexsite init` as a user runs it: scaffold, build, and refuse to scaffold over an existing site.
@Suite struct InitTests {
    @Test func scaffoldsASiteThatBuilds() throws {
        let site = try CLITests.temporaryFolder().appendingPathComponent("my site")
        let created = try CLITests.run(["init", site.path])
        #expect(created.status == 0)
        #expect(created.stderr == "")
        #expect(created.stdout.hasPrefix("Created a site in \(site.path):\n  \(site.path)/indexsite.yml\n"))

        let built = try CLITests.run(["build", site.path, "--strict"])
        #expect(built.status == 0)
        #expect(built.stderr == "")
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
        error: these files already exist, so nothing was written:
          \(site.path)/Content/recipes.csv
          \(site.path)/.gitignore
        Run indexsite init with a new or empty folder, or move the files out of the way first.

        """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == [".gitignore", "Content"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("Content").path) == ["recipes.csv"])
        #expect(try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8) == "_build/\n")
    }

    @Test func aFileIsNotAFolder() throws {
        let file = try CLITests.temporaryFolder().appendingPathComponent("notes.txt")
        try "notes".write(to: file, atomically: true, encoding: .utf8)
        let result = try CLITests.run(["init", file.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("is a file, not a folder"))
    }
}

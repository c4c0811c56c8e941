import Foundation
import Testing
import IndexSiteTestSupport

/// Runs the built `indexsite` binary as a user would and checks exit codes, stderr and the output folder.
@Suite(.offThePool) struct CLITests {
    static let repository = TestSupport.repository
    static let sites = repository.appendingPathComponent("Tests/CLITests/Sites")
    static var binary: URL { TestSupport.binary }
    typealias Run = TestSupport.Run

    @discardableResult
    static func run(_ arguments: [String], in directory: URL = sites, environment: [String: String]? = nil) throws -> Run {
        try TestSupport.run(arguments, in: directory, environment: environment)
    }

    static func temporaryFolder() throws -> URL {
        try TestSupport.temporaryFolder("cli")
    }

    @Test func contentErrorExitsOneWithTheExactLine() throws {
        let output = try CLITests.temporaryFolder().appendingPathComponent("out")
        let result = try CLITests.run(["build", "ragged-csv", "--output", output.path])
        #expect(result.status == 1)
        #expect(result.stderr == """
        ragged-csv/Content/books.csv:3:1: error: row has 2 fields, the header has 3 [csv-ragged-row]
            hint: fill in the missing fields, or set short_rows: allow to leave them empty
        Build failed: 1 error

        """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func usageErrorExits64() throws {
        #expect(try CLITests.run(["build", "no-such-site"]).status == 64)
        #expect(try CLITests.run(["build", "good", "--diagnostics", "xml"]).status == 64)
        #expect(try CLITests.run(["frobnicate"]).status == 64)
    }

    @Test func aMisspeltCommandGetsADidYouMean() throws {
        let result = try CLITests.run(["biuld"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: 'biuld' is not a folder or a command; did you mean 'indexsite build'?\n"), "\(result.stderr)")
        #expect(try CLITests.run(["no-such-site"]).stderr.hasPrefix("Error: 'no-such-site' is not a folder\n"))
    }

    @Test func versionIsPrinted() throws {
        let result = try CLITests.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+ \(ICU \d+\.\d+(\.\d+)*, CLDR \d+(\.\d+)*\)\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test func aFolderWithoutContentIsAnErrorWithAHint() throws {
        let empty = try CLITests.temporaryFolder()
        let result = try CLITests.run(["build", "--quiet"], in: empty)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Content:1:1: error: the site has no Content/ folder, so there is nothing to build [missing-content]\n    hint: run 'indexsite init'"))
        #expect(!FileManager.default.fileExists(atPath: empty.appendingPathComponent("_site").path))
    }

    @Test func checkSummaryIsSingularForOne() throws {
        let result = try CLITests.run(["check", "good"])
        #expect(result.stdout == "Checked 1 list, 2 sections, 2 entries: no errors or warnings\n")
    }

    @Test func successExitsZeroAndSaysWhatItBuilt() throws {
        let output = try CLITests.temporaryFolder().appendingPathComponent("out")
        let result = try CLITests.run(["build", "good", "--output", output.path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("Built 1 list, 2 sections, 2 entries into \(output.path)/"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("fruit/index.html").path))
        #expect(try CLITests.run(["build", "good", "--output", output.path, "--quiet"]).stdout == "")
    }

    /// The summary counts entries as the page does (nested items too), so a reader never sees two numbers for one list.
    @Test func theSummaryCountsEntriesAsThePageDoes() throws {
        let site = try CLITests.temporaryFolder()
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "# Tools\n\n## Hand tools\n\n- [Hammer](https://example.org/h) - Drives nails.\n  - [Claw hammer](https://example.org/c) - Pulls them.\n- [Saw](https://example.org/s) - Cuts wood.\n"
            .write(to: content.appendingPathComponent("tools.md"), atomically: true, encoding: .utf8)
        let output = site.appendingPathComponent("out")
        let result = try CLITests.run(["build", ".", "--output", output.path], in: site)
        #expect(result.stdout.hasPrefix("Built 1 list, 1 section, 3 entries into"), "\(result.stdout)")
        let page = try String(contentsOf: output.appendingPathComponent("tools/index.html"), encoding: .utf8)
        #expect(page.contains("3 entries"))
    }

    @Test func warningsPassUnlessStrict() throws {
        let output = try CLITests.temporaryFolder().appendingPathComponent("out")
        let relaxed = try CLITests.run(["build", "warnings", "--output", output.path, "--quiet"])
        #expect(relaxed.status == 0)
        #expect(relaxed.stderr.contains("warnings/Content/links.csv:3:1: warning: link 'javascript:alert(1)' is not http, https, mailto or relative; it is shown as text [unsafe-url]"))
        let strict = try CLITests.run(["build", "warnings", "--output", output.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("warnings/Content/links.csv:3:1: error: link 'javascript:alert(1)' is not http, https, mailto or relative; it is shown as text [unsafe-url]"))
        #expect(!strict.stderr.contains("[id-collision]"), "ids made from titles number themselves quietly")
    }

    @Test func jsonAndGitHubFormats() throws {
        let json = try CLITests.run(["check", "ragged-csv", "--diagnostics", "json"])
        #expect(json.status == 1)
        #expect(json.stdout == """
        [{"file":"ragged-csv/Content/books.csv","line":3,"column":1,"severity":"error","code":"csv-ragged-row","message":"row has 2 fields, the header has 3","hint":"fill in the missing fields, or set short_rows: allow to leave them empty"}]

        """)
        let github = try CLITests.run(["check", "ragged-csv", "--diagnostics", "github"])
        #expect(github.stderr == "::error file=ragged-csv/Content/books.csv,line=3,col=1,title=csv-ragged-row::row has 2 fields, the header has 3 (hint: fill in the missing fields, or set short_rows: allow to leave them empty)\nBuild failed: 1 error\n")
    }

    @Test func checkWritesNothing() throws {
        let site = try CLITests.temporaryFolder()
        try FileManager.default.copyItem(at: CLITests.sites.appendingPathComponent("good/Content"), to: site.appendingPathComponent("Content"))
        let result = try CLITests.run(["check", site.path])
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == ["Content"])
    }

    @Test func failedBuildLeavesThePreviousSiteUntouched() throws {
        let site = try CLITests.temporaryFolder()
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "title\nDune\n".write(to: content.appendingPathComponent("b.csv"), atomically: true, encoding: .utf8)
        #expect(try CLITests.run(["build", site.path, "--quiet"]).status == 0)
        let page = site.appendingPathComponent("_site/b/index.html")
        let before = try Data(contentsOf: page)
        try "title,year\nDune\n\"open\n".write(to: content.appendingPathComponent("b.csv"), atomically: true, encoding: .utf8)
        #expect(try CLITests.run(["build", site.path]).status == 1)
        #expect(try Data(contentsOf: page) == before)
        #expect(try RobustnessTests.stagingFolders(beside: site.appendingPathComponent("_site")).isEmpty)
    }

    @Test func refusesToReplaceAFolderItDidNotWrite() throws {
        let output = try CLITests.temporaryFolder()
        try "precious".write(to: output.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try CLITests.run(["build", "good", "--output", output.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("[output-refused]"))
        #expect(try String(contentsOf: output.appendingPathComponent("notes.txt"), encoding: .utf8) == "precious")
        let intoContent = try CLITests.run(["build", "good", "--output", CLITests.sites.appendingPathComponent("good/Content").path])
        #expect(intoContent.status == 1)
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let output = try CLITests.temporaryFolder().appendingPathComponent("out")
        try CLITests.run(["build", "good", "--output", output.path, "--quiet"])
        let page = output.appendingPathComponent("fruit/index.html").path
        // A day-old time on the page, which a rewrite would replace whatever the file system's clock granularity.
        let before = Date(timeIntervalSinceNow: -86_400)
        try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: page)
        let again = try CLITests.run(["build", "good", "--output", output.path])
        #expect(again.stdout.contains("(0 written,"))
        let after = try FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as? Date
        #expect(after.map { abs($0.timeIntervalSince(before)) < 1 } == true, "the page was rewritten: \(String(describing: after))")
    }

    @Test func symlinksLeavingTheSiteAreRefused() throws {
        let site = try CLITests.temporaryFolder()
        let outside = try CLITests.temporaryFolder().appendingPathComponent("secret.csv")
        try "title\nSecret\n".write(to: outside, atomically: true, encoding: .utf8)
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: content.appendingPathComponent("secret.csv"), withDestinationURL: outside)
        let result = try CLITests.run(["check", site.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(site.path)/Content/secret.csv:1:1: error: 'Content/secret.csv' is a link to '\(outside.resolvingSymlinksInPath().path)', outside the site folder [symlink-outside-site]"))
    }

    @Test func changedContentIsRebuilt() throws {
        let site = try CLITests.temporaryFolder()
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "title\nDune\n".write(to: content.appendingPathComponent("b.csv"), atomically: true, encoding: .utf8)
        #expect(try CLITests.run(["build", site.path, "--quiet"]).status == 0)
        try "title\nDune\nEmma\n".write(to: content.appendingPathComponent("b.csv"), atomically: true, encoding: .utf8)
        let again = try CLITests.run(["build", site.path])
        #expect(again.stdout.contains("2 entries"))
        #expect(try String(contentsOf: site.appendingPathComponent("_site/b/index.html"), encoding: .utf8).contains("Emma"))
    }
}

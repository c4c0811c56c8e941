import Foundation
import Testing
import IndexSiteTestSupport

/// A repository as it is: an awesome list kept as the repository's README.md, built where it lives.
@Suite(.offThePool) struct RepositorySiteTests {
    static func repository(readme: String, configuration: String) throws -> URL {
        let site = try TestSupport.temporaryFolder("repository-site")
        try readme.write(to: site.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try configuration.write(to: site.appendingPathComponent("indexsite.yml"), atomically: true, encoding: .utf8)
        return site
    }

    @Test func theReadmeAtTheRootIsTheSourceAndDiagnosticsNameIt() throws {
        let site = try Self.repository(readme: "# Awesome Tools\n\n> Tools worth knowing.\n\n## Editors\n\n- [Ed](https://example.org/ed) - The standard editor.\n-\n",
                                       configuration: "lists:\n  - source: README.md\n")
        let result = try TestSupport.run(["build", ".", "--diagnostics", "github"], in: site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("::warning file=README.md,line=8,col=1,title=empty-list-item::"), "\(result.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("_site/readme/index.html"), encoding: .utf8)
        #expect(page.contains("https://example.org/ed"))
        // One list: the site is named after it, not "Index".
        let home = try String(contentsOf: site.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(home.contains("<title>Awesome Tools</title>"), "\(home)")
    }

    /// A README that names itself nowhere (public-apis: its banner is in a comment) is named by its repository.
    @Test func anUntitledReadmeIsNamedByItsRepository() throws {
        let site = try TestSupport.temporaryFolder("repository-site").appendingPathComponent("awesome-kites")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try "<!-- <h1>Old banner</h1> -->\n\n### Box kites\n\n| API | Description |\n|---|---|\n| [Hargrave](https://kite.example) | The first box kite |\n"
            .write(to: site.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "lists:\n  - source: README.md\n".write(to: site.appendingPathComponent("indexsite.yml"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(["build", ".", "-q"], in: site)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("_site/readme/index.html"), encoding: .utf8)
        #expect(page.contains("<title>Awesome Kites</title>"), "\(page.prefix(600))")
        #expect(page.contains("https://kite.example"))
    }

    @Test func aSourceOutsideTheSiteOrInsideStaticIsRefused() throws {
        let site = try Self.repository(readme: "# A\n", configuration: "lists:\n  - source: ../README.md\n  - source: Static/list.md\n")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Static"), withIntermediateDirectories: true)
        try "# B\n".write(to: site.appendingPathComponent("Static/list.md"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(["check", "."], in: site)
        #expect(result.status == 1)
        #expect(result.stderr.contains("indexsite.yml:2:13: error: list source '../README.md' is not a path inside the site folder [missing-source]"), "\(result.stderr)")
        #expect(result.stderr.contains("indexsite.yml:3:13: error: list source 'Static/list.md' is inside Static/, which is not content [missing-source]"), "\(result.stderr)")
    }

    @Test func aMisspeltSourceGetsADidYouMean() throws {
        let site = try Self.repository(readme: "# A\n", configuration: "lists:\n  - source: READNE.md\n")
        let result = try TestSupport.run(["check", "."], in: site)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: list source 'READNE.md' is not in Content/ or the site folder [missing-source]\n    hint: "), "\(result.stderr)")
    }
}

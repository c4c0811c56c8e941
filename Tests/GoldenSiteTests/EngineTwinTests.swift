import Foundation
import Testing
import IndexSiteTestSupport
import IndexSite

/// The serial engine (`jobs: 1`: plain loops, no thread) and the parallel one build the same site byte for byte:
/// every golden site, the real content of `shared/corpus/` the tests build, and a list large enough that the parallel
/// sort, the split CSV reader and the anchors' parts all run.
@Suite(.offThePool) struct EngineTwinTests {
    /// Three threads: the work is cut otherwise than on a machine of one, two or four cores.
    static let parallelJobs = 3

    /// The output files of a build of `site` with `jobs` threads (the output marker left out), and its diagnostics.
    static func build(_ site: URL, jobs: Int, configuration: String? = nil) throws -> (files: [String: [UInt8]], diagnostics: [String]) {
        let output = try TestSupport.temporaryFolder("twin-\(jobs)").appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let result = Build.run(BuildOptions(siteFolder: site, output: output, jobs: jobs))
        #expect(result.succeeded, "\(result.diagnostics.filter { $0.severity == .error })")
        var files = TestSupport.tree(output)
        files.removeValue(forKey: SiteWriter.markerFile)
        return (files, result.diagnostics.map { "\($0)" })
    }

    /// Builds `site` under both engines and expects the same files, bytes and diagnostics.
    static func expectTwins(_ site: URL, _ name: String) throws {
        let serial = try build(site, jobs: 1)
        let parallel = try build(site, jobs: parallelJobs)
        #expect(!serial.files.isEmpty, "\(name) wrote nothing")
        #expect(serial.files.keys.sorted() == parallel.files.keys.sorted(), "\(name): the engines wrote other files")
        for (path, bytes) in serial.files.sorted(by: { $0.key < $1.key }) where parallel.files[path] != bytes {
            Issue.record("\(name)/\(path) differs between the serial and the parallel engine")
        }
        #expect(serial.diagnostics == parallel.diagnostics, "\(name): the engines found other problems")
    }

    @Test(arguments: GoldenSiteTests.cases)
    func goldenSite(_ name: String) throws {
        try EngineTwinTests.expectTwins(GoldenSiteTests.sites.appendingPathComponent(name).appendingPathComponent("input"), name)
    }

    /// A file or folder of the corpus; a missing corpus is a failure, never a skip.
    static func corpus(_ path: String) throws -> URL {
        let shared = try #require(TestSupport.sharedFolder, "the shared corpus (../shared/corpus) is missing")
        return shared.appendingPathComponent("corpus/" + path)
    }

    /// The corpus as the tests drop it into `Content/`: each entry copies a corpus path to a name, with settings.
    @Test(arguments: [
        ("awesome lists and data files", [
            "awesome-go.md": "awesome/awesome-go.md", "public-apis.md": "awesome/marcelscruz-public-apis.md",
            "linux-software.md": "awesome/awesome-linux-software.md", "falsehood.md": "awesome/awesome-falsehood.md",
            "countries.csv": "data/csc-countries.csv", "languages.csv": "data/language-codes-full.csv",
            "scripts.json": "data/iso_15924.json", "firefox.json": "data/bcd-firefox.json",
            "executive.yaml": "data/us-executive.yaml", "rubocop.yml": "data/rubocop-default.yml",
            "drummers.json": "data/corpora-spinal-tap-drummers.json",
        ], nil as String?),
        ("rust book", ["book": "docs/rust-book/src"],
         "lists:\n  - source: book\n    kind: headings\n    link_style: mdbook\n    link_base: https://doc.rust-lang.org/book/\n"),
        ("typescript-eslint", ["docs": "docs/typescript-eslint/docs"],
         "lists:\n  - source: docs\n    kind: headings\n    link_style: docusaurus\n    link_base: https://typescript-eslint.io/\n"),
        ("lexical, pinia and the rust blog", ["lexical": "docs/lexical", "pinia": "docs/pinia", "blog": "posts/rust-blog"], nil),
    ])
    func realContent(_ name: String, _ paths: [String: String], _ configuration: String?) throws {
        let site = try TestSupport.temporaryFolder("twin-corpus")
        defer { try? FileManager.default.removeItem(at: site) }
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (copy, path) in paths {
            try FileManager.default.copyItem(at: try EngineTwinTests.corpus(path), to: content.appendingPathComponent(copy))
        }
        if let configuration { try Data(configuration.utf8).write(to: site.appendingPathComponent("indexsite.yml")) }
        try EngineTwinTests.expectTwins(site, name)
    }

    /// 20,000 rows with few distinct names and years: the parallel sort's runs interleave when merged, the anchors are
    /// claimed in parts, and the CSV file is read in pieces.
    @Test func aLargeListSortedAndGroupedByTwoKeys() throws {
        var csv = "name,year,description\n"
        for row in 0..<20_000 {
            csv += "Name \((row * 7_919) % 1_500),\(1990 + row % 37),\"Row \(row), with *Markdown* and a [link](https://example.com/\(row))\"\n"
        }
        let site = try TestSupport.site("twin-large", texts: [
            "Content/rows.csv": csv,
            "indexsite.yml": "lists:\n  - source: rows.csv\n    group_by: year\n    sort: [name, -year]\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        try EngineTwinTests.expectTwins(site, "rows.csv")
    }
}

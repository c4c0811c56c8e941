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

/// Debian's own data files, as `make test` installs them (iso-codes, tzdata), built where they are with only the
/// settings the README names; and what a site keeps of the user's: Static/, assets in subfolders, files put into the
/// output by hand, a symlinked output.
@Suite(.offThePool) struct RealDataFileTests {
    func site(_ files: [String: [UInt8]]) throws -> URL {
        try TestSupport.site("real", files)
    }

    func installed(_ path: String) throws -> [UInt8] {
        // Installed by `make test` (TEST_PACKAGES): a missing file is a failure, never a skip.
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func isoCodesJSONWithItems() throws {
        let folder = try site([
            "Content/countries.json": try installed("/usr/share/iso-codes/json/iso_3166-1.json"),
            "indexsite.yml": Array("lists:\n  - source: countries.json\n    items: \"3166-1\"\n    sort: [-numeric]\n".utf8),
        ])
        let result = Build.run(BuildOptions(siteFolder: folder, strict: true, writeOutput: false))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let list = try #require(result.lists.first)
        #expect(list.settings.titleField == "name", "no title field: the first of name/term/label/heading every entry has")
        #expect(list.entryCount >= 249)
        let a = try #require(list.sections.first { $0.title == "A" })
        // Numeric codes compare by value, largest first: "004" (Afghanistan) is after "533" (Aruba).
        let names = a.entries.map { $0.text(at: "name") ?? "" }
        #expect(try #require(names.firstIndex(of: "Aruba")) < (try #require(names.firstIndex(of: "Afghanistan"))))
    }

    /// iso-codes' files hold their one array under one key ({"3166-1": [ … ]}): read there with no settings.
    @Test func isoCodesJSONWithoutSettingsIsReadWhereItsArrayIs() throws {
        let folder = try site(["Content/countries.json": try installed("/usr/share/iso-codes/json/iso_3166-1.json")])
        let result = Build.run(BuildOptions(siteFolder: folder, strict: true, writeOutput: false))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let list = try #require(result.lists.first)
        #expect(list.settings.titleField == "name")
        #expect(list.entryCount >= 249)
    }

    /// The pass that finds the document's arrays steps over strings holding brackets and escaped quotes, and over
    /// nested objects and arrays, without taking them for top-level keys.
    @Test func theOnlyArrayIsFoundPastTrickyValues() throws {
        let document = #"{"note": "a \"]\" [tricky}", "meta": {"x": [1, {"y": "}"}], "n": -2.5e3}, "ok": true, "items": [{"name": "Ada"}, {"name": "Grace"}]}"#
        let folder = try site(["Content/people.json": Array(document.utf8)])
        let result = Build.run(BuildOptions(siteFolder: folder, strict: true, writeOutput: false))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try #require(result.lists.first).sections.flatMap(\.entries).map { $0.text(at: "name") ?? "" } == ["Ada", "Grace"])
    }

    /// A document with arrays under several keys is read whole, each entry marked with its list, and a warning names
    /// them all with the setting that picks one.
    @Test func jsonWithSeveralArraysNamesThem() throws {
        let folder = try site(["Content/codes.json": Array(#"{"version": 2, "scripts": [{"name": "Latin"}], "regions": [{"name": "Europe"}]}"#.utf8)])
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false))
        #expect(result.diagnostics.map { "\($0.location.path):\($0.location.line) \($0.severity) \($0.code.rawValue) \($0.hint ?? "")" }
            == ["Content/codes.json:1 warning json-not-array to list one of them, set items to its key, as items: \"scripts\"; to section by them, group_by: list"])
        let entries = try #require(result.lists.first).sections.flatMap(\.entries)
        #expect(entries.map { "\($0.text(at: "list") ?? "") \($0.text(at: "name") ?? "")" }.sorted() == ["regions Europe", "scripts Latin"])
    }

    @Test func tzdataZoneTableWithCommentsHeaderAndShortRows() throws {
        let table = try installed("/usr/share/zoneinfo/zone1970.tab")
        let rows = String(decoding: table, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
        let folder = try site([
            "Content/zones.tab": table,
            "indexsite.yml": Array("""
            lists:
              - source: zones.tab
                comment: "#"
                header: [codes, coordinates, tz, comments]
                short_rows: allow
                title_field: tz
                group_by: codes
                values_separator: ","
            """.utf8),
        ])
        let result = Build.run(BuildOptions(siteFolder: folder, strict: true, writeOutput: false))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3))")
        let list = try #require(result.lists.first)
        // Every zone is there, once per country code it lists ("CH,DE" puts Europe/Zurich under both).
        let zones = Set(list.sections.flatMap { $0.entries.map { $0.text(at: "tz") ?? "" } })
        #expect(zones.count == rows.count)
        let germany = try #require(list.sections.first { $0.title == "DE" })
        #expect(germany.entries.contains { $0.text(at: "tz") == "Europe/Zurich" })
        #expect(list.sections.contains { $0.title == "CH" && $0.entries.contains { $0.text(at: "tz") == "Europe/Zurich" } })
    }

    /// A file that opens with `#` lines has them read as comments, and its field names from the last of them when that
    /// line names every column; a first line `#,name` shaped like the rows under it stays the header.
    @Test func leadingHashLinesAreCommentsUnlessTheyAreTheHeader() throws {
        let commented = try site(["Content/birds.tsv": Array("# Birds of the garden\n# 2026 count\n#code\tcommon name\nROB\tRobin\nWRE\tWren\n".utf8)])
        let birds = Build.run(BuildOptions(siteFolder: commented, strict: true, writeOutput: false))
        #expect(birds.diagnostics.isEmpty, "\(birds.diagnostics)")
        let list = try #require(birds.lists.first)
        #expect(list.settings.titleField == "common name")
        #expect(list.sections.flatMap(\.entries).map { $0.text(at: "code") ?? "" } == ["ROB", "WRE"])

        let numbered = try site(["Content/ranks.csv": Array("#,name\n1,Ada\n2,Grace\n".utf8)])
        let ranks = Build.run(BuildOptions(siteFolder: numbered, strict: true, writeOutput: false))
        #expect(ranks.diagnostics.isEmpty, "\(ranks.diagnostics)")
        #expect(try #require(ranks.lists.first).sections.flatMap(\.entries).map { $0.text(at: "#") ?? "" } == ["1", "2"])
    }

    /// Found, not set, comments are only the lines that open the file: a row `#1 Hit` further down is a row, not a
    /// comment dropped without a word (issue 37, item 10).
    @Test func onlyLeadingHashLinesAreFoundComments() throws {
        let songs = try site(["Content/songs.csv": Array("# Songs of the year\n# counted weekly\ntitle,year\n#1 Hit,1999\nOther,2000\n# Late,2001\n".utf8)])
        let result = Build.run(BuildOptions(siteFolder: songs, strict: true, writeOutput: false))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let titles = try #require(result.lists.first).sections.flatMap(\.entries).map { $0.text(at: "title") ?? "" }
        #expect(Set(titles) == ["#1 Hit", "Other", "# Late"])
        let entries = try #require(result.lists.first).sections.flatMap(\.entries)
        #expect(entries.first { $0.text(at: "title") == "#1 Hit" }?.location.line == 4)
    }

    /// zone1970.tab's comment lines are read as comments without settings, but no line of them names its three
    /// columns (its `#codes<TAB>…<TAB>comments` line names four): the error points at `header`.
    @Test func tzdataZoneTableWithoutSettingsPointsAtTheHeader() throws {
        let folder = try site(["Content/zones.tab": try installed("/usr/share/zoneinfo/zone1970.tab")])
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false))
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.code == .unknownField)
        #expect(result.diagnostics.first?.message.contains("no 'title' field") == true)
        #expect(result.diagnostics.first?.hint?.contains("'AD', '+4230+00131', 'Europe/Andorra'") == true)
        #expect(result.diagnostics.first?.hint?.contains("name the fields with header: [a, b, …]") == true)
    }

    @Test func staticFilesAndAssetSubfoldersAreCopied() throws {
        let folder = try site([
            "Content/books.csv": Array("title\nDune\n".utf8),
            "Static/CNAME": Array("books.example\n".utf8),
            "Static/.nojekyll": [],
            "Static/images/logo.svg": Array("<svg/>".utf8),
            "Templates/assets/fonts/serif.woff2": [1, 2, 3],
        ])
        let output = folder.appendingPathComponent("_site")
        let result = Build.run(BuildOptions(siteFolder: folder))
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(FileManager.default.contents(atPath: output.appendingPathComponent("CNAME").path) == Data("books.example\n".utf8))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(".nojekyll").path))
        #expect(FileManager.default.contents(atPath: output.appendingPathComponent("images/logo.svg").path) == Data("<svg/>".utf8))
        #expect(FileManager.default.contents(atPath: output.appendingPathComponent("assets/fonts/serif.woff2").path) == Data([1, 2, 3]))
        // Rebuilt after a change, Static/ is there again and nothing is said about it.
        try Data("title\nDune\nEmma\n".utf8).write(to: folder.appendingPathComponent("Content/books.csv"))
        let again = Build.run(BuildOptions(siteFolder: folder))
        #expect(again.diagnostics.isEmpty)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("CNAME").path))
    }

    @Test func aStaticFileMayNotReplaceAPage() throws {
        let folder = try site(["Content/books.csv": Array("title\nDune\n".utf8), "Static/index.html": Array("<p>mine".utf8)])
        let result = Build.run(BuildOptions(siteFolder: folder))
        #expect(result.diagnostics.map { "\($0.location.path) \($0.code.rawValue)" } == ["Static/index.html static-file-clash"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("_site").path))
    }

    /// Issue 34, item 16: `--output SITE/indexsite.yml` was accepted while the site had no settings file; every later
    /// build then failed with "check the file's permissions".
    @Test func theOutputMayNotBeTheSettingsFile() throws {
        let folder = try site(["Content/books.csv": Array("title\nDune\n".utf8)])
        let result = Build.run(BuildOptions(siteFolder: folder, output: folder.appendingPathComponent("indexsite.yml")))
        #expect(result.diagnostics.map(\.code) == [.outputRefused])
        #expect(result.diagnostics.first?.message.contains("overlaps 'indexsite.yml'") == true, "\(result.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("indexsite.yml").path))
        #expect(Build.run(BuildOptions(siteFolder: folder)).succeeded)
    }

    @Test func theOutputMayNotBeStatic() throws {
        let folder = try site(["Content/books.csv": Array("title\nDune\n".utf8), "Static/CNAME": Array("x".utf8)])
        let result = Build.run(BuildOptions(siteFolder: folder, output: folder.appendingPathComponent("Static")))
        #expect(result.diagnostics.map(\.code) == [.outputRefused])
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("Static/CNAME").path) == Data("x".utf8))
    }

    @Test func filesPutIntoTheOutputAreNamedBeforeTheyGo() throws {
        let folder = try site(["Content/books.csv": Array("title\nDune\n".utf8)])
        let output = folder.appendingPathComponent("_site")
        #expect(Build.run(BuildOptions(siteFolder: folder)).succeeded)
        try Data("x".utf8).write(to: output.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: output.appendingPathComponent("drafts"), withIntermediateDirectories: true)
        try Data("ref".utf8).write(to: output.appendingPathComponent("drafts/a.html"))
        try Data("title\nDune\nEmma\n".utf8).write(to: folder.appendingPathComponent("Content/books.csv"))
        // Under --strict the warning stops the build: nothing is removed.
        let strict = Build.run(BuildOptions(siteFolder: folder, strict: true))
        #expect(strict.diagnostics.map(\.message) == ["the output folder holds 2 files IndexSite did not write, removed by this build: drafts/, notes.txt"])
        #expect(strict.diagnostics.first?.hint?.contains("Static/") == true)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("notes.txt").path))
        // Without it the build says so and goes on.
        let relaxed = Build.run(BuildOptions(siteFolder: folder))
        #expect(relaxed.succeeded)
        #expect(relaxed.diagnostics.map(\.code) == [.outputForeignFiles])
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("notes.txt").path))
    }

    /// Only links are resolved one by one: a file lies where its folder does. So a file linked to outside the site is
    /// refused, and so is every file of a folder linked to outside, however deep; links that stay inside are read.
    @Test func filesLinkedOrLyingOutsideTheSiteAreRefusedAndLinksInsideRead() throws {
        let folder = try site([
            "Content/notes/a.md": Array("# A\n".utf8),
            "Content/notes/deep/b.md": Array("# B\n".utf8),
            "Content/books.csv": Array("title\nDune\n".utf8),
        ])
        let outside = TestSupport.processFolder.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("more"), withIntermediateDirectories: true)
        try Data("# Secret\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        try Data("# Hidden\n".utf8).write(to: outside.appendingPathComponent("more/hidden.md"))
        let notes = folder.appendingPathComponent("Content/notes")
        try FileManager.default.createSymbolicLink(atPath: notes.appendingPathComponent("secret.md").path, withDestinationPath: outside.appendingPathComponent("secret.md").path)
        try FileManager.default.createSymbolicLink(atPath: notes.appendingPathComponent("deep/more").path, withDestinationPath: outside.appendingPathComponent("more").path)
        try FileManager.default.createSymbolicLink(atPath: notes.appendingPathComponent("again.md").path, withDestinationPath: "a.md")
        let site = SiteLoader(siteFolder: folder).load()
        let refused = site.diagnostics.filter { $0.code == .symlinkOutsideSite }.map(\.location.path).sorted()
        #expect(refused == ["Content/notes/deep/more", "Content/notes/secret.md"])
        let read = site.sources.flatMap { source -> [String] in
            switch source {
            case .file(let file): [file.path]
            case .folder(_, let files): files.map(\.path)
            }
        }
        #expect(read == ["Content/books.csv", "Content/notes/a.md", "Content/notes/again.md", "Content/notes/deep/b.md"])

        // A site whose Content/ itself is a link to outside: none of its files is read.
        let linked = try self.site(["indexsite.yml": Array("title: Linked\n".utf8)])
        try FileManager.default.createSymbolicLink(atPath: linked.appendingPathComponent("Content").path, withDestinationPath: outside.path)
        let linkedSite = SiteLoader(siteFolder: linked).load()
        #expect(linkedSite.sources.isEmpty)
        #expect(linkedSite.diagnostics.filter { $0.code == .symlinkOutsideSite }.map(\.location.path).sorted() == ["Content/more", "Content/secret.md"])
    }

    @Test func aSymlinkedOutputKeepsItsLink() throws {
        let folder = try site(["Content/books.csv": Array("title\nDune\n".utf8)])
        let target = folder.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("public")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "www")
        for titles in ["Dune", "Dune\nEmma"] {
            try Data("title\n\(titles)\n".utf8).write(to: folder.appendingPathComponent("Content/books.csv"))
            let result = Build.run(BuildOptions(siteFolder: folder, output: link))
            #expect(result.succeeded, "\(result.diagnostics)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "www")
            #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("books/index.html").path))
        }
        let dangling = folder.appendingPathComponent("gone")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "nowhere")
        let refused = Build.run(BuildOptions(siteFolder: folder, output: dangling))
        #expect(refused.diagnostics.map(\.code) == [.outputRefused])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling.path) == "nowhere")
    }
}

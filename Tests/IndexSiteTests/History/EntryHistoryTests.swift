import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteHistory

/// A git repository a test makes commit by commit, each on a day of its own (2026-01-01 plus `day` days, noon UTC),
/// so the dates the history reads are known.
struct ScriptedRepository {
    let folder: URL
    private(set) var day = 0

    /// The commit time of day `day`.
    static func time(day: Int) -> Int64 { 1_767_268_800 + Int64(day) * 86_400 }
    static func timestamp(day: Int) -> String { SourceHistory.timestamp(time(day: day)) }

    init(_ purpose: String) throws {
        folder = try TestSupport.temporaryFolder("history-\(purpose)")
        try git("init", "-q", "-b", "main")
    }

    @discardableResult
    func git(_ arguments: String..., in directory: URL? = nil) throws -> String {
        try ScriptedRepository.run(arguments, in: directory ?? folder, day: day)
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: URL, day: Int = 0) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Tester", "-c", "user.email=tester@example.org", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = directory
        let date = "@\(time(day: day)) +0000"
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
                               "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_CONFIG_NOSYSTEM": "1"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Issue.record("git \(arguments.joined(separator: " ")) failed: \(String(decoding: errorText, as: UTF8.self))")
            throw CocoaError(.executableLoad)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Writes `files` (nil removes one) and commits them all on the next day.
    mutating func commit(_ files: [String: String?], _ message: String = "change") throws {
        day += 1
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            if let text {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } else {
                try FileManager.default.removeItem(at: url)
            }
        }
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
    }

    /// Lets `days` days pass before the next commit (which is a day later still).
    mutating func wait(days: Int) { day += days }

    /// Renames `from` to `to` with git and commits it on the next day.
    mutating func move(_ from: String, _ to: String) throws {
        day += 1
        try git("mv", from, to)
        try git("commit", "-q", "-m", "move \(from)")
    }
}

@Suite(.offThePool) struct EntryHistoryTests {
    /// The site built from `folder`, every diagnostic asserted to be in `expected`.
    static func build(_ folder: URL) throws -> BuildResult {
        let result = Build.run(BuildOptions(siteFolder: folder, output: folder.appendingPathComponent("_site")))
        return result
    }

    /// `added` and `updated` of each entry of the first list (nested ones too), by title.
    static func dates(_ result: BuildResult) -> [String: [String]] {
        var dates: [String: [String]] = [:]
        func visit(_ entry: Entry) {
            dates[entry.text(at: "title") ?? "?"] = [entry.text(at: "added") ?? "-", entry.text(at: "updated") ?? "-"]
            entry.children.forEach(visit)
        }
        result.lists.first?.sections.flatMap(\.entries).forEach(visit)
        return dates
    }

    static func day(_ added: Int, _ updated: Int) -> [String] {
        [ScriptedRepository.timestamp(day: added), ScriptedRepository.timestamp(day: updated)]
    }

    @Test func markdownItemsFollowTheirLinksThroughMovesRewordingsAndRemovals() throws {
        var repository = try ScriptedRepository("markdown")
        let settings = "lists:\n  - source: tools.md\n    fields: [added, updated]\n"
        try repository.commit(["indexsite.yml": settings, "Content/tools.md": """
            # Tools

            ## Editors

            - [Alpha](https://alpha.example) - An editor.
            - [Beta](https://beta.example) - Another editor.
            - **Gamma**: an editor without a link.

            ## Shells

            - [Delta](https://delta.example) - A shell.

            """]) // day 1
        try repository.commit(["Content/tools.md": """
            # Tools

            ## Editors

            - [Alpha](https://alpha.example) - An editor.
            - **Gamma**: an editor without a link.

            ## Shells

            - [Delta](https://delta.example) - A shell.
            - [Beta](https://beta.example) - Another editor.

            """]) // day 2: Beta moved to another section, unchanged
        try repository.commit(["Content/tools.md": """
            # Tools

            ## Editors

            - [Alpha](https://alpha.example) - The first editor, re-worded.
            - **Gamma**: an editor without a link.

            ## Shells

            - [Beta](https://beta.example) - Another editor.
            - [Delta](https://delta.example) - A shell.
              - [Epsilon](https://epsilon.example) - A plugin of Delta.

            """]) // day 3: Alpha re-worded, Beta and Delta reordered, Epsilon nested under Delta
        try repository.commit(["Content/tools.md": """
            # Tools

            ## Editors

            - [Alpha](https://alpha.example) - The first editor, re-worded.
            - **Gamma**: an editor without a link, re-worded.

            ## Shells

            - [Delta](https://delta.example) - A shell.
              - [Epsilon](https://epsilon.example) - A plugin of Delta.

            """]) // day 4: Beta removed, Gamma re-worded
        try repository.commit(["Content/tools.md": """
            # Tools

            ## Editors

            - [Alpha](https://alpha.example) - The first editor, re-worded.
            - [Beta](https://beta.example) - Back again.
            - **Gamma**: an editor without a link, re-worded.

            ## Shells

            - [Delta](https://delta.example) - A shell.
              - [Epsilon](https://epsilon.example) - A plugin of Delta.

            """]) // day 5: Beta added back
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.diagnostics.map(\.code) == [.feedWithoutBaseURL], "only the note that the list's feed has no base URL: \(result.diagnostics)")
        let dates = EntryHistoryTests.dates(result)
        #expect(dates["Alpha"] == EntryHistoryTests.day(1, 3))
        #expect(dates["Beta"] == EntryHistoryTests.day(1, 5), "a move changes nothing; a removed item added back keeps its first date")
        #expect(dates["Gamma"] == EntryHistoryTests.day(1, 4), "an item without a link is followed by its title")
        #expect(dates["Delta"] == EntryHistoryTests.day(1, 1), "a reordering changes nothing")
        #expect(dates["Epsilon"] == EntryHistoryTests.day(3, 3), "nested items have dates too")
        // The page shows them as fields.
        let page = try String(contentsOf: repository.folder.appendingPathComponent("_site/tools/index.html"), encoding: .utf8)
        #expect(page.contains("2026-01-04T12:00:00Z"))
    }

    @Test func aRebuildReadsOnlyTheNewCommitsAndTheCacheIsKeyedByTheLastCommit() throws {
        var repository = try ScriptedRepository("cache")
        try repository.commit(["list.md": "# L\n\n- [A](https://a.example) - one.\n"])
        try repository.commit(["list.md": "# L\n\n- [A](https://a.example) - one.\n- [B](https://b.example) - two.\n"])
        let reader = try HistoryReader.open(siteFolder: repository.folder).get()
        let first = try reader.history(of: .markdownList(path: "list.md"))
        #expect(first.commitsRead == 2)
        #expect(first.dates["u:https://b.example"] == EntryDates(added: ScriptedRepository.time(day: 2), updated: ScriptedRepository.time(day: 2)))
        #expect(try reader.history(of: .markdownList(path: "list.md")).commitsRead == 0, "same HEAD: the cache alone answers")
        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: repository.folder.appendingPathComponent(".indexsite/history").path)
        #expect(cacheFiles.count == 1)

        try repository.commit(["list.md": "# L\n\n- [A](https://a.example) - one, changed.\n- [B](https://b.example) - two.\n- [C](https://c.example) - three.\n"])
        try repository.commit(["other.txt": "not the list"])
        let next = try HistoryReader.open(siteFolder: repository.folder).get().history(of: .markdownList(path: "list.md"))
        #expect(next.commitsRead == 1, "only the one new commit of the list is read")
        #expect(next.dates["u:https://a.example"] == EntryDates(added: ScriptedRepository.time(day: 1), updated: ScriptedRepository.time(day: 3)))
        #expect(next.dates["u:https://c.example"]?.added == ScriptedRepository.time(day: 3))
        #expect(next.dates["u:https://b.example"] == first.dates["u:https://b.example"])

        // History rewritten under the cache (an amended commit): read again from the start, not from the lost commit.
        try repository.git("commit", "-q", "--amend", "-m", "amended")
        let rewritten = try HistoryReader.open(siteFolder: repository.folder).get().history(of: .markdownList(path: "list.md"))
        #expect(rewritten.commitsRead == 3)
    }

    @Test func aMovedListFileKeepsItsItemsDates() throws {
        var repository = try ScriptedRepository("file-rename")
        try repository.commit(["README.md": "# L\n\n- [A](https://a.example) - one.\n"])
        try repository.commit(["README.md": "# L\n\n- [A](https://a.example) - one.\n- [B](https://b.example) - two.\n"])
        try repository.move("README.md", "list.md")
        try repository.commit(["list.md": "# L\n\n- [A](https://a.example) - one.\n- [B](https://b.example) - two.\n- [C](https://c.example) - three.\n"])
        let history = try HistoryReader.open(siteFolder: repository.folder).get().history(of: .markdownList(path: "list.md"))
        #expect(history.commitsRead == 4)
        #expect(history.dates["u:https://a.example"]?.added == ScriptedRepository.time(day: 1), "dates follow the file through its rename")
        #expect(history.dates["u:https://b.example"]?.added == ScriptedRepository.time(day: 2))
        #expect(history.dates["u:https://c.example"]?.added == ScriptedRepository.time(day: 4))
    }

    @Test func csvRecordsAreFollowedByIDElseTitle() throws {
        var repository = try ScriptedRepository("csv")
        let settings = "lists:\n  - source: books.csv\n    sort: [-added]\n  - source: films.csv\n    sort: [-added]\n"
        try repository.commit(["indexsite.yml": settings,
                               "Content/books.csv": "id,title,year\n1,Dune,1965\n2,Emma,1815\n",
                               "Content/films.csv": "title,year\nAlien,1979\nBrazil,1985\n"])
        try repository.commit(["Content/books.csv": "id,title,year\n2,Emma (novel),1815\n1,Dune,1965\n",
                               "Content/films.csv": "title,year\nAlien,1979\nBrazil,1986\nCasablanca,1942\n"])
        try repository.commit(["Content/books.csv": "id,title,year\n2,Emma (novel),1815\n1,Dune,1965\n3,Ulysses,1922\n"])
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        var books: [String: [String]] = [:]
        var films: [String: [String]] = [:]
        for entry in result.lists[0].sections.flatMap(\.entries) { books[entry.text(at: "title")!] = [entry.text(at: "added")!, entry.text(at: "updated")!] }
        for entry in result.lists[1].sections.flatMap(\.entries) { films[entry.text(at: "title")!] = [entry.text(at: "added")!, entry.text(at: "updated")!] }
        #expect(books["Emma (novel)"] == EntryHistoryTests.day(1, 2), "a renamed record keeps its id's first date; the edit updates it")
        #expect(books["Dune"] == EntryHistoryTests.day(1, 1), "a row moved in the file is not changed")
        #expect(books["Ulysses"] == EntryHistoryTests.day(3, 3))
        #expect(films["Brazil"] == EntryHistoryTests.day(1, 2), "without an id, the title follows the record")
        #expect(films["Casablanca"] == EntryHistoryTests.day(2, 2))
        #expect(films["Alien"] == EntryHistoryTests.day(1, 1))
    }

    /// A YAML data file's older versions are read with the YAML parser, as its list is (`SourceFormat.parse`), and a
    /// JSON file without `title` is keyed by the title field the settings chose for it.
    @Test func yamlAndUntitledJSONRecordsAreFollowed() throws {
        var repository = try ScriptedRepository("yaml")
        let settings = "lists:\n  - source: books.yml\n    sort: [-added]\n  - source: films.json\n    sort: [-added]\n"
        try repository.commit(["indexsite.yml": settings,
                               "Content/books.yml": "- title: Dune\n  year: 1965\n- title: Emma\n  year: 1815\n",
                               "Content/films.json": #"[{"name": "Alien", "year": 1979}]"#])
        try repository.commit(["Content/books.yml": "- title: Dune\n  year: 1965\n- title: Emma\n  year: 1816\n- title: Ulysses\n  year: 1922\n",
                               "Content/films.json": #"[{"name": "Alien", "year": 1979}, {"name": "Brazil", "year": 1985}]"#])
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        var books: [String: [String]] = [:]
        var films: [String: [String]] = [:]
        for entry in result.lists[0].sections.flatMap(\.entries) { books[entry.text(at: "title")!] = [entry.text(at: "added") ?? "-", entry.text(at: "updated") ?? "-"] }
        for entry in result.lists[1].sections.flatMap(\.entries) { films[entry.text(at: "name")!] = [entry.text(at: "added") ?? "-", entry.text(at: "updated") ?? "-"] }
        #expect(books["Dune"] == EntryHistoryTests.day(1, 1))
        #expect(books["Emma"] == EntryHistoryTests.day(1, 2))
        #expect(books["Ulysses"] == EntryHistoryTests.day(2, 2))
        #expect(films["Alien"] == EntryHistoryTests.day(1, 1))
        #expect(films["Brazil"] == EntryHistoryTests.day(2, 2))
    }

    /// Eight lines of a body, enough for git to see a file renamed with one line edited as a rename.
    static let body = (1...8).map { "Line \($0) of a body long enough for git to see a rename through a small edit." }.joined(separator: "\n")

    @Test func historyFieldsSortAndGroupLikeDates() throws {
        var repository = try ScriptedRepository("grouping")
        let settings = "lists:\n  - source: a.md\n    group_by: date:added:month\n    sort: [-added]\n"
        try repository.commit(["indexsite.yml": settings, "Content/a.md": "- [Old](https://old.example)\n"])
        for _ in 0..<40 { try repository.commit(["unrelated.txt": "\(repository.day)"]) } // day 41: February
        try repository.commit(["Content/a.md": "- [Old](https://old.example)\n- [Newer](https://newer.example)\n"])
        try repository.commit(["Content/a.md": "- [Old](https://old.example)\n- [Newest](https://newest.example)\n- [Newer](https://newer.example) - re-worded.\n"])
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        let sections = try #require(result.lists.first).sections
        #expect(sections.map(\.title) == ["February 2026", "January 2026"])
        #expect(sections.first?.entries.map { $0.text(at: "title") } == ["Newest", "Newer"], "newest first by added (day 43, day 42); the re-wording changes no added date")
        #expect(sections.last?.entries.map { $0.text(at: "title") } == ["Old"])
    }

    @Test func entryFilesFollowTheirRenames() throws {
        var repository = try ScriptedRepository("folder")
        let settings = "lists:\n  - source: notes\n    fields: [added, updated]\n"
        try repository.commit(["indexsite.yml": settings,
                               "Content/notes/alpha.md": "---\ntitle: Alpha\n---\nFirst.\n",
                               "Content/notes/beta.md": "---\ntitle: Beta\n---\n\(EntryHistoryTests.body)\nLast.\n"])
        try repository.move("Content/notes/alpha.md", "Content/notes/renamed.md") // day 2: renamed, unchanged
        try repository.commit(["Content/notes/beta.md": nil,
                               "Content/notes/gamma.md": "---\ntitle: Beta\n---\n\(EntryHistoryTests.body)\nLast, edited.\n"]) // day 3
        try repository.commit(["Content/notes/delta.md": "---\ntitle: Delta\n---\nNew.\n"]) // day 4
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        let dates = EntryHistoryTests.dates(result)
        #expect(dates["Alpha"] == EntryHistoryTests.day(1, 1), "a rename alone changes nothing")
        #expect(dates["Beta"] == EntryHistoryTests.day(1, 3), "renamed and edited: first date kept, updated")
        #expect(dates["Delta"] == EntryHistoryTests.day(4, 4))
    }

    @Test func aShallowCloneIsWarnedAboutOnce() throws {
        var repository = try ScriptedRepository("shallow-origin")
        let settings = "lists:\n  - source: a.md\n    sort: [-added]\n  - source: b.md\n    sort: [-added]\n"
        try repository.commit(["indexsite.yml": settings, "Content/a.md": "- [A](https://a.example)\n", "Content/b.md": "- [B](https://b.example)\n"])
        try repository.commit(["Content/a.md": "- [A](https://a.example)\n- [A2](https://a2.example)\n"])
        let clone = try TestSupport.temporaryFolder("history-shallow-clone").appendingPathComponent("site")
        try ScriptedRepository.run(["clone", "-q", "--depth", "1", "file://" + repository.folder.path, clone.path], in: clone.deletingLastPathComponent())
        let result = try EntryHistoryTests.build(clone)
        #expect(result.succeeded, "\(result.diagnostics)")
        let shallow = result.diagnostics.filter { $0.code == .historyShallow }
        #expect(shallow.count == 1, "one warning for the build, not one per list: \(result.diagnostics)")
        #expect(shallow.first?.hint?.contains("fetch-depth: 0") == true)
        #expect(EntryHistoryTests.dates(result)["A"] == EntryHistoryTests.day(2, 2), "dates start at the clone's depth")
    }

    @Test func outsideARepositoryTheFieldsAreAbsentWithAWarning() throws {
        let site = try TestSupport.site("history-none", texts: [
            "indexsite.yml": "lists:\n  - source: a.md\n    sort: [-added]\n",
            "Content/a.md": "- [A](https://a.example) - one.\n",
        ])
        // The temporary folder must not be inside a repository for this test to mean anything.
        guard case .failure(let failure) = HistoryReader.open(siteFolder: site) else {
            Issue.record("the temporary folder is inside a git repository")
            return
        }
        #expect(failure.description.contains("not a git repository"))
        let result = try EntryHistoryTests.build(site)
        #expect(result.succeeded, "\(result.diagnostics)")
        let warnings = result.diagnostics.filter { $0.code == .historyUnavailable }
        #expect(warnings.count == 1, "\(result.diagnostics)")
        #expect(warnings.first?.location.path == "indexsite.yml")
        #expect(EntryHistoryTests.dates(result)["A"] == ["-", "-"])
    }

    @Test func aListThatDoesNotAskReadsNoHistory() throws {
        var repository = try ScriptedRepository("unasked")
        try repository.commit(["Content/a.md": "- [A](https://a.example) - one.\n"])
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded)
        #expect(EntryHistoryTests.dates(result)["A"] == ["-", "-"])
        #expect(!FileManager.default.fileExists(atPath: repository.folder.appendingPathComponent(".indexsite").path))
    }

    @Test func committingAnEntryMakesTheNextBuildReadItsDate() throws {
        var repository = try ScriptedRepository("reuse")
        try repository.commit(["indexsite.yml": "lists:\n  - source: a.md\n    fields: [added]\n", "Content/a.md": "- [A](https://a.example) - one.\n"])
        try Data("- [A](https://a.example) - one.\n- [B](https://b.example) - two.\n".utf8).write(to: repository.folder.appendingPathComponent("Content/a.md"))
        let before = try EntryHistoryTests.build(repository.folder)
        #expect(before.succeeded)
        #expect(EntryHistoryTests.dates(before)["B"] == ["-", "-"], "not committed yet")
        try repository.commit(["Content/a.md": "- [A](https://a.example) - one.\n- [B](https://b.example) - two.\n"])
        // The same content, one commit later: the previous output is not reused, as B now has a date.
        let after = try EntryHistoryTests.build(repository.folder)
        #expect(!after.reusedPreviousOutput)
        #expect(EntryHistoryTests.dates(after)["B"]?.first == ScriptedRepository.timestamp(day: 2))
        let unchanged = try EntryHistoryTests.build(repository.folder)
        #expect(unchanged.reusedPreviousOutput, "nothing changed since: the output is reused")
    }

    @Test func theHeadCommitIsReadFromTheRepositorysFiles() throws {
        // This repository (a worktree in development: its .git is a file) and a scripted one with packed refs.
        let expected = try ScriptedRepository.run(["rev-parse", "HEAD"], in: TestSupport.repository).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(RepositoryHead.commit(siteFolder: TestSupport.repository.appendingPathComponent("Tests")) == expected)
        var repository = try ScriptedRepository("head")
        try repository.commit(["a.txt": "a"])
        try repository.git("pack-refs", "--all")
        let packed = try repository.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(RepositoryHead.commit(siteFolder: repository.folder) == packed)
        #expect(RepositoryHead.commit(siteFolder: try TestSupport.temporaryFolder("history-no-repository")) == nil)
    }

    @Test func initsWorkflowFetchesTheWholeHistoryAndGitIgnoresTheCache() {
        let files = Dictionary(Scaffold.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        #expect(files[".github/workflows/indexsite.yml"]?.contains("fetch-depth: 0") == true)
        #expect(files[".gitignore"]?.split(separator: "\n").contains(".indexsite/") == true)
    }

    @Test func theCacheKeepsEveryKeyAsItWas() throws {
        let keys = ["u:https://a.example", "t:two\nlines", "t:a\ttab", "t:back\\slash\\n", "t:\r", "i:ünï"]
        var cache = HistoryCache(identity: "csv\u{0}Content/a.csv", head: "abc", path: "Content/a.csv", dates: [:])
        for (index, key) in keys.enumerated() { cache.dates[key] = EntryDates(added: Int64(index), updated: Int64(index * 10 - 5)) }
        let file = try TestSupport.temporaryFolder("history-cache").appendingPathComponent("cache.txt")
        HistoryCache.write(cache, to: file)
        let read = try #require(HistoryCache.read(file, identity: cache.identity))
        #expect(read.dates == cache.dates)
        #expect(read.head == "abc" && read.path == "Content/a.csv")
        #expect(HistoryCache.read(file, identity: "csv\u{0}Content/b.csv") == nil, "another source's cache is not used")
    }

    @Test func entriesThatSharedFieldNamesShareThemWithTheHistorysFields() {
        let names = ["title", "url"]
        var entries = ["a", "b", "c"].map { Entry(fields: FieldRecord(names: names, values: [.text($0), .text("https://\($0).example")])) }
        let history = SourceHistory(dates: ["a": EntryDates(added: 1, updated: 2), "b": EntryDates(added: 3, updated: 3)])
        history.apply(to: &entries) { $0.text(at: "title") }
        #expect(entries.map { $0.text(at: "added") } == [SourceHistory.timestamp(1), SourceHistory.timestamp(3), nil])
        #expect(entries[0].fields.names == ["title", "url", "added", "updated"])
        #expect(entries[0].fields.namesAddress == entries[1].fields.namesAddress, "one names array, so a field's column is found once")
        #expect(entries[2].fields.names == names)
    }

    @Test func timestampsAreUTCDates() {
        #expect(SourceHistory.timestamp(0) == "1970-01-01T00:00:00Z")
        #expect(SourceHistory.timestamp(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(SourceHistory.timestamp(1_404_654_135) == "2014-07-06T13:42:15Z")
        #expect(SourceHistory.timestamp(-1) == "1969-12-31T23:59:59Z")
    }

    @Test func itemLinesAreKeyedByTheirFirstLinkElseTitle() {
        func key(_ line: String) -> String? {
            let bytes = Array(line.utf8)
            return ItemLine(bytes.span)?.key
        }
        #expect(key("- [Gin](https://github.com/gin-gonic/gin) - A web framework.") == "u:https://github.com/gin-gonic/gin")
        #expect(key("    * [A](<https://a.example/x y>)") == "u:https://a.example/x y")
        #expect(key("1. [A](https://a.example/(x)) \"t\"") == "u:https://a.example/(x)")
        #expect(key("- [A](https://a.example/a\\_b \"Title\")") == "u:https://a.example/a_b")
        #expect(key("- **Gamma**: no link") == "t:Gamma")
        #expect(key("- Plain item - with words") == "t:Plain item")
        #expect(key("| [Row](https://row.example) | cell |") == "u:https://row.example")
        #expect(key("| Name | Description |") == "t:Name")
        #expect(key("|---|:---:|") == nil)
        #expect(key("## Heading") == nil)
        #expect(key("Some [paragraph](https://p.example).") == nil)
        #expect(key("-not an item") == nil)
    }
}

/// The whole history of a real list: awesome-go's README, 4,699 commits (`shared/corpus/history`, a git bundle).
@Suite(.offThePool) struct AwesomeGoHistoryTests {
    static func bundle() throws -> URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/corpus/history/awesome-go-readme.bundle")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        Issue.record("the history corpus (../shared/corpus/history/awesome-go-readme.bundle) is missing")
        throw CocoaError(.fileNoSuchFile)
    }

    /// Items checked by hand with `git log -S'(<link>)' --reverse --format='%H %ct'`: the first commit whose README
    /// holds the link, and its commit time.
    static let checked: [(link: String, commit: String, time: Int64)] = [
        ("#text-processing", "5b52a91a652279aaa50394cdcdea774dfc6afa02", 1404661834),
        ("#hardware", "83d6d4d35cf3aae20d53caaabebe5800b797d170", 1419958832),
        ("https://github.com/appleboy/drone-jenkins", "57e122e2369ad9c4a942c18c1ce17036604928e4", 1484747915),
        ("#http-clients", "e0705f9e9dbb6e01e4603b28fbd2e5fae5b061e3", 1542759697),
        ("https://github.com/blockloop/scan", "f291ac7131e0e51f41826eb390bc526c920356b2", 1554845041),
        ("https://www.meetup.com/Golang-Estonia/", "5724a8d7bfa80088dbb968716e1e22a5b6dabe2d", 1584404240),
        ("https://github.com/yudppp/throttle", "e0a13e4fefa08b977ec5a2a90a532596bf95c077", 1631146881),
        ("#bit-packing-and-compression", "a400cd94ee3e37daa396ebba085d6d9de76fb648", 1649130936),
        ("https://github.com/anqiansong/sqlgen", "55979b1a73c004eb9721cc16084d4bd536c88327", 1682878880),
        ("https://github.com/aptly-dev/aptly", "4958c5a8ca16b3fcd76c77509245b4f8a926702b", 1740071275),
    ]

    @Test func everyItemIsDatedByTheFirstCommitThatHeldItsLink() throws {
        let clone = try TestSupport.temporaryFolder("history-awesome-go").appendingPathComponent("awesome-go")
        try ScriptedRepository.run(["clone", "-q", "-b", "main", try AwesomeGoHistoryTests.bundle().path, clone.path], in: clone.deletingLastPathComponent())
        let reader = try HistoryReader.open(siteFolder: clone).get()
        var clock = ContinuousClock.now
        let history = try reader.history(of: .markdownList(path: "README.md"))
        let firstRead = ContinuousClock.now - clock
        #expect(history.commitsRead == 4699)
        for item in AwesomeGoHistoryTests.checked {
            #expect(history.dates["u:" + item.link]?.added == item.time, "\(item.link): first held by \(item.commit)")
        }
        // A larger sample, made the same way (lines "<link> <commit> <time>"), when HISTORY_SAMPLE names one.
        if let sampleFile = ProcessInfo.processInfo.environment["HISTORY_SAMPLE"] {
            let lines = try String(contentsOfFile: sampleFile, encoding: .utf8).split(separator: "\n")
            var exact = 0
            for line in lines {
                let parts = line.split(separator: " ")
                if history.dates["u:" + parts[0]]?.added == Int64(parts[2]) { exact += 1 } else { print("differs: \(line)") }
            }
            print("sample: \(exact) of \(lines.count) exact")
        }

        // One more commit: only it is read.
        try Data((try String(contentsOf: clone.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "## Actor Model", with: "## Actor Model\n\n- [New Actor](https://new-actor.example) - Added by the test.")).utf8)
            .write(to: clone.appendingPathComponent("README.md"))
        try ScriptedRepository.run(["commit", "-q", "-a", "-m", "Add New Actor"], in: clone, day: 5000)
        clock = ContinuousClock.now
        let next = try HistoryReader.open(siteFolder: clone).get().history(of: .markdownList(path: "README.md"))
        let rebuild = ContinuousClock.now - clock
        #expect(next.commitsRead == 1)
        #expect(next.dates["u:https://new-actor.example"]?.added == ScriptedRepository.time(day: 5000))
        #expect(next.dates.count == history.dates.count + 1)
        print("awesome-go history: whole \(firstRead), after one commit \(rebuild)")
    }
}

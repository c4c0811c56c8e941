import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteSection

/// Real folders and data files nobody here wrote (`../shared/corpus/`), dropped into `Content/` with no settings:
/// every file is read or named in an `unread-file` warning, and data in each shape people keep builds.
@Suite(.offThePool) struct CorpusContentKindsTests {
    /// A file or folder of the corpus; a missing corpus is a failure, never a skip.
    static func corpus(_ path: String) throws -> URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/corpus/" + path)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        Issue.record("the corpus (../shared/corpus/\(path)) is missing")
        throw CocoaError(.fileNoSuchFile)
    }

    /// A site whose `Content/` holds copies of corpus paths under the given names, and an optional configuration.
    static func site(_ corpusPaths: [String: String], configuration: String? = nil) throws -> URL {
        let site = try TestSupport.temporaryFolder("corpus")
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (name, path) in corpusPaths {
            try FileManager.default.copyItem(at: try corpus(path), to: content.appendingPathComponent(name))
        }
        if let configuration { try Data(configuration.utf8).write(to: site.appendingPathComponent("indexsite.yml")) }
        return site
    }

    static func check(_ site: URL, strict: Bool = false) -> BuildResult {
        Build.run(BuildOptions(siteFolder: site, strict: strict, writeOutput: false))
    }

    static func entries(_ list: IndexedList) -> [Entry] { list.sections.flatMap(\.entries) }

    /// The visible files under a folder, as paths relative to the site (`Content/<name>/…`).
    static func files(under folder: URL, prefix: String) -> Set<String> {
        Set(TestSupport.tree(folder, skipHidden: true).keys.map { prefix + "/" + $0 })
    }

    /// The files an `unread-file` warning names: the list in its parentheses, relative to the folder it names.
    static func named(in diagnostics: [Diagnostic]) -> Set<String> {
        var named: Set<String> = []
        for diagnostic in diagnostics where diagnostic.code == .unreadFile {
            let message = diagnostic.message
            if let open = message.range(of: " ("), let close = message.range(of: "): "), let quote = message.range(of: "of '"),
               let end = message[quote.upperBound...].firstIndex(of: "'") {
                let folder = String(message[quote.upperBound..<end])
                for name in message[open.upperBound..<close.lowerBound].components(separatedBy: ", ") { named.insert(folder + "/" + name) }
            } else {
                named.insert(diagnostic.location.path)
            }
        }
        return named
    }

    /// Each corpus folder as a user drops it in: the files read (one entry each) and the files named in warnings are
    /// every file of the folder, and each is one or the other.
    @Test(arguments: [("posts/rust-blog", 148), ("docs/lexical", 51), ("docs/typescript-eslint", 53), ("docs/pinia", 145)])
    func everyFileIsReadOrNamed(path: String, pages: Int) throws {
        let site = try CorpusContentKindsTests.site(["folder": path])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = CorpusContentKindsTests.check(site)
        let all = CorpusContentKindsTests.files(under: site.appendingPathComponent("Content/folder"), prefix: "Content/folder")
        let read = Set(try #require(result.lists.first).sections.flatMap(\.entries).map(\.location.path))
        let named = CorpusContentKindsTests.named(in: result.diagnostics)
        #expect(read.count == pages, "pages read")
        #expect(read.isDisjoint(with: named))
        #expect(read.union(named) == all, "silently skipped: \(all.subtracting(read).subtracting(named).sorted())")
        // One warning per reason, not one per file.
        let warnings = result.diagnostics.filter { $0.code == .unreadFile }
        #expect(warnings.count <= 5, "\(warnings.map(\.message))")
    }

    /// The Rust blog's post without an extension and its `blog.yml` files are named with what to do about them.
    @Test func theRustBlogsOddFilesAreNamedWithAFix() throws {
        let site = try CorpusContentKindsTests.site(["blog": "posts/rust-blog"])
        defer { try? FileManager.default.removeItem(at: site) }
        let warnings = CorpusContentKindsTests.check(site).diagnostics.filter { $0.code == .unreadFile }
        let noExtension = try #require(warnings.first { $0.message.contains("inside-rust/2020-05-21-governance-wg") })
        #expect(noExtension.hint?.contains(".md") == true)
        #expect(noExtension.severity == .warning)
        let data = try #require(warnings.first { $0.message.contains("blog.yml, inside-rust/blog.yml") })
        #expect(data.hint?.contains("move it directly into Content/") == true)
    }

    /// A file of a kind that is not read, directly in Content/: a warning; named in `lists:`, an error about its kind,
    /// never "not in Content/"; `check` (a build that writes nothing) reports both.
    @Test func aListedFileOfAnUnreadKindIsAnErrorAboutItsKind() throws {
        let site = try TestSupport.site("kinds", texts: [
            "Content/prices.xlsx": "PK",
            "Content/notes.txt": "one\ntwo\n",
            "Content/books.csv": "title\nDune\n",
            "indexsite.yml": "lists:\n  - source: prices.xlsx\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = CorpusContentKindsTests.check(site)
        let error = try #require(result.diagnostics.first { $0.code == .unsupportedSource })
        #expect(error.severity == .error)
        #expect(error.message.contains("spreadsheet"))
        #expect(error.location.path == "indexsite.yml")
        #expect(!result.diagnostics.contains { $0.code == .missingSource })
        let notes = try #require(result.diagnostics.first { $0.location.path == "Content/notes.txt" })
        #expect(notes.code == .unreadFile && notes.severity == .warning)
        #expect(notes.hint?.contains(".md") == true)
    }
}

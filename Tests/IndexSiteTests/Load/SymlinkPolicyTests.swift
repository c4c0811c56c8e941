import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSiteCore
@testable import IndexSiteLoad

/// Issue 34, items 1, 2, 4 and 18: what links in `Content/`, `Templates/` and `Static/` may publish. A link is
/// followed only into those folders; an alias of a folder is a copy, never the reason the real folder is dropped; no
/// file is left out without a diagnostic, and a looping link is called a loop.
@Suite struct SymlinkPolicyTests {
    let files = FileManager.default

    func paths(_ site: LoadedSite) -> [String] {
        site.staticFiles.map(\.path) + site.assets.map(\.path) + site.sources.flatMap { source -> [String] in
            switch source {
            case .file(let file): [file.path]
            case .folder(_, let files): files.map(\.path)
            }
        }
    }

    /// Item 4: `Static/src -> ..` published the whole repository; `Static/robots.txt -> ../.git/config` the CI token;
    /// links from `Content/` and `Templates/assets/` did the same.
    @Test func linksLeadOnlyIntoTheSitesOwnFolders() throws {
        let folder = try TestSupport.site("links", texts: [
            "Content/notes/a.md": "# A\n", "Content/books.csv": "title\nDune\n", "Content/.draft.md": "# Draft\n",
            ".git/config": "[http]\nextraheader = AUTHORIZATION: basic c2VjcmV0\n", ".env": "TOKEN=1\n",
            "notes.txt": "private\n", "Static/img/logo.png": "png", "Templates/assets/site.css": "body{}",
        ])
        func link(_ path: String, _ destination: String) throws {
            try files.createSymbolicLink(atPath: folder.appendingPathComponent(path).path, withDestinationPath: destination)
        }
        try link("Static/src", "..")
        try link("Static/robots.txt", "../.git/config")
        try link("Static/env", "../.env")
        try link("Content/notes/config.md", "../../.git/config")
        try link("Content/notes/draft.md", "../.draft.md")
        try link("Templates/assets/notes.txt", "../../notes.txt")
        // Links that stay inside the published folders are followed, across them too.
        try link("Static/logo.png", "img/logo.png")
        try link("Static/site.css", "../Templates/assets/site.css")
        try link("Content/notes/b.md", "a.md")

        let site = SiteLoader(siteFolder: folder).load()
        let refused = site.diagnostics.filter { $0.code == .symlinkOutsideSite }.map(\.location.path).sorted()
        #expect(refused == ["Content/notes/config.md", "Content/notes/draft.md", "Static/env", "Static/robots.txt", "Static/src", "Templates/assets/notes.txt"])
        #expect(site.diagnostics.allSatisfy { $0.severity == .error }, "\(site.diagnostics)")
        let message = site.diagnostics.first { $0.location.path == "Static/robots.txt" }?.message ?? ""
        #expect(message.contains("'Static/robots.txt' is a link to '../.git/config'"), "\(message)")
        let read = paths(site)
        #expect(!read.contains { $0.hasPrefix("Static/src") || $0.contains("config") || $0.contains("env") || $0.contains("notes.txt") }, "\(read)")
        #expect(read.contains("Static/logo.png") && read.contains("Static/site.css") && read.contains("Content/notes/b.md"), "\(read)")
    }

    /// Item 1: `Static/docs/latest -> v2` sorts before `v2`, and the real folder was dropped as a "cycle".
    @Test func aFolderAliasIsACopyAndTheRealFolderIsKept() throws {
        let folder = try TestSupport.site("alias", texts: [
            "Content/books.csv": "title\nDune\n", "Static/docs/v2/index.html": "v2", "Static/docs/v2/guide/a.html": "a",
            "Content/notes/v2/a.md": "# A\n",
        ])
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("Static/docs/latest").path, withDestinationPath: "v2")
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("Content/notes/latest").path, withDestinationPath: "v2")
        let site = SiteLoader(siteFolder: folder).load()
        #expect(site.diagnostics.isEmpty, "\(site.diagnostics)")
        #expect(site.staticFiles.map(\.path) == ["Static/docs/latest/guide/a.html", "Static/docs/latest/index.html",
                                                 "Static/docs/v2/guide/a.html", "Static/docs/v2/index.html"])
        #expect(paths(site).filter { $0.hasPrefix("Content/notes") } == ["Content/notes/latest/a.md", "Content/notes/v2/a.md"])
    }

    /// A true cycle is still one (a link back to a folder being read), and a chain of folders that each link twice to
    /// the one below is read a bounded number of times, with a warning, not 2^n times.
    @Test func cyclesAndLinkFloodsAreBounded() throws {
        let folder = try TestSupport.site("flood", texts: ["Content/books.csv": "title\nDune\n", "Static/f0/file.txt": "x"])
        let staticFolder = folder.appendingPathComponent("Static")
        try files.createSymbolicLink(atPath: staticFolder.appendingPathComponent("f0/up").path, withDestinationPath: "..")
        for level in 1...12 {
            let here = staticFolder.appendingPathComponent("f\(level)")
            try files.createDirectory(at: here, withIntermediateDirectories: true)
            for name in ["a", "b"] { try files.createSymbolicLink(atPath: here.appendingPathComponent(name).path, withDestinationPath: "../f\(level - 1)") }
        }
        let site = SiteLoader(siteFolder: folder).load()
        #expect(site.diagnostics.contains { $0.code == .symlinkCycle && $0.location.path == "Static/f0/up" })
        #expect(site.diagnostics.contains { $0.code == .folderWalkLimit && $0.severity == .warning })
        #expect(site.staticFiles.count < 12 * 2 * SiteLoader.folderReadLimit, "\(site.staticFiles.count) files")
        #expect(site.staticFiles.contains { $0.path == "Static/f0/file.txt" })
    }

    /// Item 2: files more than 15 folders deep were left out with no diagnostic at all.
    @Test func deepFoldersAreReadOrNamed() throws {
        let deep = (1...20).map { "d\($0)" }.joined(separator: "/")
        let tooDeep = (1...(SiteLoader.folderDepthLimit + 2)).map { "e\($0)" }.joined(separator: "/")
        let folder = try TestSupport.site("deep", texts: [
            "Content/books.csv": "title\nDune\n", "Static/\(deep)/f.txt": "x", "Content/notes/\(deep)/a.md": "# A\n",
            "Static/\(tooDeep)/g.txt": "y",
        ])
        let site = SiteLoader(siteFolder: folder).load()
        #expect(site.staticFiles.map(\.path).contains("Static/\(deep)/f.txt"))
        #expect(paths(site).contains("Content/notes/\(deep)/a.md"))
        let limit = site.diagnostics.filter { $0.code == .folderWalkLimit }
        #expect(limit.count == 1 && limit.first?.severity == .error, "\(site.diagnostics)")
        #expect(limit.first.map { "Static/\(tooDeep)".hasPrefix($0.location.path) } == true)
    }

    /// Item 18: a link to itself was reported as "check the file's permissions"; a link to nothing likewise.
    @Test func aLoopingLinkIsCalledALoop() throws {
        let folder = try TestSupport.site("loop", texts: ["Content/books.csv": "title\nDune\n"])
        try files.createDirectory(at: folder.appendingPathComponent("Templates/assets"), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("Templates/assets/a.css").path, withDestinationPath: "b.css")
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("Templates/assets/b.css").path, withDestinationPath: "a.css")
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("Templates/assets/gone.css").path, withDestinationPath: "nothing.css")
        let site = SiteLoader(siteFolder: folder).load()
        let loops = site.diagnostics.filter { $0.code == .symlinkCycle }
        #expect(loops.map(\.location.path) == ["Templates/assets/a.css", "Templates/assets/b.css"], "\(site.diagnostics)")
        #expect(loops.allSatisfy { $0.message.contains("loops") && $0.severity == .error })
        let gone = site.diagnostics.first { $0.location.path == "Templates/assets/gone.css" }
        #expect(gone?.message.contains("does not exist") == true, "\(site.diagnostics)")
        #expect(!site.diagnostics.contains { ($0.hint ?? "").contains("permissions") }, "\(site.diagnostics)")
    }
}

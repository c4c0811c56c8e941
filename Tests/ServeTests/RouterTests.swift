import Foundation
import IndexSite
import IndexSiteServer
import Testing
import IndexSiteTestSupport

/// The preview router in-process: path resolution and its refusals, content types, the live-reload script, the error page.
@Suite struct RouterTests {
    /// An output folder like a build's, with a symbolic link out of it and a secret beside it.
    static func makeOutput() throws -> (root: URL, output: URL) {
        let root = TestSupport.processFolder.appendingPathComponent("indexsite-router-\(UUID().uuidString)")
        let output = root.appendingPathComponent("site")
        let files = FileManager.default
        for folder in ["books", "assets", "inner"] {
            try files.createDirectory(at: output.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let pages = [
            "index.html": "<!DOCTYPE html><html><body><h1>Home</h1></body></html>",
            "404.html": "<html><body>Missing</body></html>",
            "books/index.html": "<html><BODY>Books</BODY></html>",
            "books/entries.json": "[]",
            "assets/indexsite.css": "body{}",
            "assets/indexsite.js": "1",
            "assets/logo.svg": "<svg/>",
            "assets/photo.png": "png",
            "assets/photo.jpg": "jpg",
            "feed.xml": "<feed/>",
            "robots.txt": "ok",
            ".indexsite-output": "{}",
        ]
        for (path, text) in pages { try text.write(to: output.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        try "secret".write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try files.createSymbolicLink(atPath: output.appendingPathComponent("leak.txt").path, withDestinationPath: root.appendingPathComponent("secret.txt").path)
        try files.createSymbolicLink(atPath: output.appendingPathComponent("outside").path, withDestinationPath: root.path)
        try files.createSymbolicLink(atPath: output.appendingPathComponent("inner/home.html").path, withDestinationPath: "../index.html")
        return (root, output)
    }

    static let ok = PreviewState(version: 1)

    @Test func foldersServeTheirIndexAndRedirectWithoutTheSlash() throws {
        let (root, output) = try Self.makeOutput()
        defer { try? FileManager.default.removeItem(at: root) }
        let router = PreviewRouter(outputFolder: output)
        let real = output.resolvingSymlinksInPath().path
        #expect(router.resolve("/") == .file(real + "/index.html"))
        #expect(router.resolve("/books/") == .file(real + "/books/index.html"))
        #expect(router.resolve("/books") == .redirect("/books/"))
        #expect(router.resolve("//books") == .redirect("/books/"))
        #expect(router.resolve("/books/entries.json") == .file(real + "/books/entries.json"))
        #expect(router.resolve("/inner/home.html") == .file(real + "/index.html"))
        #expect(router.resolve("/assets/photo%2Epng") == .file(real + "/assets/photo.png"))
    }

    @Test(arguments: [
        "/../secret.txt", "/books/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/books/%2e%2e/%2e%2e/secret.txt",
        "/..%2fsecret.txt", "/books%2F..%2F..%2Fsecret.txt", "/..%5csecret.txt", "/..\\secret.txt", "/%5c..%5csecret.txt",
        "/leak.txt", "/outside/secret.txt", "/.indexsite-output", "/./index.html",
        "/index.html%00.txt", "/%zz", "index.html", "http://127.0.0.1/index.html", "/%252e%252e/secret.txt", "/nope.html",
    ])
    func pathsOutsideTheOutputAreNotFound(path: String) throws {
        let (root, output) = try Self.makeOutput()
        defer { try? FileManager.default.removeItem(at: root) }
        let router = PreviewRouter(outputFolder: output)
        #expect(router.resolve(path) == .notFound)
        let response = router.respond(to: path, state: Self.ok, tag: "t.1")
        #expect(response.status == 404)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("secret"))
    }

    @Test func contentTypes() throws {
        let (root, output) = try Self.makeOutput()
        defer { try? FileManager.default.removeItem(at: root) }
        let router = PreviewRouter(outputFolder: output)
        let expected = [
            "/": "text/html; charset=utf-8",
            "/assets/indexsite.css": "text/css; charset=utf-8",
            "/assets/indexsite.js": "text/javascript; charset=utf-8",
            "/books/entries.json": "application/json; charset=utf-8",
            "/feed.xml": "application/xml; charset=utf-8",
            "/assets/logo.svg": "image/svg+xml; charset=utf-8",
            "/assets/photo.png": "image/png",
            "/assets/photo.jpg": "image/jpeg",
            "/robots.txt": "text/plain; charset=utf-8",
        ]
        for (path, type) in expected {
            let response = router.respond(to: path, state: Self.ok, tag: "t.1")
            #expect(response.status == 200, "\(path)")
            #expect(response.contentType == type, "\(path)")
            #expect(response.headers["Cache-Control"] == "no-store")
        }
        #expect(ContentType.forPath("archive.tar.gz") == "application/octet-stream")
        #expect(ContentType.forPath("README") == "application/octet-stream")
        #expect(ContentType.forPath("dir.v2/README") == "application/octet-stream")
        #expect(ContentType.forPath("PAGE.HTML") == "text/html; charset=utf-8")
    }

    @Test func theReloadScriptGoesIntoServedHTMLOnly() throws {
        let (root, output) = try Self.makeOutput()
        defer { try? FileManager.default.removeItem(at: root) }
        let router = PreviewRouter(outputFolder: output)
        let home = String(decoding: router.respond(to: "/", state: Self.ok, tag: "abc.7").body, as: UTF8.self)
        #expect(home.contains("<script data-indexsite-live-reload>"))
        #expect(home.contains("var version = \"abc.7\";"))
        #expect(home.hasSuffix("</script></body></html>"))
        let books = String(decoding: router.respond(to: "/books/", state: Self.ok, tag: "abc.7").body, as: UTF8.self)
        #expect(books.hasSuffix("</script></BODY></html>"))
        let css = router.respond(to: "/assets/indexsite.css", state: Self.ok, tag: "abc.7")
        #expect(css.body == Data("body{}".utf8))
        // The built file itself is untouched.
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "<!DOCTYPE html><html><body><h1>Home</h1></body></html>")
        // A missing page gets the site's 404 page, with the script.
        let missing = router.respond(to: "/no-such-list/", state: Self.ok, tag: "abc.7")
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("Missing"))
        #expect(String(decoding: missing.body, as: UTF8.self).contains("data-indexsite-live-reload"))
    }

    @Test func onlyLoopbackHostNamesAreServed() {
        for host in ["127.0.0.1", "127.0.0.1:8000", "localhost", "LOCALHOST:1", "preview.localhost:8000", "[::1]", "[::1]:8000"] {
            #expect(PreviewRouter.isLocal(host: host), "\(host)")
        }
        for host in [nil, "", "evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil.example", "[::2]:80", "10.0.0.1"] {
            #expect(!PreviewRouter.isLocal(host: host), "\(host ?? "nil")")
        }
    }

    @Test func injectionWithoutABodyAppends() {
        let page = LiveReloadScript.inject(into: Data("<p>fragment".utf8), tag: "x.1")
        #expect(String(decoding: page, as: UTF8.self).hasPrefix("<p>fragment<script data-indexsite-live-reload>"))
        let last = LiveReloadScript.inject(into: Data("<body><pre></body></pre></body>".utf8), tag: "x.1")
        #expect(String(decoding: last, as: UTF8.self).hasPrefix("<body><pre></body></pre><script"))
    }

    @Test func aFailedBuildShowsItsErrorsEscapedInPlaceOfPages() throws {
        let (root, output) = try Self.makeOutput()
        defer { try? FileManager.default.removeItem(at: root) }
        let router = PreviewRouter(outputFolder: output)
        let diagnostics = [
            Diagnostic.error(.csvUnterminatedQuote, "quoted field \"<b>\" is never closed", at: SourceLocation(path: "Content/<books>.csv", line: 3, column: 7),
                             hint: "add the closing quote & save"),
            Diagnostic.warning(.unsafeURL, "link 'javascript:alert(1)' is shown as text", at: SourceLocation(path: "Content/links.csv", line: 9, column: 1)),
        ]
        let failed = PreviewState(version: 2, failure: diagnostics)
        for path in ["/", "/books/", "/no-such-page"] {
            let response = router.respond(to: path, state: failed, tag: "t.2")
            let html = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == 500)
            #expect(response.contentType == "text/html; charset=utf-8")
            #expect(html.contains("Content/&lt;books&gt;.csv:3:7"))
            #expect(html.contains("quoted field &quot;&lt;b&gt;&quot; is never closed"))
            #expect(html.contains("[csv-unterminated-quote]"))
            #expect(html.contains("hint: add the closing quote &amp; save"))
            #expect(html.contains("Content/links.csv:9:1"))
            #expect(html.contains("1 error stopped the build"))
            #expect(!html.contains("<b>"))
            #expect(html.contains("var version = \"t.2\";"))
        }
        // Assets still load, missing ones are 404s, and refused paths stay plain 404s.
        #expect(router.respond(to: "/assets/indexsite.css", state: failed, tag: "t.2").status == 200)
        #expect(router.respond(to: "/favicon.ico", state: failed, tag: "t.2").status == 404)
        #expect(router.respond(to: "/gone.html", state: failed, tag: "t.2").status == 500)
        #expect(router.respond(to: "/../secret.txt", state: failed, tag: "t.2").status == 404)
    }
}

/// The state a build leads to, and the long-poll channel pages wait on.
@Suite struct ReloadChannelTests {
    @Test func versionsMoveOnlyWhenWhatPagesShowChanges() {
        let start = PreviewState(version: 3)
        #expect(start.after(succeeded: true, reusedOutput: false, diagnostics: []) == PreviewState(version: 4))
        #expect(start.after(succeeded: true, reusedOutput: true, diagnostics: []) == start)
        let diagnostic = Diagnostic.error(.csvRaggedRow, "row has 2 fields", at: SourceLocation(path: "Content/a.csv", line: 2))
        let failed = PreviewState(version: 4, failure: [diagnostic])
        #expect(start.after(succeeded: false, reusedOutput: false, diagnostics: [diagnostic]) == failed)
        // Back to the inputs of the last good build: its output is reused, but the error page must go.
        #expect(failed.after(succeeded: true, reusedOutput: true, diagnostics: []) == PreviewState(version: 5))
    }

    // The bounds are on wall time while the whole suite runs beside: a resumed task waits its turn on the shared pool
    // (18 s once), so a wait ended by the event must be told from one ended by its timeout by a wide margin (60 s vs 300 s).
    @Test func aWaitEndsWhenANewVersionIsPublished() async throws {
        let channel = ReloadChannel(state: PreviewState(version: 1), epoch: "e")
        #expect(await channel.next(after: "e.0", timeout: .seconds(5)).version == 1)
        #expect(await channel.next(after: "other.1", timeout: .seconds(5)).version == 1)
        let clock = ContinuousClock()
        let start = clock.now
        async let waited = channel.next(after: "e.1", timeout: .seconds(300))
        for _ in 0..<200 where await channel.waiting == 0 { try await Task.sleep(for: .milliseconds(5)) }
        await channel.publish(PreviewState(version: 2))
        #expect(await waited.version == 2)
        #expect(clock.now - start < .seconds(60))
    }

    @Test func aWaitTimesOutAndCloseAnswersEveryone() async throws {
        let channel = ReloadChannel(state: PreviewState(version: 1), epoch: "e")
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await channel.next(after: "e.1", timeout: .milliseconds(100)).version == 1)
        #expect(clock.now - start < .seconds(60))
        async let waited = channel.next(after: "e.1", timeout: .seconds(300))
        for _ in 0..<200 where await channel.waiting == 0 { try await Task.sleep(for: .milliseconds(5)) }
        await channel.close()
        #expect(await waited.version == 1)
        #expect(await channel.next(after: "e.1", timeout: .seconds(300)).version == 1)
        #expect(clock.now - start < .seconds(60))
    }
}

/// The watcher sees what the loader reads, and nothing else.
@Suite struct SiteWatcherTests {
    @Test func seesChangesToContentTemplatesAndSettings() throws {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let files = FileManager.default
        try files.createDirectory(at: site.appendingPathComponent("Content/glossary"), withIntermediateDirectories: true)
        let books = site.appendingPathComponent("Content/books.csv")
        try "title\nDune\n".write(to: books, atomically: true, encoding: .utf8)
        var watcher = SiteWatcher(siteFolder: site)
        func changed() -> Bool { watcher.poll() }
        #expect(!changed())

        try "title\nEmma\n".write(to: books, atomically: false, encoding: .utf8) // same size, new bytes
        #expect(changed())
        #expect(!changed())

        try "---\ntitle: Kerning\n---\n".write(to: site.appendingPathComponent("Content/glossary/kerning.md"), atomically: true, encoding: .utf8)
        #expect(changed())
        try files.createDirectory(at: site.appendingPathComponent("Templates/assets"), withIntermediateDirectories: true)
        try "body{}".write(to: site.appendingPathComponent("Templates/assets/site.css"), atomically: true, encoding: .utf8)
        #expect(changed())
        try "title: Books\n".write(to: site.appendingPathComponent("indexsite.yml"), atomically: true, encoding: .utf8)
        #expect(changed())
        try files.removeItem(at: books)
        #expect(changed())

        // Editors' hidden swap files and the output folder are not inputs.
        try "x".write(to: site.appendingPathComponent("Content/.books.csv.swp"), atomically: true, encoding: .utf8)
        try files.createDirectory(at: site.appendingPathComponent("_site"), withIntermediateDirectories: true)
        try "x".write(to: site.appendingPathComponent("_site/index.html"), atomically: true, encoding: .utf8)
        try "x".write(to: site.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        #expect(!changed())
    }
}

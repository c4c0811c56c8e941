import Foundation
import Testing
import IndexSiteTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The promises that matter when IndexSite runs in CI on content many people edit: a killed build loses nothing, the
/// output is the same everywhere, hostile content never becomes script, and no input crashes or hangs the tool.
/// Runs the built binary, like `CLITests`, whose helpers it uses.
@Suite(.offThePool) struct RobustnessTests {
    // MARK: - SIGKILL mid-build

    /// Builds a site big enough to take most of a second, then starts rebuilds of changed content and kills them with
    /// SIGKILL at moments spread across the build. After every kill the previous site must be there, complete and
    /// byte for byte as it was (or, when the kill came after the swap, the complete new site); the next successful
    /// build leaves no staging folder behind.
    @Test func killedBuildsLeaveThePreviousSiteComplete() throws {
        let site = try CLITests.temporaryFolder()
        let output = site.appendingPathComponent("_site")
        try Self.writeLargeCSV(rows: 4_000, variant: 0, in: site)

        let first = try CLITests.run(["build", site.path, "--quiet"])
        try #require(first.status == 0, "the first build failed: \(first.stderr)")
        // Time a rebuild of changed content, the kind of build that gets killed below.
        try Self.writeLargeCSV(rows: 4_000, variant: 100, in: site)
        let started = Date()
        let timed = try CLITests.run(["build", site.path, "--quiet"])
        let duration = Date().timeIntervalSince(started)
        try #require(timed.status == 0, "the rebuild failed: \(timed.stderr)")
        var previous = try Self.snapshot(output)
        try #require(previous.count > 20, "the large site should make one page per letter, not \(previous.count) files")
        try #require(previous[".indexsite-output"] != nil)

        // Kill points as fractions of a full build: early (loading, parsing), the long middle (rendering and writing
        // pages into the staging folder) and the very end (marker file, swap).
        let fractions = [0.08, 0.25, 0.4, 0.55, 0.7, 0.8, 0.9, 0.97]
        var killedBeforeSwap = 0
        var stagingSeen = 0
        for (round, fraction) in fractions.enumerated() {
            try Self.writeLargeCSV(rows: 4_000 + round + 1, variant: round + 1, in: site)
            let process = try Self.launch(["build", site.path, "--quiet"])
            usleep(useconds_t(duration * fraction * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal
            if try !Self.stagingFolders(beside: output).isEmpty { stagingSeen += 1 }

            let after = try Self.snapshot(output)
            if after == previous {
                if killed { killedBeforeSwap += 1 }
                continue
            }
            // The build got as far as the swap: what is there must be the whole new site, as a clean build makes it.
            let rebuilt = try CLITests.run(["build", site.path, "--quiet"])
            #expect(rebuilt.status == 0, "round \(round): \(rebuilt.stderr)")
            let complete = try Self.snapshot(output)
            #expect(after == complete, "round \(round): a build killed at \(Int(fraction * 100))% left a mixed or partial site: \(Self.difference(after, complete))")
            previous = complete
        }
        print("SIGKILL test: rebuild took \(String(format: "%.2f", duration)) s; \(killedBeforeSwap) of \(fractions.count) kills landed before the swap, \(stagingSeen) while pages were being written")
        // Otherwise the test proved nothing: most kills must have landed before the swap.
        #expect(killedBeforeSwap >= 3, "only \(killedBeforeSwap) of \(fractions.count) kills landed mid-build (build took \(duration) s)")
        #expect(stagingSeen >= 1, "no kill landed while pages were being written")

        // The next successful build clears what killed builds left, and its output is complete and current.
        try Self.writeLargeCSV(rows: 3_990, variant: 99, in: site)
        let final = try CLITests.run(["build", site.path, "--quiet"])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(try Self.stagingFolders(beside: output).isEmpty)
        let fresh = try CLITests.temporaryFolder().appendingPathComponent("out")
        #expect(try CLITests.run(["build", site.path, "--quiet", "--output", fresh.path]).status == 0)
        let finalTree = try Self.snapshot(output), freshTree = try Self.snapshot(fresh)
        #expect(finalTree == freshTree, "\(Self.difference(finalTree, freshTree))")
        #expect(finalTree.contains { $0.key.hasSuffix(".html") && String(decoding: $0.value, as: UTF8.self).contains(" v99") })
    }

    /// A CSV list of `rows` entries over every letter, with Markdown descriptions; `variant` changes every title.
    static func writeLargeCSV(rows: Int, variant: Int, in site: URL) throws {
        var csv = "title,description,url,category\n"
        csv.reserveCapacity(rows * 140)
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for row in 0..<rows {
            let first = letters[(row * 7) % 26], second = letters[(row * 3) % 26].lowercased()
            csv += "\(first)\(second) entry \(row) v\(variant),\"A *Markdown* description with [a link](https://example.org/\(row)) and `code`, number \(row).\",https://example.org/e/\(row),Group \(row % 20)\n"
        }
        try write(csv, to: "Content/big.csv", in: site)
        // One page per letter, so a build writes many files and a kill can land between any two of them.
        try write("title: Large\nlists:\n  - source: Content/big.csv\n    split: sections\n", to: "indexsite.yml", in: site)
    }

    static func stagingFolders(beside output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(output.lastPathComponent).indexsite-") }
    }

    // MARK: - Determinism

    /// The same site built under different locales and time zones gives byte-identical trees.
    @Test func outputIsTheSameUnderEveryLocaleAndTimeZone() throws {
        let site = try CLITests.temporaryFolder()
        try Self.writeMixedSite(in: site, order: .forward)
        let settings: [[String: String]] = [
            ["LANG": "C", "LC_ALL": "C", "TZ": "UTC"],
            ["LANG": "sv_SE.UTF-8", "LC_ALL": "sv_SE.UTF-8", "TZ": "Europe/Stockholm"],
            ["LANG": "ja_JP.UTF-8", "LC_ALL": "ja_JP.UTF-8", "TZ": "Asia/Tokyo"],
            ["LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "Pacific/Kiritimati"],
            ["LANG": "ar_SA.UTF-8", "LC_ALL": "", "TZ": "America/St_Johns"],
        ]
        var trees: [[String: Data]] = []
        for (index, overrides) in settings.enumerated() {
            let output = site.appendingPathComponent("out-\(index)")
            var environment = ProcessInfo.processInfo.environment
            for (key, value) in overrides { environment[key] = value }
            let result = try CLITests.run(["build", ".", "--quiet", "--output", output.path], in: site, environment: environment)
            #expect(result.status == 0, "\(overrides): \(result.stderr)")
            trees.append(try Self.snapshot(output))
        }
        try #require(trees[0].count > 8, "the mixed site should build several lists")
        for (index, tree) in trees.enumerated().dropFirst() {
            #expect(tree == trees[0], "\(settings[index]) differs from \(settings[0]): \(Self.difference(tree, trees[0]))")
        }
    }

    /// A site whose Content files were created in one order and the same site created in the opposite order build
    /// identical trees, whatever order the file system lists them in. Without `indexsite.yml` the lists come from the
    /// listing of Content/; entries with equal titles and lists or entries whose ids collide (`-2`) would show any
    /// dependence on that order.
    @Test func outputDoesNotDependOnFileCreationOrder() throws {
        var files: [(String, String)] = [
            ("Content/zeta.csv", "title\nZ\n"), ("Content/alpha.csv", "title\nA\n"),
            ("Content/Mixed Case.csv", "title\nFirst\n"), ("Content/mixed-case.csv", "title\nSecond\n"), ("Content/mixed_case.tsv", "title\nThird\n"),
            ("Content/events.json", "[{\"title\": \"Same\", \"n\": \"1\"}, {\"title\": \"Same\", \"n\": \"2\"}]"),
            ("Content/list.md", "## One\n\n- Same\n- Same\n"),
        ]
        for index in 0..<12 {
            files.append(("Content/terms/term-\(index).md", "---\ntitle: \(index % 3 == 0 ? "Same" : "Term \(index)")\nn: \(index)\n---\nBody \(index)\n"))
        }
        // ext4 lists a folder in hash order whatever the creation order; tmpfs lists it newest first, so creating the
        // files in opposite orders there really gives opposite listings.
        let scratch = try Self.listingOrderFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let forward = scratch.appendingPathComponent("forward"), backward = scratch.appendingPathComponent("backward")
        for (path, text) in files { try Self.write(text, to: path, in: forward) }
        for (path, text) in files.reversed() { try Self.write(text, to: path, in: backward) }
        let listings = [forward, backward].map { (try? FileManager.default.contentsOfDirectory(atPath: $0.appendingPathComponent("Content/terms").path)) ?? [] }
        if scratch.path.hasPrefix("/dev/shm/") {
            #expect(listings[0] != listings[1], "tmpfs should list the two creation orders differently")
        } else if listings[0] == listings[1] {
            print("note: this file system lists both creation orders alike; the test still checks the output, but cannot vary the order")
        }
        var trees: [[String: Data]] = []
        for site in [forward, backward] {
            let output = try CLITests.temporaryFolder().appendingPathComponent("out")
            let result = try CLITests.run(["build", ".", "--quiet", "--output", output.path], in: site)
            #expect(result.status == 0, "\(result.stderr)")
            trees.append(try Self.snapshot(output))
        }
        #expect(trees[0].count > 8)
        #expect(trees[0] == trees[1], "\(Self.difference(trees[0], trees[1]))")
        // The same site built by the locale test, created in both orders, too.
        let mixedForward = scratch.appendingPathComponent("mixed-forward"), mixedBackward = scratch.appendingPathComponent("mixed-backward")
        try Self.writeMixedSite(in: mixedForward, order: .forward)
        try Self.writeMixedSite(in: mixedBackward, order: .backward)
        let mixed = try [mixedForward, mixedBackward].map { site in
            let output = site.appendingPathComponent("out")
            #expect(try CLITests.run(["build", ".", "--quiet", "--output", output.path], in: site).status == 0)
            return try Self.snapshot(output)
        }
        #expect(mixed[0] == mixed[1], "\(Self.difference(mixed[0], mixed[1]))")
    }

    enum CreationOrder { case forward, backward }

    /// A fresh folder on tmpfs (`/dev/shm`) when there is one, where listing order follows creation order.
    static func listingOrderFolder() throws -> URL {
        let shm = URL(fileURLWithPath: "/dev/shm/indexsite-order-\(UUID().uuidString)")
        if (try? FileManager.default.createDirectory(at: shm, withIntermediateDirectories: false)) != nil { return shm }
        return try CLITests.temporaryFolder()
    }

    /// A site with every kind of source (CSV, TSV, JSON, a Markdown list, an entry folder), dates, numbers, accents and
    /// several scripts, so collation, date titles and file order all have a chance to differ.
    static func writeMixedSite(in site: URL, order: CreationOrder) throws {
        var files: [(String, String)] = [
            ("indexsite.yml", """
            title: Mixed
            lists:
              - source: Content/books.csv
                sort: [title, -year]
              - source: Content/orter.tsv
                locale: sv
              - source: Content/events.json
                group_by: date:date:month
              - source: Content/terms
                group_by: category
              - source: Content/awesome.md
              - source: Content/names.csv
                locale: ja

            """),
            ("Content/books.csv", "title,year,price\nÉmile,1762,9.50\nemma,1815,3\nEmma,1815,12\nItem 10,2001,1\nItem 2,2002,1\n2001: A Space Odyssey,1968,7\nZ,1,1\nÅsa,1999,1\nŒuvre,1900,1\n"),
            ("Content/orter.tsv", "title\tlän\nÖrebro\tÖrebro\nÄlmhult\tKronoberg\nÅre\tJämtland\nZinkgruvan\tÖrebro\nVäxjö\tKronoberg\n"),
            ("Content/events.json", """
            [{"title": "New year", "date": "2026-01-01"}, {"title": "Midsummer", "date": "2026-06-19T23:30:00Z"},
             {"title": "Leap", "date": "2024-02-29"}, {"title": "Late", "date": "2026-12-31T23:59:59-12:00"}]
            """),
            ("Content/awesome.md", "# Awesome\n\n## Tools\n\n- [Zed](https://zed.dev) - An *editor*.\n- [Atom](https://atom.io) - Another.\n  - Child entry\n\n## Libraries\n\n- **Yams**: YAML for Swift\n"),
            ("Content/names.csv", "title\nさくら\nあおい\nカナ\n漢字\nhiragana\n"),
        ]
        for (index, letter) in ["kerning", "leading", "tracking", "ligature", "serif", "baseline", "x-height", "em-dash"].enumerated() {
            files.append(("Content/terms/\(letter).md", "---\ntitle: \(letter.capitalized)\ncategory: \(index % 2 == 0 ? "Spacing" : "Shapes")\ndate: 2026-0\(index + 1)-1\(index)\n---\n\nAbout *\(letter)*.\n"))
        }
        if order == .backward { files.reverse() }
        for (path, text) in files { try write(text, to: path, in: site) }
    }

    // MARK: - Hostile content

    /// Titles, descriptions, URLs and field values that try every way into a script build a site in which no page
    /// has a script but the theme's own, no event-handler attribute and no `javascript:`, `data:` or `vbscript:` link,
    /// while the hostile text itself is still there, shown as text.
    @Test func hostileContentNeverBecomesScript() throws {
        let site = try CLITests.temporaryFolder()
        try Self.writeHostileSite(in: site)
        let output = site.appendingPathComponent("_site")
        let result = try CLITests.run(["build", site.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")

        let pages = try Self.snapshot(output).filter { $0.key.hasSuffix(".html") }
        try #require(pages.count >= 5, "expected pages for every hostile list, found \(pages.keys.sorted())")
        var allText = ""
        for (path, data) in pages.sorted(by: { $0.key < $1.key }) {
            let document = HTMLDocument(String(decoding: data, as: UTF8.self))
            for problem in document.safetyProblems() {
                Issue.record("\(path): \(problem)")
            }
            allText += document.text + "\n"
        }
        // The hostile strings are escaped, not dropped: they reach the reader as text.
        for visible in ["<script>alert('csv-title')</script>", "\"><img src=x onerror=alert('csv-field')>", "<svg onload=alert('md-title')>",
                        "<script>alert('site-title')</script>", "<b onmouseover=alert('json')>"] {
            #expect(allText.contains(visible), "'\(visible)' should be shown as text somewhere")
        }
    }

    static func writeHostileSite(in site: URL) throws {
        let disguisedSchemes = [
            "javascript:alert(1)", "JaVaScRiPt:alert(2)", " javascript:alert(3)", "\tjava\nscript:alert(4)", "java\tscript:alert(5)",
            "javascript&colon;alert(6)", "&#106;avascript:alert(7)", "&#x6A;avascript:alert(8)", "jav&#x09;ascript:alert(9)",
            "\u{1}javascript:alert(10)", "vbscript:msgbox(11)", "VBScript:msgbox(12)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxMyk8L3NjcmlwdD4=",
            "DATA:text/html,<script>alert(14)</script>", "javascript://%0aalert(15)", "  data:image/svg+xml,<svg onload=alert(16)>",
            "livescript:alert(17)", "javascript\u{7F}:alert(18)",
        ]
        func csvField(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var csv = "title,description,url,note\n"
        csv += csvField("<script>alert('csv-title')</script>") + "," + csvField("**bold** <script>alert('desc')</script> [x](javascript:alert('desc-link'))") + ",https://example.org/," + csvField("\"><img src=x onerror=alert('csv-field')>") + "\n"
        for (index, url) in disguisedSchemes.enumerated() {
            let description = "Item \(index): [click](\(url)) ![img](\(url)) <a href=\"\(url)\">raw</a> <img src=x onerror=alert(\(index))> <iframe src=\"\(url)\"></iframe>"
            csv += csvField("Link \(index) \" onmouseover=\"alert(\(index))") + "," + csvField(description) + "," + csvField(url) + "," + csvField("' onfocus='alert(\(index))' autofocus='") + "\n"
        }
        try write(csv, to: "Content/links.csv", in: site)

        var markdown = "---\ntitle: \"Awesome <script>alert('md-list-title')</script>\"\n---\n\n## <img src=x onerror=alert('heading')> Heading\n\nSection text <script>alert('section')</script> [s](javascript:alert('section-link')).\n\n"
        markdown += "- [\\<svg onload=alert('md-title')\\>](javascript:alert('md-url')) - description <iframe src=javascript:alert(1)></iframe>\n"
        markdown += "- **<b onmouseover=alert(1)>Bold</b>**: <a href=\"javascript:alert(1)\">x</a> <style>body{background:url(javascript:alert(1))}</style>\n"
        for (index, url) in disguisedSchemes.enumerated() {
            markdown += "- [Entry \(index)](\(url.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: " ", with: "%20"))) - see <\(url.filter { $0 != " " && $0 != "\n" && $0 != "\t" })> and [ref][r\(index)]\n"
        }
        for (index, url) in disguisedSchemes.enumerated() {
            markdown += "\n[r\(index)]: <\(url.replacingOccurrences(of: "\n", with: ""))>"
        }
        markdown += "\n\n<div onclick=\"alert('block')\"><script>alert('block')</script></div>\n\n## Second\n\n- <script>alert('item')</script>\n"
        try write(markdown, to: "Content/awesome.md", in: site)

        try write("""
        [{"title": "<b onmouseover=alert('json')>", "url": "javascript:alert('json-url')", "description": "[x](vbscript:msgbox(1))",
          "homepage": "javascript:alert('json-field')", "nested": {"x": "<script>alert('nested')</script>"}},
         {"title": "Data", "url": "data:text/html,<script>alert(1)</script>"},
         {"title": "Tab", "url": "java\\tscript:alert(1)"},
         {"title": "Entity", "url": "&#x6A;avascript:alert(1)"}]
        """, to: "Content/things.json", in: site)

        try write("---\ntitle: \"<script>alert('front-matter')</script>\"\ncategory: \"\\\"><script>alert('category')</script>\"\nurl: \"javascript:alert('fm-url')\"\nhomepage: \" javascript:alert(1)\"\n---\n\n# Body\n\n<script>alert('body')</script>\n\n[link](javascript:alert('body-link')) <img src=x onerror=alert('body-img')>\n\n<a href=\"javascript:alert(1)\" onclick=\"alert(2)\">raw</a>\n", to: "Content/terms/evil.md", in: site)
        try write("---\ntitle: Plain\ncategory: \"' onmouseover='alert(1)\"\n---\n\nA [good](https://example.org) link.\n", to: "Content/terms/plain.md", in: site)

        try write("""
        title: "<script>alert('site-title')</script>"
        description: "\\"><img src=x onerror=alert('site-description')>"
        lists:
          - source: Content/links.csv
            title: "Links <img src=x onerror=alert('list-title')>"
            description: "<script>alert('list-description')</script>"
          - source: Content/awesome.md
          - source: Content/things.json
          - source: Content/terms
            group_by: category
            title: "Terms \\" onmouseover=\\"alert(1)"

        """, to: "indexsite.yml", in: site)
    }

    /// The checker itself must catch each kind of problem, or the hostile-content test could pass vacuously.
    @Test func theHTMLCheckerCatchesEveryKindOfScript() {
        let bad: [String: String] = [
            "inline script": "<p>x</p><script>alert(1)</script>",
            "foreign script src": "<script src=\"https://evil.example/x.js\"></script>",
            "theme script with a body": "<script src=\"assets/indexsite.js\">alert(1)</script>",
            "event handler": "<img src=x onerror=alert(1)>",
            "event handler, upper case": "<DIV ONCLICK='x()'>",
            "javascript href": "<a href=\"javascript:alert(1)\">x</a>",
            "javascript href, mixed case and spaces": "<a href=\"  JaVa\tScRiPt:alert(1)\">x</a>",
            "javascript href, entity-encoded": "<a href=\"&#106;avascript&colon;alert(1)\">x</a>",
            "javascript href, hex entity and tab entity": "<a href='jav&#x09;ascript:alert(1)'>x</a>",
            "javascript href, unquoted": "<a href=javascript:alert(1)>x</a>",
            "data src": "<iframe src=\"data:text/html,<script>alert(1)</script>\"></iframe>",
            "vbscript": "<a href=\"vbscript:msgbox(1)\">x</a>",
            "form action": "<form action=\"javascript:alert(1)\"></form>",
            "object": "<object data=\"x.swf\"></object>",
            "meta refresh": "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
            "style url": "<p style=\"background:url(javascript:alert(1))\">x</p>",
            "control character in scheme": "<a href=\"\u{1}javascript:alert(1)\">x</a>",
        ]
        for (name, html) in bad {
            #expect(!HTMLDocument(html).safetyProblems().isEmpty, "the checker missed: \(name)")
        }
        let good = """
        <!DOCTYPE html><html><head><link rel="icon" href="data:,"><script src="../assets/indexsite.js" defer></script></head>
        <body><a href="https://example.org/?q=javascript:">ok</a><a href="#only">x</a><a href="mailto:a@example.org">m</a>
        <p title="onclick=alert(1)">&lt;script&gt;alert(1)&lt;/script&gt;</p><!-- <script>alert(1)</script> --></body></html>
        """
        #expect(HTMLDocument(good).safetyProblems() == [])
        #expect(HTMLDocument(good).text.contains("<script>alert(1)</script>"))
    }

    // MARK: - Pathological inputs

    /// Inputs that break naive parsers: each builds (exit 0, or 1 with a diagnostic) in bounded time, never crashing.
    @Test(arguments: PathologicalInput.all) func pathologicalInputBuildsWithoutCrashing(_ input: PathologicalInput) throws {
        let site = try CLITests.temporaryFolder()
        for (path, bytes) in input.files() {
            try Self.write(bytes, to: path, in: site)
        }
        let started = Date()
        let result = try Self.run(["build", site.path, "--quiet", "--output", site.appendingPathComponent("out").path], in: site,
                                  killAfter: input.secondsAllowed)
        let seconds = Date().timeIntervalSince(started)
        try #require(!result.timedOut, "\(input.name) was still running after \(input.secondsAllowed) s (a hang or a quadratic blow-up?)")
        #expect(result.exited && (result.status == 0 || result.status == 1),
                "\(input.name): \(result.exited ? "exit" : "killed by signal") \(result.status) (a crash?) \(result.stderr.suffix(2_000))")
        if result.status == 1 {
            #expect(result.stderr.contains(": error: ") || result.stderr.contains(": warning: "), "\(input.name): exit 1 without a diagnostic: \(result.stderr.prefix(2_000))")
        }
        #expect(seconds < input.secondsAllowed, "\(input.name) took \(seconds) s")
        if let expected = input.expectedDiagnostic {
            #expect(result.stderr.contains(expected), "\(input.name): expected '\(expected)' in: \(result.stderr.prefix(2_000))")
        }
    }

    struct PathologicalInput: CustomTestStringConvertible, Sendable {
        var name: String
        var secondsAllowed: Double = 30
        /// Text the diagnostics must contain, when the input is refused for a reason worth pinning down.
        var expectedDiagnostic: String?
        var files: @Sendable () -> [(String, [UInt8])]

        var testDescription: String { name }

        static func text(_ name: String, _ path: String, seconds: Double = 30, expecting diagnostic: String? = nil,
                         _ make: @escaping @Sendable () -> String) -> PathologicalInput {
            PathologicalInput(name: name, secondsAllowed: seconds, expectedDiagnostic: diagnostic) { [(path, Array(make().utf8))] }
        }

        static let all: [PathologicalInput] = [
            text("nested list, depth 1000, indented", "Content/deep.md") {
                (0..<1_000).map { String(repeating: "  ", count: $0) + "- level \($0)\n" }.joined()
            },
            text("nested list, depth 1000, on one line", "Content/deep.md") {
                String(repeating: "- ", count: 1_000) + "deep\n"
            },
            text("block quotes and lists, depth 1000", "Content/deep.md") {
                String(repeating: "> - ", count: 1_000) + "deep\n"
            },
            text("nested links and emphasis, depth 2000", "Content/deep.md") {
                "- " + String(repeating: "[*", count: 2_000) + "x" + String(repeating: "*](u)", count: 2_000) + "\n"
            },
            text("100,000-character CSV field", "Content/huge.csv") {
                "title,description\nBig,\"" + String(repeating: "x", count: 100_000) + "\"\nSmall,y\n"
            },
            text("100,000-character unquoted title", "Content/huge.csv") {
                "title\n" + String(repeating: "W", count: 100_000) + "\n"
            },
            text("10,000-column header", "Content/wide.csv") {
                "title," + (2...10_000).map { "c\($0)" }.joined(separator: ",") + "\n" + (1...10_000).map { "\($0)" }.joined(separator: ",") + "\n"
            },
            text("10,000 empty header names", "Content/wide.csv") {
                String(repeating: ",", count: 10_000) + "\n"
            },
            text("header-only CSV", "Content/header.csv") { "title,description,url\n" },
            text("header-only TSV without a newline", "Content/header.tsv") { "title\tdescription" },
            PathologicalInput(name: "empty files of every kind") {
                [("Content/empty.csv", []), ("Content/empty.tsv", []), ("Content/empty.md", []), ("Content/empty.json", []),
                 ("Content/folder/empty.md", []), ("Content/only-newlines.csv", Array("\n\n\r\n".utf8))]
            },
            PathologicalInput(name: "empty indexsite.yml") {
                [("indexsite.yml", []), ("Content/a.csv", Array("title\nA\n".utf8))]
            },
            text("40,000 stray quotes on one line", "Content/quotes.csv", seconds: 20) {
                "title\n" + String(repeating: "a\"b,", count: 40_000) + "\n"
            },
            text("an unterminated quote before 20,000 lines", "Content/open.csv") {
                "title,n\n\"open," + String(repeating: "x,1\n", count: 20_000)
            },
            text("40,000 paragraphs under one heading", "Content/paragraphs.md", seconds: 20) {
                "## Heading\n\n" + (0..<40_000).map { "paragraph \($0)\n\n" }.joined() + "- An entry\n"
            },
            text("40,000 array items that are not objects", "Content/numbers.json", seconds: 20) {
                "[" + String(repeating: "1,", count: 40_000) + "{\"title\": \"x\"}]"
            },
            text("an object with 10,000 keys", "Content/keys.json", seconds: 20) {
                "[{\"title\": \"x\"" + (0..<10_000).map { ",\"key\($0)\": 1" }.joined() + "}]"
            },
            text("JSON nested 100,000 deep", "Content/deep.json") {
                "[{\"title\": \"x\", \"deep\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]"
            },
            text("front matter nested 10,000 deep", "Content/folder/deep.md") {
                "---\ntitle: deep\nx: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n---\nBody\n"
            },
            // 4.8 million values from 300 bytes: refused, not expanded (it took 13 s and climbing memory before), at the alias
            // that passes the budget.
            text("YAML alias bomb", "Content/folder/bomb.md", seconds: 10, expecting: "bomb.md:8:12: error: the YAML expands to more than 100000 values through aliases [yaml-syntax]") {
                "---\ntitle: bomb\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n---\nBody\n"
            },
            PathologicalInput(name: "YAML alias bomb in indexsite.yml", secondsAllowed: 10,
                              expectedDiagnostic: "indexsite.yml:5:44: error: the YAML expands to more than 100000 values through aliases [yaml-syntax]") {
                [("indexsite.yml", Array("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\ntitle: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n".utf8)),
                 ("Content/a.csv", Array("title\nA\n".utf8))]
            },
            // Issue 17, item 4: the same bomb used as a mapping key is hashed by Yams while it composes (38 s for
            // 342 bytes): refused from the parser's events first, at the alias that passes the budget.
            PathologicalInput(name: "YAML alias bomb as a mapping key in indexsite.yml", secondsAllowed: 10,
                              expectedDiagnostic: "indexsite.yml:5:44: error: the YAML expands to more than 100000 values through aliases [yaml-syntax]") {
                [("indexsite.yml", Array(aliasKeyBomb.utf8)), ("Content/a.csv", Array("title\nA\n".utf8))]
            },
            text("YAML alias bomb as a mapping key in front matter", "Content/folder/bomb.md", seconds: 10,
                 expecting: "bomb.md:7:44: error: the YAML expands to more than 100000 values through aliases [yaml-syntax]") {
                "---\ntitle: bomb\n" + aliasKeyBomb + "---\nBody\n"
            },
            PathologicalInput(name: "binary garbage in every format") {
                let garbage = (0..<20_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
                return [("Content/g.csv", garbage), ("Content/g.md", garbage), ("Content/g.json", garbage), ("Content/folder/g.md", garbage)]
            },
            PathologicalInput(name: "UTF-16 and BOM-only files") {
                [("Content/u16.csv", [0xFF, 0xFE, 0x74, 0x00, 0x0A, 0x00]), ("Content/bom.csv", [0xEF, 0xBB, 0xBF]),
                 ("Content/bom.md", [0xEF, 0xBB, 0xBF]), ("Content/bom.json", [0xEF, 0xBB, 0xBF])]
            },
        ]
    }

    /// Anchors of ten aliases of the previous one, eight deep (10^8 values), then the last used as a key: `? *h`.
    /// The budget is passed at `e`, the first anchor of more than 100,000 values.
    static let aliasKeyBomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        + zip("bcdefgh", "abcdefg").map { name, previous in "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n" }.joined()
        + "bomb:\n  ? *h\n  : 1\n"

    // MARK: - Helpers

    static func write(_ text: String, to path: String, in folder: URL) throws {
        try write(Array(text.utf8), to: path, in: folder)
    }

    static func write(_ bytes: [UInt8], to path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Every file under `folder` (hidden ones too) by relative path, with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return files }
        while let path = walker.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// A short account of how two trees differ, for failure messages.
    static func difference(_ a: [String: Data], _ b: [String: Data]) -> String {
        let missing = Set(b.keys).subtracting(a.keys).sorted(), extra = Set(a.keys).subtracting(b.keys).sorted()
        let changed = Set(a.keys).intersection(b.keys).filter { a[$0] != b[$0] }.sorted()
        return "only in second: \(missing.prefix(5)), only in first: \(extra.prefix(5)), different bytes: \(changed.prefix(5)) (\(changed.count) files)"
    }

    /// Runs the binary with a deadline: past it the process is killed and the result says so.
    static func run(_ arguments: [String], in folder: URL, killAfter seconds: Double) throws -> (status: Int32, exited: Bool, stderr: String, timedOut: Bool) {
        let errorFile = folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errors = try FileHandle(forWritingTo: errorFile)
        defer { try? errors.close() }
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .exit, (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "", timedOut)
    }

    /// Starts the binary without waiting for it; its output goes nowhere.
    static func launch(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// A small HTML tokenizer, just enough to see what a browser would treat as elements, attributes and text: tags with
/// quoted, unquoted and bare attributes, comments, doctype, raw-text elements (`script`, `style`), character references.
struct HTMLDocument {
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)]
        /// The raw text inside a `script` or `style` element.
        var rawText: String?
    }

    var elements: [Element] = []
    /// Every text node, decoded, joined by newlines.
    var text = ""

    init(_ html: String) {
        let scalars = Array(html.unicodeScalars)
        var index = 0
        var pendingText = ""
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func startsHere(_ literal: String, caseInsensitive: Bool = false) -> Bool {
            for (offset, scalar) in literal.unicodeScalars.enumerated() {
                guard let here = at(offset) else { return false }
                if caseInsensitive ? HTMLDocument.lowercased(here) != HTMLDocument.lowercased(scalar) : here != scalar { return false }
            }
            return true
        }
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalar) }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        func flushText() {
            if !pendingText.isEmpty { text += HTMLDocument.decode(pendingText) + "\n"; pendingText = "" }
        }

        while index < scalars.count {
            guard scalars[index] == "<" else { pendingText.unicodeScalars.append(scalars[index]); index += 1; continue }
            if startsHere("<!--") {
                flushText()
                index += 4
                while index < scalars.count, !startsHere("-->") { index += 1 }
                index += 3
            } else if at(1) == "!" || at(1) == "?" {
                flushText()
                while index < scalars.count, scalars[index] != ">" { index += 1 }
                index += 1
            } else if at(1) == "/", let next = at(2), isLetter(next) {
                flushText()
                while index < scalars.count, scalars[index] != ">" { index += 1 }
                index += 1
            } else if let next = at(1), isLetter(next) {
                flushText()
                index += 1
                var name = ""
                while let scalar = at(0), !isSpace(scalar), scalar != "/", scalar != ">" { name.unicodeScalars.append(HTMLDocument.lowercased(scalar)); index += 1 }
                var attributes: [(String, String)] = []
                while index < scalars.count {
                    while let scalar = at(0), isSpace(scalar) || scalar == "/" { index += 1 }
                    guard let scalar = at(0), scalar != ">" else { index += 1; break }
                    var attribute = ""
                    attribute.unicodeScalars.append(HTMLDocument.lowercased(scalar))
                    index += 1
                    while let scalar = at(0), !isSpace(scalar), scalar != "/", scalar != ">", scalar != "=" { attribute.unicodeScalars.append(HTMLDocument.lowercased(scalar)); index += 1 }
                    while let scalar = at(0), isSpace(scalar) { index += 1 }
                    var value = ""
                    if at(0) == "=" {
                        index += 1
                        while let scalar = at(0), isSpace(scalar) { index += 1 }
                        if let quote = at(0), quote == "\"" || quote == "'" {
                            index += 1
                            while let scalar = at(0), scalar != quote { value.unicodeScalars.append(scalar); index += 1 }
                            index += 1
                        } else {
                            while let scalar = at(0), !isSpace(scalar), scalar != ">" { value.unicodeScalars.append(scalar); index += 1 }
                        }
                    }
                    attributes.append((attribute, HTMLDocument.decode(value)))
                }
                var element = Element(name: name, attributes: attributes)
                if ["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title", "plaintext"].contains(name) {
                    var raw = ""
                    while index < scalars.count, !startsHere("</\(name)", caseInsensitive: true) { raw.unicodeScalars.append(scalars[index]); index += 1 }
                    if name == "textarea" || name == "title" { pendingText += raw } else { element.rawText = raw }
                }
                elements.append(element)
            } else {
                pendingText.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        flushText()
    }

    /// What a browser could run: scripts other than the theme's, event handlers, script URLs, plugin and refresh elements.
    func safetyProblems() -> [String] {
        var problems: [String] = []
        for element in elements {
            let attributes = element.attributes
            func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
            switch element.name {
            case "script":
                let source = value("src") ?? ""
                let isThemeScript = ["indexsite.js", "indexsite-search.js"].contains { name in
                    source == "assets/" + name || source.hasSuffix("/assets/" + name) } && !source.contains(":")
                    && (element.rawText ?? "").allSatisfy(\.isWhitespace)
                // The theme's data for its script (page words, tables): JSON, which a browser never runs.
                let isThemeData = value("type") == "application/json" && ["indexsite-strings", "indexsite-page-fold"].contains(value("id") ?? "") && value("src") == nil
                    && !(element.rawText ?? "").lowercased().contains("</script")
                // The theme's 404 page without a base URL finds the site's root itself: a constant with no page text in it.
                let isRootFinder = value("id") == "indexsite-find-root" && value("src") == nil && !(element.rawText ?? "").contains("<")
                // The reader's light or dark choice, applied before the page is drawn: a constant with no page text in it.
                let isThemeChoice = value("id") == "indexsite-theme-choice" && value("src") == nil && !(element.rawText ?? "").contains("<")
                if !isThemeScript && !isThemeData && !isRootFinder && !isThemeChoice { problems.append("a <script> that is not the theme's: src='\(source)' text='\((element.rawText ?? "").prefix(80))'") }
            case "iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal":
                problems.append("a <\(element.name)> element")
            case "meta" where value("http-equiv") != nil:
                problems.append("a <meta http-equiv='\(value("http-equiv")!)'>")
            default:
                break
            }
            for (name, attributeValue) in attributes {
                if name.hasPrefix("on") { problems.append("an event handler \(name)='\(attributeValue.prefix(80))' on <\(element.name)>") }
                let urls: [String]
                switch name {
                case "href", "src", "action", "formaction", "poster", "background", "cite", "data", "codebase", "xlink:href", "longdesc", "ping", "manifest", "lowsrc", "dynsrc":
                    urls = [attributeValue]
                case "srcset", "imagesrcset":
                    urls = attributeValue.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
                case "style":
                    urls = attributeValue.components(separatedBy: "url(").dropFirst().map { String($0.prefix { $0 != ")" }).trimmingCharacters(in: CharacterSet(charactersIn: "'\" ")) }
                    if attributeValue.lowercased().contains("expression(") { problems.append("a CSS expression in style='\(attributeValue)'") }
                default:
                    urls = []
                }
                for url in urls {
                    // The theme's favicon placeholder is the one data: URL allowed; it is not content.
                    if element.name == "link", name == "href", url == "data:", value("rel") == "icon" { continue }
                    if element.name == "link", name == "href", url == "data:,", value("rel") == "icon" { continue }
                    if let scheme = HTMLDocument.dangerousScheme(url) {
                        problems.append("a \(scheme): URL in \(name)='\(url.prefix(80))' on <\(element.name)>")
                    }
                }
            }
        }
        return problems
    }

    /// The scheme of a URL as a browser reads it (ASCII white space and control characters dropped, any case),
    /// when it is one that runs code or carries a document.
    static func dangerousScheme(_ url: String) -> String? {
        let cleaned = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })).lowercased()
        for scheme in ["javascript", "data", "vbscript"] where cleaned.hasPrefix(scheme + ":") {
            return scheme
        }
        return nil
    }

    static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    /// Decodes character references: decimal, hexadecimal (with or without the `;`), and the named ones that matter here.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n", "sol": "/",
            "lpar": "(", "rpar": ")", "period": ".", "comma": ",", "nbsp": "\u{A0}", "semi": ";", "equals": "=", "num": "#",
        ]
        var out = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "&" else { out.unicodeScalars.append(scalars[index]); index += 1; continue }
            var end = index + 1
            var body = ""
            while end < scalars.count, end - index < 40, scalars[end] != ";", scalars[end] != "&", !scalars[end].properties.isWhitespace,
                  scalars[end] != "<", scalars[end] != "\"", scalars[end] != "'" {
                body.unicodeScalars.append(scalars[end]); end += 1
            }
            let terminated = end < scalars.count && scalars[end] == ";"
            var decoded: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                let digits = body.dropFirst(2).prefix { $0.isHexDigit }
                if !digits.isEmpty, let value = UInt32(digits, radix: 16) {
                    decoded = String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}")
                    end = index + 3 + digits.count
                }
            } else if body.hasPrefix("#") {
                let digits = body.dropFirst().prefix { $0.isNumber }
                if !digits.isEmpty, let value = UInt32(digits) {
                    decoded = String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}")
                    end = index + 2 + digits.count
                }
            } else if let value = named[body.lowercased()], terminated {
                decoded = value
            }
            if let decoded {
                out += decoded
                index = end
                if index < scalars.count, scalars[index] == ";" { index += 1 }
            } else {
                out.unicodeScalars.append("&")
                index += 1
            }
            _ = terminated
        }
        return out
    }
}

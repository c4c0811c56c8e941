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

/// Every linked item of a README is an entry of the built page, in the section of its own heading: the Markdown is
/// read here independently (a heading stack and a scan of item lines, not the product's parser) and compared with the
/// sections and entries of the rendered HTML.
@Suite struct AwesomeListStructureTests {
    /// A section as either side sees it: its heading path (ancestors' titles, then its own) and its linked items.
    struct SectionItems: Equatable, CustomStringConvertible {
        var path: [String]
        var items: [String]
        var description: String { path.joined(separator: " › ") + ": " + items.joined(separator: ", ") }
    }

    // MARK: The independent reader

    /// Reads headings and item lines the simplest way: `#` lines push onto a stack of open headings (the first `#`
    /// titles the list and is not on it), every `- [Title](url)` line at any depth belongs to the headings open above it.
    static func independentReading(_ markdown: String) -> [SectionItems] {
        var sections: [SectionItems] = []
        var stack: [(level: Int, title: String)] = []
        var sawTitle = false
        var inFence = false
        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
            if inFence { continue }
            if let heading = heading(line) {
                if heading.level == 1, !sawTitle { sawTitle = true; continue }
                while let last = stack.last, last.level >= heading.level { stack.removeLast() }
                stack.append(heading)
                sections.append(SectionItems(path: stack.map(\.title), items: []))
                continue
            }
            guard let item = linkedItem(trimmed), !sections.isEmpty, !item.url.hasPrefix("#") else { continue }
            sections[sections.count - 1].items.append(normalised(item.title) + " <" + item.url + ">")
        }
        return sections.filter { !$0.items.isEmpty }
    }

    static func heading(_ line: String) -> (level: Int, title: String)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = String(rest).trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("#") { text.removeLast() }
        return (hashes, normalised(inlineText(text)))
    }

    /// `- [Title](url) …`, `* **[Title](url)** …` or `+ [Title](url)`: the title and the link, images left out.
    static func linkedItem(_ line: String) -> (title: String, url: String)? {
        guard let marker = line.first, "-*+".contains(marker), line.dropFirst().first == " " else { return nil }
        var rest = Substring(line.dropFirst(2))
        while rest.hasPrefix("*") || rest.hasPrefix("_") { rest = rest.dropFirst() }
        guard rest.hasPrefix("["), let close = matchingBracket(rest), rest[close...].hasPrefix("](") else { return nil }
        let title = inlineText(String(rest[rest.index(after: rest.startIndex)..<close]))
        let urlStart = rest.index(close, offsetBy: 2)
        guard let urlEnd = rest[urlStart...].firstIndex(of: ")") else { return nil }
        var url = String(rest[urlStart..<urlEnd])
        if let space = url.firstIndex(of: " ") { url = String(url[..<space]) }
        return (title, url)
    }

    static func matchingBracket(_ text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == "[" { depth += 1 }
            if text[index] == "]" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }

    /// Inline Markdown as the reader sees it: images gone, links as their text, HTML tags gone.
    static func inlineText(_ text: String) -> String {
        var text = text
        text = text.replacingOccurrences(of: #"!\[[^\]]*\]\([^)]*\)"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
        return text
    }

    /// Text without emphasis marks, escapes or repeated spaces, so both sides compare the words only.
    static func normalised(_ text: String) -> String {
        let kept = text.filter { !"*_`\\".contains($0) }
        return kept.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: The built page

    /// Reads the sections (with their levels) and every linked entry title of a rendered list page, from its tree: a
    /// `section` element's `level-N` class gives the level, its `.section-header` the title, and each entry title's
    /// link (`p.entry-title > a`) an item of the section read last.
    static func pageReading(_ html: String) -> [SectionItems] {
        let tree = HTMLTree(html)
        var sections: [SectionItems] = []
        var stack: [(level: Int, title: String)] = []
        for element in tree.root.descendants {
            if element.classes.contains("section-header"), let section = element.parent, section.name == "section" {
                let level = section.classes.lazy.compactMap { $0.hasPrefix("level-") ? Int($0.dropFirst("level-".count)) : nil }.first ?? 1
                while let last = stack.last, last.level >= level { stack.removeLast() }
                stack.append((level, normalised(element.visibleText)))
                sections.append(SectionItems(path: stack.map(\.title), items: []))
            } else if element.classes.contains("entry-title"), let link = element.elementChildren.first, link.name == "a",
                      let href = link["href"] {
                sections[sections.count - 1].items.append(normalised(link.text) + " <" + href + ">")
            }
        }
        return sections.filter { !$0.items.isEmpty }
    }

    /// Builds a site holding one Markdown list and returns its list page.
    static func builtPage(_ markdown: String, name: String) throws -> String {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-awesome-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try markdown.write(to: site.appendingPathComponent("Content/\(name).md"), atomically: true, encoding: .utf8)
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        let page = try #require(result.pages.first { $0.path == "\(name.lowercased())/index.html" })
        return String(decoding: page.bytes, as: UTF8.self)
    }

    /// `shared/` beside the clone (as CI has it), or beside a folder above it (a worktree in a subfolder).
    static let shared: URL = {
        var folder = Fixtures.repository
        for _ in 0..<3 {
            folder = folder.deletingLastPathComponent()
            let candidate = folder.appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("corpus").path) { return candidate }
        }
        return Fixtures.repository.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static let realLists = ["corpus/awesome/awesome-go.md", "samples/awesome-readme.md"]

    // MARK: Tests

    @Test(arguments: realLists)
    func everyLinkedItemIsAnEntryUnderItsOwnHeading(_ relative: String) throws {
        let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent(relative), encoding: .utf8)
        let expected = AwesomeListStructureTests.independentReading(markdown)
        let html = try AwesomeListStructureTests.builtPage(markdown, name: "list")
        let actual = AwesomeListStructureTests.pageReading(html)
        #expect(expected.reduce(0) { $0 + $1.items.count } > 100)
        #expect(actual.count == expected.count)
        for (a, e) in zip(actual, expected) where a != e {
            Issue.record("page section \(a) differs from the Markdown's \(e)")
            break
        }
        #expect(actual.flatMap(\.items).count == expected.flatMap(\.items).count)
        // README furniture is not shown.
        #expect(!html.lowercased().contains("back to top"))
        #expect(!html.contains("|---") && !html.contains("|:---"))
        let badgeAlts = Set(markdown.matches(of: /\[!\[([^\]]+)\]\([^)]*\)\]\(/).map { String($0.output.1) }).filter { $0.count >= 8 }
        for title in actual.flatMap(\.items) {
            let name = String(title[..<title.range(of: " <")!.lowerBound])
            for alt in badgeAlts where name != alt && name.contains(alt) {
                Issue.record("entry title '\(name)' holds the badge text '\(alt)'")
            }
        }
    }

    /// Issue 36: `entries.json` holds every entry the page shows once, nested items too, each naming its parent.
    @Test(arguments: realLists + ["corpus/awesome/awesome-linux-software.md", "corpus/awesome/awesome-falsehood.md"])
    func entriesJSONHoldsEveryEntryThePageShows(_ relative: String) throws {
        let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent(relative), encoding: .utf8)
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-awesome-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try markdown.write(to: site.appendingPathComponent("Content/list.md"), atomically: true, encoding: .utf8)
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        let pages = result.pages.filter { $0.path.hasPrefix("list/") }
        let shown = pages.filter { $0.path.hasSuffix(".html") }.reduce(0) { count, page in
            count + String(decoding: page.bytes, as: UTF8.self).components(separatedBy: "<p class=\"entry-title\">").count - 1
        }
        let json = pages.filter { $0.path == "list/entries.json" }.flatMap(\.bytes)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [[String: Any]])
        let nested = entries.filter { $0["parent"] != nil }
        #expect(shown > 100)
        #expect(entries.count == shown, "\(entries.count) objects in entries.json, \(shown) entries on the page")
        let ids = Set(entries.compactMap { $0["id"] as? String })
        #expect(ids.count == entries.count, "each entry once")
        #expect(nested.allSatisfy { ids.contains($0["parent"] as? String ?? "") }, "a parent is an entry of the file")
        if relative.hasSuffix("awesome-readme.md") { #expect(!nested.isEmpty, "the sample's nested items are there") }
    }

    @Test func repeatedSubHeadingsKeepTheirOwnItems() throws {
        let markdown = """
        # Awesome Tools

        ## Editors

        ### Libraries

        - [Scintilla](https://scintilla.example) - Editing component.

        ## Networking

        ### Libraries

        - [curl](https://curl.example) - Transfers data.
        - [libuv](https://libuv.example) - Asynchronous I/O.

        ### Tools

        - [Wireshark](https://wireshark.example) - Looks at packets.
        """
        let html = try AwesomeListStructureTests.builtPage(markdown, name: "tools")
        #expect(AwesomeListStructureTests.pageReading(html) == AwesomeListStructureTests.independentReading(markdown))
        let tree = HTMLTree(html)
        #expect(tree.problems == [])
        #expect(tree.one("h3#editors-libraries.section-header")?.visibleText == "Libraries")
        #expect(tree.one("h3#networking-libraries.section-header")?.visibleText == "Libraries")
        // The `##` parents hold only sub-sections, yet they are headers on the page and links in the strip.
        #expect(tree.one("h2#networking.section-header")?.visibleText == "Networking")
        #expect(tree.one(".index-strip a[href=#networking]")?["title"] == "Networking")
        #expect(!html.contains("No entries."))
    }

    @Test func badgesAndBackToTopLinksAreLeftOut() throws {
        let markdown = """
        # Awesome Things [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)

        [![Build Status](https://ci.example/badge.svg)](https://ci.example) [![License](https://img.example/l.svg)](LICENSE)

        > Things worth having.

        ## Contents

        - [Tools](#tools)
        - [Paint](#paint)

        ## Tools

        _Handy tools._

        - [![logo](https://x.example/logo.png)](https://hammer.example) [Hammer](https://hammer.example) [![Stars](https://img.shields.io/x)](https://hammer.example/stars) - Hits nails.
        - **[Saw](https://saw.example)** — Cuts wood.
        * [Drill](https://drill.example): Makes holes.
        - [Tape](https://tape.example)
        **[⬆ back to top](#contents)**

        ## Paint

        - [Brush](https://brush.example) – Spreads paint.

        <a href="#readme">⬆ back to top</a>

        [↑ Back to Top](#awesome-things)
        """
        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/things.md", text: markdown))
        #expect(parsed.title == "Awesome Things")
        #expect(parsed.description == "Things worth having.")
        #expect(parsed.declaredSections.map(\.title) == ["Tools", "Paint"])
        #expect(parsed.declaredSections.map(\.description) == ["*Handy tools.*", nil])
        #expect(parsed.entries.map { $0.text(at: "title") } == ["Hammer", "Saw", "Drill", "Tape", "Brush"])
        #expect(parsed.entries.map { $0.text(at: "url") } == ["https://hammer.example", "https://saw.example", "https://drill.example",
                                                              "https://tape.example", "https://brush.example"])
        #expect(parsed.entries.map { $0.text(at: "description") } == ["Hits nails.", "Cuts wood.", "Makes holes.", nil, "Spreads paint."])
        let html = try AwesomeListStructureTests.builtPage(markdown, name: "things")
        #expect(!html.lowercased().contains("back to top"))
        #expect(!html.contains("Build Status") && !html.contains("Stars"))
    }

    @Test func boldLinesGroupTheHeadingsTheyIntroduce() {
        let markdown = """
        # Awesome Web

        **Just a bold tagline**

        ## Documentation

        - [Docs](https://docs.example)

        **DevOps**

        ### Containers

        - [Docker](https://docker.example)

        ### CI

        - [Jenkins](https://jenkins.example)

        **Web Development**

        ### Web Frameworks

        - [Rails](https://rails.example)

        ## Testing

        **Not a group: no heading follows**

        - [Jest](https://jest.example)
        """
        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/web.md", text: markdown))
        #expect(parsed.declaredSections.map(\.title) == ["Documentation", "DevOps", "Containers", "CI", "Web Development", "Web Frameworks", "Testing"])
        #expect(parsed.declaredSections.map(\.level) == [1, 2, 3, 3, 2, 3, 1])
        #expect(parsed.declaredSections[0].description == nil)
        #expect(parsed.declaredSections[6].description == "**Not a group: no heading follows**")
        #expect(parsed.description == "**Just a bold tagline**")
        let titles = parsed.declaredSections.map(\.title)
        #expect(parsed.entries.map { titles[$0.declaredSectionIndex!] } == ["Documentation", "Containers", "CI", "Web Frameworks", "Testing"])
    }

    @Test func aSecondTopHeadingIsASectionAndTheFirstTitlesTheList() throws {
        let markdown = """
        # Awesome Go

        ## Actor Model

        - [Ergo](https://ergo.example) - Actors.

        # Resources

        ## Books

        - [The Go Book](https://book.example)
        """
        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/README.md", text: markdown))
        #expect(parsed.title == "Awesome Go")
        #expect(parsed.declaredSections.map(\.title) == ["Actor Model", "Resources", "Books"])
        #expect(parsed.declaredSections.map(\.level) == [1, 1, 2])
        let html = try AwesomeListStructureTests.builtPage(markdown, name: "README")
        #expect(HTMLTree(html).one("h1.list-title")?.visibleText == "Awesome Go")
        #expect(AwesomeListStructureTests.pageReading(html) == AwesomeListStructureTests.independentReading(markdown))
    }

    @Test func headingsThatEachHoldItemsStaySections() {
        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/food.md", text: "# Fruit\n- Apple\n# Vegetables\n- Carrot\n"))
        #expect(parsed.title == nil)
        #expect(parsed.declaredSections.map(\.title) == ["Fruit", "Vegetables"])
    }

    @Test func titlesComeFromTheHeadingThenFrontMatterThenTheFileName() throws {
        #expect(FileTitle.words("awesome-ios") == "Awesome iOS")
        #expect(FileTitle.words("books_2026") == "Books 2026")
        #expect(FileTitle.words("iso3166") == "ISO 3166")
        #expect(FileTitle.words("iso_15924") == "ISO 15924")
        #expect(FileTitle.words("awesome-api") == "Awesome API")
        #expect(FileTitle.words("html5") == "HTML5")
        #expect(FileTitle.words("mp3") == "Mp3")
        #expect(FileTitle.words("ipv6") == "Ipv6")
        let withHeading = try AwesomeListStructureTests.builtPage("---\ntitle: Front\n---\n# [Heading](https://x.example) ![logo](l.png)\n\n- A\n", name: "readme")
        #expect(HTMLTree(withHeading).one("h1.list-title")?.visibleText == "Heading")
        let withFrontMatter = try AwesomeListStructureTests.builtPage("---\ntitle: Front\n---\n- A\n", name: "readme")
        #expect(HTMLTree(withFrontMatter).one("h1.list-title")?.visibleText == "Front")
        let bare = try AwesomeListStructureTests.builtPage("- A\n", name: "awesome-macos")
        #expect(HTMLTree(bare).one("h1.list-title")?.visibleText == "Awesome macOS")
    }
}

@Suite struct AwesomeLintTests {
    static let source = """
    # Awesome Tools

    ## Hammers

    - [Mallet](https://mallet.example) - Soft blows.
    - [claw](https://claw.example) - Pulls nails.
      - [Zeta](https://zeta.example) - Nested.
      - [Alpha](https://alpha.example) - Nested, out of order.
    - [FSM](https://fsm.example) - Same letters as the next, in another case.
    - [fsm](https://fsm.example/) - Listed twice.

    See [the saws](#saws), [nothing](#nowhere) and [the top](#top).

    ## Saws

    <a name="old-saws"></a>

    - [Hacksaw](https://hacksaw.example) - Cuts metal. See [old saws](#old-saws).
    """

    @Test func lintIsOffUnlessAsked() {
        let file = SourceFile(path: "Content/tools.md", text: AwesomeLintTests.source)
        let site = SiteLoaderFreeBuild.diagnostics(of: file, lint: nil)
        #expect(!site.contains { $0.code.rawValue.hasPrefix("awesome-") })
    }

    @Test func awesomeLintReportsOrderDuplicatesMissingDescriptionsAndDeadAnchors() {
        let file = SourceFile(path: "Content/tools.md", text: AwesomeLintTests.source)
        // Order is checked where the list says it is sorted; the badge and contributing rules have tests of their own.
        let diagnostics = SiteLoaderFreeBuild.diagnostics(of: file, lint: "{sorted: true, awesome-badge: off, awesome-contributing: off}").filter { $0.code.rawValue.hasPrefix("awesome-") }
        let lines = diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue)" }.sorted()
        // Three lines of front matter come first. "FSM" then "fsm" differ in case only: in order, but the same link.
        #expect(lines == ["11:3 awesome-order", "13:1 awesome-duplicate-link", "15:24 awesome-dead-anchor", "9:1 awesome-order"])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics.contains { $0.message == "link to '#nowhere' matches no heading or anchor of the file" })
        #expect(diagnostics.contains { $0.message == "'claw' is out of alphabetical order: it comes after 'Mallet'" })
        #expect(diagnostics.contains { $0.message == "'Alpha' is out of alphabetical order: it comes after 'Zeta'" })
    }
}

/// Builds one Markdown list in a temporary site, with `lint:` in its front matter when given, and returns the diagnostics.
enum SiteLoaderFreeBuild {
    static func diagnostics(of file: SourceFile, lint: String?) -> [Diagnostic] {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try? FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        let text = (lint.map { "---\nlint: \($0)\n---\n" } ?? "") + String(decoding: file.bytes, as: UTF8.self)
        try? text.write(to: site.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
        return Build.run(BuildOptions(siteFolder: site, writeOutput: false)).diagnostics
    }
}

@Suite struct HeadingTreeSectioningTests {
    static let source = """
    ## Editors
    ### Libraries
    - [Scintilla](https://s.example)
    ## Networking
    ### Tools
    - [Wireshark](https://w.example)
    ### Libraries
    - [curl](https://c.example)
    ## Empty
    """

    func sections(_ settings: ListSettings) -> ([Section], [Diagnostic]) {
        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/t.md", text: HeadingTreeSectioningTests.source))
        let (sections, diagnostics) = Sectioner().section(Sectioner.Input(entries: parsed.entries, declaredSections: parsed.declaredSections,
                                                                          kind: .markdownList), settings: settings)
        return (AnchorAllocator().assign(sections).0, diagnostics)
    }

    @Test func sectionOrderMovesSubtreesAndOrdersSiblings() {
        var settings = ListSettings(source: "t.md")
        settings.sectionOrder = ["Networking", "Libraries"]
        let (sections, diagnostics) = sections(settings)
        #expect(diagnostics.isEmpty)
        #expect(sections.map(\.title) == ["Networking", "Libraries", "Tools", "Editors", "Libraries", "Empty"])
        #expect(sections.map(\.level) == [1, 2, 2, 1, 2, 1])
        #expect(sections.map(\.id) == ["networking", "networking-libraries", "tools", "editors", "editors-libraries", "empty"])
        #expect(sections[1].entries.map { $0.text(at: "title") } == ["curl"])
    }

    @Test func sectionOrderNamingNoHeadingIsAnError() {
        var settings = ListSettings(source: "t.md")
        settings.sectionOrder = ["Garden"]
        #expect(sections(settings).1.map(\.code) == [.unknownSectionInOrder])
    }

    @Test func hidingEmptySectionsKeepsParentsOfEntries() {
        var settings = ListSettings(source: "t.md")
        settings.emptySections = .hide
        let (sections, _) = sections(settings)
        #expect(sections.map(\.title) == ["Editors", "Libraries", "Networking", "Tools", "Libraries"])
        #expect(sections.subtreeEntryCounts == [1, 1, 2, 1, 1])
    }
}

@Suite struct AwesomeListShapesTests {
    @Test func anchorsTablesOfContentsAndDetailsBlocks() {
        let markdown = """
        Awesome Shell
        =============

        <a name="top"></a>

        A curated list of shell things.

        ## Table of Contents

        - Shells
          - [Bash](#bash)
          - [Zsh](#zsh)
        - [Tools](#tools) - Everything else.

        ## <a name="bash"></a>Bash

        * [Oh My Bash](https://ohmybash.example): Framework.
        * [bash-it](https://bashit.example) — Community scripts.

        ## [Zsh](https://zsh.example)

        <details>
        <summary>Frameworks</summary>

        - [Oh My Zsh](https://ohmyzsh.example) - Framework.

        </details>

        **[back to top](#top)**

        Tools
        -----

        - [shellcheck](https://shellcheck.example) - Lints scripts.
          - [shellcheck-vscode](https://vscode.example) - In the editor.
        """
        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/shell.md", text: markdown))
        #expect(parsed.title == "Awesome Shell")
        #expect(parsed.description == "A curated list of shell things.")
        #expect(parsed.declaredSections.map(\.title) == ["Bash", "Zsh", "Tools"])
        #expect(parsed.declaredSections.map(\.description) == [nil, nil, nil])
        #expect(parsed.entries.map { $0.text(at: "title") } == ["Oh My Bash", "bash-it", "Oh My Zsh", "shellcheck"])
        #expect(parsed.entries.map { $0.text(at: "description") } == ["Framework.", "Community scripts.", "Framework.", "Lints scripts."])
        #expect(parsed.entries.map { $0.declaredSectionIndex } == [0, 0, 1, 2])
        #expect(parsed.entries[3].children.map { $0.text(at: "title") } == ["shellcheck-vscode"])
    }
}

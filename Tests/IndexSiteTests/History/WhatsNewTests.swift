import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse
@testable import IndexSiteRender

/// `new_for`: the "New" badge, the "Recently added" view and "Last updated", from the git history.
@Suite(.offThePool) struct WhatsNewTests {
    /// A repository whose list gained Alpha and Beta on day 1, Gamma on day 22, Delta on day 33 (when Alpha was
    /// re-worded too), and whose last commit (day 39) touched another file only.
    static func repository(_ purpose: String, settings: String) throws -> ScriptedRepository {
        var repository = try ScriptedRepository(purpose)
        try repository.commit(["indexsite.yml": settings, "Content/tools.md": """
            # Tools

            ## Editors

            - [Alpha](https://alpha.example) - An editor.
            - [Beta](https://beta.example) - Another <editor> & more.

            """]) // day 1
        repository.wait(days: 20)
        try repository.commit(["Content/tools.md": """
            # Tools

            ## Editors

            - [Alpha](https://alpha.example) - An editor.
            - [Beta](https://beta.example) - Another <editor> & more.

            ## Shells

            - [Gamma](https://gamma.example) - A shell.

            """]) // day 22
        repository.wait(days: 10)
        try repository.commit(["Content/tools.md": """
            # Tools

            ## Editors

            - [Alpha](https://alpha.example) - An editor, re-worded.
            - [Beta](https://beta.example) - Another <editor> & more.
            - [Delta](https://delta.example) - The newest.

            ## Shells

            - [Gamma](https://gamma.example) - A shell.

            """]) // day 33
        repository.wait(days: 5)
        try repository.commit(["notes.txt": "not the list"]) // day 39
        return repository
    }

    static func page(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("_site/" + path), encoding: .utf8)
    }

    /// The titles of the linked entries whose title line carries the "new" badge, in page order.
    static func badged(_ html: String) -> [String] {
        HTMLTree(html).select("li.entry > .entry-title").compactMap { title in
            guard title.elementChildren.contains(where: { $0.classes.contains("entry-new") }) else { return nil }
            return title.elementChildren.first { $0.name == "a" }?.visibleText
        }
    }

    /// The field names the page's entries show (`<dt>`), each once.
    static func shownFields(_ html: String) -> Set<String> {
        Set(HTMLTree(html).select("dt").map(\.visibleText))
    }

    /// The texts of the page's `<time>` elements, by their `datetime`.
    static func times(_ html: String) -> [String: [String]] {
        Dictionary(grouping: HTMLTree(html).select("time"), by: { $0["datetime"] ?? "" }).mapValues { $0.map(\.visibleText) }
    }

    @Test func newForMarksExactlyTheEntriesAddedInTheWindowBeforeTheHeadCommit() throws {
        // 20 days back from day 39 is day 19: Gamma (22) and Delta (33) are new, Alpha and Beta (1) are not. The
        // machine's clock is months past every commit: a window from today would mark nothing.
        let repository = try WhatsNewTests.repository("new-for", settings: "lists:\n  - source: tools.md\n    new_for: 20d\n")
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.lists.first?.newSince == ScriptedRepository.timestamp(day: 19))
        let html = try WhatsNewTests.page(repository.folder, "tools/index.html")
        #expect(WhatsNewTests.badged(html) == ["Delta", "Gamma"], "in page order: Editors, then Shells")
        let tree = HTMLTree(html)
        #expect(tree.problems == [])
        #expect(tree.select(".entry-new").map(\.visibleText) == ["New", "New"], "a word, not a colour alone")
        #expect(WhatsNewTests.shownFields(html).isDisjoint(with: ["Added", "Updated"]), "the history's times are shown only when `fields` names them")

        // "Recently added": newest first, each linking to its entry on the page, before the sections.
        let recent = try #require(tree.one("section.recently-added"))
        let sections = try #require(tree.one("div.sections"))
        let order = tree.root.descendants
        #expect(try #require(order.firstIndex { $0 === recent }) < #require(order.firstIndex { $0 === sections }))
        #expect(recent.one("h2#recently-added.recently-added-heading")?.visibleText == "Recently added")
        #expect(recent.select("li > a").map { "\($0.visibleText) \($0["href"] ?? "")" } == ["Delta #delta", "Gamma #gamma"])
        let newest = try #require(recent.select("li").first)
        #expect(newest.one("time")?["datetime"] == ScriptedRepository.timestamp(day: 33))
        #expect(newest.visibleText == "Delta February 3, 2026 · Editors")

        // "Last updated": the newest `updated` of any entry (day 33: Alpha re-worded, Delta added), not the last commit.
        #expect(WhatsNewTests.times(html)[ScriptedRepository.timestamp(day: 33)]?.contains("Last updated February 3, 2026") == true)

        // The same commit builds the same page, whatever day it is built on.
        try FileManager.default.removeItem(at: repository.folder.appendingPathComponent("_site"))
        #expect(try EntryHistoryTests.build(repository.folder).succeeded)
        #expect(try WhatsNewTests.page(repository.folder, "tools/index.html") == html)
    }

    @Test func aLongerWindowMarksMoreAndNoWindowMarksNone() throws {
        let repository = try WhatsNewTests.repository("new-for-weeks", settings: "new_for: 6w\nlists:\n  - source: tools.md\n")
        let result = try EntryHistoryTests.build(repository.folder)
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try WhatsNewTests.page(repository.folder, "tools/index.html")
        #expect(WhatsNewTests.badged(html) == ["Alpha", "Beta", "Delta", "Gamma"], "42 days back from day 39 is before day 1: all are new")

        let plain = try WhatsNewTests.repository("new-for-none", settings: "lists:\n  - source: tools.md\n    fields: [added]\n")
        #expect(try EntryHistoryTests.build(plain.folder).succeeded)
        let unmarked = try WhatsNewTests.page(plain.folder, "tools/index.html")
        #expect(!unmarked.contains("entry-new") && !unmarked.contains("recently-added"))
        #expect(unmarked.contains("Last updated February 3, 2026"), "the history was read: the list says when it changed")
        #expect(WhatsNewTests.shownFields(unmarked).intersection(["Added", "Updated"]) == ["Added"], "`fields: [added]` shows it")
    }

    @Test func theBadgeAndTheViewAreInTheListsLanguage() throws {
        let repository = try WhatsNewTests.repository("new-for-de", settings: "locale: de\nlists:\n  - source: tools.md\n    new_for: 20d\n")
        #expect(try EntryHistoryTests.build(repository.folder).succeeded)
        let html = try WhatsNewTests.page(repository.folder, "tools/index.html")
        let tree = HTMLTree(html)
        #expect(tree.select("span.entry-new").map(\.visibleText) == ["Neu", "Neu"])
        #expect(tree.one("h2#recently-added")?.visibleText == "Kürzlich hinzugefügt")
        #expect(tree.select("time").map(\.visibleText).contains("Zuletzt aktualisiert am 3. Februar 2026"))
        #expect(tree.select("a").map(\.visibleText).contains("Atom-Feed"))
    }

    @Test func aDataFilesHistoryFieldsAreNotShownUnlessAsked() throws {
        var repository = try ScriptedRepository("new-for-csv")
        try repository.commit(["indexsite.yml": "lists:\n  - source: books.csv\n    new_for: 30d\n",
                               "Content/books.csv": "id,title,year\n1,Dune,1965\n"])
        try repository.commit(["Content/books.csv": "id,title,year\n1,Dune,1965\n2,Emma,1815\n"])
        #expect(try EntryHistoryTests.build(repository.folder).succeeded)
        let html = try WhatsNewTests.page(repository.folder, "books/index.html")
        let shown = WhatsNewTests.shownFields(html)
        #expect(shown.contains("Year") && shown.isDisjoint(with: ["Added", "Updated"]))
        #expect(WhatsNewTests.badged(html).isEmpty, "titles without links are not read by `badged`")
        #expect(HTMLTree(html).select(".entry-new").count == 2, "both were added within 30 days of the last commit")
    }

    @Test func everyBuiltInCatalogTranslatesTheWhatsNewWords() throws {
        let catalogs = Localization.builtIn.catalogs
        #expect(catalogs.count == 23)
        let english = try #require(catalogs["en"])
        for (tag, catalog) in catalogs {
            for key in [UIStringKey.new_badge, .recently_added, .last_updated, .feed_link] {
                #expect(catalog.values[key] != nil, "\(tag) lacks \(key)")
            }
            if tag != "en" {
                #expect(catalog.values[.recently_added] != english.values[.recently_added], "\(tag): 'Recently added' is English")
            }
            guard case .text(let updated)? = catalog.values[.last_updated] else { continue }
            #expect(updated.contains("{date}"), "\(tag): the date is part of the sentence")
        }
    }

    @Test func newForIsDaysOrWeeks() throws {
        func settings(_ yaml: String) -> (SiteSettings, [Diagnostic]) {
            SettingsParser.parseSite(SourceFile(path: "indexsite.yml", bytes: Array(yaml.utf8)))
        }
        let (site, none) = settings("new_for: 4w\nlists:\n  - source: a.md\n  - source: b.md\n    new_for: 30d\n")
        #expect(none.isEmpty, "\(none)")
        #expect(site.lists.map(\.newFor) == [28 * 86_400, 30 * 86_400], "the site's default, then the list's own")
        for bad in ["30", "30 days", "-3d", "0d", "d"] {
            let (_, diagnostics) = settings("lists:\n  - source: a.md\n    new_for: \(bad)\n")
            #expect(diagnostics.map(\.code) == [.badSettingValue], "\(bad): \(diagnostics)")
            #expect(diagnostics.first?.location.line == 3)
        }
    }

    @Test func outsideARepositoryNewForIsWarnedAboutAndMarksNothing() throws {
        let site = try TestSupport.site("new-for-no-git", texts: [
            "indexsite.yml": "lists:\n  - source: a.md\n    new_for: 30d\n",
            "Content/a.md": "- [A](https://a.example) - one.\n",
        ])
        let result = try EntryHistoryTests.build(site)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.diagnostics.map(\.code) == [.historyUnavailable])
        let html = try WhatsNewTests.page(site, "a/index.html")
        #expect(!html.contains("entry-new") && !html.contains("Last updated"))
    }
}

import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse
@testable import IndexSiteSection

/// Posts dated only by their file names (`YYYY-MM-DD-slug.md`, Jekyll's and Docusaurus's blogs), grouped by month,
/// and lists grouped by date with entries that have no date.
@Suite struct FileNameDateTests {
    /// The Rust blog before its dates moved into front matter: 148 posts (and one without an extension, named in a
    /// warning) grouped by month from their names alone, newest month and newest post first, both posts of
    /// 2014-12-12 kept.
    @Test func theRustBlogGroupsByMonthFromItsFileNames() throws {
        let site = try CorpusContentKindsTests.site(["blog": "posts/rust-blog"], configuration: "lists:\n  - source: blog\n    group_by: date:date:month\n")
        defer { try? FileManager.default.removeItem(at: site) }
        let result = CorpusContentKindsTests.check(site, strict: false)
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics.filter { $0.severity == .error }.prefix(3))")
        #expect(!result.diagnostics.contains { $0.code == .badDate })
        let list = try #require(result.lists.first)
        let entries = CorpusContentKindsTests.entries(list)
        #expect(entries.count == 148)
        #expect(list.sections.first?.title == "March 2025")
        #expect(list.sections.last?.title == "September 2014")
        let dates = entries.compactMap { $0.text(at: "date") }
        #expect(dates.count == 148)
        #expect(dates == dates.sorted(by: >), "newest first across and inside months")
        let december2014 = try #require(list.sections.first { $0.title == "December 2014" })
        #expect(december2014.entries.count == 2)
        #expect(december2014.entries.allSatisfy { $0.text(at: "date") == "2014-12-12" })
    }

    /// A small Jekyll folder: the name dates and titles a post without front matter, a front matter date wins over the
    /// name, a name that is not a real date dates nothing, and an undated post goes to a last "Undated" section (in
    /// the list's language) with one warning naming it.
    @Test func namesDateAndTitlePostsAndUndatedOnesComeLast() throws {
        let site = try TestSupport.site("posts", texts: [
            "Content/posts/2014-05-06-jekyll-turns-2-0-0.markdown": "Jekyll 2 is here.\n",
            "Content/posts/2014-05-20-later.md": "---\ntitle: Later in May\n---\n",
            "Content/posts/2014-05-01-dated-twice.md": "---\ntitle: Front matter wins\ndate: 2015-01-02\n---\n",
            "Content/posts/2014-02-30-not-a-day.md": "---\ntitle: Not a day\n---\n",
            "Content/posts/about.md": "---\ntitle: About\n---\n",
            "indexsite.yml": "lists:\n  - source: posts\n    group_by: date:date:month\n    locale: de\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = CorpusContentKindsTests.check(site)
        #expect(!result.diagnostics.hasErrors(), "\(result.diagnostics)")
        let list = try #require(result.lists.first)
        #expect(list.sections.map(\.title) == ["Januar 2015", "Mai 2014", "Ohne Datum"])
        #expect(list.sections[1].entries.map { $0.text(at: "title") } == ["Later in May", "Jekyll Turns 2 0 0"])
        #expect(list.sections[1].entries.map { $0.text(at: "date") } == ["2014-05-20", "2014-05-06"])
        #expect(list.sections[2].entries.map { $0.text(at: "title") ?? "" }.sorted() == ["About", "Not a day"])
        let warning = try #require(result.diagnostics.first { $0.code == .badDate })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("2 entries have no 'date'") && warning.message.contains("'About'"))
        #expect(result.diagnostics.filter { $0.code == .badDate }.count == 1)
        #expect(MarkdownEntryParser.fileNameDate("posts/2014-02-30-x.md") == nil)
        #expect(MarkdownEntryParser.fileNameDate("a/2020-05-21-governance-wg")?.date == "2020-05-21")
    }

    /// With `sort` written, entries inside a month follow it rather than their dates.
    @Test func aWrittenSortOrdersInsideTheMonth() throws {
        let site = try TestSupport.site("posts-sorted", texts: [
            "Content/posts/2014-05-06-beta.md": "# Beta\n",
            "Content/posts/2014-05-20-alpha.md": "# Alpha\n",
            "Content/posts/2014-05-10-gamma.md": "# Gamma\n",
            "indexsite.yml": "lists:\n  - source: posts\n    group_by: date:date:month\n    sort: [title]\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = CorpusContentKindsTests.check(site)
        // The list is dated, so it has a feed, which a note says has no base URL.
        #expect(result.diagnostics.map(\.code) == [.feedWithoutBaseURL], "\(result.diagnostics)")
        #expect(try #require(result.lists.first).sections[0].entries.map { $0.text(at: "title") } == ["Alpha", "Beta", "Gamma"])
    }
}

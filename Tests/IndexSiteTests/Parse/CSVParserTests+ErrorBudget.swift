import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Past the first `CSVParser.maximumListedProblems` problems a file's diagnostics are only counted (issue 17, item 5):
/// millions of stored diagnostics had cost gigabytes.
@Suite struct CSVErrorBudgetTests {
    @Test func problemsPastTheBudgetAreCountedInOneDiagnostic() throws {
        // 500 ragged rows, each with a stray quote: 1,000 problems.
        let text = "a,b\n" + String(repeating: "x\"y\n", count: 500)
        let parsed = CSVParser().parseTable(SourceFile(path: "x.csv", text: text))
        let limit = CSVParser.maximumListedProblems
        #expect(parsed.diagnostics.count == limit + 1)
        let summary = try #require(parsed.diagnostics.last)
        #expect(summary.message == "\(1_000 - limit) more problems in this file after the first \(limit), from here on, not listed")
        // The first problem not listed: row 101's stray quote (each row gives a stray quote, then a ragged row).
        #expect(summary.code == .csvStrayQuote)
        #expect(summary.location.line == limit / 2 + 2)
        #expect(summary.location.column == 2)
        // Ragged rows past the budget are not kept either; the listed ones still are.
        #expect(parsed.records.count == limit / 2)
    }

    @Test func aFileWithinTheBudgetListsEveryProblem() {
        let text = "a,b\n" + String(repeating: "x\"y\n", count: 10)
        #expect(CSVParser().parseTable(SourceFile(path: "x.csv", text: text)).diagnostics.count == 20)
    }
}

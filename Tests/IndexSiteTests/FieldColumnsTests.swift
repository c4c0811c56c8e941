import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Shown fields are found by position once per list (issue 17, item 6); rows are then read at that position.
@Suite struct FieldColumnsTests {
    let record = FieldRecord(names: ["title", "year", "author", "isbn"], values: ["Dune", "1965", "Herbert", "0441172717"])

    @Test func pathsInRecordOrderAndOutOfOrder() {
        #expect(record.columns(of: ["year", "isbn"]) == [1, 3])
        #expect(record.columns(of: ["isbn", "title", "missing", "author.last", "year"]) == [3, 0, nil, nil, 1])
        #expect(record.columns(of: ["missing", "year"]) == [nil, 1])
    }

    @Test func aRowWithOtherNamesIsSearched() {
        let other = FieldRecord(names: ["isbn", "title"], values: ["x", "Emma"])
        #expect(other.value(at: "title", column: 0) == .text("Emma"))
        #expect(record.value(at: "author", column: 2) == .text("Herbert"))
        #expect(record.value(at: "author", column: nil) == .text("Herbert"))
        #expect(record.value(at: "author", column: 99) == .text("Herbert"))
    }
}

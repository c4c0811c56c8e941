import Testing
@testable import IndexSiteCore

/// Sorting a run per core and merging the runs gives exactly the order of one sort, whatever the number of runs.
@Suite struct ConcurrentSortTests {
    struct Item: Equatable {
        var key: Int
        var index: Int
    }

    @Test(arguments: [1, 2, 3, 5])
    func runsMergeToTheOrderOfOneSort(runs: Int) {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            // Few distinct keys, so that most comparisons are settled by the index that breaks ties.
            let count = Int.random(in: 0...300, using: &random)
            let items = (0..<count).map { Item(key: Int.random(in: 0..<8, using: &random), index: $0) }
            let order: @Sendable (Item, Item) -> Bool = { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
            var sorted = items
            sorted.sortConcurrently(runs: runs, minimumCountPerRun: 4, by: order)
            #expect(sorted == items.sorted(by: order))
        }
    }

    /// A large list sorted in the sectioner's way: descending keys, so that the runs really interleave when merged.
    @Test func aLargeListIsSortedAsOneSortDoes() {
        let items = (0..<100_000).map { Item(key: ($0 * 7_919) % 1_000, index: $0) }
        let order: @Sendable (Item, Item) -> Bool = { $0.key != $1.key ? $0.key > $1.key : $0.index < $1.index }
        var sorted = items
        sorted.sortConcurrently(by: order)
        #expect(sorted == items.sorted(by: order))
    }
}

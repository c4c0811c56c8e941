import PropertyBased
import Testing
@testable import IndexSiteCore
@testable import IndexSiteSection

/// The fast keyed sort (prefix slots, the key arena, the parallel merge) gives exactly the order the plain sort rule
/// gives (`SortRule.order`), under the serial engine and the parallel one.
@Suite struct SortRuleTests {
    /// A random table of `count` entries: keys from few bytes (so that many are equal, or one begins another, or they
    /// differ only past the 24 bytes the fast sort keeps beside each entry), some missing, and titles that often tie.
    static func table(count: Int, width: Int, seed: Int) -> (SortKeyTable, [String]) {
        var random = SplitMix(seed: UInt64(seed))
        var bytes: [UInt8] = [], ranges: [Range<Int>] = [], titles: [String] = []
        let shared = (0..<30).map { _ in UInt8.random(in: 0...2, using: &random) }
        for _ in 0..<count {
            for _ in 0..<width {
                let start = bytes.count
                switch Int.random(in: 0..<6, using: &random) {
                case 0: break // missing
                case 1: bytes += shared.prefix(Int.random(in: 1...30, using: &random)) // one begins another
                case 2: bytes += shared + [UInt8.random(in: 0...2, using: &random)] // differs past the prefix
                default: bytes += (0..<Int.random(in: 1...3, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) }
                }
                ranges.append(start..<bytes.count)
            }
            titles.append(["a", "b", "é", "e\u{301}", "B"].randomElement(using: &random)!)
        }
        return (SortKeyTable(bytes: bytes, ranges: ranges, width: width), titles)
    }

    @Test func theFastSortFollowsTheRule() async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...300), Gen.int(in: 1...3), Gen.int(in: 0...1_000_000)) { count, width, seed in
            let (table, titles) = SortRuleTests.table(count: count, width: width, seed: seed)
            var random = SplitMix(seed: UInt64(seed) &+ 1)
            let descending = (0..<width).map { _ in Bool.random(using: &random) }
            let expected = SortRule.order(table, rawTitles: titles, descending: descending)
            #expect(Sectioner.fastOrder(table, rawTitles: titles, descending: descending) == expected)
        }
    }

    /// Large enough that the parallel engine sorts in runs and merges them.
    @Test(arguments: [Engine.serial, Engine(jobs: 3)], [[false], [true], [false, true]])
    func aLargeTableSortsAsTheRuleSays(engine: Engine, descending: [Bool]) {
        let (table, titles) = SortRuleTests.table(count: 7_000, width: descending.count, seed: 35)
        let expected = SortRule.order(table, rawTitles: titles, descending: descending)
        #expect(engine.run { Sectioner.fastOrder(table, rawTitles: titles, descending: descending) } == expected)
    }

    /// The rule itself, on hand-made entries: missing last in both directions, descending reverses, then titles'
    /// bytes, then source order.
    @Test func theRuleReadsAsWritten() {
        func item(_ key: [UInt8]?, _ title: String, _ position: Int) -> SortRule.Item {
            SortRule.Item(keys: [key.map { $0[...] }], rawTitle: title, position: position)
        }
        let missing = item(nil, "a", 0), low = item([1], "z", 1), high = item([2], "a", 2)
        for descending in [false, true] {
            #expect(SortRule.precedes(low, missing, descending: [descending]))
            #expect(SortRule.precedes(high, missing, descending: [descending]))
            #expect(!SortRule.precedes(missing, low, descending: [descending]))
        }
        #expect(SortRule.precedes(low, high, descending: [false]))
        #expect(SortRule.precedes(high, low, descending: [true]))
        #expect(SortRule.precedes(item([1], "a", 5), item([1], "b", 0), descending: [false]))
        #expect(SortRule.precedes(item([1], "a", 0), item([1], "a", 1), descending: [false]))
        #expect(SortRule.precedes(item([1], "a", 0), item([1, 0], "a", 1), descending: [false]))
    }
}

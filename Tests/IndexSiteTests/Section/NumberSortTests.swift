import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Sort fields holding numbers compare by value, in the list's locale's way of writing them; missing values last.
@Suite struct NumberSortTests {
    func sorted(_ prices: [String?], sort: String, locale: String = "en") -> [String] {
        let entries = prices.enumerated().map { index, price -> Entry in
            var fields: FieldRecord = ["title": .text("e\(index)"), "kind": "x"]
            if let price { fields.set("price", .text(price)) }
            return Entry(fields: fields)
        }
        var settings = ListSettings(source: "prices.csv")
        settings.grouping = .field("kind")
        settings.sort = [SortKey(parsing: sort)]
        settings.locale = locale
        let (sections, _) = Sectioner().section(Sectioner.Input(entries: entries), settings: settings)
        return sections.flatMap(\.entries).map { $0.text(at: "price") ?? "–" }
    }

    @Test func datesAndTimesSortAsTheCollatorSortsThemFromTheirBytes() {
        let times = ["2026-11-22T09:30:00Z", "2025-01-01", "2026-11", "2026-11-22", "2026-11-22T09:29:59Z", "2026", "1999-12-31T23:59:59Z"]
        let chronological = ["1999-12-31T23:59:59Z", "2025-01-01", "2026", "2026-11", "2026-11-22", "2026-11-22T09:29:59Z", "2026-11-22T09:30:00Z"]
        #expect(times.allSatisfy(DateSortKey.isDate))
        #expect(sorted(times, sort: "price") == chronological)
        #expect(sorted(times + [nil], sort: "-price") == chronological.reversed() + ["–"], "missing values last")
        // One text that is not a date: the whole field compares by the collator, in the same order for the dates.
        #expect(sorted(times + ["soon"], sort: "price") == chronological + ["soon"])
        for text in ["2026-1-5", "26-11-22", "2026-11-22T09:30Z", "2026-11-22 09:30:00", "2026-11-22T09:30:00+01:00", "20261122", ""] {
            #expect(!DateSortKey.isDate(text), "\(text)")
        }
    }

    @Test func pricesByValue() {
        // The prices, with a real minus sign (U+2212) among them.
        let prices = ["0.5", "0.25", "\u{2212}3", "-10", "10", "9.99", "1200"]
        #expect(sorted(prices, sort: "price") == ["-10", "\u{2212}3", "0.25", "0.5", "9.99", "10", "1200"])
        #expect(sorted(prices, sort: "-price") == ["1200", "10", "9.99", "0.5", "0.25", "\u{2212}3", "-10"])
    }

    @Test func missingValuesComeLastBothWays() {
        #expect(sorted(["2", nil, "10", ""], sort: "price") == ["2", "10", "–", "–"])
        #expect(sorted(["2", nil, "10", ""], sort: "-price") == ["10", "2", "–", "–"])
    }

    @Test func groupingAndExponentInTheLocalesWay() {
        #expect(sorted(["1,200", "999", "1e3", "12.5"], sort: "price") == ["12.5", "999", "1e3", "1,200"])
        #expect(sorted(["1.200,5", "2,25", "-3", "10"], sort: "price", locale: "de") == ["-3", "2,25", "10", "1.200,5"])
        #expect(sorted(["1\u{202F}200", "999"], sort: "price", locale: "fr") == ["999", "1\u{202F}200"])
    }

    @Test func oneTextValueMakesTheFieldText() {
        // "n/a" is not a number: the field compares as text (numbers inside still compare naturally).
        #expect(sorted(["10", "9", "n/a", "0.5"], sort: "price") == ["0.5", "9", "10", "n/a"])
        #expect(sorted(["0.5", "0.25"], sort: "price") == ["0.25", "0.5"])
    }
}

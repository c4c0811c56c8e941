import Foundation
import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Sectioning and sorting checked against files ICU itself produced (Tests/Fixtures/ICU, see its README).
@Suite struct ICUFixtureTests {
    struct Fixture: CustomTestStringConvertible, Sendable {
        var stem: String
        var locale = ""
        var extra: [String] = []
        var labels: [String] = []
        var buckets: [(name: String, label: String)] = []
        var sorted: [String] = []
        var dates: [(skeleton: String, date: String, text: String)] = []
        var testDescription: String { stem }
    }

    static let stems = ["en", "sv", "de", "de_phonebook", "es", "cs", "pl", "tr", "ru", "el", "ja", "zh", "zh_stroke", "ja+en"]

    static func load(_ stem: String) -> Fixture {
        var fixture = Fixture(stem: stem)
        let text = (try? Fixtures.text("ICU/expected/\(stem).txt")) ?? ""
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "locale": fixture.locale = fields[1]
            case "extra": fixture.extra.append(fields[1])
            case "labels": fixture.labels = Array(fields.dropFirst())
            case "bucket": fixture.buckets.append((fields[1], fields[3]))
            case "sorted": fixture.sorted.append(fields[1])
            case "date" where fields[4] == "standalone": fixture.dates.append((fields[1], fields[2], fields[5]))
            default: break
            }
        }
        return fixture
    }

    static let fixtures = stems.map(load)

    /// What IndexSite shows for an ICU label: letters as they are, the three kinds of "…" bucket as the catch-all.
    static func shown(_ label: String) -> String { label.hasPrefix("!") ? "#" : label }

    @Test(arguments: fixtures)
    func labelsAreICUsAlphabet(_ fixture: Fixture) throws {
        #expect(!fixture.labels.isEmpty)
        let index = try AlphabetIndex(locale: fixture.locale, extraLocales: fixture.extra)
        let labels = index.buckets.map { $0.kind == .letter ? $0.label : "!" }
        #expect(labels == fixture.labels.map { $0.hasPrefix("!") ? "!" : $0 })
        // And the page shows those letters, in that order, with one catch-all at the end.
        let sections = section(["x"]) {
            $0.locale = fixture.locale
            $0.indexLocales = fixture.extra
        }
        #expect(sections.map(\.label) == fixture.labels.filter { !$0.hasPrefix("!") } + ["#"])
    }

    /// A locale's alphabet is built once per process and shared (a build makes its default locale's on the other core
    /// before its settings are read): the same index for the same locale and extra locales, another for other extras,
    /// and an unknown locale is an error every time it is asked for.
    @Test func alphabetsAreBuiltOncePerLocaleAndExtraLocales() throws {
        let swedish = try AlphabetIndex.shared(locale: "sv")
        #expect(try AlphabetIndex.shared(locale: "sv") === swedish)
        let withJapanese = try AlphabetIndex.shared(locale: "sv", extraLocales: ["ja"])
        #expect(withJapanese !== swedish)
        #expect(withJapanese.buckets.count > swedish.buckets.count)
        for _ in 0..<2 {
            #expect(throws: CollationError.self) { try AlphabetIndex.shared(locale: "xx-bogus!") }
        }
    }

    @Test(arguments: fixtures)
    func everyNameLandsInICUsBucket(_ fixture: Fixture) {
        let sections = section(fixture.buckets.map(\.name)) {
            $0.locale = fixture.locale
            $0.indexLocales = fixture.extra
        }
        var sectionOfName: [String: String] = [:]
        for section in sections {
            for entry in section.entries { sectionOfName[entry.text(at: "title") ?? ""] = section.label }
        }
        for (name, label) in fixture.buckets {
            #expect(sectionOfName[name] == ICUFixtureTests.shown(label), "\(name)")
        }
        // Every entry in exactly one section.
        #expect(sections.reduce(0) { $0 + $1.entries.count } == fixture.buckets.count)
    }

    @Test(arguments: fixtures)
    func orderInsideSectionsIsTheCollators(_ fixture: Fixture) {
        // Input order as the fixture had it: ICU ranked ties (kana that differ only beyond tertiary strength) by it.
        let sections = section(fixture.buckets.map(\.name)) {
            $0.locale = fixture.locale
            $0.indexLocales = fixture.extra
        }
        let rank = Dictionary(fixture.sorted.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for section in sections {
            let ranks = section.entries.map { rank[$0.text(at: "title") ?? ""] ?? -1 }
            #expect(ranks == ranks.sorted(), "section \(section.label)")
        }
    }

    @Test(arguments: fixtures)
    func dateTitlesAreICUs(_ fixture: Fixture) throws {
        for date in fixture.dates {
            let parts = date.date.split(separator: "-").compactMap { Int($0) }
            let formatter = try DateTitleFormatter(locale: fixture.locale, skeleton: date.skeleton)
            #expect(formatter.string(year: parts[0], month: parts[1], day: parts[2]) == date.text)
        }
    }

    @Test func examplesFromTheIssue() {
        func bucket(_ name: String, _ locale: String) -> String? {
            section([name]) { $0.locale = locale }.first { !$0.isEmpty }?.label
        }
        #expect(bucket("Åland", "sv") == "Å")
        #expect(bucket("Ägypten", "de") == "A")
        #expect(bucket("Chorvatsko", "cs") == "CH")
        #expect(bucket("オーストリア", "ja") == "あ")
        #expect(bucket("中国", "zh") == "Z")
        #expect(bucket("東京", "ja") == "#")
        #expect(section(["x"]) { $0.locale = "es" }.contains { $0.label == "Ñ" })
    }
}

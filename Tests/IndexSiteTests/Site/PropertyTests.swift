import PropertyBased
import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Titles drawn from letters, accents, digits, symbols, other scripts and emoji: what real lists hold.
let titleCharacters: [Character] = Array("aAbBeEéÉzZßçÇøÅåäÖ0179 -'#&<>\"中东オカΩЖ🍕") + ["e\u{301}"]
let titleGenerator = Gen<Character?>.element(of: titleCharacters).map { $0! }.string(of: 1...6)

/// Runs Parse → Section → Anchor → Render in memory on a one-column CSV.
func renderedListPage(_ titles: [String], settings configure: (inout ListSettings) -> Void = { _ in }) -> (IndexedList, String) {
    let csv = "title\n" + titles.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: "\n") + "\n"
    var settings = ListSettings(source: "t.csv")
    configure(&settings)
    let planned = ListPlanner.PlannedList(source: .file(SourceFile(path: "Content/t.csv", text: csv)), kind: .csv, settings: settings,
                                          settingsLocation: SourceLocation(path: "indexsite.yml"), defaultSlug: "t", defaultTitle: "T")
    let (list, _) = Build.makeList(planned)
    let renderer = PageRenderer.make(site: SiteSettings(), theme: .builtIn).0!
    let page = renderer.render([list!]).pages.first { $0.path == "t/index.html" }!
    return (list!, String(decoding: page.bytes, as: UTF8.self))
}

@Suite struct PropertyTests {
    @Test func shufflingTheInputNeverChangesTheOutput() async {
        await propertyCheck(count: 60, input: titleGenerator.array(of: 0...25), Gen.int(in: 0...10_000)) { titles, seed in
            var generator = SplitMix(seed: UInt64(seed))
            let shuffled = titles.shuffled(using: &generator)
            #expect(renderedListPage(titles).1 == renderedListPage(shuffled).1)
        }
    }

    @Test func everyEntryIsInExactlyOneSection() async {
        await propertyCheck(count: 80, input: titleGenerator.array(of: 0...40)) { titles in
            let (list, _) = renderedListPage(titles)
            // Compared as bytes: Swift's String equality would hide a composed "é" turning into a decomposed one.
            let placed = list.sections.flatMap(\.entries).compactMap { $0.text(at: "title")?.trimmingSpaces }.map { Array($0.utf8) }
            let expected = titles.map(\.trimmingSpaces).filter { !$0.isEmpty }.map { Array($0.utf8) }
            #expect(placed.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) })
        }
    }

    @Test func everyStripLinkHitsAnIdAndIdsAreUnique() async {
        await propertyCheck(count: 60, input: titleGenerator.array(of: 0...40)) { titles in
            let (_, html) = renderedListPage(titles)
            let ids = html.matches(of: /\sid="([^"]*)"/).map { String($0.output.1) }
            #expect(Set(ids).count == ids.count)
            let targets = html.matches(of: /href="#([^"]*)"/).map { String($0.output.1).removingPercentEncoding ?? "" }
            for target in targets where target != "content" {
                #expect(ids.contains(target), "strip link #\(target) has no target")
            }
        }
    }

    @Test func entryTextIsNeverUnescaped() async {
        await propertyCheck(count: 60, input: titleGenerator.array(of: 1...20)) { titles in
            let (_, html) = renderedListPage(titles.map { "<b>" + $0 })
            #expect(!html.contains("<b>"))
        }
    }
}

/// A small seeded generator, so a shuffle can be replayed from the seed property testing reports.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

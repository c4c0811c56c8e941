import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// Issue 34's low findings that are answers a user reads: each gets the diagnostic that names its real cause.
@Suite struct LowFindingsTests {
    /// Item 19: YAML with more than 100,000 plain values (no aliases) was refused with a message blaming aliases.
    @Test func manyPlainValuesAreNotBlamedOnAliases() throws {
        let items = (0...YAMLReader.maximumExpandedNodes).map { "- v\($0)" }.joined(separator: "\n")
        let (block, diagnostics) = YAMLReader.compose("tags:\n" + items + "\n", path: "Content/notes/a.md", lineOffset: 1)
        #expect(block == nil)
        #expect(diagnostics.count == 1)
        let message = diagnostics.first?.message ?? ""
        #expect(message.contains("holds more than 100000 values") && !message.contains("alias"), "\(message)")
        #expect(diagnostics.first?.hint?.contains("CSV or JSON") == true)
        // An alias bomb is still called one.
        let bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
        #expect(YAMLReader.compose(bomb, path: "x.yml", lineOffset: 0).1.first?.message.contains("through aliases") == true)
    }

    /// Item 20: a JSON error at a non-ASCII character named its first byte as Latin-1 (`unexpected character 'ï'` for
    /// a byte order mark).
    @Test(arguments: [("[{\"title\":\"a\"}, \u{FEFF}{}]", "unexpected byte order mark (U+FEFF)"),
                      ("[{\"title\": é}]", "unexpected character 'é' (U+00E9)"),
                      ("[{\"title\": 🦊}]", "unexpected character '🦊' (U+1F98A)")])
    func aJSONErrorNamesTheWholeCharacter(_ text: String, _ expected: String) {
        let diagnostics = JSONParser().parse(SourceFile(path: "Content/a.json", text: text)).diagnostics
        #expect(diagnostics.map(\.message).contains { $0.contains(expected) }, "\(diagnostics.map(\.message))")
    }

    /// Item 9: every warning was kept in memory and in the output's marker: a million repeated CSV rows made a 204 MB
    /// marker that a no-change rebuild read back in 6.4 s. Past 1,000 of one code the rest are one counted warning.
    @Test func warningsPastTheBudgetAreCountedInOne() throws {
        let rows = String(repeating: "Dune,1965\n", count: 1_600)
        let site = try TestSupport.site("warnings", texts: ["Content/books.csv": "title,year\n" + rows])
        let result = Build.run(BuildOptions(siteFolder: site))
        #expect(result.succeeded)
        let duplicates = result.diagnostics.filter { $0.code == .duplicateEntry }
        #expect(duplicates.count == Array<Diagnostic>.warningsKeptPerCode + 1, "\(duplicates.count)")
        let summary = duplicates.filter { $0.message.hasPrefix("and ") }
        #expect(summary.map(\.message) == ["and 599 more 'duplicate-entry' warnings from here on, not listed one by one (the first 1000 are)"])
        #expect(summary.first?.location.line == 1_003, "\(String(describing: summary.first?.location))")
        let marker = try Data(contentsOf: site.appendingPathComponent("_site/.indexsite-output"))
        #expect(marker.count < 400_000, "\(marker.count) bytes")
        let again = Build.run(BuildOptions(siteFolder: site))
        #expect(again.reusedPreviousOutput && again.diagnostics == result.diagnostics)
        // Errors are all kept.
        let errors = (0..<1_500).map { Diagnostic.error(.missingTitle, "x", at: SourceLocation(path: "a.csv", line: $0 + 2)) }
        #expect(errors.aggregatedWarnings().count == 1_500)
    }
}

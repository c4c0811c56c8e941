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
}

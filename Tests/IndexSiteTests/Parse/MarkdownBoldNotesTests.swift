import Foundation
import Testing
@testable import IndexSiteCore
@testable import IndexSiteParse

/// Only a short bold label alone on its line groups the headings after it; bold notes and sentences are prose of
/// their section, and "back to top" goes wherever it stands in a paragraph.
@Suite struct MarkdownBoldNotesTests {
    @Test func onlyAShortBoldLabelOpensAGroup() throws {
        let parsed = MarkdownListParser().parse(SourceFile(path: "Content/sysadmin.md", text: try Fixtures.text("MarkdownLists/bold-notes.md")))
        #expect(parsed.declaredSections.map(\.title) == ["Identity", "LDAP", "SSO", "Web Tools", "HTTP", "Mail", "AI"])
        #expect(parsed.declaredSections.map(\.level) == [1, 2, 2, 2, 3, 3, 1])
        #expect(parsed.declaredSections[1].description == "**Please visit [awesome-sysadmin/Identity Management](<https://example.org/identity>)**")
        #expect(parsed.declaredSections[4].description == "**Notice: these are only examples.**")
        // The rest of a paragraph holding "back to top" stays.
        #expect(parsed.declaredSections[6].description == "*Libs for AI and machine learning.*\n\nTrained models live elsewhere.")
        #expect(parsed.entries.map { $0.text(at: "category") } == ["LDAP", "SSO", "HTTP", "Mail", "AI"])
    }

    /// awesome-go's bold "**Sponsorships:**" and "**Contributing:**" stand before any heading: never groups.
    @Test func realListsHaveNoGroupsMadeOfNotes() throws {
        for name in ["awesome-go", "awesome-linux-software"] {
            let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent("corpus/awesome/\(name).md"), encoding: .utf8)
            let parsed = MarkdownListParser().parse(SourceFile(path: "Content/\(name).md", text: markdown))
            let headings = Set(markdown.split(separator: "\n").filter { $0.hasPrefix("#") }.map {
                String($0.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "")
            })
            for section in parsed.declaredSections where !headings.contains(section.title) {
                Issue.record("\(name): section '\(section.title)' is no heading of the file")
            }
            #expect(!parsed.declaredSections.compactMap(\.description).contains { $0.lowercased().contains("back to top") })
        }
    }
}

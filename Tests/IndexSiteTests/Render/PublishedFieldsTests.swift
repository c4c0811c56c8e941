import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore

/// Issue 34, item 5: `entries.json` published every column and front-matter key, those `fields` keeps off the page
/// too (a staff list's salary and notes, the `reading_field`). Now it holds what the page shows, and what
/// `publish_fields` adds.
@Suite struct PublishedFieldsTests {
    func entriesJSON(settings: String, files: [String: String]) throws -> (json: String, all: String, diagnostics: [Diagnostic]) {
        var texts = files
        texts["indexsite.yml"] = settings
        let folder = try TestSupport.site("publish", texts: texts)
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false, keepPages: true))
        let json = result.pages.first { $0.path.hasSuffix("entries.json") }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        let all = result.pages.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        return (json, all, result.diagnostics)
    }

    static let staff = "name,role,salary,notes,reading\nAda,Engineer,120000,on leave in May,ada\nGrace,Admiral,99000,promote,grace\n"

    @Test func hiddenColumnsStayOutOfEveryOutput() throws {
        let (json, all, diagnostics) = try entriesJSON(settings: "lists:\n  - source: staff.csv\n    title_field: name\n    fields: [role]\n    reading_field: reading\n",
                                                      files: ["Content/staff.csv": PublishedFieldsTests.staff])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(json.contains("\"role\":\"Engineer\""), "\(json)")
        #expect(json.contains("\"name\":\"Ada\""))
        for hidden in ["salary", "120000", "on leave", "\"reading\""] {
            #expect(!all.contains(hidden), "'\(hidden)' was published")
        }
    }

    @Test func publishFieldsAddsColumnsOrAll() throws {
        let files = ["Content/staff.csv": PublishedFieldsTests.staff]
        let named = try entriesJSON(settings: "lists:\n  - source: staff.csv\n    title_field: name\n    fields: [role]\n    publish_fields: [salary]\n", files: files)
        #expect(named.json.contains("\"salary\":\"120000\"") && !named.json.contains("on leave"), "\(named.json)")
        let every = try entriesJSON(settings: "lists:\n  - source: staff.csv\n    title_field: name\n    fields: [role]\n    publish_fields: all\n", files: files)
        #expect(every.json.contains("\"notes\":\"on leave in May\"") && every.json.contains("\"reading\":\"ada\""), "\(every.json)")
        let typo = try entriesJSON(settings: "lists:\n  - source: staff.csv\n    title_field: name\n    publish_fields: [salry]\n", files: files)
        #expect(typo.diagnostics.map(\.code) == [.unknownField], "\(typo.diagnostics)")
    }

    /// Front matter keys of an entry folder the page does not show stay out too; nested records keep their fields.
    @Test func frontMatterKeysThePageDoesNotShowStayOut() throws {
        let (json, _, diagnostics) = try entriesJSON(settings: "lists:\n  - source: people\n    fields: [author]\n", files: [
            "Content/people/a.md": "---\ntitle: Ada\nauthor:\n  first: Ada\n  last: Lovelace\ninternal: do not publish\n---\nBody\n",
        ])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(json.contains("\"first\":\"Ada\"") && json.contains("\"last\":\"Lovelace\""), "\(json)")
        #expect(!json.contains("internal"), "\(json)")
    }
}

import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteRender

/// Issue 34, item 14: a partial that includes itself inside a loop crashed `build` and `check` (a segfault with
/// `section.mustache`) or never finished (`list.mustache`). The check finds such a cycle before anything renders;
/// an entry's `{{#children}}` recursion, which ends with the data, is not one.
@Suite struct PartialCycleTests {
    func cycles(_ overrides: [String: String]) throws -> [TemplateCheck.PartialCycle] {
        var library = try TemplateContextTests.library(.builtIn)
        for (name, source) in overrides { try library.add(name: name, source: source) }
        return TemplateCheck.checked(library).cycles.sorted { $0.chain.joined() < $1.chain.joined() }
    }

    static func builtIn(_ name: String) -> String {
        String(decoding: Theme.builtIn.templates[name]!.bytes, as: UTF8.self)
    }

    @Test func theBuiltInThemeHasNoCycle() throws {
        #expect(try cycles([:]).isEmpty)
    }

    @Test func aSectionIncludingItselfInsideItsEntriesIsACycle() throws {
        let section = Self.builtIn("section").replacingAll("{{>entry}}", with: "{{>entry}}{{>section}}")
        let found = try cycles(["section": section])
        #expect(found.map { $0.chain } == [["section", "section"]], "\(found)")
        #expect(found.first?.list == "runs")
    }

    @Test func cyclesThroughOtherPartialsAndWithoutAListAreFound() throws {
        let entry = Self.builtIn("entry") + "{{>section}}"
        #expect(try !cycles(["entry": entry]).isEmpty)
        let list = Self.builtIn("list").replacingAll("{{/sections}}", with: "{{>list}}{{/sections}}")
        #expect(try cycles(["list": list]).map(\.list).contains("sections"))
        #expect(try cycles(["strip": Self.builtIn("strip") + "{{>strip}}"]).map(\.list) == [nil])
    }

    /// Children's recursion descends into the data: `{{#children}}{{>entry}}{{/children}}` in a template of one's own.
    @Test func recursionIntoChildrenIsNoCycle() throws {
        #expect(try cycles(["entry": "<li>{{title}}{{#children}}{{>entry}}{{/children}}</li>"]).isEmpty)
    }

    /// The whole build, as `build` and `check` run it: an error naming the cycle, nothing rendered, no crash.
    @Test func theBuildStopsWithADiagnosticNamingTheCycle() throws {
        let site = try TestSupport.site("partial-cycle", texts: [
            "Content/people.csv": "title\nAda\nGrace\nLinus\n",
            "Templates/list.mustache": Self.builtIn("list").replacingAll("{{/sections}}", with: "{{>list}}{{/sections}}"),
        ])
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false))
        #expect(result.diagnostics.map(\.code) == [.templatePartialCycle], "\(result.diagnostics)")
        #expect(result.diagnostics.first?.message.contains("list > list") == true)
        #expect(result.diagnostics.first?.location.path == "Templates/list.mustache")
    }
}

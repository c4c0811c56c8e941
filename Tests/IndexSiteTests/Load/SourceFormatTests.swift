import Testing
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteLoad
import IndexSiteParse

/// The table of source formats is the one place a kind of source is described: every kind has its row, every list
/// extension one format, and Load, Parse and the planner agree with it.
@Suite struct SourceFormatTests {
    @Test func everyKindHasOneRowAndEveryExtensionOneFormat() {
        for kind in SourceKind.allCases {
            #expect(SourceFormat.all.filter { $0.kind == kind }.count == 1, "\(kind)")
            #expect(kind.format.kind == kind)
        }
        #expect(Set(SourceFormat.listExtensions).count == SourceFormat.listExtensions.count)
        #expect(SourceFormat.listExtensions.allSatisfy { $0 == $0.lowercased() && !$0.hasPrefix(".") })
    }

    @Test func thePlannerAndTheLoaderReadEveryExtensionAsItsFormat() {
        for format in SourceFormat.all {
            for name in format.extensions {
                let file = SourceFile(path: "Content/list.\(name.uppercased())", text: "")
                let planned = ListPlanner.planned(.file(file), settings: ListSettings(source: "list.\(name)"), location: SourceLocation(path: "x"))
                #expect(planned.kind == format.kind, "\(name)")
                #expect(SiteLoader.listExtensions.contains(name))
            }
        }
        #expect(UnreadFiles.readExtensions == ".csv, .tsv, .tab, .json, .yml, .yaml, .md, .markdown and .mdx")
    }

    @Test func fieldsAreKnownBeforeParsingOnlyWhereTheFormatSaysSo() {
        let settings = ListSettings(source: "t")
        let table = SourceFile(path: "Content/t.csv", text: "title,url\nA,https://a.example\n")
        #expect(SourceKind.csv.format.fieldNames(of: table, settings: settings) == ["title", "url"])
        let data = SourceFile(path: "Content/t.json", text: #"[{"title": "A"}]"#)
        #expect(SourceKind.json.format.fieldNames(of: data, settings: settings) == nil)
        #expect(SourceKind.json.format.parse(data, settings: settings).entries.map { $0.text(at: "title") } == ["A"])
        let yaml = SourceFile(path: "Content/t.yaml", text: "- title: B\n")
        #expect(SourceKind.json.format.parse(yaml, settings: settings).entries.map { $0.text(at: "title") } == ["B"])
    }
}

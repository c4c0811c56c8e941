import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteRender

/// Templates are checked against the declared page contexts without rendering (`TemplateCheck`), and the declared
/// contexts are what the renderer really provides.
@Suite struct TemplateContextTests {
    static func library(_ theme: Theme) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, file) in theme.templates { try library.add(name: name, source: String(decoding: file.bytes, as: UTF8.self)) }
        return library
    }

    @Test func theBuiltInThemeUsesOnlyDeclaredKeys() throws {
        #expect(TemplateCheck.problems(in: try Self.library(.builtIn)).isEmpty)
    }

    /// The case the issue names: a typo in entry-page.mustache, on a site whose lists make no entry pages, and one
    /// inside a section that never shows (no entry has fields), both found by `check`.
    @Test func checkFindsTyposInTemplatesTheSiteNeverRenders() throws {
        let entryPage = String(decoding: try #require(Theme.builtIn.templates["entry-page"]).bytes, as: UTF8.self)
            .replacingAll("{{entry.title}}", with: "{{entry.titel}}")
        let entry = String(decoding: try #require(Theme.builtIn.templates["entry"]).bytes, as: UTF8.self)
            .replacingAll("<dt>{{name}}</dt>", with: "<dt>{{nmae}}</dt>")
        let site = try TestSupport.site("template-check", texts: [
            "Content/fruit.csv": "title\nApple\nBanana\n",
            "Templates/entry-page.mustache": entryPage,
            "Templates/entry.mustache": entry,
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false))
        let unknown = result.diagnostics.filter { $0.code == .templateUnknownKey }
        // (entry-page names the title twice: its heading and its picture's alt text)
        #expect(Set(unknown.map(\.message)).sorted() == [
            "template 'entry' names 'nmae', which the page context does not have",
            "template 'entry-page' names 'entry.titel', which the page context does not have",
        ])
        #expect(unknown.allSatisfy { $0.location.path.hasPrefix("Templates/") && $0.location.line > 1 })
        #expect(!result.succeeded)
    }

    @Test func aMissingPartialIsFoundWithoutRendering() throws {
        let site = try TestSupport.site("template-partial", texts: [
            "Content/fruit.csv": "title\nApple\n",
            "Templates/entry-page.mustache": "<h1>{{entry.title}}</h1>{{>entry-footer}}\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false))
        #expect(result.diagnostics.map(\.code) == [.templateMissingPartial])
    }

    /// A template that names every declared key of `object`, entering every object and list (children to a depth).
    static func probe(_ object: ContextObject, depth: Int = 0) -> String {
        object.keys.keys.sorted().map { key in
            switch object.keys[key]! {
            case .value: "{{\(key)}}"
            case .object(let inner), .list(.object(let inner)):
                depth < 3 ? "{{#\(key)}}\(probe(inner, depth: depth + 1)){{/\(key)}}" : ""
            case .list: "{{#\(key)}}{{.}}{{/\(key)}}"
            }
        }.joined(separator: "\n")
    }

    /// Every key declared for every page kind is provided by the renderer: templates naming all of them render a
    /// site with a split list, entry pages and fields without one unknown key.
    @Test func theRendererProvidesEveryDeclaredKey() throws {
        var files: [String: String] = [
            "Content/books.csv": "title,author,category\nDune,Frank Herbert,Novels\nEmma,Jane Austen,Novels\nOdes,Keats,Poems\n",
            "Content/notes/one.md": "---\ntitle: One\n---\nThe first note.\n",
            "Content/notes/two.md": "---\ntitle: Two\n---\nThe second note.\n",
            "indexsite.yml": "lists:\n  - source: books.csv\n    group_by: category\n    split: sections\n    fields: [author]\n    facets: [author]\n  - source: notes\n",
        ]
        for (template, context) in ContextObject.pageTemplates {
            files["Templates/\(template).mustache"] = Self.probe(context) + "\n"
        }
        let site = try TestSupport.site("template-probe", texts: files)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.listCount == 2)
    }

    /// The typed contexts (a section, a run, an entry in a list and on its page, a field) answer exactly the keys
    /// declared for them: their keys are spelt in their `value(forKey:)` switches, apart from `ContextObject.keys`. A
    /// key answered but not declared would make `check` reject a template that uses it; one declared but not
    /// answered would render empty.
    @Test func typedContextsAnswerExactlyTheirDeclaredKeys() throws {
        let entries = (0..<150).map { Entry(fields: ["title": .text("Entry \($0)")]) }
        let list = IndexedList.make(title: "L", entries: entries, settings: ListSettings(source: "l.json")).0
        let renderer = try #require(PageRenderer.make(site: SiteSettings(), theme: .builtIn).0)
        let pages = ListPages(renderer: renderer, list: list)
        let names = Set(ContextObject.allCases.flatMap { $0.keys.keys }).union(KnownTemplateKey.allCases.map(\.rawValue))
        func answered(_ object: any TemplateObject) -> Set<String> {
            names.filter { object.value(forKey: TemplateKey($0)) != nil }
        }
        func declared(_ kind: ContextObject) -> Set<String> { Set(kind.keys.keys) }

        let index = try #require(list.sections.indices.first { !list.sections[$0].entries.isEmpty })
        guard case .object(let section) = pages.sectionValue(index, entries: list.sections[index].entries.indices, page: 0),
              case .list(let runs)? = section.value(forKey: TemplateKey("runs")), case .object(let run)? = runs.first,
              case .loop(let rows)? = run.value(forKey: TemplateKey("entries")), case .object(let entry as EntryRow) = rows.item(at: 0)
        else { Issue.record("a section's runs and entries are not objects and loops"); return }
        #expect(answered(section) == declared(.section))
        #expect(answered(run) == declared(.run))
        #expect(answered(entry) == declared(.entry))
        #expect(answered(EntryPageEntry(entry: entry, bodyHTML: "<p>Body</p>")) == declared(.entry))
        let fields = MustacheEntryLoopTests.rows()
        #expect(answered(FieldRow(rows: fields, row: 0, field: 0)) == declared(.field))
    }
}

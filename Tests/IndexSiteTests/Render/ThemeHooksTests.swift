import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// Issue 41: a site adds a favicon, a footer and analytics without copying the layout (the `head`, `header` and
/// `footer` partials, `Static/` favicons, `footer` and `edit_url`), entries show their pictures (`image_field`), and
/// the filter finds entries by their reading and tags (`data-terms`).
@Suite struct ThemeHooksTests {
    struct Built {
        let pages: [String: String]
        let diagnostics: [Diagnostic]
    }

    func build(_ files: [String: String]) throws -> Built {
        let folder = try TestSupport.site("theme-hooks", texts: files)
        let result = Build.run(BuildOptions(siteFolder: folder, writeOutput: false, keepPages: true))
        var pages: [String: String] = [:]
        for page in result.pages { pages[page.path] = String(decoding: page.bytes, as: UTF8.self) }
        return Built(pages: pages, diagnostics: result.diagnostics)
    }

    static let tools = """
        title,url,image,tags,kana
        Alpha,https://a.example/,https://cdn.example/alpha.png,"cli, rust",あるふぁ
        Beta,https://b.example/,images/beta.svg,web,べーた
        Gamma,https://g.example/,missing.png,,がんま
        Delta,https://d.example/,,,でるた

        """

    static let site: [String: String] = [
        "indexsite.yml": """
            title: Tools
            footer: "Text under [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/)."
            edit_url: https://github.com/me/tools/edit/main/{path}
            lists:
              - source: tools.csv
                reading_field: kana

            """,
        "Content/tools.csv": tools,
        "Static/favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "Static/apple-touch-icon.png": "png",
        "Static/images/beta.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    ]

    @Test func faviconsOfStaticAreLinkedFromEveryPage() throws {
        let built = try build(Self.site)
        let home = try #require(built.pages["index.html"])
        #expect(home.contains(#"<link rel="icon" href="favicon.svg" type="image/svg+xml">"#))
        #expect(home.contains(#"<link rel="apple-touch-icon" href="apple-touch-icon.png">"#))
        #expect(!home.contains(#"href="data:,""#))
        let list = try #require(built.pages["tools/index.html"])
        #expect(list.contains(#"<link rel="icon" href="../favicon.svg" type="image/svg+xml">"#))
        // Without icons the page says it has none, so browsers ask for no favicon.ico.
        var bare = Self.site
        bare["Static/favicon.svg"] = nil
        bare["Static/apple-touch-icon.png"] = nil
        #expect(try build(bare).pages["index.html"]?.contains(#"<link rel="icon" href="data:,">"#) == true)
    }

    @Test func footerSaysTheLicenceAndWhereToEdit() throws {
        let built = try build(Self.site)
        let list = try #require(built.pages["tools/index.html"])
        #expect(list.contains(#"<footer class="site-footer">"#))
        // On a list page the footer ends the entries' column, inside the list page, so the sticky strip beside it
        // stays in view to the page's end; once only.
        let footerAt = try #require(list.range(of: "<footer")), stripAt = try #require(list.range(of: "<nav class=\"index-strip"))
        #expect(footerAt.lowerBound < stripAt.lowerBound)
        #expect(list.components(separatedBy: "<footer").count == 2)
        #expect(list.contains(#"Text under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>."#))
        #expect(list.contains(#"<a href="https://github.com/me/tools/edit/main/Content/tools.csv">Edit this page</a>"#))
        // The home page has no source of its own to edit, but keeps the licence.
        let home = try #require(built.pages["index.html"])
        #expect(home.contains("CC BY 4.0") && !home.contains("Edit this page"))
        // A site without footer settings has no footer.
        let plain = try build(["Content/tools.csv": Self.tools])
        #expect(plain.pages["tools/index.html"]?.contains("site-footer") == false)
    }

    @Test func entryPagesLinkTheirOwnFileForEditing() throws {
        let built = try build([
            "indexsite.yml": "edit_url: https://git.example/edit/{path}\n",
            "Content/terms/kern ing.md": "---\ntitle: Kerning\n---\nSpace between letters.\n",
        ])
        let page = try #require(built.pages.first { $0.key.hasPrefix("terms/") && $0.key != "terms/index.html" && $0.key.hasSuffix(".html") }?.value)
        #expect(page.contains(#"<a href="https://git.example/edit/Content/terms/kern%20ing.md">Edit this page</a>"#))
        // A folder is no page to edit: its list page has no link.
        #expect(built.pages["terms/index.html"]?.contains("Edit this page") == false)
    }

    @Test func editURLMustSayWhereThePathGoes() {
        let (settings, diagnostics) = SettingsParser.parseSite(SourceFile(path: "indexsite.yml", text: "edit_url: https://github.com/me/site/edit/main/\n"))
        #expect(settings.editURL == nil)
        #expect(diagnostics.map(\.code) == [.badSettingValue])
        #expect(diagnostics.first?.location.line == 1 && diagnostics.first?.location.column == 11)
        let (_, scheme) = SettingsParser.parseSite(SourceFile(path: "indexsite.yml", text: "edit_url: \"javascript:alert(1)//{path}\"\n"))
        #expect(scheme.map(\.code) == [.badSettingValue])
    }

    @Test func partialsOfTheSiteReplaceTheBuiltInOnes() throws {
        var files = Self.site
        files["Templates/head.mustache"] = #"<script defer src="https://stats.example/a.js" data-site="tools"></script>"# + "\n"
        files["Templates/footer.mustache"] = #"<footer class="mine">© Me · {{site.title}}</footer>"# + "\n"
        files["Templates/header.mustache"] = #"<a class="site-title" href="{{root}}index.html">{{site.title}}</a> <a href="{{root}}about.html">About</a>"# + "\n"
        let built = try build(files)
        #expect(built.diagnostics.filter { $0.severity == .error }.isEmpty)
        let list = try #require(built.pages["tools/index.html"])
        let head = try #require(list.components(separatedBy: "</head>").first)
        #expect(head.contains(#"<script defer src="https://stats.example/a.js" data-site="tools"></script>"#))
        #expect(list.contains(#"<footer class="mine">© Me · Tools</footer>"#))
        #expect(list.contains(#"<a href="../about.html">About</a>"#))
        #expect(!list.contains("theme-toggle"))
    }

    @Test func aPartialNamingAnUnknownKeyIsAnError() throws {
        var files = Self.site
        files["Templates/footer.mustache"] = "<footer>{{page.licence}}</footer>\n"
        let built = try build(files)
        let problem = try #require(built.diagnostics.first { $0.code == .templateUnknownKey })
        #expect(problem.location.path == "Templates/footer.mustache" && problem.location.line == 1)
    }

    @Test func picturesAreThumbnailsOfFixedSize() throws {
        let built = try build(Self.site)
        let list = try #require(built.pages["tools/index.html"])
        #expect(list.contains(#"<img class="entry-thumb" src="https://cdn.example/alpha.png" alt="Alpha" width="48" height="48" loading="lazy" decoding="async">"#))
        // A file of Static/ by its path, from the list's folder.
        #expect(list.contains(#"<img class="entry-thumb" src="../images/beta.svg" alt="Beta""#))
        #expect(list.components(separatedBy: "entry-thumb").count - 1 == 2)
        // The picture's address is not shown again as a field.
        #expect(!list.contains("<dt>Image</dt>"))
        // The missing file is said, at its entry's line, and not shown.
        let missing = built.diagnostics.filter { $0.code == .imageNotFound }
        #expect(missing.count == 1)
        #expect(missing.first?.location.path == "Content/tools.csv" && missing.first?.location.line == 4)
        #expect(missing.first?.message.contains("missing.png") == true)
    }

    @Test func imageFieldChoosesTheColumn() throws {
        let built = try build([
            "indexsite.yml": "lists:\n  - source: books.csv\n    image_field: cover\n",
            "Content/books.csv": "title,cover,logo\nDune,https://c.example/dune.jpg,https://c.example/logo.png\n",
        ])
        let list = try #require(built.pages["books/index.html"])
        #expect(list.contains(#"src="https://c.example/dune.jpg""#) && !list.contains("logo.png\" alt"))
        let typo = try build([
            "indexsite.yml": "lists:\n  - source: books.csv\n    image_field: covr\n",
            "Content/books.csv": "title,cover\nDune,https://c.example/dune.jpg\n",
        ])
        #expect(typo.diagnostics.contains { $0.code == .unknownField && $0.message.contains("image_field") })
    }

    @Test func readingsAndTagsAreFoundByTheFilter() throws {
        let built = try build(Self.site)
        let list = try #require(built.pages["tools/index.html"])
        #expect(list.contains(#"data-terms="あるふぁ""#))
        #expect(list.contains(#"data-terms="でるた""#))
        // Tags of a data file are lists, not shown as fields: the filter still finds them.
        let tagged = try build(["Content/tools.json": #"[{"title": "Alpha", "tags": ["cli", "rust"]}, {"title": "Beta", "tags": []}]"#])
        let page = try #require(tagged.pages["tools/index.html"])
        #expect(page.contains(#"data-terms="cli rust""#))
        #expect(page.components(separatedBy: "data-terms").count - 1 == 1)
    }
}

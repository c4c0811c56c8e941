import Foundation
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCore
@testable import IndexSiteParse

/// Docusaurus and VitePress folders as they are: MDX read as Markdown without its JavaScript, admonitions as block
/// quotes, heading attribute blocks never in titles, and an entry page that prints its title once.
@Suite struct MDXTests {
    static func markdown(_ path: String, _ text: String) -> (String, MDXText.LeftOut) {
        let (file, leftOut) = MDXText.markdown(SourceFile(path: path, text: text))
        return (String(decoding: file.bytes, as: UTF8.self), leftOut)
    }

    /// Imports (also over several lines), comments and components (nested, self-closing, with attributes over
    /// several lines) are left out and counted; code blocks are left alone; every line keeps its number.
    @Test func mdxSyntaxIsLeftOutLineForLine() {
        let source = """
        ---
        title: Setup
        ---
        import Tabs from '@theme/Tabs';
        import {
          A,
          B,
        } from './parts';

        {/* a note to editors */}
        Install it:

        <Tabs groupId="pm">
          <Tabs>inner</Tabs>
          npm i
        </Tabs>
        <PackageLink
          name="x"
        />
        ```js
        import Tabs from '@theme/Tabs';
        <Tabs />
        ```
        :::tip[Keep going]
        Read on.
        :::
        Done.
        """
        let (text, leftOut) = MDXTests.markdown("docs/setup.mdx", source)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(leftOut.moduleLines == 2)
        #expect(leftOut.components.map(\.name) == ["Tabs", "PackageLink"])
        #expect(leftOut.components.map(\.line) == [13, 17])
        #expect(lines[1] == "title: Setup")
        #expect(lines[3] == "" && lines[7] == "" && lines[9] == "" && lines[12] == "" && lines[15] == "" && lines[18] == "")
        #expect(lines[10] == "Install it:")
        #expect(lines[20] == "import Tabs from '@theme/Tabs';" && lines[21] == "<Tabs />", "code is left alone")
        #expect(lines[23] == "> **Tip:** Keep going" && lines[24] == "> Read on." && lines[25] == "")
        #expect(lines[26] == "Done.")
    }

    /// A `.md` file is not MDX unless it opens with an import (Docusaurus reads it as MDX then); its admonitions
    /// (`::: warning` with VitePress's space) are block quotes, while mkdocstrings' `::: module.Name` stays.
    @Test func markdownFilesKeepTheirHTMLAndGetAdmonitions() {
        let (plain, none) = MDXTests.markdown("a.md", "<Note>kept</Note>\n\n::: warning\nCareful.\n:::\n::: pkg.module\n")
        #expect(none.isEmpty)
        #expect(plain == "<Note>kept</Note>\n\n> **Warning**\n> Careful.\n\n::: pkg.module\n")
        let (imported, leftOut) = MDXTests.markdown("error.md", "---\nid: error\n---\nimport Page from '@site/src/Page';\n\n# Error Code\n<Page/>\n")
        #expect(leftOut.moduleLines == 1 && leftOut.components.map(\.name) == ["Page"])
        #expect(imported == "---\nid: error\n---\n\n\n# Error Code\n\n")
        #expect(MDXTests.markdown("b.md", "Import these first.\n").1.isEmpty)
    }

    /// Heading attribute blocks in every spelling leave the title; prose braces stay.
    @Test func headingAttributesNeverStayInTitles() {
        for heading in ["# Kerning {#kern}", "# Kerning { #kern }", "# Kerning %{#kern}%", "# Kerning {.lead}", "# Kerning {#kern .lead data-x=1}", "# Kerning ##"] {
            #expect(MarkdownEntryParser.firstHeading(heading) == "Kerning", "\(heading)")
        }
        #expect(MarkdownEntryParser.firstHeading("# Sets {a, b}") == "Sets {a, b}")
        #expect(DocsIndexParser.headingAttributes("简介 %{#introduction}%")?.id == "introduction")
        // Material for MkDocs: a quoted value with spaces in it.
        let labelled = DocsIndexParser.headingAttributes(#"Default value { #default data-toc-label="Default value" }"#)
        #expect(labelled?.visible == "Default value" && labelled?.id == "default")
        #expect(DocsIndexParser.headingAttributes(#"Odd { #odd title="unclosed }"#) == nil)
    }

    /// A heading's inline Markdown is the reader's text in a title: code spans, emphasis, links, escapes, and HTML or
    /// JSX components left out (typescript-eslint's `` # `typescript-eslint` ``, Pinia's `\_StoreWithState<Id\>`).
    @Test func inlineMarkdownInHeadingsIsPlainInTitles() {
        #expect(MarkdownEntryParser.firstHeading("# `typescript-eslint`") == "typescript-eslint")
        #expect(MarkdownEntryParser.firstHeading(#"# 接口：\_StoreWithState<Id, S\> %{#interface}%"#) == "接口：_StoreWithState<Id, S>")
        #expect(MarkdownEntryParser.firstHeading("# Using *the* [store](./store.md) <Badge type=\"tip\" text=\"new\" />") == "Using the store")
        #expect(MarkdownEntryParser.firstHeading("# 1. Intro") == "1. Intro", "not read as a list")
        #expect(MarkdownEntryParser.firstHeading("# Plain title") == "Plain title")
    }

    /// typescript-eslint's docs (53 `.mdx` pages) as an entry folder: every page read, no JavaScript on a page,
    /// admonitions as block quotes, the left-out parts in one warning, and no title printed twice.
    @Test func typescriptEslintsMDXPagesReadAsMarkdown() throws {
        let site = try CorpusContentKindsTests.site(["docs": "docs/typescript-eslint/docs"])
        defer { try? FileManager.default.removeItem(at: site) }
        let output = site.appendingPathComponent("_site")
        let result = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(result.succeeded, "\(result.diagnostics.filter { $0.severity == .error })")
        #expect(result.entryCount == 53)
        let warnings = result.diagnostics.filter { $0.code == .mdxLeftOut }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("<Tabs> at line") == true)
        // Dropped in as an entry folder, the docs are told how to become an index of their headings.
        let docs = try #require(result.diagnostics.first { $0.code == .folderLooksLikeDocs })
        #expect(docs.message.contains("53 MDX pages"))
        #expect(docs.hint?.contains("kind: headings, link_style: docusaurus") == true)
        var admonitions = 0
        for entry in try #require(result.lists.first).sections.flatMap(\.entries) {
            let page = try TestSupport.page("docs/\(entry.id).html", in: output)
            #expect(!page.contains("@theme/") && !page.contains("{/*"), "\(entry.id)")
            #expect(!page.contains("<p>:::"), "\(entry.id)")
            let title = try #require(entry.text(at: "title"))
            let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            #expect(page.components(separatedBy: ">\(escaped)</h1>").count <= 2, "\(entry.id) prints its title twice")
            if page.contains("<blockquote>\n<p><strong>") { admonitions += 1 }
        }
        #expect(admonitions >= 10)
    }

    /// Lexical's `error.md` (a `.md` page whose body is an import, a heading and a component) and Pinia's Chinese
    /// pages (`# 简介 %{#introduction}%`): titles are clean and printed once.
    @Test func lexicalAndPiniaTitlesAreCleanAndPrintedOnce() throws {
        let site = try CorpusContentKindsTests.site(["lexical": "docs/lexical/docs", "pinia": "docs/pinia"])
        defer { try? FileManager.default.removeItem(at: site) }
        let output = site.appendingPathComponent("_site")
        let result = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(result.succeeded, "\(result.diagnostics.filter { $0.severity == .error })")
        let lists = Dictionary(uniqueKeysWithValues: result.lists.map { ($0.slug, $0.sections.flatMap(\.entries)) })
        let pinia = try #require(lists["pinia"])
        #expect(pinia.count == 145)
        #expect(!pinia.contains { ($0.text(at: "title") ?? "").contains("{#") }, "\(pinia.compactMap { $0.text(at: "title") }.filter { $0.contains("{#") })")
        #expect(pinia.contains { $0.text(at: "title") == "简介" })
        let error = try #require(lists["lexical"]?.first { $0.text(at: "title") == "Error Code" })
        let page = try TestSupport.page("lexical/\(error.id).html", in: output)
        #expect(page.components(separatedBy: "Error Code</h1>").count == 2)
        #expect(!page.contains("import ErrorCodePage"))
    }
}

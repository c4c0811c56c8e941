import IndexSiteCore
import IndexSiteLoad

extension Scaffold {
    /// The files `indexsite init` writes into a repository that already holds something to publish: settings that
    /// name it where it is, the workflow, and `_site/` in `.gitignore`. No sample content.
    public static func files(adopting existing: ExistingContent) -> [File] {
        [File(path: SiteLayout.configurationFile, contents: configuration(adopting: existing)),
         File(path: gitignorePath, contents: gitignore),
         File(path: ".github/workflows/indexsite.yml", contents: workflow)]
    }

    /// `indexsite.yml` for what the repository holds, each list with a line saying what it is.
    static func configuration(adopting existing: ExistingContent) -> String {
        var text = """
            # indexsite.yml: written by `indexsite init` for what this repository already holds; IndexSite reads it where
            # it is. Every setting is optional and explained in IndexSite's README (Configuration). `indexsite build`
            # writes the site into _site/; `indexsite serve` previews it.

            # title: the site's name in every page's header. Default: the title of its list, when it has one.
            # base_url: the address the site is published at (the workflow passes GitHub Pages' address).

            lists:

            """
        if let readme = existing.listReadme {
            text += """
                  # The list in \(readme), published as it is: its headings are the sections, its linked items the entries.
                  - source: \(readme)

                """
        }
        for docs in existing.docs {
            let style = linkStyles.contains(docs.tool) ? docs.tool : nil
            text += """
                  # Documentation published with \(docs.tool) (\(docs.evidence)): an index of its pages and headings.
                  - source: \(docs.path)
                    kind: headings

                """
            if let style {
                text += "    link_style: \(style)    # links and heading ids as \(docs.tool) publishes them\n"
            } else {
                text += "    # link_style: IndexSite has no \(docs.tool) link style yet; the index links as GitHub shows the files\n"
            }
            text += "    # link_base: https://example.org/docs/   # where the docs are published, so the index links there\n\n"
        }
        return text
    }

    /// The `link_style` values IndexSite knows, by the tool's name.
    static var linkStyles: Set<String> { Set(DocsLinkStyle.allCases.map(\.rawValue)) }
}

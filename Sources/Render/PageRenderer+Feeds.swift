import IndexSiteCore
import IndexSiteParse

extension PageRenderer {
    /// The Atom feeds of one build: each dated list's newest entries, and the site's newest across them, found before
    /// the pages that link to them are rendered.
    struct Feeds {
        /// A feed a page names in its head (`<link rel="alternate" type="application/atom+xml">`).
        struct Link: Sendable {
            let title: String
            /// The feed's path from the site's root.
            let path: String

            /// The link as the layout sees it (`page.feeds`), from a page `root` below the site's root.
            func value(root: String) -> TemplateValue {
                .object(["title": .text(title), "href": .text(root + path)] as [String: TemplateValue])
            }
        }

        let renderer: PageRenderer
        let lists: [IndexedList]
        /// The newest dated entries of each list, in the order of `lists`; empty for a list without a feed.
        let items: [[AtomFeed.Item]]
        let feed: AtomFeed

        init(_ renderer: PageRenderer, _ lists: [IndexedList]) {
            self.renderer = renderer
            self.lists = lists
            items = lists.map { AtomFeed.items(of: $0, paging: renderer.paging($0), markdown: renderer.markdown) }
            feed = AtomFeed(baseURL: renderer.site.baseURL, siteTitle: renderer.site.title)
        }

        var hasSiteFeed: Bool { items.contains { !$0.isEmpty } }

        /// The feeds the pages of list `index` name (its own, then the site's); the home page's (`nil`): the site's,
        /// then every list's.
        func links(forList index: Int?) -> [Link] {
            guard hasSiteFeed else { return [] }
            let site = Link(title: renderer.site.title, path: AtomFeed.fileName)
            let own = lists.indices.filter { index == nil || $0 == index }.filter { !items[$0].isEmpty }.map {
                Link(title: lists[$0].title, path: lists[$0].slug + "/" + AtomFeed.fileName)
            }
            return index == nil ? [site] + own : own + [site]
        }

        /// The feed file of list `index`, when its entries are dated.
        func listFeed(_ index: Int) -> OutputPage? {
            guard !items[index].isEmpty else { return nil }
            let list = lists[index]
            let words = renderer.localization.strings(for: list.settings.locale)
            let folder = list.slug + "/"
            return OutputPage(path: folder + AtomFeed.fileName,
                              bytes: feed.xml(title: list.title, subtitle: list.description.map(CommonMark.plainText), folder: folder,
                                              language: words.languageTag, items: items[index]))
        }

        /// The site's feed: the newest entries of every list's feed.
        func siteFeed() -> OutputPage? {
            guard hasSiteFeed else { return nil }
            return OutputPage(path: AtomFeed.fileName,
                              bytes: feed.xml(title: renderer.site.title, subtitle: renderer.site.description, folder: "",
                                              language: renderer.language, items: AtomFeed.newest(items.flatMap { $0 })))
        }

        /// A note when the feeds have no base URL to make their links absolute.
        var diagnostics: [Diagnostic] {
            guard hasSiteFeed, renderer.site.baseURL == nil else { return [] }
            return [.note(.feedWithoutBaseURL,
                          "the site has Atom feeds (feed.xml) but no base_url: their links are relative to each feed, and their entries' ids are not under the site's address",
                          at: SourceLocation(path: SiteLayout.configurationFile, line: 1),
                          hint: "set base_url in indexsite.yml to the address the site is published at, as base_url: https://example.org/my-index/")]
        }
    }
}

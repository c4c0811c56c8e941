import IndexSiteCore

/// What a template sees, declared once per kind of object: the keys each object has and what each key holds. `check`
/// walks every template against the page kinds that render it (`TemplateCheck`), so a misspelt key is found without
/// rendering, on a site that never renders that template (a typo in `entry-page.mustache` on a site without entry
/// pages). The README's template context reference lists the same keys; the renderer's contexts must provide them
/// (`TemplateContextTests` renders every page kind and checks that nothing declared here is missing there).
indirect enum ContextShape: Sendable, Hashable {
    /// Text or a flag: it has no keys, and a section over it shows its content or not.
    case value
    /// An object of a known kind.
    case object(ContextObject)
    /// A list whose items have this shape; a section over it repeats for each.
    case list(ContextShape)
}

/// The kinds of objects templates see.
enum ContextObject: String, Sendable, Hashable, CaseIterable {
    /// `layout.mustache`: every page, around its body.
    case layoutPage
    /// `home.mustache`: the home page.
    case homePage
    /// `list.mustache`: a list's page (the whole list, the overview of a split list, or one section's page).
    case listPage
    /// `entry-page.mustache`: an entry's own page.
    case entryPage
    /// `not-found.mustache`: the body of `404.html`, the page a host shows for a missing path.
    case notFoundPage
    case site, strings, page, listSummary, list, stripItem, navItem, overviewItem, neighbour, section, run, entry, field, entryPageList, favicon, listPageFooter
    /// An entry of the "Recently added" view (`new_for`).
    case recentItem
    /// A feed a page names in its head.
    case feedLink
    /// A field readers narrow the list by (`facets:`), with its chips.
    case facet, facetChip
    /// On the page of one facet value: the value, its field, and the way back to the whole list.
    case facetPage
    /// On a page of a section cut into several (`page_size`): where it is among them, and every page of the section.
    case sectionPart, sectionPartPage

    /// The keys of this object and the shape of each value.
    var keys: [String: ContextShape] {
        switch self {
        case .layoutPage:
            ["site": .object(.site), "root": .value, "strings": .object(.strings), "page": .object(.page), "content": .value]
        case .homePage:
            ["site": .object(.site), "root": .value, "strings": .object(.strings), "lists": .list(.object(.listSummary)), "has_lists": .value,
             "has_search": .value]
        case .listPage:
            ["site": .object(.site), "root": .value, "strings": .object(.strings), "list": .object(.list),
             "strip": .list(.object(.stripItem)), "strip_count": .value, "has_strip": .value, "strip_ticks": .value,
             "has_section_nav": .value, "section_nav": .list(.object(.navItem)),
             "sections": .list(.object(.section)), "has_sections": .value,
             "is_overview": .value, "overview": .list(.object(.overviewItem)),
             "is_section_page": .value, "overview_href": .value,
             "previous_section": .object(.neighbour), "next_section": .object(.neighbour), "section_part": .object(.sectionPart),
             "search_href": .value,
             "feed_href": .value, "recently_added": .list(.object(.recentItem)), "has_recently_added": .value,
             "page": .object(.listPageFooter), "facets": .list(.object(.facet)), "has_facets": .value, "facets_live": .value,
             "facet_page": .object(.facetPage)]
        case .notFoundPage:
            ["site": .object(.site), "root": .value, "strings": .object(.strings), "find_root_script": .value]
        case .entryPage:
            ["site": .object(.site), "root": .value, "strings": .object(.strings), "entry": .object(.entry),
             "list": .object(.entryPageList)]
        case .site:
            ["title": .value, "lang": .value, "description": .value, "base_url": .value, "footer_html": .value,
             "search_href": .value, "search_in_list": .value, "favicons": .list(.object(.favicon))]
        case .strings:
            Dictionary(uniqueKeysWithValues: UIStringKey.allCases.filter { !$0.isPlural }.map { ($0.rawValue, ContextShape.value) })
        case .page:
            ["title": .value, "document_title": .value, "description": .value, "canonical": .value, "kind": .value,
             "lang": .value, "dir": .value, "script_data": .value, "inline_style": .value, "feeds": .list(.object(.feedLink)),
             "edit_url": .value, "has_footer": .value, "footer_in_content": .value]
        case .listSummary:
            ["title": .value, "href": .value, "description_html": .value, "entry_count": .value, "section_count": .value,
             "counts": .value, "search_href": .value]
        case .list:
            ["title": .value, "description_html": .value, "entry_count": .value, "section_count": .value, "counts": .value,
             "href": .value, "last_updated": .value, "last_updated_datetime": .value]
        case .stripItem:
            ["label": .value, "title": .value, "href": .value, "enabled": .value, "current": .value, "repeat": .value,
             "level": .value, "subsection": .value]
        case .navItem:
            ["title": .value, "href": .value, "level": .value, "subsection": .value, "entry_count": .value, "empty": .value, "current": .value]
        case .overviewItem:
            ["label": .value, "title": .value, "href": .value, "entry_count": .value, "empty": .value]
        case .neighbour:
            ["title": .value, "href": .value, "guide": .value]
        case .sectionPart:
            ["title": .value, "guide": .value, "pages": .list(.object(.sectionPartPage))]
        case .sectionPartPage:
            ["number": .value, "href": .value, "guide": .value, "current": .value]
        case .section:
            ["id": .value, "title": .value, "label": .value, "description_html": .value, "entry_count": .value,
             "entries": .list(.object(.entry)), "runs": .list(.object(.run)), "empty": .value, "has_entries": .value,
             "level": .value, "subsection": .value, "heading_level": .value]
        case .run:
            ["entries": .list(.object(.entry)), "entry_count": .value, "long_section": .value]
        case .entry:
            ["id": .value, "title": .value, "href": .value, "page_href": .value, "description_html": .value, "body_html": .value,
             "fields": .list(.object(.field)), "has_fields": .value, "children": .list(.object(.entry)), "has_children": .value,
             "main": .value, "see_section": .value, "is_new": .value, "image": .value, "search_terms": .value, "facet_values": .value,
             "prefix": .value, "struck": .value]
        case .field:
            ["name": .value, "value": .value]
        case .entryPageList:
            ["title": .value, "href": .value]
        case .recentItem:
            ["title": .value, "href": .value, "date": .value, "datetime": .value, "section": .value]
        case .feedLink:
            ["title": .value, "href": .value]
        case .listPageFooter:
            ["edit_url": .value, "has_footer": .value]
        case .facet:
            ["label": .value, "slug": .value, "chips": .list(.object(.facetChip)), "more_chips": .list(.object(.facetChip)),
             "has_more": .value]
        case .facetChip:
            ["label": .value, "count": .value, "href": .value, "index": .value, "current": .value]
        case .facetPage:
            ["title": .value, "field": .value, "value": .value, "list_href": .value, "all_pages_href": .value]
        case .favicon:
            ["rel": .value, "path": .value, "type": .value]
        }
    }

    /// The page kinds and the template each renders with, at the root of its context; other templates (`section`,
    /// `entry`, `strip`, a site's own partials) are checked where these include them.
    static let pageTemplates: [(template: String, context: ContextObject)] = [
        ("layout", .layoutPage), ("home", .homePage), ("list", .listPage), ("entry-page", .entryPage), ("not-found", .notFoundPage),
    ]
}

/// The settings of `indexsite.yml` and of list front matter, each key declared once: the settings parser switches over
/// these enums (so the compiler refuses a key that is declared but never read), diagnostics find where a setting was
/// written by its key, `init`'s commented configuration names every one (a test checks it), and the README's two
/// settings tables are generated from `documentation` (a test keeps them equal).

/// One row of a settings table: the default, what the setting does, and an example value (Markdown).
public struct SettingDocumentation: Sendable {
    public let defaultValue: String
    public let meaning: String
    public let example: String

    /// The Markdown table of `keys`, as the README shows it.
    public static func table<Key: RawRepresentable>(_ keys: [Key], documentation: (Key) -> SettingDocumentation) -> String
    where Key.RawValue == String {
        var lines = ["| key | default | meaning | example |", "|---|---|---|---|"]
        for key in keys {
            let row = documentation(key)
            lines.append("| `\(key.rawValue)` | \(row.defaultValue) | \(row.meaning) | \(row.example) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// Every key `indexsite.yml` accepts at its top level; any other is an `unknown-setting` error.
public enum SiteSettingKey: String, CaseIterable, Sendable {
    case title
    case description
    case baseURL = "base_url"
    case locale
    case indexLocales = "index_locales"
    case catchAllLabel = "catch_all_label"
    case catchAllPosition = "catch_all_position"
    case allowUnsafeHTML = "allow_unsafe_html"
    case newFor = "new_for"
    case footer
    case editURL = "edit_url"
    case lists
    case strings
    case links

    /// The key's line in the README's settings table: its default, what it does, an example.
    public var documentation: SettingDocumentation {
        switch self {
        case .title: SettingDocumentation(
            defaultValue: ##"`Index`"##,
            meaning: ##"the site's name, shown in every page header and the home page"##,
            example: ##"`My index`"##)
        case .description: SettingDocumentation(
            defaultValue: ##"none"##,
            meaning: ##"the home page's description (`<meta name="description">`)"##,
            example: ##"`A glossary of typography.`"##)
        case .baseURL: SettingDocumentation(
            defaultValue: ##"none"##,
            meaning: ##"absolute http or https URL of the site (anything else is a `bad-setting-value` error); when set, pages get canonical links and the site a `sitemap.xml`"##,
            example: ##"`https://example.org/my-index/`"##)
        case .locale: SettingDocumentation(
            defaultValue: ##"`en`"##,
            meaning: ##"default locale of every list (collation, alphabet, date titles); any ICU locale id"##,
            example: ##"`sv`"##)
        case .indexLocales: SettingDocumentation(
            defaultValue: ##"`[]`"##,
            meaning: ##"default extra alphabets for the strip (see below)"##,
            example: ##"`[en]`"##)
        case .catchAllLabel: SettingDocumentation(
            defaultValue: ##"`#`"##,
            meaning: ##"default label of the section for digits, symbols and other scripts"##,
            example: ##"`Symbols`"##)
        case .catchAllPosition: SettingDocumentation(
            defaultValue: ##"`last`"##,
            meaning: ##"`first` or `last`"##,
            example: ##"`first`"##)
        case .allowUnsafeHTML: SettingDocumentation(
            defaultValue: ##"`false`"##,
            meaning: ##"let raw HTML and every link scheme through Markdown; off because content has many authors"##,
            example: ##"`true`"##)
        case .newFor: SettingDocumentation(
            defaultValue: ##"none"##,
            meaning: ##"default `new_for` of every list"##,
            example: ##"`30d`"##)
        case .footer: SettingDocumentation(
            defaultValue: ##"none"##,
            meaning: ##"Markdown at the foot of every page: a licence, an attribution (see [Theme hooks](#theme-hooks))"##,
            example: ##"`Text under [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/).`"##)
        case .editURL: SettingDocumentation(
            defaultValue: ##"none"##,
            meaning: ##"an "Edit this page" link on every list and entry page; `{path}` becomes the source file's path in the site folder"##,
            example: ##"`https://github.com/me/site/edit/main/{path}`"##)
        case .lists: SettingDocumentation(
            defaultValue: ##"every source"##,
            meaning: ##"per-list settings, each with `source:` (a path inside `Content/`)"##,
            example: ##"`[{source: books.csv, group_by: genre}]`"##)
        case .strings: SettingDocumentation(
            defaultValue: ##"`{}`"##,
            meaning: ##"page words to change or add, by locale, over the built-in catalogs (see [Page words](#page-words-in-the-readers-language))"##,
            example: ##"`{de: {details: Mehr}}`"##)
        case .links: SettingDocumentation(
            defaultValue: ##"`{}`"##,
            meaning: ##"how `check --links` checks external links: `check` (also on `build`), `timeout`, `retries`, `retry_delay`, `max_retry_after` (seconds), `concurrency`, `per_host`, `cache_good`/`cache_broken` (how long a result is reused: `1d`, `12h`, `30m`, `0`), `exclude` (regular expressions), `accept` (status codes), `hosts` (per host: `per_host`, `accept`, `exclude`); see [Link checking](#link-checking)"##,
            example: ##"`{check: true, exclude: [linkedin\.com]}`"##)
        }
    }
}

/// Every key a list accepts, under `lists:` or in a list's own front matter (where `source` is not allowed).
public enum ListSettingKey: String, CaseIterable, Sendable {
    case source
    case title
    case description
    case slug
    case groupBy = "group_by"
    case sectionOrder = "section_order"
    case sort
    case ignorePrefixes = "ignore_prefixes"
    case readingField = "reading_field"
    case indexTitles = "index_titles"
    case emptySections = "empty_sections"
    case titleField = "title_field"
    case urlField = "url_field"
    case descriptionField = "description_field"
    case imageField = "image_field"
    case fields
    case publishFields = "publish_fields"
    case facets
    case fieldLabels = "field_labels"
    case locale
    case indexLocales = "index_locales"
    case catchAllLabel = "catch_all_label"
    case catchAllPosition = "catch_all_position"
    case split
    case pageSize = "page_size"
    case entryPages = "entry_pages"
    case dateOrder = "date_order"
    case newFor = "new_for"
    case items
    case separator
    case comment
    case header
    case shortRows = "short_rows"
    case lint
    case valuesSeparator = "values_separator"
    case kind
    case linkStyle = "link_style"
    case linkBase = "link_base"
    case headingIDs = "heading_ids"
    case linkExtension = "link_extension"

    /// The key's line in the README's settings table: its default, what it does, an example.
    public var documentation: SettingDocumentation {
        switch self {
        case .source: SettingDocumentation(
            defaultValue: ##"—"##,
            meaning: ##"file or folder inside `Content/`"##,
            example: ##"`books.csv`"##)
        case .title: SettingDocumentation(
            defaultValue: ##"the file's first `# Title`, else front matter `title:`, else its name"##,
            meaning: ##"the list's title"##,
            example: ##"`Books`"##)
        case .description: SettingDocumentation(
            defaultValue: ##"the file's tagline: its first block quote, else first paragraph, before the first section"##,
            meaning: ##"Markdown shown under the title"##,
            example: ##"`Classics we love.`"##)
        case .slug: SettingDocumentation(
            defaultValue: ##"the file's name"##,
            meaning: ##"output folder of the list"##,
            example: ##"`books`"##)
        case .groupBy: SettingDocumentation(
            defaultValue: ##"`heading` for Markdown lists with headings, else `letter`"##,
            meaning: ##"`letter`, `heading`, a field key path (category, tags: an entry with several values is in several sections; values differing only in case share the first spelling's section, with a `section-spellings` warning; entries with no value stand last under "No <field>", translated, unless `catch_all_label`/`catch_all_position` is set), or `date:<key path>:day\|month\|year` (newest first inside each section unless `sort` is set; entries with no date go to a last "Undated" section, named in one warning; an entry file named `YYYY-MM-DD-slug.md` has that `date` when its front matter has none)"##,
            example: ##"`date:published:month`"##)
        case .sectionOrder: SettingDocumentation(
            defaultValue: ##"collation order"##,
            meaning: ##"sections in this order first (others follow in collation order); names no heading → error, names no category → warning"##,
            example: ##"`[Garage, Kitchen]`"##)
        case .sort: SettingDocumentation(
            defaultValue: ##"`[<title_field>]`; source order under `heading`"##,
            meaning: ##"key paths; `-` for descending; locale-aware; numbers compare by value ("Item 2" < "Item 10"); a field whose every value is a number sorts by value (see below); entries without the field come last in both directions; ties keep source order"##,
            example: ##"`[-year, title]`"##)
        case .ignorePrefixes: SettingDocumentation(
            defaultValue: ##"`[]`"##,
            meaning: ##"leading words ignored for sorting and letters (case-insensitive)"##,
            example: ##"`["The ", "A ", "An "]`"##)
        case .readingField: SettingDocumentation(
            defaultValue: ##"none"##,
            meaning: ##"a field whose text sorts and letters the entry instead of its title, as iOS Contacts uses a phonetic name: 日本 with reading にほん files under な, 重庆 with `Chongqing` under C, "The Beatles" with `Beatles` under B. Entries without it use their title; the field is not shown unless `fields` names it"##,
            example: ##"`reading`"##)
        case .indexTitles: SettingDocumentation(
            defaultValue: ##"`auto`"##,
            meaning: ##"strip labels of category sections: `auto` (whole when ≤ 3 characters, else initials, on lists of at most 12 sections whose initials all differ; otherwise first letters), `initials` ("MB"; first letters when two would read the same), `full`, `first-letter`. Labels are never numbered codes ("DV2"): a repeated letter shows as a dot, and the full title shows while scrubbing and in the section navigation"##,
            example: ##"`initials`"##)
        case .emptySections: SettingDocumentation(
            defaultValue: ##"`index`"##,
            meaning: ##"`index`: greyed in the strip, no header (Contacts style); `show`: empty header too; `hide`: gone. A Markdown heading whose sub-sections have entries, or that has a paragraph of its own, is not empty"##,
            example: ##"`hide`"##)
        case .titleField: SettingDocumentation(
            defaultValue: ##"`title`, else the first of `name`, `display_name`, `label`, `term`, `heading` that every entry has (when `name` is an object, its `full`, `official_full`, `common`, `official`, `last` or `first`, as `name.last`), else a field with one of those words in its name in the list's language, else in English, else the first (`official_name_en`, `name of country`), else a column named after the language (`English`)"##,
            meaning: ##"the field that names an entry"##,
            example: ##"`name`"##)
        case .urlField: SettingDocumentation(
            defaultValue: ##"`url`"##,
            meaning: ##"the entry's link (http, https, mailto and relative only)"##,
            example: ##"`homepage`"##)
        case .descriptionField: SettingDocumentation(
            defaultValue: ##"`description`"##,
            meaning: ##"the Markdown field shown under each entry"##,
            example: ##"`summary`"##)
        case .imageField: SettingDocumentation(
            defaultValue: ##"`image`, else `logo`, when entries have one"##,
            meaning: ##"a picture shown as a thumbnail with each entry and on its page: an http(s) address (never fetched by the build) or a path of a file in `Static/`"##,
            example: ##"`cover`"##)
        case .fields: SettingDocumentation(
            defaultValue: ##"CSV/JSON: every other plain field at least half the entries have, only the first 6 when there are more than 10 (entries.json keeps all); Markdown: none"##,
            meaning: ##"extra fields shown with each entry"##,
            example: ##"`[author, year]`"##)
        case .publishFields: SettingDocumentation(
            defaultValue: ##"none: only the shown fields"##,
            meaning: ##"fields `entries.json` publishes besides those the page shows (title, link, description, `fields`, the `group_by` field), or `all`; the others (a staff list's salary, a `reading_field`) stay out of every output"##,
            example: ##"`[isbn]`, `all`"##)
        case .facets: SettingDocumentation(
            defaultValue: ##"none"##,
            meaning: ##"fields readers narrow the list by: chips "value (count)" above the entries (several values of one field: any of them; several fields: all of them; with the filter box and in the address, `?license=MIT`), and a page per value (`tools/license/mit/`, in `sitemap.xml`; cut into `mit/2/`, `mit/3/` … by `page_size` when the value has more entries, whose pager leads to the list's page with the chip pressed, where the filter reaches all of them) for readers without script and search engines. A list field (tags) or a text split by `values_separator` gives several values; entries without a value have no chip"##,
            example: ##"`[language, license]`"##)
        case .fieldLabels: SettingDocumentation(
            defaultValue: ##"the field name made readable (`official_name` → "Official name", `releaseYear` → "Release year")"##,
            meaning: ##"the label readers see for each shown field, by field name"##,
            example: ##"`{alpha_2: ISO code}`"##)
        case .locale: SettingDocumentation(
            defaultValue: ##"site `locale`"##,
            meaning: ##"collation, alphabet and date titles of this list"##,
            example: ##"`sv`, `de@collation=phonebook`, `zh@collation=stroke`"##)
        case .indexLocales: SettingDocumentation(
            defaultValue: ##"site `index_locales`"##,
            meaning: ##"extra alphabets added to the strip, as UIKit shows A–Z before the kana"##,
            example: ##"`[en]` (with `locale: ja`)"##)
        case .catchAllLabel: SettingDocumentation(
            defaultValue: ##"site value"##,
            meaning: ##"label of the catch-all section"##,
            example: ##"`Symbols`"##)
        case .catchAllPosition: SettingDocumentation(
            defaultValue: ##"site value"##,
            meaning: ##"`first` or `last`"##,
            example: ##"`first`"##)
        case .split: SettingDocumentation(
            defaultValue: ##"`auto`"##,
            meaning: ##"`none`; `sections` (one page per section, with an overview page and the strip linking across pages; every page's filter searches the whole list through its search index; section pages link back to the overview and to their neighbours, and with more than 100 sections carry only those links, so the output grows with the input); `auto` (split past 5,000 entries)"##,
            example: ##"`sections`"##)
        case .pageSize: SettingDocumentation(
            defaultValue: ##"`1000`"##,
            meaning: ##"entries on one page of a section of a split list: a longer section is cut into pages (`s/`, `s/2/`, `s/3/` …), each naming its place ("S · 3 of 38") and its first and last entries, linked to the pages before and after it; the strip and the overview link to a section's first page; a facet value's page is cut the same way"##,
            example: ##"`500`"##)
        case .entryPages: SettingDocumentation(
            defaultValue: ##"yes for entry folders"##,
            meaning: ##"give each entry a page of its own"##,
            example: ##"`true`"##)
        case .dateOrder: SettingDocumentation(
            defaultValue: ##"`newest_first`"##,
            meaning: ##"order of date sections: `newest_first` or `oldest_first`"##,
            example: ##"`oldest_first`"##)
        case .newFor: SettingDocumentation(
            defaultValue: ##"site `new_for`, else none"##,
            meaning: ##"days (`30d`) or weeks (`4w`): entries the git history says were added that long before the last commit (not before today, so a build is the same on any day) get a "New" badge, and a "Recently added" section opens the list (see [What's new](#whats-new-dates-from-git-and-feeds))"##,
            example: ##"`30d`"##)
        case .items: SettingDocumentation(
            defaultValue: ##"the document, or its one key that holds an array"##,
            meaning: ##"JSON: key path of the array inside the document"##,
            example: ##"`"3166-1"`"##)
        case .separator: SettingDocumentation(
            defaultValue: ##"detected (see Sources)"##,
            meaning: ##"CSV/TSV: the field separator, one character (`"\t"` or `tab` for a tab)"##,
            example: ##"`";"`"##)
        case .comment: SettingDocumentation(
            defaultValue: ##"`#` when the file opens with lines starting with `#` (more than one, or one not shaped like the rows), else none"##,
            meaning: ##"CSV/TSV: lines starting with this are skipped"##,
            example: ##"`"#"`"##)
        case .header: SettingDocumentation(
            defaultValue: ##"the last of those opening `#` lines when it names every column (`#code<TAB>name`), else the first row"##,
            meaning: ##"CSV/TSV: the field names, for a file with no header row"##,
            example: ##"`[code, coordinates, tz, comments]`"##)
        case .shortRows: SettingDocumentation(
            defaultValue: ##"`error`"##,
            meaning: ##"CSV/TSV: `allow` reads rows with fewer fields than the header with the missing trailing fields empty"##,
            example: ##"`allow`"##)
        case .lint: SettingDocumentation(
            defaultValue: ##"`none`"##,
            meaning: ##"extra checks of a Markdown list, as warnings in `check` and `build` (errors under `--strict`): `awesome` runs awesome-lint's rules that make sense for a published list and IndexSite's own (see [Lint rules](#lint-rules)); a mapping turns them on and sets each rule to `off`, `warning` or `error`, with `sorted: true` to check alphabetical order"##,
            example: ##"`{sorted: true, awesome-badge: off}`"##)
        case .valuesSeparator: SettingDocumentation(
            defaultValue: ##"none"##,
            meaning: ##"splits a field's text into several values for `group_by` (an entry in each section); one separator, or one per field"##,
            example: ##"`","`, `{tags: ",", authors: ";"}`"##)
        case .kind: SettingDocumentation(
            defaultValue: ##"`entries`"##,
            meaning: ##"for a folder: `entries` (one entry per file) or `headings` (a [documentation index](#documentation-indexes))"##,
            example: ##"`headings`"##)
        case .linkStyle: SettingDocumentation(
            defaultValue: ##"none (`page.html`, github ids)"##,
            meaning: ##"for `kind: headings`: the tool that publishes the docs, `github`, `mdbook`, `hugo`, `mkdocs`, `docc`, `pandoc`, `docusaurus` or `vitepress`, so page links and heading ids match it"##,
            example: ##"`mdbook`"##)
        case .linkBase: SettingDocumentation(
            defaultValue: ##"none (links relative to the index page, with a `docs-links-relative` warning)"##,
            meaning: ##"for `kind: headings`: put before every link to a docs page"##,
            example: ##"`https://docs.example.org/`"##)
        case .headingIDs: SettingDocumentation(
            defaultValue: ##"as `link_style` (github without one)"##,
            meaning: ##"for `kind: headings`: make heading ids by another style's rule than the page links"##,
            example: ##"`pandoc`"##)
        case .linkExtension: SettingDocumentation(
            defaultValue: ##"`.md` for `github`, `.html` otherwise"##,
            meaning: ##"for `kind: headings` with `github`, `pandoc`, `vitepress` or no `link_style`: what a page's `.md` becomes in links; `""` drops it (`guide/setup`), `/` makes `page/`"##,
            example: ##"`/`"##)
        }
    }
}

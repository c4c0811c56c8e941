import IndexSiteCore
import IndexSiteLoad
import IndexSiteParse
import IndexSiteSection
import IndexSiteRender
import IndexSiteWrite
// The files of the starter site, as text. Edit them here; `ScaffoldTests` builds them and checks that the
// configuration documents every setting.

extension Scaffold {
    /// Every file of the scaffold, in the order `write(to:)` writes them.
    public static let files: [File] = [
        File(path: "indexsite.yml", contents: configuration),
        File(path: "Content/glossary/collation.md", contents: glossaryCollation),
        File(path: "Content/glossary/entry.md", contents: glossaryEntry),
        File(path: "Content/glossary/front-matter.md", contents: glossaryFrontMatter),
        File(path: "Content/glossary/key-path.md", contents: glossaryKeyPath),
        File(path: "Content/glossary/section.md", contents: glossarySection),
        File(path: "Content/glossary/section-index-title.md", contents: glossarySectionIndexTitle),
        File(path: "Content/glossary/slug.md", contents: glossarySlug),
        File(path: "Content/reading.md", contents: readingList),
        File(path: "Content/recipes.csv", contents: recipes),
        File(path: "Content/events.json", contents: events),
        File(path: ".gitignore", contents: gitignore),
        File(path: ".github/workflows/indexsite.yml", contents: workflow),
    ]

    /// `indexsite.yml`: the site's settings: every setting, with what it does, its default and an example.
    static let configuration = #"""
    # indexsite.yml: the settings of this site, read by `indexsite build`, `indexsite check` and `indexsite serve`.
    #
    # Every setting is optional: delete a line and its default applies. A line such as `# base_url: …` is an example
    # that is switched off; remove the `# ` to switch it on. A misspelt key or a bad value is an error naming this file,
    # its line and column, so a typo is never silently ignored: run `indexsite check` after editing.

    # ── Site settings ───────────────────────────────────────────────────────────────────────────────────────────────

    # title: the site's name, in every page's header and <title>, and on the home page.
    #   Default: Index
    title: My index

    # description: one sentence about the site, for the home page's <meta name="description">: what search engines
    #   and link previews show. Default: none
    description: A glossary, a reading list, recipes and a calendar of events, one of each kind of list IndexSite reads.

    # base_url: the address the site is published at. When set, every page gets a canonical link and the site a
    #   sitemap.xml. Default: none. On GitHub Pages it is https://<owner>.github.io/<repository>/, for example:
    # base_url: https://example.org/my-index/

    # footer: Markdown at the foot of every page, for a licence or an attribution. Default: none. Example:
    # footer: "Text under [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/). Made with IndexSite."

    # edit_url: adds an "Edit this page" link to every list and entry page; {path} becomes the source file's path in
    #   the site folder (Content/books.csv). Default: none. Example:
    # edit_url: https://github.com/me/my-index/edit/main/{path}

    # locale: the language lists are sorted, lettered and dated in, unless a list says otherwise; any ICU locale id.
    #   Default: en. Examples: sv (Å Ä Ö after Z), de (Ä with A), es (Ñ), ja (kana rows), de@collation=phonebook
    locale: en

    # index_locales: extra alphabets added to every index strip, the way iOS shows A–Z beside the Japanese kana.
    #   Default: [] (the locale's own alphabet only). Example, with locale: ja
    # index_locales: [en]

    # catch_all_label: the label of the section for titles that start with a digit, a symbol or another script.
    #   Default: "#"
    catch_all_label: "#"

    # catch_all_position: where that section stands: first or last.
    #   Default: last
    catch_all_position: last

    # allow_unsafe_html: let raw HTML and links of any scheme through Markdown. Off because content often has many
    #   authors; turn it on only if you trust every one of them. Default: false
    allow_unsafe_html: false

    # new_for: the default new_for of every list (see the list setting below). Default: none. Example:
    # new_for: 30d

    # strings: page words to change or add, by locale: the words IndexSite writes ("Skip to content", "5 entries",
    #   the filter's status). 23 languages are built in; Templates/strings/<locale>.yml does the same per file.
    #   Default: {} (the built-in words of each list's locale). Example:
    # strings: {de: {details: Mehr}}

    # links: how `indexsite check --links` checks every external link (and `build` too, with check: true): timeout,
    #   retries, retry_delay, max_retry_after (seconds, or 30s, 10m, 12h, 1d), concurrency, per_host (requests at once),
    #   cache_good and cache_broken (how long a result in .indexsite/links.json is reused), exclude (regular
    #   expressions), accept (status codes that count as working), hosts (per host: per_host, accept, exclude).
    #   Default: {} (checked only by check --links; 4 requests per host, working links trusted for a day). Example:
    # links: {check: true, exclude: [linkedin\.com], accept: [403]}

    # lists: one item per list, in the order the home page shows them, each naming its `source`. Sources in Content/
    #   that are not named here become lists too, with default settings. Default: every source in Content/.
    lists:

      # ── A folder of Markdown files, one entry per file: a glossary, sectioned A–Z ──────────────────────────────────
      # This first list shows every list setting, with what it does and its default; the lists after it use only
      # the settings they need. Any of these may also stand in a Markdown list's front matter (see Content/reading.md).

      # source: a file or folder inside Content/: a .csv or .tsv file, a .json array, a .md list, or a folder of .md
      #   entry files. Required.
      - source: glossary

        # title: the list's heading and page title. Default: a Markdown list's "# Title", else the source's name.
        title: Glossary

        # description: Markdown shown under the title. Default: a Markdown list's first paragraph, else none.
        description: The words this site is made of, each with a page of its own.

        # slug: the list's folder in the output, and so its address. Default: the source's name (here: glossary).
        # slug: words

        # group_by: how entries are put into sections: letter (the first letter of the title, in the locale's
        #   alphabet), heading (a Markdown list's own headings), a field name (one section per value; a list of values
        #   such as tags puts the entry in several), or date:<field>:day|month|year.
        #   Default: heading for a Markdown list with headings, letter otherwise. Examples: course, date:date:month
        group_by: letter

        # section_order: heading or field sections in this order; sections it does not name follow, alphabetically.
        #   Default: alphabetical (a Markdown list: the file's order). Example, as in Recipes below:
        # section_order: [Breakfast, Lunch, Dinner]

        # sort: how entries are sorted within a section: field names, each with a leading - for descending.
        #   Numbers inside text sort by value ("Item 2" before "Item 10"); ties keep the source's order.
        #   Default: [title] (a Markdown list under its headings: the file's order). Example: [-year, title]
        sort: [title]

        # ignore_prefixes: leading words skipped when sorting and lettering, so "The Hobbit" is filed under H.
        #   Default: []. Example, as in Recipes below:
        # ignore_prefixes: ["The ", "A ", "An "]

        # reading_field: a field whose text sorts and letters an entry instead of its title: a phonetic reading
        #   (日本 with reading にほん files under な), or a sort form ("Beatles, The"). Entries without it use the title.
        #   Default: none. Example: reading
        # reading_field: reading

        # index_titles: the labels of heading and field sections in the index strip: auto (the whole title when it is
        #   3 characters or fewer, else its initials), initials ("DR" for Dining Room), full, or first-letter.
        #   Default: auto
        index_titles: auto

        # empty_sections: what becomes of a section with no entries, such as a letter no title starts with:
        #   index (greyed in the strip, no heading on the page, like the Contacts app), show (an empty heading too),
        #   or hide (gone from both). Default: index
        empty_sections: index

        # title_field: the field that names each entry. Default: title. Example, as in Recipes below: name
        title_field: title

        # url_field: the field holding each entry's link (http, https, mailto or a relative address).
        #   Default: url. Example, as in What's on below: link
        url_field: url

        # description_field: the field shown under each entry, as Markdown. Default: description
        description_field: summary

        # image_field: a picture shown as a thumbnail with each entry: an http(s) address (never fetched by the
        #   build) or the path of a file in Static/. Default: the field image, else logo, when entries have one.
        # image_field: cover

        # fields: more fields shown with each entry. Default: every other field for CSV and JSON, none for Markdown.
        fields: [tags]

        # publish_fields: fields entries.json publishes besides the shown ones, or all. Default: none, so a column
        #   the page does not show (a salary, internal notes) is never published.
        # publish_fields: [isbn]

        # facets: fields readers narrow the list by, as chips with counts and a page per value. Default: none
        # facets: [genre, language]

        # locale: this list's language for sorting, letters and date titles. Default: the site's locale.
        # locale: sv

        # index_locales: extra alphabets in this list's strip. Default: the site's index_locales.
        # index_locales: [en]

        # catch_all_label: this list's label for the digits-and-symbols section. Default: the site's catch_all_label.
        # catch_all_label: "0–9"

        # catch_all_position: first or last, for this list. Default: the site's catch_all_position.
        # catch_all_position: first

        # split: none (one page), sections (a page per section, with an overview page), or auto (split once a list
        #   passes 5,000 entries). Default: auto
        split: auto

        # page_size: at most this many entries on one page of a section of a split list; a longer section is cut into
        #   pages (s/, s/2/, s/3/ …) that name their first and last entries. Default: 1000
        # page_size: 1000

        # entry_pages: give each entry a page of its own, showing an entry file's text below its front matter.
        #   Default: true for a folder of entry files, false otherwise.
        entry_pages: true

        # date_order: the order of date sections: newest_first or oldest_first.
        #   Default: newest_first. Example, as in What's on below:
        # date_order: oldest_first

        # new_for: mark the entries added in the last 30 days (or 4w: weeks) with a "New" badge and open the list
        #   with a "Recently added" section; "added" is read from the site's git history, counted back from its
        #   last commit. Default: none. Example:
        # new_for: 30d

        # kind: what a folder's Markdown files are: entries (one entry per file) or headings (a documentation
        #   index: one entry per term - page titles, headings and the terms a page lists under `index:` in its
        #   front matter, "Main; sub" nested under the main term - each linking to the pages it is on).
        #   Default: entries. Example, for a folder of docs:
        # kind: headings

        # link_style: for kind: headings, the tool that publishes the docs, so page links and heading ids match
        #   it: github, mdbook, hugo, mkdocs, docc, pandoc, docusaurus or vitepress. Default: page.html links with
        #   github ids. Example:
        # link_style: mdbook

        # heading_ids: for kind: headings, how heading ids are made when not as link_style makes them: github,
        #   mdbook, hugo, mkdocs, docc or pandoc. Default: as link_style (github without one). Example:
        # heading_ids: pandoc

        # link_extension: for kind: headings with the github or pandoc style (or none), what a page's .md becomes
        #   in links ("" keeps .md, / makes page/). Default: .md for github, .html otherwise. Example:
        # link_extension: /

        # link_base: for kind: headings, prefixed to every link to a page.
        #   Default: none. Example:
        # link_base: https://docs.example.org/

        # items: for a JSON file that keeps its array under a key, the key path of the array.
        #   Default: the document itself is the array. Example, for Debian's iso-codes files:
        # items: "3166-1"

        # separator: for CSV and TSV files, the character between fields.
        #   Default: the extension's (tab for .tsv and .tab, else a comma), or ; tab | when the first row has only those.
        # separator: ";"

        # comment: for CSV and TSV files, lines starting with this are skipped. Default: none. Example:
        # comment: "#"

        # header: for CSV and TSV files with no header row, the names of the fields. Default: the first row.
        # header: [code, coordinates, tz, comments]

        # short_rows: for CSV and TSV files, allow rows with fewer fields than the header (the rest are empty).
        #   Default: error. Example:
        # short_rows: allow

        # values_separator: splits a field's text into several values for group_by, so "sci-fi, classic" is in
        #   both sections; one separator, or one per field. Default: none. Example:
        # values_separator: ","

        # lint: extra checks of a Markdown list, as warnings: awesome (awesome-lint's rules: the " - " separator, a
        #   description's capital and final punctuation, the table of contents, the badge, no License section, a
        #   contributing.md; and duplicate links, dead #anchors, empty sections) or none. A mapping turns them on and
        #   sets each rule: off, warning or error; sorted: true also checks alphabetical order. Comments in the file
        #   turn findings off: <!-- indexsite-lint-disable-next-line awesome-badge -->. Default: none. Example:
        # lint: {sorted: true, awesome-badge: off, awesome-toc: error}

        # field_labels: the label readers see for each shown field, by field name.
        #   Default: the name made readable (official_name → "Official name"). Example:
        # field_labels:
        #   alpha_2: ISO code

      # ── A Markdown list: `##` headings are its sections, list items its entries ────────────────────────────────────
      # Its title, description and one setting come from the file itself: see the top of Content/reading.md.
      - source: reading.md

      # ── A CSV file: a header row naming the fields, then one recipe per row, sectioned by course ────────────────────
      - source: recipes.csv
        title: Recipes
        description: Quick breakfasts, slow dinners and something sweet.
        slug: recipes
        # The CSV names its recipes in a `name` column.
        title_field: name
        # One section per value of the `course` column, in the order of a day rather than alphabetically.
        group_by: course
        section_order: [Breakfast, Lunch, Dinner, Something sweet]
        # Strip labels: B, L, D and SS.
        index_titles: auto
        # "A simple dal" sorts under S.
        ignore_prefixes: ["The ", "A ", "An "]
        fields: [minutes, serves]

      # ── A JSON array of objects: events, one section per month, soonest first ──────────────────────────────────────
      - source: events.json
        title: What's on
        description: Things to do around town this summer, soonest first.
        slug: whats-on
        group_by: date:date:month
        date_order: oldest_first
        sort: [date, title]
        url_field: link
        description_field: summary
        # Dotted key paths reach into nested objects: `place` holds a `name` and a `town`.
        fields: [place.name, place.town]

    """#

    /// `Content/glossary/collation.md`: a glossary entry file: its fields in front matter, then the text of its own page.
    static let glossaryCollation = #"""
    ---
    title: Collation
    summary: "The rules a language uses to put words in order."
    tags: [sorting]
    ---

    Sorting text is not like sorting numbers. Swedish files *Å*, *Ä* and *Ö* after *Z*; German puts *Ä* beside *A*; Spanish gives *Ñ* a place of its own. Collation is the name for these rules, and every list follows the ones of its `locale`.

    Numbers inside titles are compared by their value, so "Chapter 2" comes before "Chapter 10".

    """#

    /// `Content/glossary/entry.md`: a glossary entry file: its fields in front matter, then the text of its own page.
    static let glossaryEntry = #"""
    ---
    title: Entry
    summary: "One item of a list: a title, and any other fields you like."
    tags: [structure]
    ---

    An entry is a row of a CSV file, an object in a JSON array, an item of a Markdown list, or a whole Markdown file like this one. Its title decides where it is filed; its other fields are shown beside it.

    An entry file also gets a page of its own, which shows the text below its front matter: the page you are reading.

    """#

    /// `Content/glossary/front-matter.md`: a glossary entry file: its fields in front matter, then the text of its own page.
    static let glossaryFrontMatter = #"""
    ---
    title: Front matter
    summary: "The block of fields between two `---` lines at the top of a Markdown file."
    tags: [writing]
    ---

    Front matter is written in YAML, one `key: value` to a line. In an entry file it holds the entry's fields: this term's title, summary and tags all come from it.

    At the top of a Markdown list it holds that list's settings instead, so the file can describe itself. Open `Content/reading.md` for an example.

    """#

    /// `Content/glossary/key-path.md`: a glossary entry file: its fields in front matter, then the text of its own page.
    static let glossaryKeyPath = #"""
    ---
    title: Key path
    summary: "A dotted name, such as `place.town`, that reaches into a nested field."
    tags: [structure]
    ---

    A JSON object can hold other objects. To sort by, group by or show a field that sits inside another, join the names with dots: `place.town` is the `town` inside `place`.

    The *What's on* list uses two of them to show where each event happens.

    """#

    /// `Content/glossary/section.md`: a glossary entry file: its fields in front matter, then the text of its own page.
    static let glossarySection = #"""
    ---
    title: Section
    summary: "A group of entries under one heading: a letter, a category or a month."
    tags: [structure, navigation]
    ---

    How a list is cut into sections is its `group_by` setting. This glossary is sectioned by the first letter of each term, the recipes by course, and the events by month.

    A section is also a place to link to: its heading has an anchor of its own, and the index strip jumps straight to it.

    """#

    /// `Content/glossary/section-index-title.md`: a glossary entry file: its fields in front matter, then the text of its own page.
    static let glossarySectionIndexTitle = #"""
    ---
    title: Section index title
    summary: "The short label of a section in the index strip: *K* for a letter, *SS* for Something sweet, *Jun 2026* for a month."
    tags: [navigation]
    ---

    The index strip stays in view as you scroll, like the letters down the edge of the Contacts app on a phone. Each label in it jumps to its section.

    A letter that no entry starts with keeps its place in the strip, greyed, so the alphabet keeps its familiar shape.

    """#

    /// `Content/glossary/slug.md`: a glossary entry file: its fields in front matter, then the text of its own page.
    static let glossarySlug = #"""
    ---
    title: Slug
    summary: "The part of a web address made from a name."
    tags: [publishing]
    ---

    Every list is written to a folder named after its source, and every section and entry gets an anchor made from its title, so a link can lead straight to a single term.

    Set a list's `slug` to choose its folder's name. A slug changes only when its title does, so links to it keep working from one build to the next.

    """#

    /// `Content/reading.md`: a Markdown list: headings are sections, items are entries, front matter holds a setting.
    static let readingList = #"""
    ---
    # A Markdown list may carry its own settings here, with the same keys as a list in indexsite.yml.
    # Strip labels from the headings' initials: WC, ST, P.
    index_titles: initials
    ---

    # Further reading

    Where to learn more about the formats this site is written in, and the ideas behind its index.

    ## Writing content

    - [CommonMark](https://commonmark.org/help/) - A ten-minute tour of Markdown, the language of every `.md` file here.
    - [YAML](https://yaml.org/) - The format of `indexsite.yml` and of front matter.
    - [RFC 4180](https://www.rfc-editor.org/rfc/rfc4180) - The short document that pins down what a CSV file is.
    - **JSON**: An array of objects, one per entry, as in `Content/events.json`.

    ## Sorting text

    The rules that decide where a word belongs.

    - [ICU collation](https://unicode-org.github.io/icu/userguide/collation/) - How text is sorted in each language, and why Swedish puts Å after Z.
    - [Unicode CLDR](https://cldr.unicode.org/) - The shared data behind alphabets, month names and sort orders.

    ## Publishing

    - [GitHub Pages](https://docs.github.com/en/pages) - Free hosting; the workflow in `.github/workflows/` builds this site and publishes it there.
    - Any static host
      - Upload the `_site` folder as it is: the pages need no server and work offline too.

    """#

    /// `Content/recipes.csv`: a CSV file, sectioned by its `course` column in a declared order.
    static let recipes = #"""
    name,course,minutes,serves,description
    Shakshuka,Breakfast,30,2,"Eggs poached in a spiced sauce of tomatoes and peppers. Mop it up with warm bread."
    Overnight oats,Breakfast,5,1,"Oats, yoghurt and grated apple, left in the fridge: breakfast makes itself while you sleep."
    A French omelette,Breakfast,10,1,"Three eggs, a knob of butter and a hot pan. Pale, soft and rolled, never browned."
    Lentil soup,Lunch,40,4,"Red lentils, carrot and cumin, simmered until they give up and turn smooth."
    Panzanella,Lunch,15,2,"Yesterday's bread soaked in the juice of ripe tomatoes, with basil and good olive oil."
    A simple dal,Dinner,35,4,"Yellow split peas with turmeric, finished with mustard seeds and garlic sizzled in ghee."
    Mushroom risotto,Dinner,45,3,"Stir, add a ladle of stock, stir again. Patience is the main ingredient."
    Fish tacos,Dinner,25,2,"Crisp fish, sharp slaw and lime in a warm tortilla. Eat them standing up."
    Lemon drizzle cake,Something sweet,60,8,"A plain sponge made glorious by a crust of lemon juice and sugar poured over while it is hot."
    Baked apples,Something sweet,40,4,"Cored, stuffed with raisins and brown sugar, and baked until the skins split."

    """#

    /// `Content/events.json`: a JSON array with nested objects, sectioned by month.
    static let events = #"""
    [
      {
        "title": "Spring plant swap",
        "date": "2026-05-09",
        "place": { "name": "Community garden", "town": "Millbrook" },
        "link": "https://example.org/events/plant-swap",
        "summary": "Bring a cutting, take a cutting. Spare pots are always welcome."
      },
      {
        "title": "Repair café",
        "date": "2026-05-23",
        "place": { "name": "Library hall", "town": "Millbrook" },
        "link": "https://example.org/events/repair-cafe",
        "summary": "Bring a wobbly chair, a silent radio or a torn coat; volunteers with tools and patience will help you mend it."
      },
      {
        "title": "Bat walk at dusk",
        "date": "2026-06-06",
        "place": { "name": "River path", "town": "Ashby" },
        "link": "https://example.org/events/bat-walk",
        "summary": "A guided walk with bat detectors, which turn their calls into clicks you can hear. Wear sturdy shoes."
      },
      {
        "title": "Midsummer concert",
        "date": "2026-06-20",
        "place": { "name": "The bandstand", "town": "Millbrook" },
        "link": "https://example.org/events/midsummer-concert",
        "summary": "The town band plays until the light goes. Bring a blanket and something to share."
      },
      {
        "title": "Secondhand book fair",
        "date": "2026-07-04",
        "place": { "name": "Market square", "town": "Ashby" },
        "link": "https://example.org/events/book-fair",
        "summary": "Forty stalls of old books, and a story tent for *small* readers."
      },
      {
        "title": "Stargazing evening",
        "date": "2026-07-18",
        "place": { "name": "Beacon Hill", "town": "Ashby" },
        "link": "https://example.org/events/stargazing",
        "summary": "The astronomy club brings its telescopes: the Moon's craters, Saturn's rings and the summer triangle."
      }
    ]

    """#

    /// `.gitignore`: keeps the built site and the history cache out of version control.
    static let gitignore = #"""
    # The site IndexSite builds; the workflow in .github/workflows builds it afresh.
    _site/
    # What IndexSite read of the entries' git history, kept for the next build.
    .indexsite/
    # The lock a build holds on _site/ while it writes it.
    ._site.indexsite.lock

    """#

    /// `.github/workflows/indexsite.yml`: a GitHub Actions workflow that builds the site with IndexSite's action,
    /// annotates pull requests (from forks too) and deploys the default branch to GitHub Pages.
    static let workflow = #"""
    # Builds the site with IndexSite on every pull request and on pushes to the default branch, and publishes the
    # default branch with GitHub Pages. Problems in the content show as annotations on the pull request's lines and as
    # a table in the run's summary. It needs no secrets or variables, so pull requests from forks are checked too.
    #
    # Set up once, in the repository's Settings: Pages → Build and deployment → Source: GitHub Actions.
    # If your default branch is not main, change the branch name below.
    name: Site

    on:
      push:
        branches: [main]
      pull_request:
      workflow_dispatch:

    permissions:
      contents: read

    # A newer push to the same branch or pull request replaces a build still running.
    concurrency:
      group: site-${{ github.ref }}
      cancel-in-progress: true

    jobs:
      build:
        runs-on: ubuntu-latest
        steps:
          - uses: actions/checkout@v5
            with:
              # The whole history, for the entries' `added` and `updated` dates (the default is one commit).
              fetch-depth: 0

          # The address GitHub Pages publishes the site at, for canonical links, the sitemap and 404.html.
          - id: pages
            if: github.event_name != 'pull_request'
            uses: actions/configure-pages@v5

          # The link checker's results (with links: {check: true} in indexsite.yml), carried from run to run, so a
          # rerun asks only about links that are new or whose result is older than its validity.
          - uses: actions/cache@v4
            with:
              path: .indexsite/links.json
              key: indexsite-links-${{ github.run_id }}
              restore-keys: indexsite-links-

          - uses: \#(IndexSiteVersion.repository)@v\#(IndexSiteVersion.current)
            with:
              base-url: ${{ steps.pages.outputs.base_url }}
              strict: true

          - if: github.event_name != 'pull_request'
            uses: actions/upload-pages-artifact@v5
            with:
              path: _site
              # Static/.well-known/ and other dot-files are part of the site.
              include-hidden-files: true

      deploy:
        # Only the default branch is published; pull requests are built and checked.
        if: github.event_name != 'pull_request' && github.ref_name == github.event.repository.default_branch
        needs: build
        runs-on: ubuntu-latest
        permissions:
          pages: write
          id-token: write
        environment:
          name: github-pages
          url: ${{ steps.deployment.outputs.page_url }}
        # One deployment at a time; a newer one waits rather than cancelling one halfway.
        concurrency:
          group: pages
          cancel-in-progress: false
        steps:
          - id: deployment
            uses: actions/deploy-pages@v5

    """#
}

/// The stable identifier of a kind of problem, printed in brackets after every diagnostic and listed in the README.
/// Codes never change meaning once released: scripts and CI annotations match on them.
public enum DiagnosticCode: String, Sendable, Codable, CaseIterable {
    // Loading the site
    /// A file of the site could not be read (permissions, or it vanished while loading).
    case sourceUnreadable = "source-unreadable"
    /// A symbolic link points outside `Content/`, `Templates/` and `Static/` (the site's other files, `.git/`, a hidden
    /// name, or outside the site folder), so it is not followed.
    case symlinkOutsideSite = "symlink-outside-site"
    /// A link inside an entry folder leads back to a folder already read (a cycle such as `ln -s . loop`); not followed.
    case symlinkCycle = "symlink-cycle"
    /// A folder lies too deep, or too many links lead to one folder, to be read; its files are named, not dropped silently.
    case folderWalkLimit = "folder-walk-limit"
    /// A source is not valid UTF-8; the diagnostic points at the first bad byte.
    case invalidUTF8 = "invalid-utf8"
    /// A source contains a NUL byte, which no text file should.
    case nulByte = "nul-byte"
    /// The site folder has no `Content/` folder (usually the wrong folder; `indexsite init` scaffolds one).
    case missingContent = "missing-content"
    /// A source is UTF-16 (it starts with a UTF-16 byte order mark); IndexSite reads UTF-8.
    case utf16Input = "utf16-input"
    /// Two names in one folder are the same text in different Unicode normalizations (NFC and NFD).
    case sourceNameClash = "source-name-clash"
    /// A file under `Content/` is of a kind IndexSite does not read (an image, a spreadsheet, another tool's settings);
    /// the warning says why and what to do, so no file is skipped in silence.
    case unreadFile = "unread-file"
    /// A list's `source` exists in `Content/` but is of a kind IndexSite does not read.
    case unsupportedSource = "unsupported-source"

    // CSV / TSV
    /// A quoted CSV field is never closed.
    case csvUnterminatedQuote = "csv-unterminated-quote"
    /// A quote appears inside an unquoted CSV field.
    case csvStrayQuote = "csv-stray-quote"
    /// A CSV row has more or fewer fields than the header.
    case csvRaggedRow = "csv-ragged-row"
    /// Two header columns of a CSV file have the same name.
    case csvDuplicateHeader = "csv-duplicate-header"
    /// A header column of a CSV file has no name.
    case csvEmptyHeader = "csv-empty-header"
    /// A CSV file is empty: the first row must name the fields.
    case csvNoHeader = "csv-no-header"

    // JSON
    /// A JSON file is not valid JSON.
    case jsonSyntax = "json-syntax"
    /// A JSON file is not an array of objects.
    case jsonNotArray = "json-not-array"
    /// An item of a JSON list is not an object with fields.
    case jsonEntryNotObject = "json-entry-not-object"

    // YAML front matter and configuration
    /// The configuration or a front matter block is not valid YAML, or not a mapping.
    case yamlSyntax = "yaml-syntax"
    /// Front matter opened with `---` is never closed.
    case frontMatterUnclosed = "front-matter-unclosed"
    /// A YAML mapping names the same key twice.
    case duplicateKey = "duplicate-key"
    /// A setting name is not one IndexSite knows (usually a typo; the hint suggests the closest).
    case unknownSetting = "unknown-setting"
    /// A setting has a value of the wrong kind or outside its choices, or a list is configured wrongly.
    case badSettingValue = "bad-setting-value"
    /// A configured list's `source` is not in `Content/`.
    case missingSource = "missing-source"
    /// A setting (`title_field`, `sort`, `group_by`, `fields`, …) names a field no entry has; the hint lists the real ones.
    case unknownField = "unknown-field"
    /// Values of the grouping field differ only in case ("classic", "Classic"): they share the first spelling's section.
    case sectionSpellings = "section-spellings"
    /// `section_order` names a section that does not exist: an error for headings, a warning for categories.
    case unknownSectionInOrder = "unknown-section-in-order"

    // MDX
    /// An MDX page's `import`/`export` lines or JSX components were left out; the page is read as the Markdown around them.
    case mdxLeftOut = "mdx-left-out"

    // Markdown lists
    /// A Markdown list item has no text, so it makes no entry.
    case emptyListItem = "empty-list-item"
    /// Markdown nests containers too deeply on one line or holds too many `![` in a paragraph, on which cmark's time
    /// grows with the square of the input; the markers past the limit are read as text.
    case markdownLimit = "markdown-limit"

    // Awesome-list lint (`lint: awesome`)
    /// An entry sorts before the entry above it in the same section or nested list.
    case awesomeOrder = "awesome-order"
    /// A link is listed twice in the same README.
    case awesomeDuplicateLink = "awesome-duplicate-link"
    /// A linked entry has no description after its link.
    case awesomeNoDescription = "awesome-no-description"
    /// A link to `#anchor` matches no heading or HTML anchor of the file.
    case awesomeDeadAnchor = "awesome-dead-anchor"
    /// An item's link and description are not separated by ` - ` (a colon, an en or em dash, odd spaces).
    case awesomeSeparator = "awesome-separator"
    /// An item's description starts in lower case.
    case awesomeDescriptionCase = "awesome-description-case"
    /// An item's description does not end with `.`, `!`, `?` or `…`.
    case awesomeDescriptionPunctuation = "awesome-description-punctuation"
    /// The `## Contents` list does not match the headings after it.
    case awesomeToc = "awesome-toc"
    /// The list's `#` heading has no Awesome badge.
    case awesomeBadge = "awesome-badge"
    /// The list has a License section (the licence belongs in a LICENSE file).
    case awesomeLicenseSection = "awesome-license-section"
    /// There is no `contributing.md` beside the list, or it is empty.
    case awesomeContributing = "awesome-contributing"
    /// A heading has nothing under it.
    case awesomeEmptySection = "awesome-empty-section"
    /// A link to `#anchor` in a Markdown list's descriptions names no heading of the list (by GitHub's ids), no
    /// section or entry of the page and no HTML anchor: it would land nowhere.
    case deadAnchor = "dead-anchor"

    // Link checking (`check --links`, `links: {check: true}`)
    /// An external link does not lead to a working page: an error status, a timeout, a reset, an unknown host, a
    /// redirect loop; at the URL in its source.
    case brokenLink = "broken-link"
    /// An external link answers with a permanent redirect (301, 308) to a working page: the new address is the fix.
    case linkMoved = "link-moved"
    /// The link cache (`.indexsite/links.json`) could not be read; every link is checked again.
    case linkCacheUnreadable = "link-cache-unreadable"
    /// An external link's `#fragment` names no `id` or `name` on the HTML page it leads to, which works.
    case linkFragmentMissing = "link-fragment-missing"

    // Templates
    /// A Mustache template does not parse.
    case templateSyntax = "template-syntax"
    /// A template names a key the page context does not have (it would render empty).
    case templateUnknownKey = "template-unknown-key"
    /// A template includes a partial that does not exist, or the theme lacks a required template.
    case templateMissingPartial = "template-missing-partial"
    /// A template includes itself (through partials) in a way that never ends; named with its cycle, nothing renders.
    case templatePartialCycle = "template-partial-cycle"

    // Page words (string catalogs)
    /// A list's locale has no catalog of page words, or its catalog lacks keys or plural forms; English fills the gaps.
    case missingStrings = "missing-strings"
    /// A string catalog names a key or plural category IndexSite does not know (usually a typo).
    case unknownStringKey = "unknown-string-key"

    // Entries
    /// An entry has no title, so it cannot be placed or linked; it is left out.
    case missingTitle = "missing-title"
    /// An entry repeats an earlier one field for field.
    case duplicateEntry = "duplicate-entry"
    /// Two entries would have the same id, so the later one gets `-2`; reported only under `--strict`.
    case idCollision = "id-collision"
    /// A link is not http, https, mailto or relative, so it is shown as text.
    case unsafeURL = "unsafe-url"
    /// An entry's picture is neither an http(s) address nor a file of `Static/`, so it is not shown.
    case imageNotFound = "image-not-found"
    /// A date field is missing or not a real `YYYY-MM-DD` date in a list grouped by date.
    case badDate = "bad-date"
    /// A title or link field is a list or a mapping where text is needed.
    case wrongFieldType = "wrong-field-type"

    // Documentation indexes
    /// A folder of entry files holds a `SUMMARY.md` (mdBook, GitBook) or `_index.md` (Hugo): it is a book or docs
    /// site, whose reader likely wants an index of its headings (`kind: headings`) rather than one entry per file.
    case folderLooksLikeDocs = "folder-looks-like-docs"
    /// A docs index has no `link_base`, so its links are relative to the index page, where no docs pages are built.
    case docsLinksRelative = "docs-links-relative"
    /// A front matter `see:` or `see_also:` names a term the index does not have.
    case docsSeeTargetMissing = "docs-see-target-missing"
    /// A term is a `see:` reference and also has pages of its own.
    case docsSeeWithPages = "docs-see-with-pages"

    // Entry history
    /// A list's settings ask for `added` or `updated`, but the site's git history cannot be read (not in a
    /// repository, no commit yet, no git): the entries have no such fields.
    case historyUnavailable = "history-unavailable"
    /// The repository is a shallow clone: the history dates start at its oldest commit.
    case historyShallow = "history-shallow"
    /// The site has feeds but no `base_url`: their links are relative to each feed, and their ids are not the
    /// site's own (a note, not a warning: the feeds work from where they are served).
    case feedWithoutBaseURL = "feed-without-base-url"

    // Output
    /// The output folder may not be written: it holds the site, overlaps its folders, or is not IndexSite's.
    case outputRefused = "output-refused"
    /// A file of `Static/` has the path of a generated page (`index.html`, a list's folder).
    case staticFileClash = "static-file-clash"
    /// The output folder holds files IndexSite did not write; the build that replaces it names them (a warning).
    case outputForeignFiles = "output-foreign-files"
    /// Writing the output failed (disk full, permissions); the previous site is left as it was.
    case outputFailed = "output-failed"
}

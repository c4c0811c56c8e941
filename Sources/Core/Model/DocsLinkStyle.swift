/// The documentation tool that publishes the pages a docs index links to: it decides each page's URL and the id of
/// every heading, so a link from the index lands where the tool put the heading.
/// Each rule below is the tool's own, read from its source (cited per case) and pinned by `DocsLinkStyleTests`.
public enum DocsLinkStyle: String, Sendable, Hashable, CaseIterable {
    /// GitHub's rendering of a repository's Markdown: `page.md#id`, ids by github-slugger (lower-case, punctuation
    /// dropped, spaces to `-`, repeats `-1`, `-2`).
    case github
    /// mdBook: `chapter.html#id`, `README.md` published as `index.html`; ids by `normalize_id` in mdbook's
    /// `utils/mod.rs` (alphanumerics, `_` and `-` kept and ASCII-lower-cased, whitespace to `-`, all else dropped),
    /// repeats `-1`, `-2` (`unique_id_from_content`); `{#id}` heading attributes set the id.
    case mdbook
    /// Hugo: lower-cased pretty URLs (`section/page/`), `index.md` and `_index.md` published as their folder,
    /// `slug:` replacing the file name and `url:` the whole path; ids by Goldmark's `github` auto heading ids as Hugo
    /// implements them (`markup/goldmark/autoid.go`: trimmed, `-` and space to `-`, `_`, letters and digits lower-cased,
    /// all else dropped, empty → `heading`, repeats `-1`, `-2` that skip ids already taken); `{#id}` attributes set the id.
    case hugo
    /// MkDocs with `use_directory_urls` (its default): `page/`, `index.md` and `README.md` as their folder; ids by
    /// Python-Markdown's `toc.slugify` (NFKD, ASCII only, `[^\w\s-]` removed, lower-cased, runs of `-` and spaces to
    /// one `-`), repeats `_1`, `_2` (`toc.unique`); `{#id}` (attr_list) sets the id.
    case mkdocs
    /// Swift-DocC: articles at `documentation/<module>/<article>` (lower-cased); ids by `urlReadableFragment`
    /// (trimmed, runs of whitespace and dashes to one `-`, punctuation and backticks removed, case kept).
    case docc
    /// Pandoc's `auto_identifiers`: `page.html#id`; like github, but `.` kept, everything before the first letter
    /// dropped, empty → `section`, repeats `-1`, `-2`; `{#id}` attributes set the id.
    case pandoc
    /// Docusaurus's docs plugin: extension-less URLs (`guide/setup`), number prefixes dropped from each part
    /// (`01-intro` → `intro`), front matter `id:` replacing the file name and `slug:` the path (a leading `/` from the
    /// docs root, else from the page's folder), `index`/`README`/a file named as its folder published as the folder;
    /// ids by github-slugger, as Docusaurus makes them; `{#id}` sets the id.
    case docusaurus
    /// VitePress: `page.html` (extension-less `page` with `cleanUrls`, written `link_extension: ""`), `index.md` as its
    /// folder; ids by `slugify` of `@mdit-vue/shared` (NFKD, combining marks and control characters removed, runs of
    /// whitespace and ASCII punctuation to one `-`, trimmed of `-`, a leading digit prefixed with `_`, lower-cased),
    /// repeats `-1`, `-2` that skip ids already taken (markdown-it-anchor's `uniqueSlug`); `{#id}` sets the id.
    case vitepress
}

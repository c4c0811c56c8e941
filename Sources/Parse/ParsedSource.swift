import IndexSiteCore
/// What a parser makes of one source: entries, declared sections, the settings a file carries about itself, and problems.
public struct ParsedSource: Sendable {
    /// The entries in source order, ready for the `Sectioner`.
    public var entries: [Entry] = []
    /// The sections a Markdown list's headings declare, in file order, including headings with no items.
    public var declaredSections: [DeclaredSection] = []
    /// The list's own title, when the source names it (a Markdown list's `# Title`).
    public var title: String?
    /// The list's own description, as Markdown (the paragraph under a Markdown list's `# Title`).
    public var description: String?
    /// Settings from the source's front matter, to apply over the site configuration with `SettingsParser.apply(_:to:)`.
    public var settings: SettingsPatch?
    /// The HTML anchors (`<a name>`, `id`) of a Markdown list's HTML blocks before its first section, which the page
    /// leaves out with the blocks: a link to one lands at the top of the page (`InPageLinks`).
    public var topAnchors: [String] = []
    /// Problems found while parsing; entries that could still be read are kept.
    public var diagnostics: [Diagnostic] = []

    /// An empty result, for parsers to fill in.
    public init() {}
}

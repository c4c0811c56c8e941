/// What each kind of source is, in one table: the files read as it, whether its fields are known before its entries
/// are read, how its entries are grouped and which fields they show when the settings do not say. Load, Parse,
/// History, Section and Render ask this table instead of testing kinds one by one, so a new format is one row here,
/// its case in `SourceFormat.parse` (Parse) and its parser (docs/ARCHITECTURE.md, "Adding a source format").
public struct SourceFormat: Sendable {
    /// The fields shown with each entry when `fields` is not set.
    public enum ShownFields: Sendable {
        /// Every plain text field at least half the entries have that is not shown otherwise (a table's columns).
        case plainFields
        /// The columns of the source's own tables (a Markdown list's `| Name | Auth |`).
        case tableColumns
        /// The page a heading stands on (a docs index's `page`).
        case page
        /// None: an entry shows its title, link and description.
        case none
    }

    /// How the History stage knows an entry again in an older version of the source.
    public enum HistoryKey: Sendable {
        /// A list item, by its title and link, in the versions of one file.
        case listItem
        /// A record, by its `id` or title, in the versions of one data file read with the list's parser.
        case record
        /// A file of the folder, by its path.
        case file
        /// None: its entries get no dates.
        case none
    }

    /// The kind of list a source of this format makes.
    public let kind: SourceKind
    /// What a user calls it, in messages ("CSV/TSV").
    public let name: String
    /// The extensions (lower case, without the dot) of files read as this format; empty for a folder source.
    public let extensions: [String]
    /// Whether the names of the fields are known before the entries are read (a CSV header): the settings are then
    /// checked before a large file is parsed at all.
    public let fieldsKnownBeforeParsing: Bool
    /// Whether its entries stand under headings the source declares, which group them when `group_by` is not set.
    public let groupsByDeclaredSections: Bool
    /// The fields shown with each entry when `fields` is not set.
    public let shownFields: ShownFields
    /// Whether its entries are read from a file whose page readers may edit (`edit_url`); a folder has no one page.
    public var isFile: Bool { !extensions.isEmpty }
    /// How the History stage knows an entry again in older versions.
    public let historyKey: HistoryKey
    /// Whether each entry gets a page of its own when `entry_pages` is not set.
    public let entryPagesByDefault: Bool

    /// Every format, in the order their extensions are named to users.
    public static let all: [SourceFormat] = [
        SourceFormat(kind: .csv, name: "CSV/TSV", extensions: ["csv", "tsv", "tab"], fieldsKnownBeforeParsing: true,
                     groupsByDeclaredSections: false, shownFields: .plainFields, historyKey: .record, entryPagesByDefault: false),
        SourceFormat(kind: .json, name: "JSON/YAML", extensions: ["json", "yml", "yaml"], fieldsKnownBeforeParsing: false,
                     groupsByDeclaredSections: false, shownFields: .plainFields, historyKey: .record, entryPagesByDefault: false),
        SourceFormat(kind: .markdownList, name: "Markdown list", extensions: ["md", "markdown", "mdx"], fieldsKnownBeforeParsing: false,
                     groupsByDeclaredSections: true, shownFields: .tableColumns, historyKey: .listItem, entryPagesByDefault: false),
        SourceFormat(kind: .entryFolder, name: "folder of pages", extensions: [], fieldsKnownBeforeParsing: false,
                     groupsByDeclaredSections: false, shownFields: .none, historyKey: .file, entryPagesByDefault: true),
        SourceFormat(kind: .docsIndex, name: "documentation index", extensions: [], fieldsKnownBeforeParsing: false,
                     groupsByDeclaredSections: false, shownFields: .page, historyKey: .none, entryPagesByDefault: false),
    ]

    /// The extensions of every file read as a list, in the order they are named to users.
    public static let listExtensions: [String] = all.flatMap(\.extensions)

    /// The format of a file with this extension (lower case, without the dot), nil when none reads it.
    public static func file(withExtension fileExtension: String) -> SourceFormat? {
        all.first { $0.extensions.contains(fileExtension) }
    }
}

extension SourceKind {
    /// The row of `SourceFormat.all` that describes this kind of source.
    public var format: SourceFormat {
        // Every kind has its row (a test checks).
        SourceFormat.all.first { $0.kind == self }!
    }
}

/// The stable identifier of a kind of problem, printed in brackets after every diagnostic and listed in the README.
/// Codes never change meaning once released: scripts and CI annotations match on them.
public enum DiagnosticCode: String, Sendable, Codable, CaseIterable {
    // Loading the site
    case sourceUnreadable = "source-unreadable"
    case symlinkOutsideSite = "symlink-outside-site"
    case invalidUTF8 = "invalid-utf8"
    case nulByte = "nul-byte"
    case utf16Input = "utf16-input"

    // CSV / TSV
    case csvUnterminatedQuote = "csv-unterminated-quote"
    case csvStrayQuote = "csv-stray-quote"
    case csvRaggedRow = "csv-ragged-row"
    case csvDuplicateHeader = "csv-duplicate-header"
    case csvEmptyHeader = "csv-empty-header"
    case csvNoHeader = "csv-no-header"

    // JSON
    case jsonSyntax = "json-syntax"
    case jsonNotArray = "json-not-array"
    case jsonEntryNotObject = "json-entry-not-object"

    // YAML front matter and configuration
    case yamlSyntax = "yaml-syntax"
    case frontMatterUnclosed = "front-matter-unclosed"
    case duplicateKey = "duplicate-key"
    case unknownSetting = "unknown-setting"
    case badSettingValue = "bad-setting-value"
    case missingSource = "missing-source"
    case unknownSectionInOrder = "unknown-section-in-order"

    // Markdown lists
    case emptyListItem = "empty-list-item"

    // Templates
    case templateSyntax = "template-syntax"
    case templateUnknownKey = "template-unknown-key"
    case templateMissingPartial = "template-missing-partial"

    // Entries
    case missingTitle = "missing-title"
    case duplicateEntry = "duplicate-entry"
    case idCollision = "id-collision"
    case unsafeURL = "unsafe-url"
    case badDate = "bad-date"
    case wrongFieldType = "wrong-field-type"

    // Output
    case outputRefused = "output-refused"
    case outputFailed = "output-failed"
}

import IndexSiteCore

/// The parser of each file format of `SourceFormat.all`: the one place Parse is asked to read a source file, by the
/// list's build and by the History stage reading older versions of it.
extension SourceFormat {
    /// The field names of `file` without reading its entries, for a format whose fields are known before parsing
    /// (`fieldsKnownBeforeParsing`: a CSV header, or the `header` setting); nil for others, or a file without a row.
    public func fieldNames(of file: SourceFile, settings: ListSettings) -> [String]? {
        guard fieldsKnownBeforeParsing else { return nil }
        switch kind {
        case .csv: return CSVParser.configured(by: settings, for: file).fieldNames(file)
        case .json, .markdownList, .entryFolder, .docsIndex: return nil
        }
    }

    /// The entries of one file of this format, read as the list's settings say (a CSV separator, a JSON `items` path).
    /// A folder's formats read their pages in the list's build, with warnings about the folder.
    public func parse(_ file: SourceFile, settings: ListSettings) -> ParsedSource {
        switch kind {
        case .csv: CSVParser.configured(by: settings, for: file).parse(file)
        case .json where file.path.lowercased().hasSuffix(".json"): JSONParser(items: settings.items).parse(file)
        case .json: YAMLDataParser(items: settings.items).parse(file)
        case .markdownList, .entryFolder, .docsIndex: MarkdownListParser().parse(file)
        }
    }
}

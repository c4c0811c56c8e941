import Yams

/// Reads one Markdown entry file of an entry folder: YAML front matter gives the fields, the body is the entry's page.
public struct MarkdownEntryParser: Sendable {
    /// A Markdown entry file parser.
    public init() {}

    /// The entry of one file (its front matter fields, a leading `# Heading` as the title if none is given, the body),
    /// or nil when the front matter cannot be read.
    public func parse(_ file: SourceFile) -> (Entry?, [Diagnostic]) {
        let split = FrontMatterParser.split(file)
        var diagnostics = split.diagnostics
        var fields = FieldRecord()
        if let yaml = split.yaml, case .record(let record) = YAMLReader.fieldValue(yaml.node) {
            fields = record
        }
        let body = String(decoding: split.body, as: UTF8.self)
        if fields["title"] == nil, let heading = MarkdownEntryParser.firstHeading(body) {
            fields.set("title", .text(heading))
        }
        if split.yaml == nil && !split.diagnostics.isEmpty { return (nil, diagnostics) }
        if String(validating: split.body, as: UTF8.self) == nil {
            diagnostics.append(.error(.invalidUTF8, "the file is not valid UTF-8", at: file.location(line: split.bodyLineOffset + 1)))
        }
        var entry = Entry(fields: fields, location: file.location(line: 1), body: body)
        if let yaml = split.yaml, case .mapping(let mapping) = yaml.node {
            for (key, value) in mapping { entry.fieldLocations[key.string ?? ""] = yaml.location(of: value) }
        }
        return (entry, diagnostics)
    }

    /// The text of a leading `# Heading` line, used as the title when the front matter has none.
    static func firstHeading(_ body: String) -> String? {
        for line in body.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("# ") else { return nil }
            return String(trimmed.dropFirst(2)).trimmingSpaces
        }
        return nil
    }
}

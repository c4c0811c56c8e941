import Yams
import IndexSiteCore

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
        // A file that names itself nowhere still has a title: its opening heading, else its file name made readable
        // (documentation pages often open with `## Hello, Cargo!`); never a path, never an error per file.
        if fields["title"] == nil {
            fields.set("title", .text(MarkdownEntryParser.firstHeading(body) ?? FileTitle.from(path: file.path)))
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

    /// The text of an ATX heading (`# Title`, `## Title`, …) on the body's first line that is not blank, used as the
    /// title when the front matter has none.
    static func firstHeading(_ body: String) -> String? {
        for line in body.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            let marks = trimmed.prefix { $0 == "#" }
            guard (1...6).contains(marks.count), trimmed.dropFirst(marks.count).first == " " else { return nil }
            let text = String(trimmed.dropFirst(marks.count)).trimmingSpaces
            return text.isEmpty ? nil : text
        }
        return nil
    }
}

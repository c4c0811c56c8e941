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
        var body = String(decoding: split.body, as: UTF8.self)
        // A file that names itself nowhere still has a title: its opening heading, else its file name made readable
        // (documentation pages often open with `## Hello, Cargo!`); never a path, never an error per file.
        let dated = MarkdownEntryParser.fileNameDate(file.path)
        if fields["title"] == nil {
            fields.set("title", .text(MarkdownEntryParser.firstHeading(body) ?? FileTitle.from(path: dated?.rest ?? file.path)))
        }
        // Jekyll's `_posts/2014-05-06-jekyll-turns-2-0-0.markdown`, Docusaurus and Hugo blogs: the name dates the post.
        var datedByName = false
        if fields["date"] == nil, let dated {
            fields.set("date", .text(dated.date))
            datedByName = true
        }
        // The page prints the title: a leading heading that says the same is not printed again below it.
        if let title = fields["title"]?.displayText.trimmingSpaces, let heading = MarkdownEntryParser.firstHeadingLine(body),
           MarkdownEntryParser.firstHeading(String(body[heading])) == title {
            body.replaceSubrange(heading, with: "")
        }
        if split.yaml == nil && !split.diagnostics.isEmpty { return (nil, diagnostics) }
        if String(validating: split.body, as: UTF8.self) == nil {
            diagnostics.append(.error(.invalidUTF8, "the file is not valid UTF-8", at: file.location(line: split.bodyLineOffset + 1)))
        }
        var entry = Entry(fields: fields, location: file.location(line: 1), body: body)
        if let yaml = split.yaml, case .mapping(let mapping) = yaml.node {
            for (key, value) in mapping { entry.fieldLocations[key.string ?? ""] = yaml.location(of: value) }
        }
        if datedByName { entry.fieldLocations["date"] = file.location(line: 1) }
        return (entry, diagnostics)
    }

    /// The date a file's name starts with (`2015-08-14-Next-year.md` → "2015-08-14", a real calendar date followed by
    /// `-` or the extension) and the path with the date taken off its name, to title it by the rest.
    static func fileNameDate(_ path: String) -> (date: String, rest: String)? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let bytes = Array(name.utf8)
        guard bytes.count >= 10 else { return nil }
        for index in 0..<10 {
            let byte = bytes[index]
            let isDash = index == 4 || index == 7
            guard isDash ? byte == UInt8(ascii: "-") : (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else { return nil }
        }
        guard bytes.count == 10 || bytes[10] == UInt8(ascii: "-") || bytes[10] == UInt8(ascii: ".") else { return nil }
        let year = Int(String(decoding: bytes[0..<4], as: UTF8.self)) ?? 0
        let month = Int(String(decoding: bytes[5..<7], as: UTF8.self)) ?? 0
        let day = Int(String(decoding: bytes[8..<10], as: UTF8.self)) ?? 0
        let days = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard year >= 1, (1...12).contains(month), (1...days[month - 1]).contains(day) else { return nil }
        let restName = bytes.count > 11 && bytes[10] == UInt8(ascii: "-") ? String(decoding: bytes[11...], as: UTF8.self) : name
        let folder = String(decoding: path.utf8.dropLast(name.utf8.count), as: UTF8.self)
        return (String(decoding: bytes[0..<10], as: UTF8.self), folder + restName)
    }

    /// The range of the body's first line that is not blank, when it is an ATX heading (without its line break, so the
    /// lines after it keep their numbers).
    static func firstHeadingLine(_ body: String) -> Range<String.Index>? {
        var start = body.startIndex
        while start < body.endIndex {
            let end = body[start...].firstIndex(of: "\n") ?? body.endIndex
            let line = body[start..<end]
            if !line.trimmingSpaces.isEmpty {
                return line.trimmingSpaces.hasPrefix("#") ? start..<end : nil
            }
            start = end < body.endIndex ? body.index(after: end) : end
        }
        return nil
    }

    /// The text of an ATX heading (`# Title`, `## Title`, …) on the body's first line that is not blank, used as the
    /// title when the front matter has none.
    static func firstHeading(_ body: String) -> String? {
        for line in body.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            let marks = trimmed.prefix { $0 == "#" }
            guard (1...6).contains(marks.count), trimmed.dropFirst(marks.count).first == " " else { return nil }
            var text = String(trimmed.dropFirst(marks.count)).trimmingSpaces
            // A closing sequence of `#`s is not part of the heading (`## Title ##`).
            if text.hasSuffix("#"), let last = text.lastIndex(where: { $0 != "#" }), text[last] == " " { text = String(text[..<last]).trimmingSpaces }
            if let (visible, _) = DocsIndexParser.headingAttributes(text) { text = visible }
            text = MarkdownEntryParser.plainHeadingText(text)
            return text.isEmpty ? nil : text
        }
        return nil
    }

    /// A heading's inline Markdown as the reader sees it (`` `typescript-eslint` `` → "typescript-eslint",
    /// `\_Store<Id\>` → "_Store<Id>", `<Badge text="beta" />` left out): a title is plain text on every page, in
    /// `<title>` and in entries.json. Read as a heading, so "1. Intro" is not taken for a list.
    static func plainHeadingText(_ markdown: String) -> String {
        guard markdown.contains(where: { "`*_[]<>\\&!~".contains($0) }) else { return markdown }
        var text = markdown
        CommonMark.withDocument(Array(("# " + markdown).utf8)) { document in
            for block in document.children where block.kind == .heading {
                text = MarkdownText.plain(block)
                break
            }
        }
        return text
    }
}

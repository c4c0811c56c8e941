/// Reads a folder of Markdown documentation into a general index, like Sphinx's: every heading of every page is an
/// entry linking to `page.html#heading-id` (ids made the way the docs' own generator makes them), and the terms a
/// page lists under `index:` in its front matter are entries too, "Main, sub" terms nested under their main term.
public struct DocsIndexParser: Sendable {
    /// How the documentation's generator turns heading text into ids.
    public enum HeadingIDStyle: String, Sendable, Hashable, CaseIterable {
        /// github-slugger, as GitHub, VitePress and many others do: lower-case, punctuation dropped, spaces to `-`, repeats `-1`, `-2`.
        case github
        /// Pandoc's `auto_identifiers`: like github, but leading characters before the first letter are dropped and repeats get `-1`.
        case pandoc
    }

    /// How the docs' generator makes heading ids, so links land on the headings.
    public var headingIDs: HeadingIDStyle
    /// What a page's `.md` becomes in links (`.html`; empty keeps `.md`).
    public var linkExtension: String
    /// Prefixed to every link, e.g. `https://docs.example.org/` or `../docs/`.
    public var linkBase: String

    /// A parser for docs published with GitHub-style heading ids as `.html` pages beside the index, unless told otherwise.
    public init(headingIDs: HeadingIDStyle = .github, linkExtension: String = ".html", linkBase: String = "") {
        self.headingIDs = headingIDs
        self.linkExtension = linkExtension
        self.linkBase = linkBase
    }

    /// Parses every page of the folder; `folder` is the source's path, so links are relative to it.
    public func parse(_ files: [SourceFile], folder: String) -> ParsedSource {
        var parsed = ParsedSource()
        var termEntries: [String: Int] = [:]
        for file in files {
            let split = FrontMatterParser.split(file)
            parsed.diagnostics += split.diagnostics
            let link = linkBase + pageLink(file.path, folder: folder)
            var frontMatter = FieldRecord()
            if let yaml = split.yaml, case .record(let record) = YAMLReader.fieldValue(yaml.node) { frontMatter = record }
            var headings: [(level: Int, text: String, line: Int)] = []
            CommonMark.withDocument(Array(split.body)) { document in
                for block in document.children where block.kind == .heading {
                    headings.append((block.headingLevel, MarkdownText.plain(block), block.startLine + split.bodyLineOffset))
                }
            }
            let pageTitle = frontMatter["title"]?.displayText ?? headings.first { $0.level == 1 }?.text ?? file.path
            var used: [String: Int] = [:]
            for heading in headings where !heading.text.isEmpty {
                let anchor = uniqueID(for: heading.text, used: &used)
                let isPageTitle = heading.level == 1 && heading.text == pageTitle
                let fields = FieldRecord(names: ["title", "url", "page"],
                                         values: [.text(heading.text), .text(isPageTitle ? link : link + "#" + anchor), .text(pageTitle)])
                parsed.entries.append(Entry(fields: fields, location: file.location(line: heading.line)))
            }
            // Index terms: "Collation" or "Collation, locale" (a sub-entry under its main term).
            for term in frontMatter["index"]?.texts ?? [] {
                let parts = term.split(separator: ",", maxSplits: 1).map { $0.trimmingSpaces }
                guard let main = parts.first, !main.isEmpty else { continue }
                let location = file.location(line: 2)
                let index: Int
                if let existing = termEntries[main] {
                    index = existing
                } else {
                    index = parsed.entries.count
                    termEntries[main] = index
                    parsed.entries.append(Entry(fields: FieldRecord(names: ["title", "url", "page"], values: [.text(main), .text(parts.count > 1 ? "" : link), .text(parts.count > 1 ? "" : pageTitle)]),
                                                location: location))
                }
                if parts.count > 1 {
                    let child = Entry(fields: FieldRecord(names: ["title", "url", "page"], values: [.text(parts[1]), .text(link), .text(pageTitle)]),
                                      location: location)
                    parsed.entries[index].children.append(child)
                }
            }
        }
        return parsed
    }

    /// The link to a page from the list: its path inside the folder, with `.md` replaced by the link extension.
    func pageLink(_ path: String, folder: String) -> String {
        var relative = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
        if !linkExtension.isEmpty, let dot = relative.lastIndex(of: "."), relative[dot...].lowercased().hasPrefix(".md") {
            relative = String(relative[..<dot]) + linkExtension
        }
        return relative.split(separator: "/").map { String($0).percentEncoded }.joined(separator: "/")
    }

    func uniqueID(for text: String, used: inout [String: Int]) -> String {
        let base = DocsIndexParser.slug(text, style: headingIDs)
        guard let count = used[base] else {
            used[base] = 1
            return base
        }
        used[base] = count + 1
        return "\(base)-\(count)"
    }

    /// The id a documentation generator gives a heading.
    public static func slug(_ text: String, style: HeadingIDStyle) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                out.append("-")
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                out.unicodeScalars.append(scalar)
            } else if style == .pandoc, scalar == "." {
                out.append(".")
            }
        }
        if style == .pandoc {
            while let first = out.unicodeScalars.first, !first.properties.isAlphabetic { out.unicodeScalars.removeFirst() }
            if out.isEmpty { out = "section" }
        }
        return out
    }
}

import Foundation
import Yams
import IndexSiteCollation
import IndexSiteCore

/// Reads a folder of Markdown documentation into an index that reads like the back of a book: one entry per distinct
/// term (a page title, a heading, a front matter `index:` term), merged case- and accent-insensitively under the list's
/// collation; a term found on several pages lists those pages beneath it, each labelled by its page title and linking
/// to the heading there, the way the docs' own tool publishes it (`DocsLinkStyle`).
public struct DocsIndexParser: Sendable {
    /// How the docs' generator makes heading ids (kept as a name for `heading_ids`).
    public typealias HeadingIDStyle = DocsLinkStyle

    /// How the docs' tool publishes pages: their URLs, and heading ids unless `headingIDs` says otherwise.
    /// `nil` keeps IndexSite's historical default: `page.html` links with github ids.
    public var linkStyle: DocsLinkStyle?
    /// How the docs' generator makes heading ids; `nil` follows `linkStyle` (github without one).
    public var headingIDs: DocsLinkStyle?
    /// What a page's `.md` becomes in links with the github or pandoc style (or none); `nil` is the style's own.
    public var linkExtension: String?
    /// Prefixed to every link, e.g. `https://docs.example.org/` or `../docs/`.
    public var linkBase: String
    /// The list's locale: terms are merged when its collation sees no difference beyond case and accents.
    public var locale: String

    /// A parser for docs published by `linkStyle` (or as `.html` pages with github ids), linked from `linkBase`.
    public init(linkStyle: DocsLinkStyle? = nil, headingIDs: DocsLinkStyle? = nil, linkExtension: String? = nil, linkBase: String = "",
                locale: String = "en") {
        self.linkStyle = linkStyle
        self.headingIDs = headingIDs
        self.linkExtension = linkExtension
        self.linkBase = linkBase
        self.locale = locale
    }

    /// The style heading ids are made in.
    var idStyle: DocsLinkStyle { headingIDs ?? linkStyle ?? .github }

    /// Parses every page of the folder; `folder` is the source's path, so links are relative to it.
    public func parse(_ files: [SourceFile], folder: String) -> ParsedSource {
        var parsed = ParsedSource()
        let collator = try? Collator(locale: locale)
        var index = DocsTermIndex(collator: collator)
        let navigation = DocsNavigation(files: files, folder: folder)
        let leafBundles = Set(files.compactMap { file -> String? in
            guard file.path.hasSuffix("/index.md"), file.path.hasPrefix(folder + "/") else { return nil }
            return String(file.path.dropFirst(folder.count + 1).dropLast("index.md".count))
        })
        // Pages are read on every core (cmark and the id rules need nothing but the page); terms are merged in order.
        let read = Engine.current.orderedMap(count: files.count) { position -> (String, DocsPage?, [Diagnostic]) in
            let file = files[position]
            let relative = file.path.hasPrefix(folder + "/") ? String(file.path.dropFirst(folder.count + 1)) : file.path
            // mdBook publishes the chapters SUMMARY.md lists; SUMMARY.md itself is the book's table of contents, not a page.
            if linkStyle == .mdbook, relative == DocsNavigation.mdBookSummary { return (relative, nil, []) }
            // In a Hugo leaf bundle (a folder with index.md) the other Markdown files are the page's resources, not pages.
            if linkStyle == .hugo, DocsIndexParser.isInsideLeafBundle(relative, bundles: leafBundles) { return (relative, nil, []) }
            var diagnostics: [Diagnostic] = []
            let page = readPage(file, relative: relative, folder: folder, navigation: navigation, diagnostics: &diagnostics)
            return (relative, page, diagnostics)
        }
        var pages: [(String, DocsPage)] = []
        for (relative, page, diagnostics) in read {
            parsed.diagnostics += diagnostics
            if let page { pages.append((relative, page)) }
        }
        // Hugo renders nothing below a section whose _index.md cascades `build: {render: never}` (as hugoDocs' _common/).
        let unrendered = pages.filter { $0.1.cascadesNoRender }.map { $0.0.split(separator: "/").dropLast().map { $0 + "/" }.joined() }
        for (relative, page) in pages where page.rendered && !unrendered.contains(where: { relative.hasPrefix($0) }) {
            index.add(page)
        }
        parsed.diagnostics += index.check()
        parsed.entries = index.entries()
        return parsed
    }

    /// One page: its title, URL, headings with the ids its tool gives them, and its authored index terms.
    func readPage(_ file: SourceFile, relative: String, folder: String, navigation: DocsNavigation,
                  diagnostics: inout [Diagnostic]) -> DocsPage? {
        var split = FrontMatterParser.split(file)
        diagnostics += split.diagnostics
        var frontMatter = FieldRecord()
        if let yaml = split.yaml, case .record(let record) = YAMLReader.fieldValue(yaml.node) { frontMatter = record }
        // Hugo sites often write their front matter in TOML, between `+++` lines.
        if split.yaml == nil, let toml = TOMLFrontMatter(file.bytes) {
            frontMatter = toml.fields
            split.body = file.bytes[toml.bodyStart...]
            split.bodyLineOffset = toml.bodyLineOffset
        }
        var headings: [DocsPage.Heading] = []
        var used: [String: Int] = [:]
        let style = idStyle
        CommonMark.withDocument(Array(split.body)) { document in
            for block in document.children where block.kind == .heading {
                var text = MarkdownText.plain(block)
                var customID: String?
                // Every tool people write `{#id}` for honours it: the id is the heading's, in any link style.
                if let (visible, id) = DocsIndexParser.headingAttributes(text) {
                    text = visible
                    customID = id
                }
                guard !text.isEmpty || customID != nil else { continue }
                let id: String
                if let customID {
                    id = customID
                    used[customID, default: 0] += 1
                } else {
                    id = style.uniqueID(style.baseID(text), used: &used)
                }
                headings.append(DocsPage.Heading(level: block.headingLevel, text: text, id: id,
                                                 location: file.location(line: block.startLine + split.bodyLineOffset)))
            }
        }
        var title = frontMatter["title"]?.displayText.trimmingSpaces ?? ""
        if let (visible, _) = DocsIndexParser.headingAttributes(title) { title = visible }
        var titleHeading: Int?
        if title.isEmpty, let first = headings.firstIndex(where: { $0.level == 1 && !$0.text.isEmpty }) {
            title = headings[first].text
            titleHeading = first
        } else if let first = headings.firstIndex(where: { $0.level == 1 }), headings[first].text == title {
            titleHeading = first
        }
        if title.isEmpty { title = navigation.titles[relative] ?? "" }
        if title.isEmpty { title = FileTitle.from(path: relative) }
        let path = pageURL(relative, frontMatter: frontMatter, folder: folder)
        // The site root ("./") is link_base itself.
        let url = path == "./" && !linkBase.isEmpty ? linkBase : linkBase + path
        var page = DocsPage(title: title, url: url, location: file.location(line: 1), headings: headings, titleHeading: titleHeading)
        page.readAuthoredTerms(frontMatter, yaml: split.yaml)
        if linkStyle == .hugo { page.readHugoPublishing(frontMatter, isSection: relative.hasSuffix("_index.md")) }
        return page
    }

    /// A heading's trailing `{#id …}` attribute block: the heading's visible text and the id, or nil when there is none.
    static func headingAttributeID(_ text: String) -> (String, String)? {
        guard let (visible, id) = headingAttributes(text), let id else { return nil }
        return (visible, id)
    }

    /// A heading's trailing attribute block, as Pandoc, Docusaurus, VitePress and MkDocs write it (`{#id}`,
    /// `{ #id .class }`, `{.class}`, and `%{#id}%` where VitePress's delimiters are changed): the visible text and the
    /// id when the block names one; nil when the heading has no such block. Never part of a title.
    static func headingAttributes(_ text: String) -> (visible: String, id: String?)? {
        var body = Substring(text.trimmingSpaces)
        var percent = false
        if body.hasSuffix("}%") {
            body = body.dropLast()
            percent = true
        }
        guard body.hasSuffix("}"), let open = body.range(of: "{", options: .backwards) else { return nil }
        var before = body[..<open.lowerBound]
        if percent {
            guard before.hasSuffix("%") else { return nil }
            before = before.dropLast()
        }
        // Spaces inside a quoted value (`data-toc-label="Default value"`) do not part attributes.
        var parts: [Substring] = []
        var quote: Character?
        var start = open.upperBound
        let inner = body[open.upperBound..<body.index(before: body.endIndex)]
        for index in inner.indices {
            let character = inner[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " {
                if start < index { parts.append(inner[start..<index]) }
                start = inner.index(after: index)
            }
        }
        guard quote == nil else { return nil }
        if start < inner.endIndex { parts.append(inner[start...]) }
        // Only attributes: ids, classes and key=value pairs (so `{a, b}` in prose stays).
        guard !parts.isEmpty, parts.allSatisfy({ $0.hasPrefix("#") || $0.hasPrefix(".") || $0.contains("=") }) else { return nil }
        let id = parts.first { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
        return (String(before).trimmingSpaces, id?.isEmpty == true ? nil : id)
    }

    /// Where the docs' tool publishes the page at `relative` (inside the docs folder), relative to `link_base`.
    func pageURL(_ relative: String, frontMatter: FieldRecord, folder: String) -> String {
        var components = relative.split(separator: "/").map(String.init)
        let fileName = components.popLast() ?? relative
        var stem = fileName
        if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex { stem = String(fileName[..<dot]) }
        let isFolderIndex = ["index", "_index", "readme"].contains(stem.lowercased())
        func encoded(_ parts: [String]) -> String { parts.map(\.percentEncoded).joined(separator: "/") }
        switch linkStyle {
        case .mdbook:
            // mdBook's index preprocessor publishes README.md as index.html; every chapter.md as chapter.html.
            return encoded(components + [(stem.lowercased() == "readme" ? "index" : stem) + ".html"])
        case .hugo:
            // A `url` is the page's whole path below the site root; a `slug` replaces the file name.
            if let url = frontMatter["url"]?.displayText.trimmingSpaces, !url.isEmpty {
                return encoded(url.split(separator: "/").map(String.init)) + (url.hasSuffix("/") || !url.contains(".") ? "/" : "")
            }
            var parts = components
            if let slug = frontMatter["slug"]?.displayText.trimmingSpaces, !slug.isEmpty, stem != "_index" {
                parts.append(slug)
            } else if !(stem == "index" || stem == "_index") {
                parts.append(stem)
            }
            // Hugo lower-cases paths (disablePathToLower: false) and makes spaces dashes (urlize).
            let lowered = parts.map { $0.lowercased().replacingOccurrences(of: " ", with: "-") }
            return lowered.isEmpty ? "./" : encoded(lowered) + "/"
        case .mkdocs:
            // use_directory_urls: page.md → page/, index.md and README.md → their folder.
            let parts = isFolderIndex && stem.lowercased() != "_index" ? components : components + [stem]
            return parts.isEmpty ? "./" : encoded(parts) + "/"
        case .docc:
            // Articles live at documentation/<module>/<article>; DocC writes its paths lower-cased.
            var module = folder.split(separator: "/").last.map(String.init) ?? "documentation"
            if module.lowercased().hasSuffix(".docc") { module = String(module.dropLast(5)) }
            let path = ["documentation", module.lowercased(), stem.lowercased()].map { $0.replacingOccurrences(of: " ", with: "-") }
            return encoded(path)
        case .docusaurus:
            return DocsIndexParser.docusaurusPath(components: components, stem: stem, frontMatter: frontMatter).map(\.percentEncoded).joined(separator: "/")
        case .vitepress:
            // `guide/index.md` is `guide/`; every other page `page.html`, or `page` with `cleanUrls` (`link_extension: ""`).
            if stem == "index" { return components.isEmpty ? "./" : encoded(components) + "/" }
            return encoded(components + [stem + (linkExtension ?? ".html")])
        case .github, .pandoc, nil:
            let fallback = linkStyle == .github ? ".md" : ".html"
            // `link_extension: ""` publishes pages without an extension (`guide/setup`).
            let extensionText = linkExtension ?? fallback
            let lowered = fileName.lowercased()
            let name = stem != fileName && (lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") || lowered.hasSuffix(".mdx"))
                ? stem + extensionText : fileName
            // A `/` extension makes folder URLs (`page/`): the slash is the point, so it is kept.
            let trailingSlash = name.hasSuffix("/")
            return encoded(components + name.split(separator: "/").map(String.init)) + (trailingSlash ? "/" : "")
        }
    }
}

extension DocsIndexParser {
    /// The parts of a page's path as Docusaurus publishes it (below the docs' route), from its folder parts and file
    /// stem: `slug:` wins (from the docs root with a leading `/`, else from the page's folder), then `id:` for the
    /// file name; number prefixes (`01-intro`, `2. guide`) are dropped, and a page named `index`, `README` or as its
    /// folder is the folder. A trailing `/` written in a slug is kept (as an empty last part).
    static func docusaurusPath(components: [String], stem: String, frontMatter: FieldRecord) -> [String] {
        let folders = components.map(withoutNumberPrefix)
        if let slug = frontMatter["slug"]?.displayText.trimmingSpaces, !slug.isEmpty {
            let parts = slug.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let inner = parts.drop { $0.isEmpty }
            let path = slug.hasPrefix("/") ? Array(inner) : folders + inner
            return path.isEmpty ? [""] : path
        }
        let name = frontMatter["id"]?.displayText.trimmingSpaces.nonEmpty ?? withoutNumberPrefix(stem)
        if ["index", "readme"].contains(name.lowercased()) || name.lowercased() == folders.last?.lowercased() {
            return folders.isEmpty ? [""] : folders
        }
        return folders + [name]
    }

    /// `01-intro` → `intro`, `2. Guide` → `Guide`, as Docusaurus's number prefix parser drops them; other names stay.
    static func withoutNumberPrefix(_ name: String) -> String {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return name }
        var rest = name.dropFirst(digits.count)
        guard let separator = rest.first, "-_. ".contains(separator) else { return name }
        rest = rest.dropFirst().drop { $0 == " " }
        return rest.isEmpty ? name : String(rest)
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

/// Page titles that a tool's navigation file gives: mdBook's `SUMMARY.md` (`[Title](chapter.md)` links).
struct DocsNavigation {
    static let mdBookSummary = "SUMMARY.md"
    /// Title by the page's path inside the docs folder.
    var titles: [String: String] = [:]

    init(files: [SourceFile], folder: String) {
        guard let summary = files.first(where: { $0.path == folder + "/" + DocsNavigation.mdBookSummary }) else { return }
        let text = String(decoding: summary.bytes, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            // `- [Title](path.md)` or `[Title](path.md)`: the link text is the chapter's name in the book.
            guard let open = line.firstIndex(of: "["), let middle = line.range(of: "](", range: open..<line.endIndex),
                  let close = line[middle.upperBound...].firstIndex(of: ")") else { continue }
            let title = String(line[line.index(after: open)..<middle.lowerBound]).trimmingSpaces
            var target = String(line[middle.upperBound..<close]).trimmingSpaces
            if target.hasPrefix("./") { target.removeFirst(2) }
            if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
            if !title.isEmpty, !target.isEmpty, titles[target] == nil {
                titles[target.removingPercentEncoding ?? target] = DocsNavigation.plainText(ofMarkdown: title)
            }
        }
    }
}

/// One page of the docs, as the index needs it.
struct DocsPage {
    struct Heading {
        var level: Int
        var text: String
        var id: String
        var location: SourceLocation
    }

    /// A term the page's front matter names, with the line of the key it came from.
    struct AuthoredTerm {
        var path: [String]
        var location: SourceLocation
    }

    var title: String
    var url: String
    var location: SourceLocation
    var headings: [Heading]
    /// The heading that gave the page its title (or repeats it): it is the page's own entry, not another term.
    var titleHeading: Int?
    var indexTerms: [AuthoredTerm] = []
    /// `see:` term → target terms.
    var see: [(term: String, targets: [String], location: SourceLocation)] = []
    var seeAlso: [(term: String, targets: [String], location: SourceLocation)] = []
    /// `main: true` (every term of the page) or a list of the terms this page defines.
    var mainTerms: Set<String> = []
    var mainForAll = false
    /// Whether the docs' tool publishes the page at all (Hugo: not drafts, headless or `render: never` pages).
    var rendered = true
    /// A Hugo section that hides all its pages (`cascade: {build: {render: never}}`).
    var cascadesNoRender = false

    /// Reads `index:`, `see:`, `see_also:` and `main:` from the front matter.
    mutating func readAuthoredTerms(_ frontMatter: FieldRecord, yaml: YAMLBlock?) {
        let pageLocation = self.location
        func keyLocation(_ key: String) -> SourceLocation {
            if let yaml, let mapping = yaml.node.mapping {
                for (name, _) in mapping where name.string == key { return yaml.location(of: name) }
            }
            return pageLocation
        }
        if let terms = frontMatter["index"] {
            let at = keyLocation("index")
            for term in terms.texts {
                // "Collation; locale" is the sub-entry "locale" under "Collation".
                let path = term.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
                if !path.isEmpty { indexTerms.append(AuthoredTerm(path: path, location: at)) }
            }
        }
        func references(_ key: String) -> [(String, [String], SourceLocation)] {
            guard case .record(let record)? = frontMatter[key] else { return [] }
            let at = keyLocation(key)
            // Each reference is reported at its own line: the term's key inside the `see:` mapping.
            var lines: [String: SourceLocation] = [:]
            if let yaml, let mapping = yaml.node.mapping, let inner = mapping.first(where: { $0.key.string == key })?.value.mapping {
                for (name, _) in inner { if let text = name.string { lines[text] = yaml.location(of: name) } }
            }
            return zip(record.names, record.values).map { ($0.trimmingSpaces, $1.texts.map(\.trimmingSpaces).filter { !$0.isEmpty }, lines[$0] ?? at) }
        }
        see = references("see").map { (term: $0.0, targets: $0.1, location: $0.2) }
        seeAlso = references("see_also").map { (term: $0.0, targets: $0.1, location: $0.2) }
        switch frontMatter["main"] {
        case .text(let flag)?: mainForAll = ["true", "yes"].contains(flag.lowercased())
        case .list?: mainTerms = Set(frontMatter["main"]?.texts ?? [])
        default: break
        }
    }
}

extension DocsIndexParser {
    /// The one warning a docs index without `link_base` gets: where its links will point, with an example.
    package static func relativeLinksWarning(example: String, listSlug: String, at location: SourceLocation) -> Diagnostic {
        let page = example.split(separator: "#", maxSplits: 1).first.map(String.init) ?? example
        return .warning(.docsLinksRelative,
                        "link_base is not set, so links to the docs are relative to the index page: '\(example)' points at "
                            + "\(listSlug)/\(page) in the output, where IndexSite builds no page",
                        at: location, hint: "set link_base to where the docs are published, e.g. https://docs.example.org/ or ../book/")
    }
}

extension DocsNavigation {
    /// A navigation title as readers see it: "Using `Box<T>`" → "Using Box<T>".
    static func plainText(ofMarkdown title: String) -> String {
        var text = title
        CommonMark.withDocument(Array(title.utf8)) { document in
            for block in document.children { text = MarkdownText.plain(block); break }
        }
        return text
    }
}

extension DocsIndexParser {
    /// Whether `relative` lies in a Hugo leaf bundle (`bundles` are folder prefixes like `about/`), without being its index.md.
    static func isInsideLeafBundle(_ relative: String, bundles: Set<String>) -> Bool {
        guard !bundles.isEmpty else { return false }
        var prefix = ""
        for part in relative.split(separator: "/").dropLast() {
            prefix += part + "/"
            if bundles.contains(prefix) { return relative != prefix + "index.md" }
        }
        // A root index.md makes the whole folder one bundle in Hugo only for the home page's resources; keep pages.
        return false
    }
}

extension DocsPage {
    /// Hugo's reasons not to publish a page: `draft: true`, `headless: true`, `build: {render: never}` (also as
    /// `_build`), and on a section's `_index.md` the same under `cascade:`, which hides the section's pages.
    mutating func readHugoPublishing(_ frontMatter: FieldRecord, isSection: Bool) {
        func isTrue(_ value: FieldValue?) -> Bool { ["true", "yes"].contains(value?.displayText.lowercased() ?? "") }
        func neverRenders(_ record: FieldRecord) -> Bool {
            for key in ["build", "_build"] {
                if case .record(let build)? = record[key], ["never", "false"].contains(build["render"]?.displayText.lowercased() ?? "") { return true }
            }
            return false
        }
        if isTrue(frontMatter["draft"]) || isTrue(frontMatter["headless"]) || neverRenders(frontMatter) { rendered = false }
        guard isSection else { return }
        switch frontMatter["cascade"] {
        case .record(let cascade)?: cascadesNoRender = neverRenders(cascade)
        case .list(let items)?:
            cascadesNoRender = items.contains { item in
                guard case .record(let cascade) = item, cascade["target"] == nil, cascade["_target"] == nil else { return false }
                return neverRenders(cascade)
            }
        default: break
        }
        if cascadesNoRender { rendered = false }
    }
}

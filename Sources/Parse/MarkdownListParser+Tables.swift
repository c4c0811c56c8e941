import IndexSiteCore
extension MarkdownListParser {
    /// A GitHub table in a Markdown list read as entries: a directory kept as one table per category (`| API |
    /// Description | Auth |`, a row per API) is a list of things, as its list items would be.
    ///
    /// The rule: a table is a list of entries when at least half of its body rows hold a link (not a badge, not a
    /// link to an `#anchor` of the page); then every body row is an entry. The row's first such link gives the
    /// title and url; a row with no link is titled by its first non-empty cell. The cell under a `Description`
    /// header is the description (Markdown); every other cell is a field named by its header, holding the cell's
    /// text as a reader sees it (`apiKey` for `` `apiKey` ``); a cell that holds links is also added to the
    /// description as `**Header**: …`, so no link is lost. Any other table (a comparison matrix, a table of
    /// contents, settings without links) stays prose of its section and is rendered as a table.
    enum TableEntries {
        /// One body row as an entry's fields, with the source line it was read from.
        struct Row {
            var names: [String]
            var values: [FieldValue]
            var line: Int
        }

        /// What a paragraph holding a table is read as: the Markdown of its lines above the header row (a paragraph
        /// may run straight into a table), and the rows.
        struct Table {
            var above: String?
            var rows: [Row]
        }

        /// Field names an entry of a Markdown list has already: a header with one of these names gets `table_` before it.
        static let reservedNames: Set<String> = ["title", "url", "description", "category", "done", "id"]

        /// Whether a paragraph has a `|` in its text, as every table does: only then are its lines read again.
        static func mayHoldTable(_ paragraph: MarkdownNode) -> Bool {
            paragraph.children.contains { node in
                node.kind == .text && node.withLiteral { $0.contains(UInt8(ascii: "|")) }
            }
        }

        /// The table in `paragraph` read as entries, or nil when the paragraph holds no table or its table is not a
        /// list of things (see the rule above).
        static func read(_ paragraph: MarkdownNode, lines: GitHubMarkdown.SourceLines) -> Table? {
            let first = paragraph.startLine
            let last = paragraph.endLine
            guard first >= 1, last > first else { return nil }
            let rows = GFMTables.sourceRows(of: paragraph, first: first, last: last, lines: lines)
            for header in 0..<(rows.count - 1) {
                guard let alignments = GFMTables.delimiterRow(rows[header + 1]) else { continue }
                let headerCells = GFMTables.cells(of: rows[header])
                guard headerCells.count == alignments.count else { continue }
                let bodyLines = Array(rows.dropFirst(header + 2))
                guard !bodyLines.isEmpty else { return nil }
                let body = bodyLines.map { GFMTables.cells(of: $0) }
                let table = readCells(header: headerCells, body: body, firstLine: first + header + 2)
                guard let table else { return nil }
                let above = header > 0 ? String(decoding: Array(rows[0..<header].joined(separator: [UInt8(ascii: "\n")])), as: UTF8.self) : nil
                return Table(above: above, rows: table)
            }
            return nil
        }

        /// The cells of a table parsed as inlines in one fragment (each cell a paragraph of its own, after "x " so
        /// that a cell like `# a` or `- b` stays text), and read into rows; nil when too few rows hold a link.
        static func readCells(header: [[UInt8]], body: [[[UInt8]]], firstLine: Int) -> [Row]? {
            let width = header.count
            var fragment: [UInt8] = []
            for cell in header + body.flatMap({ row in (0..<width).map { $0 < row.count ? row[$0] : [] } }) {
                fragment += "x ".utf8
                fragment += cell
                fragment += "\n\n".utf8
            }
            return CommonMark.withFragment(fragment) { root -> [Row]? in
                var paragraphs: [MarkdownNode] = []
                paragraphs.reserveCapacity((body.count + 1) * width)
                for block in root.children where block.kind == .paragraph {
                    if let text = block.firstChild, text.kind == .text {
                        let literal = text.literalBytes
                        if literal.count <= 2 { text.delete() } else { text.setLiteral(literal.dropFirst(2)) }
                    }
                    paragraphs.append(block)
                }
                guard paragraphs.count == (body.count + 1) * width else { return nil }
                let names = (0..<width).map { fieldName(MarkdownText.plain(paragraphs[$0])) }
                var linked = 0
                var rows: [Row] = []
                rows.reserveCapacity(body.count)
                for index in body.indices {
                    let cells = Array(paragraphs[(index + 1) * width..<(index + 2) * width])
                    let row = self.row(cells, names: names, line: firstLine + index)
                    if row.linked { linked += 1 }
                    if let entry = row.entry { rows.append(entry) }
                }
                guard linked > 0, 2 * linked >= body.count else { return nil }
                return rows
            }
        }

        /// The field name a header cell gives its column: the header's text with spaces and dots as `_`
        /// (`Rate Limit` → `Rate_Limit`, shown as "Rate limit"); `Description` names the description.
        static func fieldName(_ header: String) -> String {
            if header.lowercased() == "description" { return "description" }
            var name = String(header.map { $0 == " " || $0 == "." ? "_" : $0 })
            if name.isEmpty { name = "column" }
            return reservedNames.contains(name) ? "table_" + name : name
        }

        /// One body row: its entry (nil when every cell is empty) and whether a link titles it. The link is the first
        /// non-badge link of the row, else a cell that is a bare URL (`https://…`, which GitHub links). Its text titles
        /// the row, unless it says nothing of the thing (`[GitHub](…)`, `[Link](…)`, the URL itself) or is a bare URL
        /// and a cell before it has text (not a number, such as a rank, nor the description): then that cell names it.
        static func row(_ cells: [MarkdownNode], names: [String], line: Int) -> (entry: Row?, linked: Bool) {
            let texts = cells.map { MarkdownText.plain($0) }
            var linkColumn: Int?
            var titleLink: MarkdownNode?
            for (column, cell) in cells.enumerated() {
                if let link = firstEntryLink(in: cell) {
                    linkColumn = column
                    titleLink = link
                    break
                }
            }
            var url = titleLink?.url
            if linkColumn == nil, let column = texts.firstIndex(where: isBareURL) {
                linkColumn = column
                url = texts[column]
            }
            var titleColumn = linkColumn ?? texts.firstIndex { !$0.isEmpty }
            var title = titleLink.map { MarkdownText.plain($0) } ?? titleColumn.map { texts[$0] } ?? ""
            if url != nil, titleLink == nil || isGenericLinkText(title, url: url ?? ""),
               let linkColumn, let nameColumn = texts.indices.first(where: {
                   $0 < linkColumn && !texts[$0].isEmpty && !texts[$0].allSatisfy(\.isNumber) && names[$0] != "description"
               }) {
                titleColumn = nameColumn
                title = texts[nameColumn]
            }
            guard let titleColumn, !title.isEmpty else { return (nil, false) }
            var fieldNames = ["title"]
            var values: [FieldValue] = [.text(title)]
            if let url {
                fieldNames.append("url")
                values.append(.text(url))
            }
            var description = ""
            var linkedCells: [String] = []
            var fields: [(String, FieldValue)] = []
            for (column, cell) in cells.enumerated() {
                let markdown = MarkdownText.markdown(ofInlines: cell)
                if column == titleColumn {
                    // What the title cell holds beside its link (a note, a second link) is kept in a field of its header.
                    guard column == linkColumn, let titleLink else { continue }
                    let rest = Array(cell.children.filter { $0 != titleLink && !Furniture.isImageOnly($0) })
                    let restMarkdown = MarkdownText.markdown(of: rest[...]).trimmingSpaces
                    guard !restMarkdown.isEmpty else { continue }
                    let restText = MarkdownText.plainJoined(rest)
                    if !restText.isEmpty { fields.append((names[column], .text(restText))) }
                    if hasLink(rest) { linkedCells.append(label(names[column]) + restMarkdown) }
                    continue
                }
                guard !markdown.isEmpty else { continue }
                // The cell that only holds the row's link (`[GitHub](…)`, `https://…`) under a name in another cell is its url.
                if column == linkColumn, titleLink.map({ link in cell.children.allSatisfy { $0 == link || Furniture.isImageOnly($0) || MarkdownText.plain($0).isEmpty } }) ?? true {
                    continue
                }
                if names[column] == "description", description.isEmpty {
                    description = markdown
                    continue
                }
                fields.append((names[column], .text(MarkdownText.plain(cell))))
                if hasLink(Array(cell.children)) { linkedCells.append(label(names[column]) + markdown) }
            }
            if !linkedCells.isEmpty { description += (description.isEmpty ? "" : "\n\n") + linkedCells.joined(separator: "\n\n") }
            if !description.isEmpty {
                fieldNames.append("description")
                values.append(.text(description))
            }
            for (name, value) in fields where !fieldNames.contains(name) {
                fieldNames.append(name)
                values.append(value)
            }
            return (Row(names: fieldNames, values: values, line: line), url != nil)
        }

        /// Link texts that say nothing of what they link to.
        static let genericLinkTexts: Set<String> = ["link", "links", "website", "site", "homepage", "home", "home page", "github", "gitlab",
                                                    "repo", "repository", "source", "code", "source code", "here", "docs", "documentation",
                                                    "url", "download", "demo", "web", "official site", "page"]

        static func isGenericLinkText(_ text: String, url: String) -> Bool {
            let lowered = text.lowercased()
            return genericLinkTexts.contains(lowered) || lowered == url.lowercased() || isBareURL(text)
        }

        /// A cell that is nothing but a web address, which GitHub shows as a link.
        static func isBareURL(_ text: String) -> Bool {
            (text.hasPrefix("https://") || text.hasPrefix("http://")) && !text.contains(" ") && text.count > 10
        }

        /// `**Auth**: ` for a cell's field name, as its cell is added to the description.
        static func label(_ name: String) -> String {
            "**" + name.replacing("_", with: " ") + "**: "
        }

        /// Whether any of the nodes is (or holds) a link that is not a badge.
        static func hasLink(_ nodes: [MarkdownNode]) -> Bool {
            nodes.contains { node in
                if node.kind == .link { return !Furniture.isImageOnly(node) }
                return hasLink(Array(node.children))
            }
        }
    }

    /// The first link of an item's or a cell's inlines that names an entry: not a badge or logo (a link holding only
    /// images), not a link to an `#anchor` of the page; looked for inside emphasis, strikethrough and brackets too.
    static func firstEntryLink(in node: MarkdownNode, depth: Int = 0) -> MarkdownNode? {
        guard depth < 16 else { return nil }
        for child in node.children {
            switch child.kind {
            case .link:
                if Furniture.isImageOnly(child) || child.url.hasPrefix("#") || child.url.isEmpty { continue }
                return child
            case .emphasis, .strong, .customInline:
                if let link = firstEntryLink(in: child, depth: depth + 1) { return link }
            default:
                continue
            }
        }
        return nil
    }
}

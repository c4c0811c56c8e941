import IndexSiteCore
/// GitHub's tables: a paragraph whose source has a header row, a delimiter row (`| --- | :-: |`) of as many cells,
/// and any further rows becomes a `<table>`, rendered as cmark-gfm renders it. cmark has already parsed such a
/// paragraph (a table is a run of plain lines to CommonMark), so its source lines are read again here.
enum GFMTables {
    enum Alignment {
        case none, left, center, right

        var attribute: String {
            switch self {
            case .none: ""
            case .left: " align=\"left\""
            case .center: " align=\"center\""
            case .right: " align=\"right\""
            }
        }
    }

    private static let pipe = UInt8(ascii: "|")
    private static let backslash = UInt8(ascii: "\\")

    /// Replaces `paragraph` by a table (and the paragraph lines above its header row) when its lines hold one.
    static func replaceTable(in paragraph: MarkdownNode, lines: GitHubMarkdown.SourceLines) {
        let first = paragraph.startLine
        let last = paragraph.endLine
        guard first >= 1, last > first else { return }
        let rows = sourceRows(of: paragraph, first: first, last: last, lines: lines)
        guard rows.contains(where: { $0.contains(pipe) }) else { return }
        for header in 0..<(rows.count - 1) {
            guard let alignments = delimiterRow(rows[header + 1]) else { continue }
            let headerCells = cells(of: rows[header])
            guard headerCells.count == alignments.count else { continue }
            if header > 0 {
                let above = Array(rows[0..<header].joined(separator: [UInt8(ascii: "\n")]))
                CommonMark.withFragment(above) { root in
                    while let block = root.firstChild { paragraph.insertBefore(block) }
                }
            }
            let table = MarkdownNode.customBlock(enter: "<table>", exit: "</table>")
            let head = MarkdownNode.customBlock(enter: "<thead>", exit: "</thead>")
            head.append(row(headerCells, alignments: alignments, tag: "th"))
            table.append(head)
            if header + 2 < rows.count {
                let body = MarkdownNode.customBlock(enter: "<tbody>", exit: "</tbody>")
                var padding = paddingBudget(rows[header...])
                for line in rows[(header + 2)...] {
                    body.append(row(cells(of: line), alignments: alignments, tag: "td", padding: &padding))
                }
                table.append(body)
            }
            paragraph.insertBefore(table)
            paragraph.delete()
            return
        }
    }

    /// The paragraph's lines as written, without the block-quote markers and indentation of its containers.
    static func sourceRows(of paragraph: MarkdownNode, first: Int, last: Int, lines: GitHubMarkdown.SourceLines) -> [ArraySlice<UInt8>] {
        let indent = max(0, paragraph.startColumn - 1)
        return (first...last).map { number in
            let line = lines.line(number)
            if number == first { return line.dropFirst(indent) }
            var start = line.startIndex
            while start < line.endIndex, start - line.startIndex < indent,
                  line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") || line[start] == UInt8(ascii: ">") {
                start += 1
            }
            return line[start...]
        }
    }

    /// The alignments of a delimiter row (`| :-- | --: |`), or nil when the line is not one.
    static func delimiterRow(_ line: ArraySlice<UInt8>) -> [Alignment]? {
        guard line.contains(UInt8(ascii: "-")) else { return nil }
        var alignments: [Alignment] = []
        for cell in cells(of: line) {
            guard !cell.isEmpty else { return nil }
            let left = cell.first == UInt8(ascii: ":")
            let right = cell.count > 1 && cell.last == UInt8(ascii: ":")
            let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return alignments.isEmpty ? nil : alignments
    }

    /// A row's cells, trimmed: split at pipes not escaped by a backslash, an outer pipe at either end optional;
    /// `\|` becomes `|` before the cell's inlines are parsed, even inside code spans (as cmark-gfm does).
    static func cells(of line: ArraySlice<UInt8>) -> [[UInt8]] {
        var bytes = trimmed(line)
        if bytes.first == pipe { bytes = bytes.dropFirst() }
        var cells: [[UInt8]] = []
        var current: [UInt8] = []
        var endedWithPipe = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            endedWithPipe = false
            if byte == backslash, index + 1 < bytes.endIndex {
                if bytes[index + 1] != pipe { current.append(byte) }
                current.append(bytes[index + 1])
                index += 2
                continue
            }
            if byte == pipe {
                cells.append(Array(trimmed(current[...])))
                current = []
                endedWithPipe = true
            } else {
                current.append(byte)
            }
            index += 1
        }
        if !endedWithPipe || cells.isEmpty { cells.append(Array(trimmed(current[...]))) }
        return cells
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { slice = slice.dropFirst() }
        while let last = slice.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { slice = slice.dropLast() }
        return slice
    }

    /// How many empty cells the body rows of a table may be padded with in all: as many as the table's source has
    /// bytes. cmark-gfm pads every short row to the header's width, so a header of 5,000 cells over rows of one
    /// (15 KB of Markdown) made a page of 62 MB; past the budget a short row keeps only the cells it has.
    static func paddingBudget(_ rows: ArraySlice<ArraySlice<UInt8>>) -> Int {
        rows.reduce(0) { $0 + $1.count }
    }

    /// One `<tr>`: as many cells as the header has, missing ones empty (while `padding` lasts) and extra ones dropped.
    static func row(_ cells: [[UInt8]], alignments: [Alignment], tag: String, padding: inout Int) -> MarkdownNode {
        let row = MarkdownNode.customBlock(enter: "<tr>", exit: "</tr>")
        let missing = max(0, alignments.count - cells.count)
        let columns = missing <= padding ? alignments.count : min(alignments.count, cells.count)
        padding -= columns - min(alignments.count, cells.count)
        for column in 0..<columns {
            row.append(cell(column < cells.count ? cells[column] : [], tag: tag, alignment: alignments[column]))
        }
        return row
    }

    /// The header's `<tr>`: every cell it has.
    static func row(_ cells: [[UInt8]], alignments: [Alignment], tag: String) -> MarkdownNode {
        var unbounded = Int.max
        return row(cells, alignments: alignments, tag: tag, padding: &unbounded)
    }

    /// A cell whose text is parsed as inlines: after "x " so that a cell like `# a` or `- b` stays text (a line
    /// that starts with a letter can only be a paragraph), then the "x " is taken off again.
    static func cell(_ text: [UInt8], tag: String, alignment: Alignment) -> MarkdownNode {
        let cell = MarkdownNode.customInline(enter: "<\(tag)\(alignment.attribute)>", exit: "</\(tag)>\n")
        guard !text.isEmpty else { return cell }
        CommonMark.withFragment(Array("x ".utf8) + text) { root in
            guard let paragraph = root.firstChild, paragraph.kind == .paragraph else { return }
            while let inline = paragraph.firstChild { cell.append(inline) }
        }
        if let first = cell.firstChild, first.kind == .text {
            let literal = first.literalBytes
            if literal.starts(with: "x ".utf8) {
                if literal.count == 2 { first.delete() } else { first.setLiteral(literal.dropFirst(2)) }
            }
        }
        return cell
    }
}

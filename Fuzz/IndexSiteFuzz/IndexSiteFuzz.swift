import Foundation
import IndexSiteCore
import IndexSiteParse
import IndexSiteRender

// libFuzzer targets for IndexSite's parsers, all in one executable; INDEXSITE_FUZZ_TARGET picks the parser.
//
// Built with `-sanitize=fuzzer` and `-D INDEXSITE_FUZZING` (see Scripts/fuzz.sh), libFuzzer supplies `main` and calls
// `LLVMFuzzerTestOneInput` for every input it generates. Built normally (a plain `swift build`), the same executable
// replays inputs from files, so a crash file can be reproduced and debugged without the fuzzer:
//
//     INDEXSITE_FUZZ_TARGET=csv .build/debug/IndexSiteFuzz crash-1234…
//
// Besides "does not crash or hang", every target checks cheap invariants of the parser's answer and traps when one
// fails, so libFuzzer reports a wrong answer the same way as a crash.

/// The parsers that can be fuzzed.
enum FuzzTarget: String, CaseIterable {
    /// `CSVParser().parseTable` and `.parse`, comma-separated, plus a print-and-reparse round trip of clean tables.
    case csv
    /// The same with tabs.
    case tsv
    /// `FrontMatterParser.split` and `MarkdownEntryParser().parse` (one Markdown entry file with YAML front matter).
    case frontmatter
    /// `MarkdownListParser().parse` (an "awesome list" through cmark, including its front matter).
    case markdown
    /// `JSONParser().parse`.
    case json
    /// `URLPolicy` against a WHATWG scheme parser, and every href of a page rendered with the input as a link.
    case url
    /// A built-in template replaced by the input (first byte: which one), loaded, checked and rendered.
    case template
    /// `CommonMark.appendHTMLThroughTree` with GitHub's passes (tables, autolinks, strikethrough, task lists) and the
    /// bounds on cmark's quadratic inputs: its HTML stays within a fixed multiple of the input (issue 34, items 6-8).
    case gfm
    /// A description: when `SimpleMarkdown` writes it without cmark, its HTML is cmark's, safe and unsafe.
    case description

    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["INDEXSITE_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("IndexSiteFuzz: set INDEXSITE_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.selected.run(bytes)
    return 0
}

/// Resolves the target once before fuzzing starts, so a missing variable stops the run at once.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    _ = FuzzTarget.selected
    return 0
}

#if !INDEXSITE_FUZZING
/// Without libFuzzer: runs the selected target on each file named on the command line and prints how long it took.
@main struct ReplayFuzzInputs {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            print("usage: INDEXSITE_FUZZ_TARGET=<\(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|"))> IndexSiteFuzz FILE…")
            exit(2)
        }
        let target = FuzzTarget.selected
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("IndexSiteFuzz: cannot read \(path)\n".utf8))
                exit(1)
            }
            let start = Date()
            target.run(Array(data))
            print("\(target.rawValue) \(path): \(data.count) bytes, \(String(format: "%.3f", Date().timeIntervalSince(start))) s, ok")
        }
    }
}
#endif

// MARK: - The targets

extension FuzzTarget {
    func run(_ bytes: [UInt8]) {
        switch self {
        case .csv: fuzzCSV(bytes, separator: UInt8(ascii: ","), path: "Content/fuzz.csv")
        case .tsv: fuzzCSV(bytes, separator: UInt8(ascii: "\t"), path: "Content/fuzz.tsv")
        case .frontmatter: fuzzFrontMatter(bytes)
        case .markdown: fuzzMarkdownList(bytes)
        case .json: fuzzJSON(bytes)
        case .url: fuzzURL(bytes)
        case .template: fuzzTemplate(bytes)
        case .description: fuzzDescription(bytes)
        case .gfm: fuzzGFM(bytes)
        }
    }
}

/// Traps with a message libFuzzer shows when an invariant of a parser's answer does not hold.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant failed: \(message())") }
}

/// The most lines any reader could count in the bytes: CR LF, lone CR and lone LF each end one line.
func maximumLineCount(_ bytes: [UInt8]) -> Int {
    var lines = 1
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0A {
            lines += 1
        } else if bytes[index] == 0x0D {
            lines += 1
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        }
        index += 1
    }
    return lines
}

/// Every diagnostic names the file it came from, a line that exists (or the one just past the end) and a column ≥ 1.
func checkDiagnostics(_ diagnostics: [Diagnostic], file: SourceFile, lines: Int) {
    for diagnostic in diagnostics {
        let location = diagnostic.location
        require(location.path == file.path, "diagnostic \(diagnostic) names another file")
        require(location.line >= 1 && location.line <= lines + 1, "diagnostic line \(location.line) outside 1…\(lines + 1): \(diagnostic)")
        require(location.column >= 1 && location.column <= file.bytes.count + 2, "diagnostic column \(location.column) impossible: \(diagnostic)")
        require(!diagnostic.message.isEmpty, "diagnostic without a message")
    }
}

func checkEntry(_ entry: Entry, file: SourceFile, lines: Int, depth: Int, maximumDepth: Int) {
    require(depth <= maximumDepth, "entry nested \(depth) deep, past the limit \(maximumDepth)")
    require(entry.location.path == file.path, "entry names another file")
    require(entry.location.line >= 1 && entry.location.line <= lines + 1, "entry line \(entry.location.line) outside 1…\(lines + 1)")
    for child in entry.children {
        checkEntry(child, file: file, lines: lines, depth: depth + 1, maximumDepth: maximumDepth)
    }
}

func fuzzCSV(_ bytes: [UInt8], separator: UInt8, path: String) {
    let file = SourceFile(path: path, bytes: bytes)
    let parser = CSVParser(separator: separator)
    let lines = maximumLineCount(bytes)
    let table = parser.parseTable(file)
    checkDiagnostics(table.diagnostics, file: file, lines: lines)
    var previousLine = 0
    for record in table.records {
        require(record.line > previousLine, "record lines not increasing: \(record.line) after \(previousLine)")
        require(record.line <= lines, "record line \(record.line) past the last line \(lines)")
        require(record.offset >= 0 && record.offset < bytes.count, "record offset \(record.offset) outside the file")
        previousLine = record.line
    }
    let parsed = parser.parse(file)
    require(parsed.diagnostics == table.diagnostics, "parse and parseTable disagree on diagnostics")
    require(parsed.entries.count <= table.records.count, "more entries than records")
    for entry in parsed.entries { checkEntry(entry, file: file, lines: lines, depth: 0, maximumDepth: 0) }

    // A table read without a problem, printed back with every field quoted, reads back as the same table.
    guard table.diagnostics.isEmpty, !table.header.isEmpty else { return }
    // Quotes are doubled over bytes: a quote followed by a combining mark is one Character, which String-level
    // replacing would not see.
    var printed: [UInt8] = []
    func printRow(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { printed.append(separator) }
            printed.append(UInt8(ascii: "\""))
            for byte in field.utf8 {
                if byte == UInt8(ascii: "\"") { printed.append(byte) }
                printed.append(byte)
            }
            printed.append(UInt8(ascii: "\""))
        }
        printed.append(UInt8(ascii: "\n"))
    }
    printRow(table.header)
    for row in table.rows { printRow(row) }
    let again = parser.parseTable(SourceFile(path: path, bytes: printed))
    require(again.diagnostics.isEmpty, "reprinted table has diagnostics: \(again.diagnostics)")
    require(again.header == table.header, "reprinted header differs: \(again.header) vs \(table.header)")
    require(again.rows == table.rows, "reprinted records differ")
}

func fuzzFrontMatter(_ bytes: [UInt8]) {
    let file = SourceFile(path: "Content/terms/fuzz.md", bytes: bytes)
    let lines = maximumLineCount(bytes)
    let split = FrontMatterParser.split(file)
    checkDiagnostics(split.diagnostics, file: file, lines: lines)
    require(split.body.endIndex == bytes.endIndex, "the body does not run to the end of the file")
    require(split.body.startIndex >= 0 && split.body.startIndex <= bytes.count, "the body starts outside the file")
    require(split.bodyLineOffset >= 0 && split.bodyLineOffset <= lines, "body line offset \(split.bodyLineOffset) outside 0…\(lines)")
    if split.yaml != nil { require(split.bodyLineOffset >= 2, "front matter found but the body starts on line \(split.bodyLineOffset + 1)") }
    let (entry, diagnostics) = MarkdownEntryParser().parse(file)
    checkDiagnostics(diagnostics, file: file, lines: lines)
    if let entry { checkEntry(entry, file: file, lines: lines, depth: 0, maximumDepth: 0) }
    require(entry != nil || diagnostics.contains { $0.severity == .error }, "no entry and no error")
}

func fuzzMarkdownList(_ bytes: [UInt8]) {
    let file = SourceFile(path: "Content/fuzz.md", bytes: bytes)
    let lines = maximumLineCount(bytes)
    let parsed = MarkdownListParser().parse(file)
    checkDiagnostics(parsed.diagnostics, file: file, lines: lines)
    for entry in parsed.entries {
        checkEntry(entry, file: file, lines: lines, depth: 1, maximumDepth: MarkdownListParser.maximumDepth)
        require(!(entry.text(at: "title") ?? "").isEmpty, "entry without a title")
    }
    for section in parsed.declaredSections {
        require(section.location.line >= 1 && section.location.line <= lines + 1, "section line \(section.location.line) outside the file")
    }
    // Long lists are parsed in pieces; cut this one into pieces of 1 to 64 bytes and expect exactly the same answer.
    let pieceSize = 1 + Int(bytes.first ?? 0) % 64
    let pieces = MarkdownListParser(pieceSize: pieceSize).parse(file)
    require(pieces.title == parsed.title && pieces.description == parsed.description, "pieces of \(pieceSize) bytes: another title or description")
    require(pieces.declaredSections == parsed.declaredSections, "pieces of \(pieceSize) bytes: other sections")
    require(pieces.diagnostics == parsed.diagnostics, "pieces of \(pieceSize) bytes: other diagnostics")
    require(sameEntries(pieces.entries, parsed.entries), "pieces of \(pieceSize) bytes: other entries")
    // The common item lines are read without cmark (`SimpleItems`); with every line left to cmark, the same answer.
    let cmark = MarkdownListParser(pieceSize: pieceSize, readsSimpleItems: false).parse(file)
    require(cmark.title == parsed.title && cmark.description == parsed.description, "cmark alone: another title or description")
    require(cmark.declaredSections == parsed.declaredSections, "cmark alone: other sections")
    require(cmark.diagnostics == parsed.diagnostics, "cmark alone: other diagnostics")
    require(sameEntries(cmark.entries, parsed.entries), "cmark alone: other entries")
}

/// Entries equal field for field, place for place, down to their nested entries.
func sameEntries(_ left: [Entry], _ right: [Entry]) -> Bool {
    left.count == right.count && zip(left, right).allSatisfy { a, b in
        a.fields == b.fields && a.location == b.location && a.heading == b.heading && sameEntries(a.children, b.children)
    }
}

func fuzzJSON(_ bytes: [UInt8]) {
    let file = SourceFile(path: "Content/fuzz.json", bytes: bytes)
    let lines = maximumLineCount(bytes)
    let parsed = JSONParser().parse(file)
    checkDiagnostics(parsed.diagnostics, file: file, lines: lines)
    for entry in parsed.entries { checkEntry(entry, file: file, lines: lines, depth: 0, maximumDepth: 0) }
}

func fuzzDescription(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { text in
        var simple: [UInt8] = []
        guard SimpleMarkdown.appendHTML(text, to: &simple) else {
            require(simple.isEmpty, "a description left to cmark appended \(simple.count) bytes")
            return
        }
        for allowUnsafeHTML in [false, true] {
            var reference: [UInt8] = []
            CommonMark.appendHTMLThroughTree(text, allowUnsafeHTML: allowUnsafeHTML, to: &reference)
            require(simple == reference, "\(String(decoding: bytes, as: UTF8.self).debugDescription) is written \(String(decoding: simple, as: UTF8.self).debugDescription) without cmark, \(String(decoding: reference, as: UTF8.self).debugDescription) by cmark")
        }
    }
}

func fuzzGFM(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { text in
        var html: [UInt8] = []
        CommonMark.appendHTMLThroughTree(text, allowUnsafeHTML: false, to: &html)
        // A table's padding is bounded by its bytes, so no input makes HTML more than a fixed multiple of itself.
        require(html.count <= 64 * bytes.count + 4096, "\(bytes.count) bytes of Markdown made \(html.count) bytes of HTML")
    }
}

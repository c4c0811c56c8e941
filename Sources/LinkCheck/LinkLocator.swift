import Foundation
import IndexSiteCore

/// Points a link's diagnostic at the URL itself: the line and column where its text starts, searched from the entry's
/// own place in the source (a Markdown item, a CSV row), so an editor or a pull request opens on the link.
struct LinkLocator {
    let siteFolder: URL
    private var lines: [String: [Substring]?] = [:]
    private var suppressions: [String: LintSuppressions] = [:]

    init(siteFolder: URL) {
        self.siteFolder = siteFolder
    }

    /// How many lines past an entry's start the URL is looked for (a long item, a CSV record over several lines).
    static let searchedLines = 40

    /// The place of `url` at or after `location`, or `location` when the source does not have it there.
    mutating func locate(_ url: String, from location: SourceLocation) -> SourceLocation {
        find(url, from: location) ?? location
    }

    /// The place where `url` itself is written, at or after `location`; nil when the source does not have it there.
    mutating func find(_ url: String, from location: SourceLocation) -> SourceLocation? {
        guard !location.path.isEmpty, location.line >= 1, let fileLines = fileLines(location.path) else { return nil }
        let first = location.line - 1
        for index in first..<min(fileLines.count, first + Self.searchedLines) {
            let line = fileLines[index]
            // On the entry's first line, only from its column on.
            let start = index == first ? line.unicodeScalars.index(line.startIndex, offsetBy: min(location.column - 1, line.unicodeScalars.count), limitedBy: line.endIndex) ?? line.startIndex : line.startIndex
            if let range = line[start...].range(of: url) {
                let column = line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound) + 1
                return SourceLocation(path: location.path, line: index + 1, column: column)
            }
        }
        return nil
    }

    /// Whether the file's `indexsite-lint-disable…` comments turn off `code` at `location`.
    mutating func suppresses(_ code: DiagnosticCode, at location: SourceLocation) -> Bool {
        if suppressions[location.path] == nil {
            let text = fileLines(location.path).map { $0.joined(separator: "\n") } ?? ""
            suppressions[location.path] = LintSuppressions(text: text)
        }
        return suppressions[location.path]?.suppresses(code.rawValue, line: location.line) == true
    }

    private mutating func fileLines(_ path: String) -> [Substring]? {
        if let cached = lines[path] { return cached }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path)
        let text = (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
        let split = text.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        lines[path] = .some(split)
        return split
    }
}

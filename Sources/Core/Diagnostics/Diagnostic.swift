/// A place in a source file: the path as the user wrote it (relative to the site), a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Comparable, Codable {
    /// The file, relative to the site folder with `/` separators (`Content/books.csv`), as diagnostics print it.
    public var path: String
    /// The line, counted from 1.
    public var line: Int
    /// The column in Unicode scalars, counted from 1.
    public var column: Int

    /// A place in `path`; line and column default to the start of the file.
    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// Orders by path, then line, then column: the order diagnostics are reported in.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// How bad a diagnostic is; warnings become errors under `--strict`.
public enum Severity: String, Sendable, Codable, Comparable {
    /// Something the user may want to know and change, which is not wrong: never fails a build, even under `--strict`
    /// (a feed written without `base_url` has relative links).
    case note
    /// Reported, but the build still succeeds (unless strict).
    case warning
    /// The build fails; nothing is written.
    case error

    /// A note is less severe than a warning, a warning than an error.
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// The severity reported: a warning is an error under `--strict`.
    public func reported(strict: Bool) -> Severity { strict && self == .warning ? .error : self }
}

/// One problem found in the site's input, with where it is and how to fix it.
/// Diagnostics are values: stages return them beside their output instead of throwing, so one run reports every problem.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// Whether the problem stops the build.
    public var severity: Severity
    /// The stable identifier of the kind of problem, printed in brackets after the message.
    public var code: DiagnosticCode
    /// What is wrong, in one sentence that names the offending value.
    public var message: String
    /// Where the problem is: the file, line and column to fix.
    public var location: SourceLocation
    /// A one-line suggestion, when there is an obvious fix.
    public var hint: String?
    /// The fix as an edit, when it is certain (a moved link's new address): SARIF carries it to tools that apply it.
    public var fix: TextFix?

    /// A diagnostic of any severity; `error(_:_:at:hint:)` and `warning(_:_:at:hint:)` read better at call sites.
    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation, hint: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// A problem that stops the build.
    public static func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, code, message, at: location, hint: hint)
    }

    /// Something worth knowing that is not a problem: it never fails a build.
    public static func note(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.note, code, message, at: location, hint: hint)
    }

    /// A problem that is reported but lets the build succeed (unless strict).
    public static func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, code, message, at: location, hint: hint)
    }
}

/// An edit that fixes a diagnostic: the text at the diagnostic's location (on its line) and what replaces it.
public struct TextFix: Hashable, Sendable, Codable {
    /// The text that starts at the diagnostic's line and column.
    public var replaced: String
    /// What it becomes.
    public var replacement: String

    public init(replacing replaced: String, with replacement: String) {
        self.replaced = replaced
        self.replacement = replacement
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic stops the build: an error, or a warning when warnings count as errors.
    public func hasErrors(strict: Bool = false) -> Bool {
        contains { $0.severity.reported(strict: strict) == .error }
    }

    /// How many warnings of one code a build keeps in full; the rest are counted in one summary warning.
    public static let warningsKeptPerCode = 1000

    /// The first `limit` warnings of each code (in order) in full, and for each code with more, one warning at the
    /// first of the others saying how many more there are. A million repeated CSV rows made a million warnings, all
    /// kept in the output's marker and read back by the next build that found nothing changed. Errors are all kept:
    /// they are what a user must fix.
    public func aggregatedWarnings(keepingPerCode limit: Int = Array.warningsKeptPerCode) -> [Diagnostic] {
        var counts: [DiagnosticCode: Int] = [:]
        var firstOmitted: [DiagnosticCode: Int] = [:]
        var kept: [Diagnostic] = []
        for (index, diagnostic) in enumerated() {
            guard diagnostic.severity == .warning else { kept.append(diagnostic); continue }
            let count = counts[diagnostic.code, default: 0] + 1
            counts[diagnostic.code] = count
            if count <= limit { kept.append(diagnostic) } else if count == limit + 1 { firstOmitted[diagnostic.code] = index }
        }
        guard !firstOmitted.isEmpty else { return self }
        for (code, index) in firstOmitted.sorted(by: { $0.value < $1.value }) {
            let more = counts[code]! - limit
            kept.append(.warning(code, "and \(more) more '\(code.rawValue)' warning\(more == 1 ? "" : "s") from here on, not listed one by one (the first \(limit) are)",
                                 at: self[index].location, hint: "fix the ones listed and build again to see the rest"))
        }
        return kept.sortedUnique()
    }

    /// Sorted by file, line and column, with exact repeats removed, so output is the same on every run.
    public func sortedUnique() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return filter { seen.insert($0).inserted }
            .sorted { ($0.location, $0.code.rawValue, $0.message) < ($1.location, $1.code.rawValue, $1.message) }
    }
}

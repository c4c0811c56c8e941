/// A place in a source file: the path as the user wrote it (relative to the site), a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Comparable, Codable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// How bad a diagnostic is; warnings become errors under `--strict`.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// One problem found in the site's input, with where it is and how to fix it.
/// Diagnostics are values: stages return them beside their output instead of throwing, so one run reports every problem.
public struct Diagnostic: Hashable, Sendable, Codable {
    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var location: SourceLocation
    /// A one-line suggestion, when there is an obvious fix.
    public var hint: String?

    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation, hint: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.hint = hint
    }

    public static func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, code, message, at: location, hint: hint)
    }

    public static func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, code, message, at: location, hint: hint)
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic stops the build: an error, or a warning when warnings count as errors.
    public func hasErrors(strict: Bool = false) -> Bool {
        contains { $0.severity == .error || strict }
    }

    /// Sorted by file, line and column, with exact repeats removed, so output is the same on every run.
    public func sortedUnique() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return filter { seen.insert($0).inserted }
            .sorted { ($0.location, $0.code.rawValue, $0.message) < ($1.location, $1.code.rawValue, $1.message) }
    }
}

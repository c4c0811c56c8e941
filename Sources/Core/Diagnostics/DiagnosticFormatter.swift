import Foundation

/// How diagnostics are printed: one line each for people and editors, GitHub Actions annotations, or JSON for tools.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `path:line:col: error: message [code]` lines, with hints, for people and editors.
    case text
    /// One JSON array of objects (file, line, column, severity, code, message, hint) for tools.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`) that annotate a pull request.
    case github
}

/// Renders diagnostics for the terminal or CI. The library only makes the text; the executable prints it.
public struct DiagnosticFormatter: Sendable {
    /// Which of the three forms the report takes.
    public var format: DiagnosticFormat
    /// Prefixed to every path, so paths are relative to where the user ran the command.
    public var pathPrefix: String
    /// At most this many diagnostics are printed in text formats; the rest are counted.
    public var limit: Int
    /// Print warnings as errors, as `--strict` reports them.
    public var strict: Bool

    /// A formatter with the command line's defaults: paths as diagnostics hold them, at most 100 lines, warnings as warnings.
    public init(format: DiagnosticFormat, pathPrefix: String = "", limit: Int = 100, strict: Bool = false) {
        self.format = format
        self.pathPrefix = pathPrefix
        self.limit = limit
        self.strict = strict
    }

    func path(_ location: SourceLocation) -> String {
        location.path.hasPrefix("/") || location.path.hasPrefix("(") ? location.path : pathPrefix + location.path
    }

    func severity(_ diagnostic: Diagnostic) -> Severity {
        strict ? .error : diagnostic.severity
    }

    /// `path:line:col: error: message [code]`, then the hint on its own line unless `hint` is false.
    public func line(_ diagnostic: Diagnostic, hint: Bool = true) -> String {
        let location = diagnostic.location
        let safePath = Self.terminalSafe(path(location)), message = Self.terminalSafe(diagnostic.message)
        var text = "\(safePath):\(location.line):\(location.column): \(severity(diagnostic).rawValue): \(message) [\(diagnostic.code.rawValue)]"
        if hint, let hintText = diagnostic.hint { text += "\n    hint: \(Self.terminalSafe(hintText))" }
        return text
    }

    /// The whole report, ready to print.
    public func report(_ diagnostics: [Diagnostic]) -> String {
        switch format {
        case .json:
            return json(diagnostics)
        case .text, .github:
            var lines = diagnostics.prefix(limit).map { format == .text ? line($0) : github($0) }
            if diagnostics.count > limit {
                lines.append(format == .text ? "… and \(diagnostics.count - limit) more" : "::notice::and \(diagnostics.count - limit) more diagnostic\(diagnostics.count - limit == 1 ? "" : "s")")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// A GitHub Actions workflow command, which annotates the pull request at the file and line.
    public func github(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        func escapeProperty(_ text: String) -> String {
            Self.terminalSafe(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
                .replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        func escapeMessage(_ text: String) -> String {
            Self.terminalSafe(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        let message = diagnostic.message + (diagnostic.hint.map { " (hint: \($0))" } ?? "")
        return "::\(severity(diagnostic) == .error ? "error" : "warning") file=\(escapeProperty(path(location))),line=\(location.line),col=\(location.column),title=\(escapeProperty(diagnostic.code.rawValue))::\(escapeMessage(message))"
    }

    /// One JSON array, keys in a fixed order so the output is byte-identical across runs.
    public func json(_ diagnostics: [Diagnostic]) -> String {
        var json = JSONWriter()
        json.raw("[")
        for (index, diagnostic) in diagnostics.enumerated() {
            json.raw(index == 0 ? "{" : ",\n{")
            json.raw("\"file\":"); json.string(path(diagnostic.location))
            json.raw(text: ",\"line\":\(diagnostic.location.line),\"column\":\(diagnostic.location.column)")
            json.raw(",\"severity\":"); json.string(severity(diagnostic).rawValue)
            json.raw(",\"code\":"); json.string(diagnostic.code.rawValue)
            json.raw(",\"message\":"); json.string(diagnostic.message)
            if let hint = diagnostic.hint { json.raw(",\"hint\":"); json.string(hint) }
            json.raw("}")
        }
        json.raw("]")
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

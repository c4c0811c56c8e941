import Foundation

/// How diagnostics are printed: one line each for people and editors, GitHub Actions annotations, or JSON for tools.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `path:line:col: error: message [code]` lines, with hints, for people and editors.
    case text
    /// One JSON array of objects (file, line, column, severity, code, message, hint) for tools.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`) that annotate a pull request.
    case github
    /// One SARIF 2.1.0 log on stdout, for GitHub code scanning and other tools that read SARIF.
    case sarif

    /// Whether the report is one document on stdout (json, sarif), which nothing else may be printed into.
    public var isDocument: Bool { self == .json || self == .sarif }
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
        diagnostic.severity.reported(strict: strict)
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
        case .text:
            var lines = diagnostics.prefix(limit).map { line($0) }
            if diagnostics.count > limit { lines.append("… and \(diagnostics.count - limit) more") }
            return lines.joined(separator: "\n")
        case .github:
            return githubReport(diagnostics)
        case .sarif:
            return sarif(diagnostics)
        }
    }

    /// How many annotations of each severity GitHub shows for one step; it drops the rest without a word.
    public static let githubAnnotationsPerSeverity = 10

    /// The diagnostics as GitHub sees them: the first ten errors and ten warnings (most severe, then earliest first)
    /// as annotations, the rest as plain log lines, so none is lost where the pull request cannot show it.
    func githubReport(_ diagnostics: [Diagnostic]) -> String {
        let ordered = Self.mostSevereFirst(diagnostics, strict: strict)
        var annotated: [Severity: Int] = [:]
        var lines: [String] = [], rest: [String] = []
        for diagnostic in ordered {
            let severity = severity(diagnostic)
            if annotated[severity, default: 0] < Self.githubAnnotationsPerSeverity {
                annotated[severity, default: 0] += 1
                lines.append(github(diagnostic))
            } else if rest.count < limit {
                rest.append(line(diagnostic, hint: false))
            }
        }
        let notAnnotated = ordered.count - lines.count
        if notAnnotated > 0 {
            lines.append("::notice::\(notAnnotated) more diagnostic\(notAnnotated == 1 ? "" : "s") than GitHub annotates; they follow in the log and the step summary")
            lines += rest
            if notAnnotated > rest.count { lines.append("… and \(notAnnotated - rest.count) more") }
        }
        return lines.joined(separator: "\n")
    }

    /// Errors before warnings, each by file, line and column: the order a reviewer fixes them in.
    public static func mostSevereFirst(_ diagnostics: [Diagnostic], strict: Bool) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let severityA = a.element.severity.reported(strict: strict), severityB = b.element.severity.reported(strict: strict)
            if severityA != severityB { return severityA > severityB }
            if a.element.location != b.element.location { return a.element.location < b.element.location }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// "no errors, 106 warnings", "2 errors, 1 warning", "no errors or warnings": what a run found, for its last line.
    public func counts(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.count { severity($0) == .error }, notes = diagnostics.count { severity($0) == .note }
        let warnings = diagnostics.count - errors - notes
        let noteText = notes == 0 ? "" : ", \(notes) note\(notes == 1 ? "" : "s")"
        if errors == 0 && warnings == 0 { return "no errors or warnings" + noteText }
        let errorText = errors == 0 ? "no errors" : "\(errors) error\(errors == 1 ? "" : "s")"
        return (warnings == 0 ? errorText : "\(errorText), \(warnings) warning\(warnings == 1 ? "" : "s")") + noteText
    }

    /// At most this many rows go into a step summary; GitHub refuses a summary over 1 MiB.
    public static let stepSummaryRowLimit = 1_000

    /// A Markdown table of every diagnostic (most severe first), for the job's step summary (`$GITHUB_STEP_SUMMARY`).
    public func stepSummary(_ diagnostics: [Diagnostic], title: String) -> String {
        func cell(_ text: String) -> String {
            Self.terminalSafe(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "<", with: "&lt;")
        }
        var text = "### \(cell(title)): \(counts(diagnostics))\n"
        guard !diagnostics.isEmpty else { return text }
        text += "\n| | File | Line | Code | Message |\n|---|---|---|---|---|\n"
        let ordered = Self.mostSevereFirst(diagnostics, strict: strict)
        for diagnostic in ordered.prefix(Self.stepSummaryRowLimit) {
            let location = diagnostic.location
            let mark = switch severity(diagnostic) {
            case .error: "❌ error"
            case .warning: "⚠️ warning"
            case .note: "ℹ️ note"
            }
            let message = diagnostic.message + (diagnostic.hint.map { " — \($0)" } ?? "")
            text += "| \(mark) | `\(cell(path(location)).replacingOccurrences(of: "`", with: "'"))` | \(location.line):\(location.column) | \(diagnostic.code.rawValue) | \(cell(message)) |\n"
        }
        if ordered.count > Self.stepSummaryRowLimit { text += "\n… and \(ordered.count - Self.stepSummaryRowLimit) more, in the log.\n" }
        return text
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
        let command = switch severity(diagnostic) {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        return "::\(command) file=\(escapeProperty(path(location))),line=\(location.line),col=\(location.column),title=\(escapeProperty(diagnostic.code.rawValue))::\(escapeMessage(message))"
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

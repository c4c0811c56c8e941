import Foundation

/// `--diagnostics sarif`: the diagnostics as one SARIF 2.1.0 log (OASIS's Static Analysis Results Interchange Format),
/// which GitHub code scanning reads (github/codeql-action/upload-sarif): a rule per diagnostic code, a result per
/// diagnostic, most severe and earliest first, at its file (relative to where the command ran, which in CI is the
/// repository's root: `%SRCROOT%`), line and column, with the replacement for a link that moved.
extension DiagnosticFormatter {
    /// The schema the log names; Tests/Action/run.sh validates the output against it.
    static let sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The SARIF log of `diagnostics`, pretty-printed with sorted keys, so it is the same on every run.
    public func sarif(_ diagnostics: [Diagnostic]) -> String {
        let ordered = Self.mostSevereFirst(diagnostics, strict: strict)
        var codes: [DiagnosticCode] = []
        for diagnostic in ordered where !codes.contains(diagnostic.code) { codes.append(diagnostic.code) }
        codes.sort { $0.rawValue < $1.rawValue }
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        let rules = codes.map { code in
            SARIF.Rule(id: code.rawValue, name: Self.ruleName(code),
                       shortDescription: LintRule(rawValue: code.rawValue).map { SARIF.Message(text: $0.reason) },
                       helpUri: "https://github.com/\(IndexSiteVersion.repository)#diagnostics")
        }
        let results = ordered.map { diagnostic in
            let level = switch severity(diagnostic) {
            case .error: "error"
            case .warning: "warning"
            case .note: "note"
            }
            let text = diagnostic.message + (diagnostic.hint.map { " (hint: \($0))" } ?? "")
            let artifact = artifactLocation(diagnostic.location)
            let region = SARIF.Region(startLine: max(1, diagnostic.location.line), startColumn: max(1, diagnostic.location.column))
            var fixes: [SARIF.Fix]?
            if let fix = diagnostic.fix, let artifact {
                let deleted = SARIF.Region(startLine: region.startLine, startColumn: region.startColumn,
                                           endColumn: region.startColumn + fix.replaced.unicodeScalars.count)
                fixes = [SARIF.Fix(description: SARIF.Message(text: "Replace '\(fix.replaced)' with '\(fix.replacement)'"),
                                   artifactChanges: [SARIF.ArtifactChange(artifactLocation: artifact, replacements: [
                                       SARIF.Replacement(deletedRegion: deleted, insertedContent: SARIF.Content(text: fix.replacement)),
                                   ])])]
            }
            return SARIF.Result(ruleId: diagnostic.code.rawValue, ruleIndex: ruleIndex[diagnostic.code]!, level: level,
                                message: SARIF.Message(text: text),
                                locations: artifact.map { [SARIF.Location(physicalLocation: SARIF.PhysicalLocation(artifactLocation: $0, region: region))] },
                                fixes: fixes)
        }
        let log = SARIF.Log(schema: Self.sarifSchema, version: "2.1.0", runs: [
            SARIF.Run(tool: SARIF.Tool(driver: SARIF.Driver(name: "IndexSite", version: IndexSiteVersion.current,
                                                            informationUri: "https://github.com/\(IndexSiteVersion.repository)",
                                                            rules: rules)),
                      columnKind: "unicodeCodePoints", results: results),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(log)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// `broken-link` as `BrokenLink`: SARIF's rule names are Pascal case, its ids the codes.
    static func ruleName(_ code: DiagnosticCode) -> String {
        code.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Where a diagnostic's file is: relative to `%SRCROOT%` (percent-encoded as a URI reference), a `file:` URI when
    /// it is absolute, nothing for a place that is not a file (the built-in theme).
    func artifactLocation(_ location: SourceLocation) -> SARIF.ArtifactLocation? {
        let path = path(location)
        guard !path.isEmpty, !path.hasPrefix("(") else { return nil }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";:")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        if path.hasPrefix("/") { return SARIF.ArtifactLocation(uri: "file://" + encoded, uriBaseId: nil) }
        return SARIF.ArtifactLocation(uri: encoded.hasPrefix("./") ? String(encoded.dropFirst(2)) : encoded, uriBaseId: "%SRCROOT%")
    }
}

/// The parts of SARIF 2.1.0 IndexSite writes, named as the standard names them.
enum SARIF {
    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        /// Columns count Unicode scalars, as IndexSite's do (SARIF's default is UTF-16 code units).
        var columnKind: String
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var informationUri: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message?
        var helpUri: String
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]?
        var fixes: [Fix]?
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endColumn: Int?
    }

    struct Fix: Encodable {
        var description: Message
        var artifactChanges: [ArtifactChange]
    }

    struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }

    struct Replacement: Encodable {
        var deletedRegion: Region
        var insertedContent: Content
    }

    struct Content: Encodable {
        var text: String
    }
}

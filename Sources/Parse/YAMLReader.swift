import Yams
import IndexSiteCore

/// A YAML mapping found in a file, kept with where it starts so its keys can be reported at their real lines.
package struct YAMLBlock: @unchecked Sendable {
    // Yams.Node is an immutable value tree; it is only read after parsing.
    var node: Node
    var path: String
    /// Lines before the YAML text in its file (front matter starts after the opening `---`).
    var lineOffset: Int

    func location(of node: Node) -> SourceLocation {
        let mark = node.mark
        return SourceLocation(path: path, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
    }
}

/// The settings a source file carries about itself in its front matter, applied after the site configuration
/// with `SettingsParser.apply(_:to:)`. Opaque: it is checked only when applied, so problems point at their lines.
public struct SettingsPatch: Sendable {
    /// The front matter mapping, with where it is in its file.
    let block: YAMLBlock
}

/// Reads YAML text with Yams and turns its errors into diagnostics at the right line of the file.
enum YAMLReader {
    /// Parses one YAML document. Returns nil and a diagnostic when the text is not valid YAML. `budget` is the most
    /// values it may expand to (`maximumExpandedNodes` unless a data file's size allows more).
    static func compose(_ text: String, path: String, lineOffset: Int, budget maximumExpandedNodes: Int = maximumExpandedNodes,
                        laterKeyWins: Bool = false) -> (YAMLBlock?, [Diagnostic]) {
        guard laterKeyWins else { return composeOnce(text, path: path, lineOffset: lineOffset, budget: maximumExpandedNodes) }
        // Front matter, as Jekyll and Hugo read it: a key written twice takes its later value, with a warning naming
        // both lines. The earlier one is blanked out (its lines kept, so every other line keeps its number) and the
        // text read again, once per repeated key.
        var text = text
        var warnings: [Diagnostic] = []
        for _ in 0..<32 {
            let (block, diagnostics) = composeOnce(text, path: path, lineOffset: lineOffset, budget: maximumExpandedNodes)
            guard diagnostics.count == 1, diagnostics[0].code == .duplicateKey, let repeated = repeatedKey(in: text),
                  let blanked = blankingKey(at: repeated.first, in: text) else {
                return (block, warnings + diagnostics)
            }
            text = blanked
            warnings.append(.warning(.duplicateKey, "key '\(repeated.name)' appears again, first set at line \(repeated.first + lineOffset); the later value is used, as Jekyll and Hugo do",
                                     at: SourceLocation(path: path, line: repeated.again + lineOffset, column: repeated.column), hint: "delete one of the two lines"))
        }
        return composeOnce(text, path: path, lineOffset: lineOffset, budget: maximumExpandedNodes)
    }

    /// A key a mapping of `text` writes twice, when that is the YAML's only problem: its name, the lines (in `text`)
    /// of its first and next occurrence, and its column. Found in the text at the indentation of the mapping's keys.
    private static func repeatedKey(in text: String) -> (name: String, first: Int, again: Int, column: Int)? {
        do {
            _ = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8)
        } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let indent = context.mark.column - 1
            for name in Set(duplicates).sorted() where name != "<uncovertable>" {
                let spellings = [name + ":", "\"" + name + "\":", "'" + name + "':"]
                let written = lines.indices.filter { index in
                    let line = Array(lines[index].unicodeScalars)
                    guard line.count > indent, line[..<indent].allSatisfy({ $0 == " " }), line[indent] != " " else { return false }
                    let rest = String(String.UnicodeScalarView(line[indent...]))
                    return spellings.contains { rest.hasPrefix($0) }
                }
                if written.count >= 2 { return (name, written[0] + 1, written[1] + 1, context.mark.column) }
            }
        } catch {}
        return nil
    }

    /// `text` with the key at 1-based `line` and the lines of its value (more indented, or blank) made empty; nil
    /// when that line is not there.
    static func blankingKey(at line: Int, in text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line >= 1, line <= lines.count else { return nil }
        let indent = lines[line - 1].prefix { $0 == " " }.count
        lines[line - 1] = ""
        var next = line
        while next < lines.count {
            let current = lines[next]
            let isBlank = current.allSatisfy { $0 == " " || $0 == "\t" }
            let currentIndent = current.prefix { $0 == " " }.count
            // The value's lines: more indented, or a list written at the key's own indentation (`tags:` then `- a`).
            guard isBlank || currentIndent > indent || (currentIndent == indent && current.dropFirst(indent).hasPrefix("-")) else { break }
            if !isBlank { lines[next] = "" }
            next += 1
        }
        return lines.joined(separator: "\n")
    }

    private static func composeOnce(_ text: String, path: String, lineOffset: Int, budget maximumExpandedNodes: Int) -> (YAMLBlock?, [Diagnostic]) {
        // Aliases are counted before Yams composes the nodes, which already follows them when it hashes mapping keys.
        if let excess = YAMLAliasBudget.firstExcess(in: text, budget: maximumExpandedNodes) {
            let at = SourceLocation(path: path, line: excess.line + lineOffset, column: excess.column)
            guard excess.throughAliases else {
                // Issue 34, item 19: plain values past the limit were blamed on aliases the text does not have.
                return (nil, [.error(.yamlSyntax, "the YAML holds more than \(maximumExpandedNodes) values, more than IndexSite reads from settings or front matter",
                                     at: at, hint: "keep a long list's data in a CSV or JSON file in Content/")])
            }
            return (nil, [.error(.yamlSyntax, "the YAML expands to more than \(maximumExpandedNodes) values through aliases", at: at,
                                 hint: "write the values out instead of nesting aliases of aliases")])
        }
        do {
            // The basic resolver tags every scalar as text: values stay as written, and the default resolver's regular
            // expressions (compiled at start-up, a cost every build would pay) are never built. Nodes are never made
            // into Swift values, so the constructor has no maps, and the text is UTF-8: Yams's defaults built three
            // dictionaries of constructors and copied the whole environment (for YAMS_DEFAULT_ENCODING) on every call.
            guard let node = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8) else { return (nil, []) }
            var budget = maximumExpandedNodes
            if exceedsBudget(node, &budget) {
                return (nil, [.error(.yamlSyntax, "the YAML expands to more than \(maximumExpandedNodes) values through aliases",
                                     at: SourceLocation(path: path, line: lineOffset + 1),
                                     hint: "write the values out instead of nesting aliases of aliases")])
            }
            return (YAMLBlock(node: node, path: path, lineOffset: lineOffset), [])
        } catch let error as YamlError {
            return (nil, [diagnostic(for: error, path: path, lineOffset: lineOffset, text: text)])
        } catch {
            return (nil, [.error(.yamlSyntax, "\(error)", at: SourceLocation(path: path, line: lineOffset + 1))])
        }
    }

    /// The most values a YAML document may expand to once aliases are followed. Aliases share nodes, but every reader
    /// walks them expanded: a few hundred bytes of aliases of aliases ("billion laughs") would otherwise become
    /// millions of values, seconds of work and gigabytes of memory.
    static let maximumExpandedNodes = 100_000

    /// Counts the expanded nodes down from `budget`, stopping as soon as it runs out; true when it did.
    private static func exceedsBudget(_ node: Node, _ budget: inout Int) -> Bool {
        budget -= 1
        if budget < 0 { return true }
        switch node {
        case .scalar, .alias:
            return false
        case .sequence(let sequence):
            for item in sequence where exceedsBudget(item, &budget) { return true }
            return false
        case .mapping(let mapping):
            for (key, value) in mapping where exceedsBudget(key, &budget) || exceedsBudget(value, &budget) { return true }
            return false
        }
    }

    /// Where a block mapping's key `name`, first at `first`, is written again: a later line with the key at the same
    /// column and only spaces before it. Nil when it is not found that way (a flow mapping `{a: 1, a: 2}`).
    static func repeatedKeyMark(_ name: String, after first: Mark, in text: String) -> (line: Int, column: Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let indent = first.column - 1
        let spellings = [name + ":", "\"" + name + "\":", "'" + name + "':"]
        for index in first.line..<lines.count {
            let line = Array(lines[index].unicodeScalars)
            guard line.count > indent, line[..<indent].allSatisfy({ $0 == " " }) else { continue }
            if line[indent] == " " { continue }
            let rest = String(String.UnicodeScalarView(line[indent...]))
            if spellings.contains(where: { rest.hasPrefix($0) }) { return (index + 1, first.column) }
        }
        return nil
    }

    private static func diagnostic(for error: YamlError, path: String, lineOffset: Int, text: String) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column)
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            // libyaml's nesting limit speaks to programmers ("set with yaml_set_max_nest_level()"): say what is wrong instead.
            if problem.contains("Maximum nesting level reached") {
                return .error(.yamlSyntax, "the YAML is nested more than 1000 levels deep", at: at(mark),
                              hint: "flatten the nested lists and mappings")
            }
            let what = [context?.text, problem].compactMap { $0 }.joined(separator: ": ")
            // libyaml's context mark is where the unclosed construct (a quote, a flow list) starts: that is where to
            // look, and the problem mark (often the end of the text) goes in the hint.
            if let context, context.mark.line != mark.line || context.mark.column != mark.column {
                return .error(.yamlSyntax, "invalid YAML: \(what)", at: at(context.mark),
                              hint: "it starts here and the parser gave up at line \(mark.line + lineOffset), column \(mark.column)")
            }
            return .error(.yamlSyntax, "invalid YAML: \(what)", at: at(mark))
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams names a key that is not text (`[a]: 1`) "<uncovertable>" and orders such keys, and so picks the
            // mark, by dictionary order, which changes from run to run: then the diagnostic points at the YAML's start.
            let onlyText = !duplicates.contains("<uncovertable>")
            var names = Set(duplicates.filter { $0 != "<uncovertable>" }).sorted().map { "'\($0)'" }
            if !onlyText { names.append("a key that is not text") }
            let subject = names.count == 1 ? (onlyText ? "key \(names[0]) appears" : "\(names[0]) appears")
                : "keys " + names.dropLast().joined(separator: ", ") + " and " + names.last! + " appear"
            // Yams marks the first occurrence: the repeat is found in the text, at the same indentation.
            if onlyText, names.count == 1, let name = duplicates.first,
               let repeatMark = repeatedKeyMark(name, after: context.mark, in: text) {
                return .error(.duplicateKey, "key '\(name)' appears again; it was first set at line \(context.mark.line + lineOffset)",
                              at: SourceLocation(path: path, line: repeatMark.line + lineOffset, column: repeatMark.column), hint: "keep one of them")
            }
            return .error(.duplicateKey, "\(subject) more than once in the same mapping",
                          at: onlyText ? at(context.mark) : SourceLocation(path: path, line: lineOffset + 1),
                          hint: "keep one of them")
        case let .reader(problem, _, _, _):
            return .error(.yamlSyntax, "invalid YAML: \(problem)", at: SourceLocation(path: path, line: lineOffset + 1))
        default:
            return .error(.yamlSyntax, "invalid YAML: \(error)", at: SourceLocation(path: path, line: lineOffset + 1))
        }
    }

    /// The entry fields of a YAML mapping; scalars stay the text the author wrote.
    static func fieldValue(_ node: Node) -> FieldValue {
        switch node {
        case .scalar(let scalar):
            return .text(scalar.string)
        case .sequence(let sequence):
            return .list(sequence.map(fieldValue))
        case .mapping(let mapping):
            var names: [String] = []
            var values: [FieldValue] = []
            for (key, value) in mapping {
                names.append(key.string ?? "")
                values.append(fieldValue(value))
            }
            return .record(FieldRecord(names: names, values: values))
        case .alias:
            return .text("")
        }
    }
}

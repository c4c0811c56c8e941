import IndexSiteCore

/// A template compiled to a flat program of steps, run by `MustacheLibrary`'s renderer: literal text is one range of
/// one byte buffer, names are resolved once, and a section knows where its body ends. Rendering walks plain values
/// (no node tree to copy and release per entry), so a page of a million entries costs its lookups and its bytes.
/// The steps mean exactly what the parsed nodes mean: the program is made from them, after standalone lines and
/// set delimiters are resolved.
final class MustacheProgram: Sendable {
    struct Step: Sendable {
        enum Kind: UInt8, Sendable {
            case text, escapedVariable, rawVariable, section, invertedSection, partial
        }

        var kind: Kind
        /// text: where its bytes start in `literals`; variables and sections: the index in `names`;
        /// partial: the index in `partials`.
        var operand: Int
        /// text: where its bytes end; sections: the index of the first step after the section's body.
        var end: Int
        var line: Int
    }

    /// A name as templates write it, resolved once.
    struct Name: Sendable {
        /// The dotted parts: `strings.details` is two keys.
        let keys: [TemplateKey]
        /// `.`, the implicit iterator: the top of the context stack.
        let isImplicitIterator: Bool
        /// The name as written, for missing-key diagnostics.
        let written: String
    }

    let steps: [Step]
    let literals: [UInt8]
    let names: [Name]
    let partials: [(name: String, indent: [UInt8])]

    init(_ nodes: [MustacheTemplate.Node]) {
        var steps: [Step] = []
        var literals: [UInt8] = []
        var names: [Name] = []
        var nameIndex: [String: Int] = [:]
        var partials: [(name: String, indent: [UInt8])] = []
        func name(_ keys: [TemplateKey]) -> Int {
            let written = keys.map(\.name).joined(separator: ".")
            if let index = nameIndex[written] { return index }
            nameIndex[written] = names.count
            names.append(Name(keys: keys, isImplicitIterator: keys.count == 1 && keys[0].name == ".", written: written))
            return names.count - 1
        }
        func compile(_ nodes: [MustacheTemplate.Node]) {
            for node in nodes {
                switch node {
                case .text(let bytes):
                    steps.append(Step(kind: .text, operand: literals.count, end: literals.count + bytes.count, line: 0))
                    literals += bytes
                case .variable(let keys, let escaped, let line):
                    steps.append(Step(kind: escaped ? .escapedVariable : .rawVariable, operand: name(keys), end: 0, line: line))
                case .section(let keys, let inverted, let children, let line):
                    let at = steps.count
                    steps.append(Step(kind: inverted ? .invertedSection : .section, operand: name(keys), end: 0, line: line))
                    compile(children)
                    steps[at].end = steps.count
                case .partial(let partial, let indent, let line):
                    steps.append(Step(kind: .partial, operand: partials.count, end: 0, line: line))
                    partials.append((partial, indent))
                }
            }
        }
        compile(nodes)
        self.steps = steps
        self.literals = literals
        self.names = names
        self.partials = partials
    }
}

import IndexSiteCore

/// A section's body run over a list of entries (`{{#entries}}{{>entry}}{{/entries}}`), bound once per list to what
/// its names mean: an entry's text is a slot of its row, a field's name and value are read from the row, and a name
/// no entry has (`{{strings.details}}`) is looked up once in the enclosing contexts, which are the same for every
/// entry. Each entry then costs a walk over a few operations that copy bytes, with no context stack, no look-up and
/// no `TemplateValue`. What binding does not cover (`{{.}}`, nested lists of entries, dotted names into an entry)
/// runs as the plain renderer would run it, with the stack it would have had; the bytes are the same either way.
struct MustacheEntryLoop {
    enum Operation {
        /// Bytes of `literals`: template text, and names found outside the entry, already written.
        case literal(Range<Int>)
        /// A slot of the entry's row (`EntryRows.Slot`, or a shown field's slot).
        case slot(Int, escaped: Bool)
        /// Skips to `end` unless the slot is non-empty (or, `inverted`, empty).
        case whenSlot(Int, inverted: Bool, end: Int)
        case whenFlag(Flag, inverted: Bool, end: Int)
        /// Names found nowhere, reported when the operation is reached (a body no entry shows reports nothing).
        case missing(Set<MustacheLibrary.MissingKey>)
        /// Runs the operations up to `end` once per shown field the entry has.
        case eachField(end: Int)
        case fieldName(escaped: Bool)
        case fieldValue(escaped: Bool)
        /// Steps of a program run by the plain renderer, on the stack it would have: the enclosing contexts, the
        /// entry, then what the enclosing sections pushed.
        case plain(MustacheProgram, Range<Int>, template: String, pushes: [Push])
    }

    /// The entry's yes-or-no keys.
    enum Flag {
        case hasFields, hasChildren, main, isNew
    }

    /// What a section inside the body puts on the stack, for the plain renderer.
    enum Push {
        /// The entry's value of a key (a section over `href` pushes the link).
        case entryValue(TemplateKey)
        /// The field being shown (inside `{{#fields}}`).
        case field
    }

    var operations: [Operation] = []
    var literals: [UInt8] = []

    /// Runs the operations for the entry in `rows` at `row`.
    func run(_ rows: EntryRows, _ row: Int, renderer: inout MustacheLibrary.Renderer, outer: [TemplateValue],
             into output: inout [UInt8], depth: Int) {
        run(0..<operations.count, rows, row, field: nil, renderer: &renderer, outer: outer, into: &output, depth: depth)
    }

    private func run(_ range: Range<Int>, _ rows: EntryRows, _ row: Int, field: Int?, renderer: inout MustacheLibrary.Renderer,
                     outer: [TemplateValue], into output: inout [UInt8], depth: Int) {
        var index = range.lowerBound
        while index < range.upperBound {
            switch operations[index] {
            case .literal(let bytes):
                output.append(copying: literals.span.extracting(bytes))
            case .slot(let slot, let escaped):
                rows.append(row, slot, escaped: escaped, to: &output)
            case .whenSlot(let slot, let inverted, let end):
                if rows.has(row, slot) == inverted { index = end; continue }
            case .whenFlag(let flag, let inverted, let end):
                if MustacheEntryLoop.isSet(flag, rows, row) == inverted { index = end; continue }
            case .eachField(let end):
                for shown in rows.fieldNames.indices where rows.has(row, EntryRows.Slot.allCases.count + shown) {
                    run(index + 1..<end, rows, row, field: shown, renderer: &renderer, outer: outer, into: &output, depth: depth)
                }
                index = end
                continue
            case .missing(let keys):
                renderer.missing.formUnion(keys)
            case .fieldName(let escaped):
                if let field { HTML.append(rows.fieldNames[field], escaped: escaped, to: &output) }
            case .fieldValue(let escaped):
                if let field { rows.append(row, EntryRows.Slot.allCases.count + field, escaped: escaped, to: &output) }
            case .plain(let program, let steps, let template, let pushes):
                let entry = EntryRow(rows: rows, row: row)
                var stack = outer
                stack.append(.object(entry))
                for push in pushes {
                    switch push {
                    case .entryValue(let key): stack.append(entry.value(forKey: key) ?? .null)
                    case .field: stack.append(field.map { .object(FieldRow(rows: rows, row: row, field: $0)) } ?? .null)
                    }
                }
                renderer.run(program, steps, template: template, stack: &stack, into: &output, depth: depth)
            }
            index += 1
        }
    }

    static func isSet(_ flag: Flag, _ rows: EntryRows, _ row: Int) -> Bool {
        switch flag {
        case .hasFields: rows.hasFields(row)
        case .hasChildren: rows.children(of: row) != nil
        case .main: rows.isMain(row)
        case .isNew: rows.isNew(row)
        }
    }
}

/// A list of entries renders a section's block as a bound loop: the block is bound once for the rows the renderer
/// hands over (a run of a section, or a chunk of a long one), then each row is a walk over its operations.
extension EntryRows: TemplateLoop {
    func item(at index: Int) -> TemplateValue { .object(EntryRow(rows: self, row: index)) }

    func renderWeight(at index: Int) -> Int { 1 }

    var renderWeight: Int { count }

    func render(_ items: Range<Int>, _ block: MustacheBlock, renderer: inout MustacheLibrary.Renderer, stack: inout [TemplateValue],
                into output: inout [UInt8]) {
        let loop = renderer.entryLoop(block, outer: stack)
        for row in items {
            loop.run(self, row, renderer: &renderer, outer: stack, into: &output, depth: block.depth)
        }
    }
}

extension MustacheLibrary.Renderer {
    /// The loop for `block` over entries, bound against `outer`, the stack around the list.
    mutating func entryLoop(_ block: MustacheBlock, outer: [TemplateValue]) -> MustacheEntryLoop {
        var loop = MustacheEntryLoop()
        bind(block.program, block.steps, template: block.template, outer: outer, pushes: [], inField: false, into: &loop, depth: block.depth)
        return loop
    }

    /// The slot of an entry key that is text, the flag of one that is yes-or-no.
    private static func slot(_ key: TemplateKey) -> Int? { EntryRow.slot(of: key.known)?.rawValue }

    private static func flag(_ key: TemplateKey) -> MustacheEntryLoop.Flag? {
        switch key.known {
        case .has_fields?: .hasFields
        case .has_children?: .hasChildren
        case .main?: .main
        case .is_new?: .isNew
        default: nil
        }
    }

    /// Whether an entry (or, inside `{{#fields}}`, a field) answers the first part of `name`: those names never reach
    /// the enclosing contexts.
    private static func isInner(_ name: MustacheProgram.Name, inField: Bool) -> Bool {
        if name.isImplicitIterator { return true }
        let key = name.keys[0]
        if inField, key.known == .name || key.known == .value { return true }
        return EntryRow.answers(key)
    }

    private mutating func bind(_ program: MustacheProgram, _ range: Range<Int>, template: String, outer: [TemplateValue],
                               pushes: [MustacheEntryLoop.Push], inField: Bool, into loop: inout MustacheEntryLoop, depth: Int) {
        func plain(_ steps: Range<Int>) {
            loop.operations.append(.plain(program, steps, template: template, pushes: pushes))
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let step = program.steps[index]
            let next = step.kind == .section || step.kind == .invertedSection ? step.end : index + 1
            defer { index = next }
            switch step.kind {
            case .text:
                let start = loop.literals.count
                loop.literals += program.literals[step.operand..<step.end]
                loop.operations.append(.literal(start..<loop.literals.count))
            case .escapedVariable, .rawVariable:
                let name = program.names[step.operand], escaped = step.kind == .escapedVariable
                let inner = Self.isInner(name, inField: inField)
                // `{{.}}` and dotted names into an entry or field are left to the plain renderer.
                guard !name.isImplicitIterator, !inner || name.keys.count == 1 else { plain(index..<next); continue }
                if !inner {
                    let start = loop.literals.count, known = missing
                    lookup(name, in: outer, template: template, line: step.line).append(escaped: escaped, to: &loop.literals)
                    loop.operations.append(.literal(start..<loop.literals.count))
                    if missing != known {
                        loop.operations.append(.missing(missing.subtracting(known)))
                        missing = known
                    }
                } else if inField, name.keys[0].known == .name {
                    loop.operations.append(.fieldName(escaped: escaped))
                } else if inField, name.keys[0].known == .value {
                    loop.operations.append(.fieldValue(escaped: escaped))
                } else if let slot = Self.slot(name.keys[0]) {
                    loop.operations.append(.slot(slot, escaped: escaped))
                } else {
                    plain(index..<next)
                }
            case .section, .invertedSection:
                let name = program.names[step.operand], inverted = step.kind == .invertedSection
                let body = index + 1..<step.end
                guard !name.isImplicitIterator, name.keys.count == 1, Self.isInner(name, inField: inField),
                      !(inField && (name.keys[0].known == .name || name.keys[0].known == .value))
                else { plain(index..<next); continue }
                let key = name.keys[0]
                let at = loop.operations.count
                if let slot = Self.slot(key) {
                    loop.operations.append(.whenSlot(slot, inverted: inverted, end: 0))
                } else if let flag = Self.flag(key) {
                    loop.operations.append(.whenFlag(flag, inverted: inverted, end: 0))
                } else if key.known == .fields, !inField, !inverted {
                    loop.operations.append(.eachField(end: 0))
                    bind(program, body, template: template, outer: outer, pushes: pushes + [.field], inField: true, into: &loop, depth: depth)
                    loop.operations[at] = .eachField(end: loop.operations.count)
                    continue
                } else {
                    plain(index..<next)
                    continue
                }
                // A section over text or a flag pushes it (the plain renderer's `{{.}}` inside reads it); an inverted
                // one pushes nothing.
                bind(program, body, template: template, outer: outer, pushes: inverted ? pushes : pushes + [.entryValue(key)],
                     inField: inField, into: &loop, depth: depth)
                switch loop.operations[at] {
                case .whenSlot(let slot, _, _): loop.operations[at] = .whenSlot(slot, inverted: inverted, end: loop.operations.count)
                case .whenFlag(let flag, _, _): loop.operations[at] = .whenFlag(flag, inverted: inverted, end: loop.operations.count)
                default: break
                }
            case .partial:
                guard depth < MustacheLibrary.maximumDepth, let partial = partial(step.operand, of: program) else { plain(index..<next); continue }
                bind(partial, 0..<partial.steps.count, template: program.partials[step.operand].name, outer: outer, pushes: pushes,
                     inField: inField, into: &loop, depth: depth + 1)
            }
        }
    }
}

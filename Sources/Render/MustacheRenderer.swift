import Dispatch
import IndexSiteCore
/// A value a template can show: text, a flag, a list to repeat a section over, or an object with named keys.
enum TemplateValue: Sendable {
    case null
    case bool(Bool)
    case text(String)
    /// UTF-8 bytes of text already built, such as a rendered page body: appended without becoming a String first.
    case bytes([UInt8])
    case list([TemplateValue])
    case object(any TemplateObject)

    /// Whether a section shows: false, null, empty text and empty lists hide it.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .text(let text): !text.isEmpty
        case .bytes(let bytes): !bytes.isEmpty
        case .list(let items): !items.isEmpty
        case .object: true
        }
    }
}

/// Something with named keys a template can look up; page contexts implement it without building dictionaries.
protocol TemplateObject: Sendable {
    func value(forKey key: TemplateKey) -> TemplateValue?
}

extension Dictionary: TemplateObject where Key == String, Value == TemplateValue {
    func value(forKey key: TemplateKey) -> TemplateValue? { self[key.name] }
}

/// A name in a template, resolved once when the template is parsed: the theme's own keys get a number,
/// so page contexts answer lookups with a jump instead of comparing strings for every entry.
struct TemplateKey: Hashable, Sendable {
    let name: String
    let known: KnownTemplateKey?

    init(_ name: String) {
        self.name = name
        known = KnownTemplateKey(rawValue: name)
    }
}

/// The keys of IndexSite's typed page contexts (see the template context reference in the README).
enum KnownTemplateKey: String, Sendable {
    case id, title, label, href, page_href, description_html, body_html, fields, has_fields, children, has_children, main, see_section
    case entry_count, entries, empty, name, value
    case level, subsection, heading_level, has_entries, runs, long_section
}

/// A set of parsed templates that can include each other as partials, rendered into byte buffers.
struct MustacheLibrary: Sendable {
    private(set) var templates: [String: MustacheTemplate] = [:]
    /// The source of each template, kept to build indented copies for standalone partials.
    private var sources: [String: String] = [:]
    /// Partials nested deeper than this stop rendering, so a template that includes itself cannot hang the build.
    static let maximumDepth = 64

    init() {}

    /// A key a template names that nothing in the context provides: a typo, reported by `check`.
    struct MissingKey: Hashable, Sendable {
        var template: String
        var name: String
        var line: Int
    }

    mutating func add(name: String, source: String) throws(MustacheTemplate.SyntaxError) {
        templates[name] = try MustacheTemplate(name: name, source: source)
        sources[name] = source
    }

    /// Renders template `name` with `context`, appending to `output`; returns the keys nothing in the context provided.
    @discardableResult
    func render(_ name: String, _ context: TemplateValue, into output: inout [UInt8]) -> Set<MissingKey> {
        guard let template = templates[name] else { return [] }
        var renderer = Renderer(library: self)
        var stack = [context]
        renderer.run(template.program, 0..<template.program.steps.count, template: name, stack: &stack, into: &output, depth: 0)
        return renderer.missing
    }

    func render(_ name: String, _ context: TemplateValue) -> String {
        var output: [UInt8] = []
        render(name, context, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A list section with at least this many items is rendered on every core, in chunks of items (a page's entries).
    static let concurrentListItems = 256
    /// At most this many chunks: enough for cores to even out uneven items, few enough to cost nothing to join.
    static let concurrentChunks = 16

    private struct Renderer {
        let library: MustacheLibrary
        var missing: Set<MissingKey> = []
        /// Partials re-parsed with the indentation of a standalone partial tag, by name and indentation.
        var indentedPartials: [String: MustacheTemplate] = [:]
        /// Whether long lists may render on several threads; false inside such a list (one level of concurrency).
        var concurrent = true

        init(library: MustacheLibrary) {
            self.library = library
        }

        /// Renders `children` once per item, as the plain loop does, but in chunks of items on every core: each chunk
        /// gets its own copy of the stack and its own buffer, and the buffers are appended in item order, so the
        /// bytes are those of the plain loop. Templates and values are immutable, so the chunks share them safely.
        mutating func renderConcurrently(_ items: [TemplateValue], program: MustacheProgram, body: Range<Int>, template: String,
                                         stack: [TemplateValue], into output: inout [UInt8], depth: Int) {
            let chunks = min(items.count / 64, MustacheLibrary.concurrentChunks)
            var worker = self
            worker.concurrent = false
            worker.missing = []
            let prototype = worker
            let parts = [(bytes: [UInt8], missing: Set<MissingKey>)].madeConcurrently(count: chunks) { chunk in
                var renderer = prototype
                var stack = stack
                var bytes: [UInt8] = []
                let start = chunk * items.count / chunks, end = (chunk + 1) * items.count / chunks
                for index in start..<end {
                    stack.append(items[index])
                    renderer.run(program, body, template: template, stack: &stack, into: &bytes, depth: depth)
                    stack.removeLast()
                }
                return (bytes, renderer.missing)
            }
            output.reserveCapacity(output.count + parts.reduce(0) { $0 + $1.bytes.count })
            for part in parts {
                output.append(contentsOf: part.bytes)
                missing.formUnion(part.missing)
            }
        }

        /// Runs the steps in `range` of `program`: a section's body is the range after its step, up to its `end`.
        mutating func run(_ program: MustacheProgram, _ range: Range<Int>, template: String, stack: inout [TemplateValue],
                          into output: inout [UInt8], depth: Int) {
            var index = range.lowerBound
            while index < range.upperBound {
                let step = program.steps[index]
                switch step.kind {
                case .text:
                    program.literals.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[step.operand..<step.end])) }
                    index += 1
                case .escapedVariable, .rawVariable:
                    let escaped = step.kind == .escapedVariable
                    switch lookup(program.names[step.operand], in: stack, template: template, line: step.line) {
                    case .text(let text):
                        if escaped { HTML.appendEscaped(text, to: &output) } else { output.append(contentsOf: text.utf8) }
                    case .bytes(let bytes):
                        if escaped { HTML.appendEscaped(String(decoding: bytes, as: UTF8.self), to: &output) } else { output.append(contentsOf: bytes) }
                    case .bool(let flag):
                        output.append(contentsOf: (flag ? "true" : "false").utf8)
                    case .null, .list, .object:
                        break
                    }
                    index += 1
                case .invertedSection:
                    let body = index + 1..<step.end
                    if !lookup(program.names[step.operand], in: stack, template: template, line: step.line).isTruthy {
                        run(program, body, template: template, stack: &stack, into: &output, depth: depth)
                    }
                    index = step.end
                case .section:
                    let body = index + 1..<step.end
                    switch lookup(program.names[step.operand], in: stack, template: template, line: step.line) {
                    case .list(let items) where concurrent && items.count >= MustacheLibrary.concurrentListItems:
                        renderConcurrently(items, program: program, body: body, template: template, stack: stack, into: &output, depth: depth)
                    case .list(let items):
                        for item in items {
                            stack.append(item)
                            run(program, body, template: template, stack: &stack, into: &output, depth: depth)
                            stack.removeLast()
                        }
                    case let value where value.isTruthy:
                        stack.append(value)
                        run(program, body, template: template, stack: &stack, into: &output, depth: depth)
                        stack.removeLast()
                    default:
                        break
                    }
                    index = step.end
                case .partial:
                    index += 1
                    guard depth < MustacheLibrary.maximumDepth else { continue }
                    let (name, indent) = program.partials[step.operand]
                    guard let partial = partial(name, indent: indent) else {
                        missing.insert(MissingKey(template: template, name: ">" + name, line: step.line))
                        continue
                    }
                    run(partial, 0..<partial.steps.count, template: name, stack: &stack, into: &output, depth: depth + 1)
                }
            }
        }

        mutating func partial(_ name: String, indent: [UInt8]) -> MustacheProgram? {
            guard let template = library.templates[name] else { return nil }
            guard !indent.isEmpty, let source = library.sources[name] else { return template.program }
            let key = name + "\u{0}" + String(decoding: indent, as: UTF8.self)
            if let cached = indentedPartials[key] { return cached.program }
            let indented = try? MustacheTemplate(name: name, source: MustacheTemplate.indented(source, by: indent))
            indentedPartials[key] = indented
            return indented?.program
        }

        /// Finds a name in the context stack: the first component from the top down, the rest strictly inside it.
        /// Written without optional `TemplateValue` variables: copying one went through the generic value witnesses,
        /// a tenth of a large build.
        mutating func lookup(_ name: MustacheProgram.Name, in stack: [TemplateValue], template: String, line: Int) -> TemplateValue {
            if name.isImplicitIterator { return stack.last ?? .null }
            var level = stack.count
            while level > 0 {
                level -= 1
                guard case .object(let object) = stack[level], let found = object.value(forKey: name.keys[0]) else { continue }
                return name.keys.count == 1 ? found : inside(found, name, template: template, line: line)
            }
            missing.insert(MissingKey(template: template, name: name.written, line: line))
            return .null
        }

        /// The rest of a dotted name, looked up strictly inside the value its first component found.
        mutating func inside(_ found: TemplateValue, _ name: MustacheProgram.Name, template: String, line: Int) -> TemplateValue {
            var current = found
            for component in name.keys.dropFirst() {
                guard case .object(let object) = current, let next = object.value(forKey: component) else {
                    missing.insert(MissingKey(template: template, name: name.written, line: line))
                    return .null
                }
                current = next
            }
            return current
        }
    }
}

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
        renderer.render(template.nodes, template: name, stack: &stack, into: &output, depth: 0)
        return renderer.missing
    }

    func render(_ name: String, _ context: TemplateValue) -> String {
        var output: [UInt8] = []
        render(name, context, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private struct Renderer {
        let library: MustacheLibrary
        var missing: Set<MissingKey> = []
        /// Partials re-parsed with the indentation of a standalone partial tag, by name and indentation.
        var indentedPartials: [String: MustacheTemplate] = [:]

        init(library: MustacheLibrary) {
            self.library = library
        }

        mutating func render(_ nodes: [MustacheTemplate.Node], template: String, stack: inout [TemplateValue], into output: inout [UInt8], depth: Int) {
            for node in nodes {
                switch node {
                case .text(let bytes):
                    output.append(contentsOf: bytes)
                case .variable(let name, let escaped, let line):
                    switch lookup(name, in: stack, template: template, line: line) {
                    case .text(let text):
                        if escaped { HTML.appendEscaped(text, to: &output) } else { output.append(contentsOf: text.utf8) }
                    case .bytes(let bytes):
                        if escaped { HTML.appendEscaped(String(decoding: bytes, as: UTF8.self), to: &output) } else { output.append(contentsOf: bytes) }
                    case .bool(let flag):
                        output.append(contentsOf: (flag ? "true" : "false").utf8)
                    case .null, .list, .object:
                        break
                    }
                case .section(let name, let inverted, let children, let line):
                    let value = lookup(name, in: stack, template: template, line: line)
                    if inverted {
                        if !value.isTruthy { render(children, template: template, stack: &stack, into: &output, depth: depth) }
                        continue
                    }
                    switch value {
                    case .list(let items):
                        for item in items {
                            stack.append(item)
                            render(children, template: template, stack: &stack, into: &output, depth: depth)
                            stack.removeLast()
                        }
                    case let value where value.isTruthy:
                        stack.append(value)
                        render(children, template: template, stack: &stack, into: &output, depth: depth)
                        stack.removeLast()
                    default:
                        break
                    }
                case .partial(let name, let indent, let line):
                    guard depth < MustacheLibrary.maximumDepth else { continue }
                    guard let partial = partial(name, indent: indent) else {
                        missing.insert(MissingKey(template: template, name: ">" + name, line: line))
                        continue
                    }
                    render(partial.nodes, template: name, stack: &stack, into: &output, depth: depth + 1)
                }
            }
        }

        mutating func partial(_ name: String, indent: [UInt8]) -> MustacheTemplate? {
            guard let template = library.templates[name] else { return nil }
            guard !indent.isEmpty, let source = library.sources[name] else { return template }
            let key = name + "\u{0}" + String(decoding: indent, as: UTF8.self)
            if let cached = indentedPartials[key] { return cached }
            let indented = try? MustacheTemplate(name: name, source: MustacheTemplate.indented(source, by: indent))
            indentedPartials[key] = indented
            return indented
        }

        /// Finds a name in the context stack: the first component from the top down, the rest strictly inside it.
        mutating func lookup(_ name: [TemplateKey], in stack: [TemplateValue], template: String, line: Int) -> TemplateValue {
            if name.count == 1 && name[0].name == "." { return stack.last ?? .null }
            var found: TemplateValue?
            var level = stack.count
            while found == nil && level > 0 {
                level -= 1
                if case .object(let object) = stack[level] { found = object.value(forKey: name[0]) }
            }
            guard var current = found else {
                missing.insert(MissingKey(template: template, name: name.map(\.name).joined(separator: "."), line: line))
                return .null
            }
            for component in name.dropFirst() {
                guard case .object(let object) = current, let next = object.value(forKey: component) else {
                    missing.insert(MissingKey(template: template, name: name.map(\.name).joined(separator: "."), line: line))
                    return .null
                }
                current = next
            }
            return current
        }
    }
}

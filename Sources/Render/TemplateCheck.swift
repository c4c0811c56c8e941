import IndexSiteCore

/// Checks every template against the page kinds that render it, without rendering: each name a template uses must
/// be a key of some object on the context stack at that point (`TemplateContexts`), and each partial must exist.
/// Sections are entered whether or not they would show, so a typo inside `{{#has_fields}}` is found on a list
/// without fields.
struct TemplateCheck {
    let library: MustacheLibrary
    /// Unknown names and missing partials, as the renderer reports them (a partial's name starts with `>`).
    private(set) var problems: Set<MustacheLibrary.MissingKey> = []
    /// Partials already walked with a given stack, so a partial that includes itself (entries' children) ends.
    private var walkedPartials: Set<WalkedPartial> = []
    /// Each object kind's keys, made once: `ContextObject.keys` builds its dictionary anew on every call.
    private let keys = Dictionary(uniqueKeysWithValues: ContextObject.allCases.map { ($0, $0.keys) })

    /// A partial and the stack it was walked with. Compared as values: describing the stack as text went through
    /// reflection, the larger part of the check's time.
    private struct WalkedPartial: Hashable {
        var name: String
        var stack: [ContextShape]
    }

    init(library: MustacheLibrary) {
        self.library = library
    }

    /// The problems of every page kind's template and of the partials they include.
    static func problems(in library: MustacheLibrary) -> Set<MustacheLibrary.MissingKey> {
        var check = TemplateCheck(library: library)
        for (name, context) in ContextObject.pageTemplates {
            guard let template = library.templates[name] else { continue }
            check.walk(template.nodes, template: name, stack: [.object(context)])
        }
        return check.problems
    }

    mutating func walk(_ nodes: [MustacheTemplate.Node], template: String, stack: [ContextShape]) {
        for node in nodes {
            switch node {
            case .text:
                break
            case .variable(let name, _, let line):
                if resolve(name, in: stack) == nil { missing(name, template: template, line: line) }
            case .section(let name, let inverted, let children, let line):
                guard let shape = resolve(name, in: stack) else {
                    missing(name, template: template, line: line)
                    walk(children, template: template, stack: stack)
                    continue
                }
                if inverted {
                    walk(children, template: template, stack: stack)
                } else if case .list(let item) = shape {
                    walk(children, template: template, stack: stack + [item])
                } else {
                    walk(children, template: template, stack: stack + [shape])
                }
            case .partial(let name, _, let line):
                guard let partial = library.templates[name] else {
                    problems.insert(MustacheLibrary.MissingKey(template: template, name: ">" + name, line: line))
                    continue
                }
                // A shape deeper in the stack hides the same shape further up, so only each shape's last place matters:
                // with the stack reduced to that, a partial that includes itself (entries' children) comes back to a
                // stack it has walked, and the walk ends.
                var reduced: [ContextShape] = []
                for shape in stack.reversed() where !reduced.contains(shape) { reduced.insert(shape, at: 0) }
                guard walkedPartials.insert(WalkedPartial(name: name, stack: reduced)).inserted else { continue }
                walk(partial.nodes, template: name, stack: reduced)
            }
        }
    }

    /// The shape a name has on this stack, or nil when nothing provides it (the renderer's own lookup, statically).
    func resolve(_ name: [TemplateKey], in stack: [ContextShape]) -> ContextShape? {
        if name.count == 1 && name[0].name == "." { return stack.last }
        var found: ContextShape?
        for shape in stack.reversed() {
            if case .object(let object) = shape, let value = keys[object]?[name[0].name] {
                found = value
                break
            }
        }
        guard var current = found else { return nil }
        for component in name.dropFirst() {
            guard case .object(let object) = current, let next = keys[object]?[component.name] else { return nil }
            current = next
        }
        return current
    }

    mutating func missing(_ name: [TemplateKey], template: String, line: Int) {
        problems.insert(MustacheLibrary.MissingKey(template: template, name: name.map(\.name).joined(separator: "."), line: line))
    }
}

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
    /// Partials that include themselves in a way that never ends (see `PartialCycle`), by the inclusion that closes the cycle.
    private(set) var cycles: Set<PartialCycle> = []
    /// The templates being walked, outermost first: each with the height of the stack it was included with and how
    /// many lists were open when it was.
    private var including: [(name: String, height: Int, openLists: Int)] = []
    /// The lists whose sections are being walked: each with the stack frame its name was found in and its name.
    private var openLists: [(frame: Int, name: String)] = []
    /// Each object kind's keys, made once: `ContextObject.keys` builds its dictionary anew on every call.
    private let keys = Dictionary(uniqueKeysWithValues: ContextObject.allCases.map { ($0, $0.keys) })

    /// A partial and the stack it was walked with. Compared as values: describing the stack as text went through
    /// reflection, the larger part of the check's time.
    private struct WalkedPartial: Hashable {
        var name: String
        var stack: [ContextShape]
    }

    /// A partial that includes itself (directly or through others) either with no list between the two inclusions,
    /// or inside a list found below the context it was included with (`{{#runs}}` in `section`, found in the
    /// section while the stack's top is an entry): each round then walks the same items again, without end. An
    /// entry's `{{#children}}` comes from the entry itself, so that recursion ends with the data.
    struct PartialCycle: Hashable, Sendable {
        /// The template holding the inclusion that closes the cycle, and its line.
        var template: String
        var line: Int
        /// The templates of the cycle, first and last the same.
        var chain: [String]
        /// The list that repeats, or nil when no list lies between the inclusions.
        var list: String?
    }

    init(library: MustacheLibrary) {
        self.library = library
    }

    /// The problems of every page kind's template and of the partials they include.
    static func problems(in library: MustacheLibrary) -> Set<MustacheLibrary.MissingKey> {
        checked(library).problems
    }

    /// The check of every page kind's template, with what it found.
    static func checked(_ library: MustacheLibrary) -> TemplateCheck {
        var check = TemplateCheck(library: library)
        for (name, context) in ContextObject.pageTemplates {
            guard let template = library.templates[name] else { continue }
            check.including = [(name, 1, 0)]
            check.openLists = []
            check.walk(template.nodes, template: name, stack: [.object(context)])
        }
        return check
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
                    openLists.append((frame(of: name, in: stack), name.map(\.name).joined(separator: ".")))
                    walk(children, template: template, stack: stack + [item])
                    openLists.removeLast()
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
                if let cycle = cycle(closedBy: name, template: template, line: line) {
                    cycles.insert(cycle)
                    continue
                }
                guard walkedPartials.insert(WalkedPartial(name: name, stack: reduced)).inserted else { continue }
                including.append((name, reduced.count, openLists.count))
                walk(partial.nodes, template: name, stack: reduced)
                including.removeLast()
            }
        }
    }

    /// The cycle an inclusion of `name` closes, when it never ends (see `PartialCycle`); nil when `name` is not
    /// being walked, or each round descends into the data.
    func cycle(closedBy name: String, template: String, line: Int) -> PartialCycle? {
        guard let outer = including.lastIndex(where: { $0.name == name }) else { return nil }
        let chain = including[outer...].map(\.name) + [name]
        let lists = openLists[including[outer].openLists...]
        if lists.isEmpty { return PartialCycle(template: template, line: line, chain: chain, list: nil) }
        // A list found below the top of the stack that the template holding it was included with repeats that stack's items.
        for index in including[outer].openLists..<openLists.count {
            let list = openLists[index]
            let within = including[outer...].last { $0.openLists <= index } ?? including[outer]
            if list.frame < within.height - 1 { return PartialCycle(template: template, line: line, chain: chain, list: list.name) }
        }
        return nil
    }

    /// The index of the stack frame a name is found in (the top one for `.`); the top when nothing provides it.
    func frame(of name: [TemplateKey], in stack: [ContextShape]) -> Int {
        if name.count == 1 && name[0].name == "." { return stack.count - 1 }
        for index in stack.indices.reversed() {
            if case .object(let object) = stack[index], keys[object]?[name[0].name] != nil { return index }
        }
        return stack.count - 1
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

import IndexSiteCore
/// A value a template can show: text, a flag, a list to repeat a section over (its values, or a loop that renders the
/// section itself), or an object with named keys.
enum TemplateValue: Sendable {
    case null
    case bool(Bool)
    case text(String)
    /// UTF-8 bytes of text already built, such as a rendered page body or an entry's description in its section's
    /// buffer: appended without becoming a String first.
    case bytes(ArraySlice<UInt8>)
    case list([TemplateValue])
    case loop(any TemplateLoop)
    case object(any TemplateObject)

    /// Whether a section shows: false, null, empty text and empty lists hide it.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .text(let text): !text.isEmpty
        case .bytes(let bytes): !bytes.isEmpty
        case .list(let items): !items.isEmpty
        case .loop(let loop): loop.count > 0
        case .object: true
        }
    }
}

/// Something with named keys a template can look up; page contexts implement it without building dictionaries.
protocol TemplateObject: Sendable {
    func value(forKey key: TemplateKey) -> TemplateValue?
    /// Roughly what rendering the object costs, counted in entries: a section or a run of entries counts its entries,
    /// anything else one. A page's 24 letter sections weigh as their 100,000 entries, so the list of sections is
    /// rendered on every core, as a list of many light items is.
    var renderWeight: Int { get }
}

extension TemplateObject {
    var renderWeight: Int { 1 }
}

extension TemplateValue {
    /// The value as a variable tag shows it: text and bytes (HTML-escaped when `escaped`), flags as `true`/`false`,
    /// nothing for the rest.
    func append(escaped: Bool, to output: inout [UInt8]) {
        switch self {
        case .text(let text):
            HTML.append(text, escaped: escaped, to: &output)
        case .bytes(let bytes):
            HTML.append(bytes.span, escaped: escaped, to: &output)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null, .list, .loop, .object:
            break
        }
    }
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
enum KnownTemplateKey: String, Sendable, CaseIterable {
    case id, title, label, href, page_href, description_html, body_html, fields, has_fields, children, has_children, main, see_section, is_new
    case prefix, struck
    case entry_count, entries, empty, name, value
    case level, subsection, heading_level, has_entries, runs, long_section
    case image, search_terms, facet_values
}

/// A set of parsed templates that can include each other as partials, rendered into byte buffers.
struct MustacheLibrary: Sendable {
    private(set) var templates: [String: MustacheTemplate] = [:]
    /// The source of each template, kept to build indented copies for standalone partials.
    private var sources: [String: String] = [:]
    /// Partials nested deeper than this stop rendering, so a template that includes itself cannot hang the build.
    static let maximumDepth = 64

    init() {}

    /// A partial named by a program: which program, and which of its partials.
    struct PartialReference: Hashable {
        let program: ObjectIdentifier
        let operand: Int
    }

    /// The weight of a list's item (see `TemplateObject.renderWeight`).
    static func weight(of item: TemplateValue) -> Int {
        if case .object(let object) = item { return object.renderWeight }
        return 1
    }

    /// The items' total weight when the list is rendered on every core (at least two items weighing at least
    /// `concurrentListWeight`), else nil.
    static func concurrentWeight(of items: some TemplateLoop) -> Int? {
        guard items.count > 1 else { return nil }
        let weight = items.renderWeight
        return weight >= concurrentListWeight ? weight : nil
    }

    /// Where each chunk of a concurrently rendered list ends: at most `concurrentChunks` chunks of consecutive items,
    /// none lighter than `minimumChunkWeight` unless it is the only one, cut where the running weight reaches each
    /// chunk's share (an item heavier than a share makes a chunk of its own, and may leave the next one empty).
    static func chunkEnds(_ weights: [Int], total: Int) -> [Int] {
        let chunks = min(weights.count, concurrentChunks, max(1, total / minimumChunkWeight))
        var ends: [Int] = []
        var running = 0
        for (index, weight) in weights.enumerated() {
            running += weight
            while ends.count < chunks - 1, running * chunks >= total * (ends.count + 1) { ends.append(index + 1) }
        }
        ends.append(weights.count)
        return ends
    }

    /// Where each chunk of a streamed list ends (`render(_:_:emit:)`): consecutive items up to `streamedChunkTarget`
    /// of weight, and an item heavier than that alone.
    static func streamedChunkEnds(_ weights: [Int], total: Int) -> [Int] {
        let target = streamedChunkTarget(total: total)
        var ends: [Int] = []
        var running = 0
        for (index, weight) in weights.enumerated() {
            if running > 0, running + weight > target {
                ends.append(index)
                running = 0
            }
            running += weight
        }
        ends.append(weights.count)
        return ends
    }

    /// The weight of a streamed list's chunks: a share of the list as when it is not streamed, at most
    /// `streamedChunkWeight`.
    static func streamedChunkTarget(total: Int) -> Int {
        min(streamedChunkWeight, max(minimumChunkWeight, total / concurrentChunks))
    }

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
    /// `plainly: true` renders every list item by item, in order, on one thread, looking every name up: the reference
    /// that tests hold concurrent rendering and loops that render their own items (`TemplateLoop`) to.
    @discardableResult
    func render(_ name: String, _ context: TemplateValue, into output: inout [UInt8], plainly: Bool = false) -> Set<MissingKey> {
        guard let template = templates[name] else { return [] }
        var renderer = Renderer(library: self)
        renderer.concurrent = !plainly
        renderer.loopsRenderThemselves = !plainly
        var stack = [context]
        renderer.run(template.program, 0..<template.program.steps.count, template: name, stack: &stack, into: &output, depth: 0)
        return renderer.missing
    }

    /// Renders template `name`, handing its bytes to `emit` in pieces as they are made: a long list is rendered on
    /// every core in waves of chunks, each wave handed out before the next is made, so a page of a million entries is
    /// never held whole (it was, and it was a large share of the build's peak memory). Joined, the pieces are what
    /// `render(_:_:into:)` appends; none is empty.
    func render(_ name: String, _ context: TemplateValue, emit: ([UInt8]) -> Void) -> Set<MissingKey> {
        guard let template = templates[name] else { return [] }
        return withoutActuallyEscaping(emit) { emit in
            var renderer = Renderer(library: self)
            renderer.emit = emit
            var stack = [context]
            var output: [UInt8] = []
            renderer.run(template.program, 0..<template.program.steps.count, template: name, stack: &stack, into: &output, depth: 0)
            if !output.isEmpty { emit(output) }
            return renderer.missing
        }
    }

    func render(_ name: String, _ context: TemplateValue) -> String {
        var output: [UInt8] = []
        render(name, context, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A list section whose items weigh at least this much (see `TemplateObject.renderWeight`) is rendered on every
    /// core, in chunks of items (a page's sections, or a section's runs of entries).
    static let concurrentListWeight = 256
    /// At most this many chunks: enough for cores to even out uneven items, few enough to cost nothing to join.
    static let concurrentChunks = 16
    /// A chunk weighs at least this much: smaller ones cost more to hand out than to render.
    static let minimumChunkWeight = 64
    /// Streamed, a chunk weighs at most this much (see `streamedChunkEnds`), and chunks are rendered in waves of at
    /// most `streamedWaveWeight`: a wave is a few megabytes of page, and a page of 10,000 entries is one wave.
    static let streamedChunkWeight = 4_096
    static let streamedWaveWeight = 16_384

    struct Renderer {
        let library: MustacheLibrary
        var missing: Set<MissingKey> = []
        /// Partials re-parsed with the indentation of a standalone partial tag, by name and indentation.
        var indentedPartials: [String: MustacheTemplate] = [:]
        /// The partials programs have named, once found (nil: no such template).
        var resolvedPartials: [PartialReference: MustacheProgram?] = [:]
        /// Whether long lists may render on several threads; false inside such a list (one level of concurrency).
        var concurrent = true
        /// Whether a `TemplateLoop` renders its items itself; false renders them item by item, as a list of values.
        var loopsRenderThemselves = true
        /// Where a streamed render (`render(_:_:emit:)`) hands its pieces: a long list's chunks, each wave of them after
        /// the output so far; nil inside a chunk and in a render into one buffer.
        var emit: (([UInt8]) -> Void)?

        init(library: MustacheLibrary) {
            self.library = library
        }

        /// Renders a list section: `block` once per item of `loop`, in order, on every core when the list is long.
        mutating func repeatBlock<Loop: TemplateLoop>(_ loop: Loop, _ block: MustacheBlock, stack: inout [TemplateValue],
                                                      into output: inout [UInt8]) {
            if concurrent, let weight = MustacheLibrary.concurrentWeight(of: loop) {
                renderConcurrently(loop, weight: weight, block, stack: stack, into: &output)
            } else {
                render(loop, 0..<loop.count, block, stack: &stack, into: &output)
            }
        }

        /// Renders `block` for `items` of `loop` on this thread: by the loop itself, or plainly item by item.
        mutating func render<Loop: TemplateLoop>(_ loop: Loop, _ items: Range<Int>, _ block: MustacheBlock, stack: inout [TemplateValue],
                                                 into output: inout [UInt8]) {
            if loopsRenderThemselves {
                loop.render(items, block, renderer: &self, stack: &stack, into: &output)
            } else {
                renderEach(loop, items, block, stack: &stack, into: &output)
            }
        }

        /// Renders `block` for `items` of `loop` item by item: each pushed on the stack, its names looked up.
        mutating func renderEach<Loop: TemplateLoop>(_ loop: Loop, _ items: Range<Int>, _ block: MustacheBlock, stack: inout [TemplateValue],
                                                     into output: inout [UInt8]) {
            for index in items {
                stack.append(loop.item(at: index))
                run(block.program, block.steps, template: block.template, stack: &stack, into: &output, depth: block.depth)
                stack.removeLast()
            }
        }

        /// Renders `block` once per item, as on one thread, but in chunks of items of about equal weight on every
        /// core: each chunk gets its own copy of the stack and its own buffer, and the buffers are appended in item
        /// order, so the bytes are those of one thread. Templates and values are immutable, so the chunks share them
        /// safely. Streamed, the chunks are made in waves, each handed out before the next is made.
        mutating func renderConcurrently<Loop: TemplateLoop>(_ loop: Loop, weight: Int, _ block: MustacheBlock, stack: [TemplateValue],
                                                             into output: inout [UInt8]) {
            let weights = (0..<loop.count).map(loop.renderWeight(at:))
            let ends = emit == nil ? MustacheLibrary.chunkEnds(weights, total: weight) : MustacheLibrary.streamedChunkEnds(weights, total: weight)
            var worker = self
            worker.concurrent = false
            worker.emit = nil
            worker.missing = []
            nonisolated(unsafe) let prototype = worker // its `emit` is nil: nothing in it is shared but immutable values
            func renderChunks(_ chunks: Range<Int>) -> [[UInt8]] {
                let parts = Engine.current.orderedMap(count: chunks.count) { slot -> (bytes: [UInt8], missing: Set<MissingKey>) in
                    let chunk = chunks.lowerBound + slot
                    var renderer = prototype
                    var stack = stack
                    var bytes: [UInt8] = []
                    renderer.render(loop, (chunk == 0 ? 0 : ends[chunk - 1])..<ends[chunk], block, stack: &stack, into: &bytes)
                    return (bytes, renderer.missing)
                }
                for part in parts { missing.formUnion(part.missing) }
                return parts.map(\.bytes)
            }
            guard let emit else {
                let parts = renderChunks(0..<ends.count)
                output.reserveCapacityInHugePages(output.count + parts.reduce(0) { $0 + $1.count })
                for part in parts { output.append(contentsOf: part) }
                return
            }
            func start(of chunk: Int) -> Int { chunk == 0 ? 0 : ends[chunk - 1] }
            let chunkWeights = ends.indices.map { weights[start(of: $0)..<ends[$0]].reduce(0, +) }
            // An item past `streamedChunkWeight` (a long section) is rendered on its own, its lists streamed in turn;
            // lighter ones are rendered whole in waves with their neighbours (a wave of one item would leave cores idle).
            func isHeavyItem(_ chunk: Int) -> Bool {
                ends[chunk] - start(of: chunk) == 1 && chunkWeights[chunk] > MustacheLibrary.streamedChunkWeight
            }
            var chunk = 0
            while chunk < ends.count {
                if isHeavyItem(chunk) {
                    // One item heavier than a chunk (a long section) is rendered here, so that its own lists stream.
                    var stack = stack
                    render(loop, start(of: chunk)..<ends[chunk], block, stack: &stack, into: &output)
                    chunk += 1
                    continue
                }
                var end = chunk + 1
                var waveWeight = chunkWeights[chunk]
                while end < ends.count, !isHeavyItem(end), waveWeight + chunkWeights[end] <= MustacheLibrary.streamedWaveWeight {
                    waveWeight += chunkWeights[end]
                    end += 1
                }
                let parts = renderChunks(chunk..<end)
                if !output.isEmpty { emit(output) }
                output = []
                for part in parts where !part.isEmpty { emit(part) }
                chunk = end
            }
        }

        /// Runs the steps in `range` of `program`: a section's body is the range after its step, up to its `end`.
        /// Steps and names are read in place (a `Name` copied out of its array retained its parts, on every lookup).
        mutating func run(_ program: MustacheProgram, _ range: Range<Int>, template: String, stack: inout [TemplateValue],
                          into output: inout [UInt8], depth: Int) {
            let (steps, names) = (program.steps, program.names)
            run(program, steps.span, names.span, range, template: template, stack: &stack, into: &output, depth: depth)
        }

        private mutating func run(_ program: MustacheProgram, _ steps: Span<MustacheProgram.Step>,
                                  _ names: Span<MustacheProgram.Name>, _ range: Range<Int>, template: String,
                                  stack: inout [TemplateValue], into output: inout [UInt8], depth: Int) {
            var index = range.lowerBound
            while index < range.upperBound {
                let step = steps[index]
                switch step.kind {
                case .text:
                    let literals = program.literals
                    output.append(copying: literals.span.extracting(step.operand..<step.end))
                    index += 1
                case .escapedVariable, .rawVariable:
                    lookup(names[step.operand], in: stack, template: template, line: step.line)
                        .append(escaped: step.kind == .escapedVariable, to: &output)
                    index += 1
                case .invertedSection:
                    let body = index + 1..<step.end
                    if !lookup(names[step.operand], in: stack, template: template, line: step.line).isTruthy {
                        run(program, steps, names, body, template: template, stack: &stack, into: &output, depth: depth)
                    }
                    index = step.end
                case .section:
                    let body = index + 1..<step.end
                    switch lookup(names[step.operand], in: stack, template: template, line: step.line) {
                    case .list(let items):
                        repeatBlock(items, MustacheBlock(program: program, steps: body, template: template, depth: depth), stack: &stack,
                                    into: &output)
                    case .loop(let loop):
                        repeatBlock(loop, MustacheBlock(program: program, steps: body, template: template, depth: depth), stack: &stack,
                                    into: &output)
                    case let value where value.isTruthy:
                        stack.append(value)
                        run(program, steps, names, body, template: template, stack: &stack, into: &output, depth: depth)
                        stack.removeLast()
                    default:
                        break
                    }
                    index = step.end
                case .partial:
                    index += 1
                    guard depth < MustacheLibrary.maximumDepth else { continue }
                    guard let partial = partial(step.operand, of: program) else {
                        missing.insert(MissingKey(template: template, name: ">" + program.partials[step.operand].name, line: step.line))
                        continue
                    }
                    run(partial, 0..<partial.steps.count, template: program.partials[step.operand].name, stack: &stack, into: &output, depth: depth + 1)
                }
            }
        }

        /// The program of partial `operand` of `program`, found by name once per renderer and program: a partial in a
        /// list (`{{>entry}}` in `{{#entries}}`) is run once per item.
        mutating func partial(_ operand: Int, of program: MustacheProgram) -> MustacheProgram? {
            let key = PartialReference(program: ObjectIdentifier(program), operand: operand)
            if let found = resolvedPartials[key] { return found }
            let (name, indent) = program.partials[operand]
            let found = partial(name, indent: indent)
            resolvedPartials[key] = found
            return found
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
        /// Written without optional `TemplateValue` variables: copying one went through the generic value witnesses, a
        /// large share of a large build, as every name of every row is looked up here.
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

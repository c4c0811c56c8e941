/// A list section's block as the renderer runs it for each item: steps `steps` of `program` (the section's body), from
/// template `template`, `depth` partials deep.
struct MustacheBlock: Sendable {
    let program: MustacheProgram
    let steps: Range<Int>
    let template: String
    let depth: Int
}

/// Items a list section repeats its block over, which render that block themselves, as a block helper does in
/// Handlebars. The renderer calls `render` once per list (or per chunk of a long list), so a loop can compile the
/// block once for all its items instead of having every name looked up for every item: a list of entries binds it
/// to its rows (`EntryRows`, `MustacheEntryLoop`). Whatever a loop does, its bytes and missing keys must be those of
/// pushing each item and running the block, which is what a plain render (`MustacheLibrary.render(…, plainly: true)`)
/// does with `item(at:)` instead, and what the tests hold every loop to.
protocol TemplateLoop: Sendable {
    var count: Int { get }
    /// Item `index` as the block sees it on top of the context stack.
    func item(at index: Int) -> TemplateValue
    /// What rendering item `index` costs (`TemplateObject.renderWeight`).
    func renderWeight(at index: Int) -> Int
    /// What rendering every item costs.
    var renderWeight: Int { get }
    /// Appends `block` rendered once per item of `items`, in order, each with the item on top of `stack`; `stack` is
    /// as it was when this returns.
    func render(_ items: Range<Int>, _ block: MustacheBlock, renderer: inout MustacheLibrary.Renderer, stack: inout [TemplateValue],
                into output: inout [UInt8])
}

extension TemplateLoop {
    func renderWeight(at index: Int) -> Int { MustacheLibrary.weight(of: item(at: index)) }

    var renderWeight: Int { (0..<count).reduce(0) { $0 + renderWeight(at: $1) } }

    func render(_ items: Range<Int>, _ block: MustacheBlock, renderer: inout MustacheLibrary.Renderer, stack: inout [TemplateValue],
                into output: inout [UInt8]) {
        renderer.renderEach(self, items, block, stack: &stack, into: &output)
    }
}

/// A list of values (a page's sections, a user's data): each item pushed in turn and the block looked up for it.
extension Array: TemplateLoop where Element == TemplateValue {
    func item(at index: Int) -> TemplateValue { self[index] }
}

/// Loops one after another, as one: a long section's entries, made in chunks on every core (`ListPages.rowLoop`).
/// Each part renders its own items, so a part binds the block once for its items.
struct JoinedLoop<Part: TemplateLoop>: TemplateLoop {
    let parts: [Part]
    /// Where each part's items start among all the items.
    private let starts: [Int]
    let count: Int

    init(_ parts: [Part]) {
        self.parts = parts
        var starts: [Int] = [], count = 0
        for part in parts {
            starts.append(count)
            count += part.count
        }
        self.starts = starts
        self.count = count
    }

    /// The part holding item `index`, and the item's index in it.
    private func locate(_ index: Int) -> (part: Int, index: Int) {
        var low = 0, high = parts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return (low, index - starts[low])
    }

    func item(at index: Int) -> TemplateValue {
        let (part, inPart) = locate(index)
        return parts[part].item(at: inPart)
    }

    func renderWeight(at index: Int) -> Int {
        let (part, inPart) = locate(index)
        return parts[part].renderWeight(at: inPart)
    }

    var renderWeight: Int { parts.reduce(0) { $0 + $1.renderWeight } }

    func render(_ items: Range<Int>, _ block: MustacheBlock, renderer: inout MustacheLibrary.Renderer, stack: inout [TemplateValue],
                into output: inout [UInt8]) {
        for (part, start) in zip(parts, starts) {
            let first = max(items.lowerBound, start), end = min(items.upperBound, start + part.count)
            guard first < end else { continue }
            part.render(first - start..<end - start, block, renderer: &renderer, stack: &stack, into: &output)
        }
    }
}

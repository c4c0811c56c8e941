import Testing
@testable import IndexSiteCore
@testable import IndexSiteRender

/// A list of entries runs its body bound once (`MustacheEntryLoop`): its bytes and missing keys must be those of the
/// plain renderer, which looks every name up for every entry, whatever the entry template does.
@Suite struct MustacheEntryLoopTests {
    /// Rows of entries with two shown fields; the second entry has no link, one field, a prefix and is struck, the
    /// third has nested items.
    static func rows() -> EntryRows {
        var builder = EntryRows.Builder(fieldNames: ["Year", "Place"], capacity: 3)
        func add(_ id: String, _ title: String, _ href: String?, _ description: String?, _ fields: [String?], prefix: String? = nil,
                 struck: Bool = false) {
            // page_href and see_section, then a Markdown item's prefix and whether it is struck.
            for text in [id, title, href, nil, nil, prefix, struck ? "struck" : nil] { builder.add(text) }
            builder.add { $0 += Array((description ?? "").utf8) }
            builder.add(nil)   // image
            builder.add(nil)   // search terms
            builder.add(nil)   // facet values
            fields.forEach { builder.add($0) }
        }
        add("dune", "Dune <1965>", "https://example.org/dune?a=1&b=2", "<p>Sand &amp; spice</p>\n", ["1965", "Arrakis"])
        add("emma", "Emma", nil, nil, [nil, "Highbury"], prefix: "⚠ <old>", struck: true)
        add("iliad", "Iliad", "iliad.html", "<p>Wrath</p>\n", [nil, nil])
        var children = EntryRows.Builder(fieldNames: ["Year", "Place"], capacity: 1)
        for text in ["book-1", "Book 1", nil, nil, nil, nil, nil] { children.add(text) }
        children.add { _ in }
        for _ in 0..<5 { children.add(nil) }   // image, search terms, facet values, Year, Place
        builder.children[2] = children.finished()
        return builder.finished()
    }

    static let templates: [String] = [
        // The built-in entry template (children, fields, flags, strings.*).
        String(decoding: Theme.builtIn.templates["entry"]!.bytes, as: UTF8.self),
        // {{.}} inside sections, dotted names into an entry, missing names, a list of fields with entry keys inside.
        "{{#title}}[{{.}}]{{/title}}{{^href}}no link{{/href}}{{title.length}}{{missing}}{{#has_fields}}({{.}}){{/has_fields}}"
            + "{{#fields}}{{name}}={{value}}/{{title}}/{{#href}}{{href}}{{/href}}{{strings.details}};{{/fields}}{{{description_html}}}\n",
        // Names of the enclosing contexts, triple and double braces, an inverted list and a nested list of fields.
        "{{heading}} {{{heading}}} {{#heading}}<{{.}}>{{/heading}}{{^fields}}none{{/fields}}{{#fields}}{{#fields}}x{{/fields}}{{/fields}}"
            + "{{#children}}<{{title}}>{{/children}}{{#has_children}}{{#children}}{{>entry}}{{/children}}{{/has_children}}|\n",
        // An indented standalone partial, and a partial that does not exist.
        "<li>\n  {{>line}}\n{{>nowhere}}</li>\n",
        // Unknown names in bodies no entry shows are not reported; in bodies some entry shows they are.
        "{{#main}}{{nope}}{{/main}}{{^title}}{{nope.either}}{{/title}}{{#href}}{{shown}}{{/href}}\n",
    ]

    /// A page that repeats `entry` (template `entry` of `templates`) over its `entries`, with the partial it includes.
    static func library(entry: Int) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        try library.add(name: "page", source: "<ul>\n{{#entries}}\n{{>entry}}\n{{/entries}}\n</ul>{{heading}}\n")
        try library.add(name: "entry", source: templates[entry])
        try library.add(name: "line", source: "{{title}}\n{{#href}}<a href=\"{{href}}\">{{id}}</a>{{/href}}\n")
        return library
    }

    @Test(arguments: templates.indices)
    func boundLoopsWriteWhatThePlainRendererWrites(template: Int) throws {
        let library = try Self.library(entry: template)
        let strings = TemplateValue.object(["details": .text("Details & more"), "forward_arrow": .text("→")] as [String: TemplateValue])
        let context = TemplateValue.object(["entries": .loop(Self.rows()), "heading": .text("A <b>"), "strings": strings]
                                           as [String: TemplateValue])
        var bound: [UInt8] = [], plain: [UInt8] = []
        let boundMissing = library.render("page", context, into: &bound)
        let plainMissing = library.render("page", context, into: &plain, plainly: true)
        #expect(String(decoding: bound, as: UTF8.self) == String(decoding: plain, as: UTF8.self))
        #expect(boundMissing == plainMissing)
        #expect(bound.count > 20)
        if template == Self.templates.count - 1 { #expect(boundMissing.map(\.name) == ["shown"]) }
    }

    /// A long section's entries made in chunks (`JoinedLoop` of rows) and rendered on every core: each chunk of items
    /// the renderer hands out crosses parts, and the bytes are still the plain renderer's.
    @Test(arguments: templates.indices)
    func joinedRowsRenderedInChunksWriteWhatThePlainRendererWrites(template: Int) throws {
        let library = try Self.library(entry: template)
        let joined = JoinedLoop((0..<100).map { _ in Self.rows() })
        #expect(joined.count == 300 && joined.renderWeight >= MustacheLibrary.concurrentListWeight)
        guard case .object(let row as EntryRow) = joined.item(at: 151) else { Issue.record("not a row"); return }
        #expect(row.row == 1 && row.rows === joined.parts[50])
        let strings = TemplateValue.object(["details": .text("Details & more")] as [String: TemplateValue])
        let context = TemplateValue.object(["entries": .loop(joined), "heading": .text("A <b>"), "strings": strings] as [String: TemplateValue])
        var bound: [UInt8] = [], plain: [UInt8] = []
        let boundMissing = library.render("page", context, into: &bound)
        let plainMissing = library.render("page", context, into: &plain, plainly: true)
        #expect(String(decoding: bound, as: UTF8.self) == String(decoding: plain, as: UTF8.self))
        #expect(boundMissing == plainMissing)
        #expect(bound.count > 300)
    }

    /// A loop that counts how often the renderer hands it its block, and renders it item by item.
    struct CountingLoop: TemplateLoop {
        final class Calls: @unchecked Sendable { var ranges: [Range<Int>] = [] }
        let items: [TemplateValue]
        let calls: Calls
        var count: Int { items.count }
        func item(at index: Int) -> TemplateValue { items[index] }
        func render(_ items: Range<Int>, _ block: MustacheBlock, renderer: inout MustacheLibrary.Renderer, stack: inout [TemplateValue],
                    into output: inout [UInt8]) {
            calls.ranges.append(items)
            renderer.renderEach(self, items, block, stack: &stack, into: &output)
        }
    }

    /// The renderer hands a loop its block once per section with all its items, never per item; a plain render does
    /// not hand it at all (it pushes `item(at:)` itself), and both write the same bytes.
    @Test func aLoopIsHandedItsBlockOncePerSection() throws {
        var library = MustacheLibrary()
        try library.add(name: "page", source: "{{#groups}}<h2>{{title}}</h2>{{#items}}<i>{{name}}{{^name}}none{{/name}}</i>{{/items}}{{/groups}}")
        let calls = CountingLoop.Calls()
        let groups: [TemplateValue] = (0..<3).map { group in
            let items: [TemplateValue] = (0..<5).map { .object(["name": .text("item \(group).\($0) & co")] as [String: TemplateValue]) }
            return .object(["title": .text("Group \(group)"), "items": .loop(CountingLoop(items: items, calls: calls))] as [String: TemplateValue])
        }
        let context = TemplateValue.object(["groups": .list(groups)] as [String: TemplateValue])
        var looped: [UInt8] = [], plain: [UInt8] = []
        library.render("page", context, into: &looped)
        #expect(calls.ranges == [0..<5, 0..<5, 0..<5])
        library.render("page", context, into: &plain, plainly: true)
        #expect(calls.ranges.count == 3)
        #expect(looped == plain)
        #expect(String(decoding: plain, as: UTF8.self).hasPrefix("<h2>Group 0</h2><i>item 0.0 &amp; co</i>"))
    }
}

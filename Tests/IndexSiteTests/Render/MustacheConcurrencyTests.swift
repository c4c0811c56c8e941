import Testing
@testable import IndexSiteCore
@testable import IndexSiteRender
@testable import IndexSiteSection

/// Long lists render on every core in chunks of items of about equal weight (`TemplateObject.renderWeight`): a page's
/// few sections of many entries as well as many light items. The bytes must be those of rendering in order.
@Suite struct MustacheConcurrencyTests {
    /// An object that weighs what it holds, as a section weighs its entries.
    struct Group: TemplateObject {
        let title: String
        let items: [TemplateValue]
        var renderWeight: Int { items.count }

        func value(forKey key: TemplateKey) -> TemplateValue? {
            switch key.name {
            case "title": .text(title)
            case "items": .list(items)
            default: nil
            }
        }
    }

    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        try library.add(name: "page", source: "{{#groups}}<h2>{{title}}</h2>\n<ul>{{#items}}<li>{{name}} {{missing}}</li>{{/items}}</ul>\n{{/groups}}")
        return library
    }

    static func group(_ index: Int, size: Int) -> TemplateValue {
        .object(Group(title: "Group \(index)", items: (0..<size).map { .object(["name": .text("item \(index).\($0) & co")] as [String: TemplateValue]) }))
    }

    @Test func fewHeavyItemsRenderAsInOrder() throws {
        let library = try Self.library()
        // Uneven groups, as letters are: one holds most of the entries.
        let context = TemplateValue.object(["groups": .list([Self.group(0, size: 40), Self.group(1, size: 3_000), Self.group(2, size: 1),
                                                             Self.group(3, size: 700), Self.group(4, size: 900)])] as [String: TemplateValue])
        var concurrent: [UInt8] = [], serial: [UInt8] = []
        let missingConcurrent = library.render("page", context, into: &concurrent)
        let missingSerial = library.render("page", context, into: &serial, plainly: true)
        #expect(concurrent == serial)
        #expect(concurrent.count > 100_000)
        #expect(missingConcurrent == missingSerial)
        #expect(missingConcurrent.map(\.name) == ["missing"])
    }

    /// Streamed, a long list is made in waves of chunks and handed out as it goes: the pieces join to the bytes of
    /// rendering in order, none is empty, and no piece holds more than a wave, even of a group far heavier than one
    /// (rendered on its own, its items streamed in turn).
    @Test func streamedPiecesJoinToTheOrderedBytes() throws {
        let library = try Self.library()
        let sizes = [40, 30_000, 1, 7_000, 3_000, 3_000, 5_000, 12]
        let context = TemplateValue.object(["groups": .list(sizes.enumerated().map { Self.group($0, size: $1) })] as [String: TemplateValue])
        var pieces: [[UInt8]] = []
        let missingStreamed = library.render("page", context) { pieces.append($0) }
        var serial: [UInt8] = []
        let missingSerial = library.render("page", context, into: &serial, plainly: true)
        #expect(Array(pieces.joined()) == serial)
        #expect(missingStreamed == missingSerial)
        #expect(!pieces.contains { $0.isEmpty })
        // An item is ~25 bytes; a wave is `streamedWaveWeight` items, and a chunk's output joins the bytes before it.
        let itemBytes = serial.count / sizes.reduce(0, +)
        #expect(pieces.count > 10)
        #expect(pieces.allSatisfy { $0.count < 2 * MustacheLibrary.streamedWaveWeight * itemBytes })
    }

    /// Streamed chunks hold consecutive items up to the target weight, and an item heavier than that stands alone.
    @Test func streamedChunksStandHeavyItemsAlone() {
        let weights = [40, 30_000, 1, 7_000, 10, 10, 2_000, 2_000]
        let total = weights.reduce(0, +)
        #expect(MustacheLibrary.streamedChunkTarget(total: total) == total / MustacheLibrary.concurrentChunks)
        #expect(MustacheLibrary.streamedChunkEnds(weights, total: total) == [1, 2, 3, 4, 7, 8])
        #expect(MustacheLibrary.streamedChunkTarget(total: 10_000_000) == MustacheLibrary.streamedChunkWeight)
    }

    @Test func chunksAreConsecutiveAndOfAboutEqualWeight() {
        let light = MustacheLibrary.chunkEnds(Array(repeating: 1, count: 1_000), total: 1_000)
        #expect(light.count == 15)
        #expect(light.last == 1_000)
        let sizes = zip([0] + light, light).map { $1 - $0 }
        #expect(sizes.allSatisfy { (66...67).contains($0) })

        let heavy = [4_000, 10, 30_000, 5, 5, 6_000]
        let ends = MustacheLibrary.chunkEnds(heavy, total: heavy.reduce(0, +))
        #expect(ends.count == heavy.count)
        #expect(ends.last == heavy.count)
        #expect(zip(ends, ends.dropFirst()).allSatisfy { $0 <= $1 })
        // No chunk outweighs its share by more than one item.
        let share = heavy.reduce(0, +) / ends.count
        #expect(zip([0] + ends, ends).allSatisfy { heavy[$0..<$1].reduce(0, +) <= share + heavy.max()! })
    }

    /// A page of 24 letter sections of 50 entries: no list on it has 256 items (its sections, their runs of at most 100
    /// entries, the runs' entries), which was the old rule, and the whole page rendered on one thread. By weight, its
    /// list of sections is rendered on every core.
    @Test func aPagesSectionsRenderOnEveryCore() throws {
        let letters = Array("ABCDEFGHIJKLMNOPRSTUVWYZ")
        let entries = letters.flatMap { letter in (0..<50).map { Entry(fields: ["title": .text("\(letter)ntry \($0)")]) } }
        let list = IndexedList.make(title: "L", entries: entries, settings: ListSettings(source: "l.json")).0
        let renderer = try #require(PageRenderer.make(site: SiteSettings(), theme: .builtIn).0)
        let pages = ListPages(renderer: renderer, list: list)
        let sections = pages.sectionValues(list.sections.indices.filter(pages.isShown))
        #expect(sections.count == 24)
        #expect(sections.allSatisfy { section in
            guard case .object(let object) = section, case .list(let runs)? = object.value(forKey: TemplateKey("runs")) else { return false }
            return runs.count < MustacheLibrary.concurrentListWeight
        })
        #expect(MustacheLibrary.concurrentWeight(of: sections) == 1_200)
    }

    /// Rows are made when a template shows them: a run's at once, a long section's whole `entries` in chunks on every
    /// core. Either way they are the rows of the entries asked for, in order.
    @Test func rowsAreMadeAsAskedForInOrder() throws {
        let entries = (0..<1_000).map { Entry(fields: ["title": .text("Entry \($0)"), "description": .text("*number* \($0)")]) }
        let list = IndexedList.make(title: "L", entries: entries, settings: ListSettings(source: "l.json")).0
        let renderer = try #require(PageRenderer.make(site: SiteSettings(), theme: .builtIn).0)
        let pages = ListPages(renderer: renderer, list: list)
        let section = try #require(list.sections.indices.first { list.sections[$0].entries.count > ListPages.rowChunk })
        let count = list.sections[section].entries.count
        func texts(_ loop: any TemplateLoop) -> [String] {
            (0..<loop.count).map { index in
                guard case .object(let row as EntryRow) = loop.item(at: index) else { return "not a row" }
                return row.rows.string(of: row.row, .id) + " " + row.rows.string(of: row.row, .description)
            }
        }
        let whole = texts(pages.rowLoop(of: section, 0..<count, pagePrefix: ""))
        let runs = stride(from: 0, to: count, by: 100).flatMap { texts(pages.rowLoop(of: section, $0..<min($0 + 100, count), pagePrefix: "")) }
        #expect(whole.count == count && whole == runs)
        #expect(whole.first == list.sections[section].entries[0].id + " <p><em>number</em> " + (list.sections[section].entries[0].text(at: "title") ?? "").dropFirst(6) + "</p>\n")
    }

    @Test func lightListsKeepWholeChunks() {
        // 100 items weigh too little for more than one chunk of at least `minimumChunkWeight`.
        #expect(MustacheLibrary.chunkEnds(Array(repeating: 1, count: 100), total: 100) == [100])
    }
}

/// A list page's body is handed out as parts of one file as the cores render it, wrapped in the layout without being
/// joined (`PageRenderer.streamPage`). Joined, the parts are the page `page(…)` makes of the whole body, whatever the
/// layout does with `content`.
@Suite struct PagePartsTests {
    static func renderer(layout: String? = nil) throws -> PageRenderer {
        var theme = Theme.builtIn
        if let layout { theme.templates["layout"] = SourceFile(path: "Templates/layout.mustache", bytes: Array(layout.utf8)) }
        return try #require(PageRenderer.make(site: SiteSettings(), theme: theme).0)
    }

    static let body: [[UInt8]] = [Array("<ul><li>Ä & B</li>".utf8), Array("<li>Ω</li>".utf8), Array("</ul>".utf8)]

    @Test(arguments: [
        nil,                                                          // the built-in layout: cut around the body
        "<main>{{{content}}}</main><aside>{{{content}}}</aside>",     // twice: joined
        "<pre>{{content}}</pre>",                                     // escaped: joined
        "<p>no body</p>",                                             // left out: joined
    ])
    func partsJoinToTheWholePage(layout: String?) throws {
        let renderer = try Self.renderer(layout: layout)
        let words = PageRenderer.LayoutWords(renderer.localization.strings(for: "en"), renderer: renderer)
        var missingParts: Set<MustacheLibrary.MissingKey> = [], missingWhole: Set<MustacheLibrary.MissingKey> = []
        var parts: [OutputPage] = []
        renderer.streamPage(path: "list/index.html", title: "List", description: "", kind: "list", root: "../", words: words,
                            missing: &missingParts, emit: { parts.append($0) }) { piece in Self.body.forEach(piece) }
        let whole = renderer.page(path: "list/index.html", title: "List", description: "", kind: "list", root: "../",
                                  body: Array(Self.body.joined()), words: words, missing: &missingWhole)
        var joined: [OutputPage] = []
        parts.forEach { joined.appendJoiningParts($0) }
        #expect(joined == [whole])
        #expect(missingParts == missingWhole)
        #expect(parts.dropLast().allSatisfy(\.continuesInNextPage) && !parts.last!.continuesInNextPage)
        if layout == nil { #expect(parts.count == Self.body.count + 2) }
    }
}

import Testing
@testable import IndexSite

/// An entry filed under several sections (tags): output grows with the input, not with sections × entry size. One
/// JSON entry with 20,000 tags wrote its tags 20,000 times into `entries.json` (issue 17, the last of item 8's case).
@Suite struct SharedEntryTests {
    let renderer = PageRenderer.make(site: SiteSettings(), theme: .builtIn).0!

    func text(_ pages: [OutputPage], _ path: String) -> String {
        String(decoding: pages.filter { $0.path == path }.flatMap(\.bytes), as: UTF8.self)
    }

    func list(_ entries: [Entry], fields: [FieldPath]? = nil, entryPages: Bool? = nil, split: SplitStyle = .none) -> IndexedList {
        var settings = ListSettings(source: "t.json")
        settings.grouping = .field("tags")
        settings.fields = fields
        settings.entryPages = entryPages
        settings.split = split
        return IndexedList.make(title: "T", entries: entries, settings: settings).0
    }

    func tagged(_ title: String, tags: Int, description: String? = nil) -> Entry {
        var record: FieldRecord = ["title": .text(title), "tags": .list((0..<tags).map { .text("tag \($0)") })]
        if let description { record.set("description", .text(description)) }
        return Entry(fields: record)
    }

    /// 2,000 tags on an entry with a 2,000-character description: the description and the tag list are written once
    /// in the page and once in `entries.json`, each later copy is a reference to the first, and the whole output stays
    /// within a small multiple of the entry's size (it was 2,000 × the entry).
    @Test func aLongEntryUnderThousandsOfTagsIsShownInFullOnce() {
        let description = "Start " + String(repeating: "lorem ipsum ", count: 170) + "end."
        let pages = renderer.render([list([tagged("Tagged", tags: 2000, description: description)], fields: ["tags"])]).pages
        let html = text(pages, "t/index.html"), json = text(pages, "t/entries.json")
        #expect(html.components(separatedBy: "Start lorem").count == 2)
        #expect(html.components(separatedBy: "tag 1998, tag 1999").count == 2)
        #expect(json.components(separatedBy: "Start lorem").count == 2)
        #expect(json.components(separatedBy: "{\"title\":\"Tagged\",\"id\"").count == 2)
        // Every copy keeps its anchor: the first in full, the others linking to it and naming its section.
        #expect(html.contains("<li class=\"entry\" id=\"tagged\">"))
        #expect(html.contains("<li class=\"entry\" id=\"tagged-2000\">\n<p class=\"entry-title\"><a href=\"#tagged\">Tagged</a> <span class=\"entry-more\">→ tag 0</span></p>"))
        #expect(json.contains("\"section\":\"tag 0\",\"also_in\":[{\"section\":\"tag 1\",\"id\":\"tagged-2\",\"href\":\"t/index.html#tagged-2\"},"))
        #expect(json.hasSuffix("\"tag 1998\",\"tag 1999\"],\"description\":\"\(description)\"}}\n]\n"))
        let total = pages.filter { $0.path.hasPrefix("t/") }.reduce(0) { $0 + $1.bytes.count }
        #expect(total < 2_000_000, "\(total) bytes")
    }

    /// A short entry under a few tags is shown whole in each section, as before; `entries.json` lists it once with
    /// its other places.
    @Test func aShortEntryUnderAFewTagsIsRepeatedWhole() {
        let pages = renderer.render([list([tagged("Hammer", tags: 3, description: "Drives *nails*."), tagged("Saw", tags: 1)])]).pages
        let html = text(pages, "t/index.html"), json = text(pages, "t/entries.json")
        #expect(html.components(separatedBy: "Drives <em>nails</em>.").count == 4)
        #expect(!html.contains("→ tag"))
        #expect(json.components(separatedBy: "{\"title\":\"Hammer\",\"id\"").count == 2)
        #expect(json.contains("\"also_in\":[{\"section\":\"tag 1\",\"id\":\"hammer-2\",\"href\":\"t/index.html#hammer-2\"},{\"section\":\"tag 2\",\"id\":\"hammer-3\",\"href\":\"t/index.html#hammer-3\"}]"))
        #expect(!json.contains("\"title\":\"Saw\",\"id\":\"saw\",\"href\":\"t/index.html#saw\",\"url\":\"\",\"section\":\"tag 0\",\"also_in\""))
        #expect(json.hasPrefix("[\n{") && json.hasSuffix("}\n]\n"))
    }

    /// With entry pages, a shared entry has one page, named by its first copy, and every copy links to it.
    @Test func aSharedEntryHasOneEntryPage() {
        let pages = renderer.render([list([tagged("Hammer", tags: 3)], entryPages: true)]).pages
        #expect(pages.filter { $0.path.hasPrefix("t/hammer") }.map(\.path) == ["t/hammer.html"])
        #expect(text(pages, "t/index.html").components(separatedBy: "<a href=\"hammer.html\">Hammer</a>").count == 4)
    }

    /// On split pages, a reference leads to the first copy's section page; the whole-list search holds the short
    /// title of each reference and no text.
    @Test func referencesOnSplitPagesLinkAcrossPages() {
        let long = String(repeating: "Long title ", count: 20)
        let pages = renderer.render([list([tagged(long, tags: 400, description: "Start " + String(repeating: "x", count: 400))], split: .sections)]).pages
        let second = text(pages, "t/tag-1/index.html")
        #expect(second.contains("<a href=\"../tag-0/index.html#long-title-long-title"))
        #expect(second.contains(String(long.prefix(80)) + "…</a>"))
        // the search index's display data (its entry chunks)
        let search = pages.filter { $0.path.hasPrefix("t/search/e/") }.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        #expect(search.components(separatedBy: "Start x").count == 2)
        #expect(search.contains("[\"" + String(long.prefix(80)) + "…\",1,"))
    }
}

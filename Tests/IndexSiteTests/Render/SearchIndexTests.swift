import Foundation
import Testing
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteRender
@testable import IndexSiteSection

/// The chunked search index (`SearchIndex`): its files, its search forms, and that a query done as the page script
/// does it (manifest, then the shards the query's words need, then the entry chunks) finds every entry by each word.
@Suite struct SearchIndexTests {
    let renderer = PageRenderer.make(site: SiteSettings(), theme: .builtIn).0!

    func list(_ sections: [Section], split: SplitStyle = .sections, locale: String = "en", reading: Bool = false) -> IndexedList {
        var settings = ListSettings(source: "t.csv")
        settings.split = split
        settings.locale = locale
        settings.fields = []
        if reading { settings.readingField = "reading" }
        let (anchored, _) = AnchorAllocator(reportsCollisions: false).assign(sections)
        return IndexedList(settings: settings, title: "T", description: nil, slug: "t", kind: .csv, sections: anchored)
    }

    func entry(_ title: String, description: String = "", reading: String? = nil, tags: [String] = [], children: [Entry] = []) -> Entry {
        var fields: FieldRecord = ["title": .text(title), "description": .text(description), "tags": .list(tags.map { .text($0) })]
        if let reading { fields = ["title": .text(title), "description": .text(description), "reading": .text(reading), "tags": .list(tags.map { .text($0) })] }
        return Entry(fields: fields, children: children)
    }

    /// A built list's index files by their path under `t/search/`, each file's JSON parsed.
    struct Files {
        var json: [String: Any] = [:]
        var bytes: [String: Int] = [:]

        init(_ pages: [OutputPage]) {
            for page in pages where page.path.hasPrefix("t/search/") {
                let text = String(decoding: page.bytes, as: UTF8.self)
                #expect(text.hasPrefix(SearchIndex.callPrefix) && text.hasSuffix(SearchIndex.callSuffix), "\(page.path)")
                let inner = text.dropFirst(SearchIndex.callPrefix.count).dropLast(SearchIndex.callSuffix.count)
                let name = String(page.path.dropFirst("t/search/".count))
                json[name] = try? JSONSerialization.jsonObject(with: Data(inner.utf8), options: [.fragmentsAllowed])
                bytes[name] = page.bytes.count
            }
        }

        var manifest: [String: Any] { json["index.js"] as? [String: Any] ?? [:] }

        /// The search forms the manifest carries, as the script builds its table.
        var foldTable: [String: String] {
            var table: [String: String] = [:]
            for key in ["fold", "foldMore"] {
                for (form, characters) in manifest[key] as? [String: String] ?? [:] {
                    for character in characters.unicodeScalars { table[String(character)] = form }
                }
            }
            return table
        }

        /// `text` folded as the script folds it: scalar by scalar through the manifest's table.
        func fold(_ text: String) -> String {
            let table = foldTable
            return text.unicodeScalars.map { table[String($0)] ?? String($0) }.joined()
        }

        /// The shard files a query word needs, by the manifest's keys (as indexsite-search.js chooses them).
        func files(for term: String) -> Set<Int> {
            var files: Set<Int> = []
            for case let key as [Any] in manifest["keys"] as? [Any] ?? [] {
                let prefix = key[0] as! String, exact = (key[1] as! Int) == 1, file = key[2] as! Int
                if prefix.unicodeScalars.starts(with: term.unicodeScalars) || (!exact && term.unicodeScalars.starts(with: prefix.unicodeScalars)) {
                    files.insert(file)
                }
            }
            return files
        }

        /// The entries the script finds for `query`: every word of it, folded, a prefix of a word of the entry.
        func search(_ query: String) -> [Int] {
            let words = SearchIndex.words(of: fold(query), suffixes: false).map(String.init)
            var result: Set<Int>?
            for word in Set(words) {
                var found: Set<Int> = []
                for file in files(for: word) {
                    let shard = json["s/\(file).js"] as! [String: Any]
                    let shardWords = shard["w"] as! [String], postings = shard["p"] as! [[Int]]
                    for (index, shardWord) in shardWords.enumerated() where shardWord.unicodeScalars.starts(with: word.unicodeScalars) {
                        var at = 0
                        for delta in postings[index] { at += delta; found.insert(at) }
                    }
                }
                result = result.map { $0.intersection(found) } ?? found
            }
            return (result ?? []).sorted()
        }

        /// The display record of entry `number`, from its chunk.
        func record(_ number: Int) -> [Any] {
            let size = manifest["chunk"] as! Int
            return (json["e/\(number / size).js"] as! [[Any]])[number % size]
        }
    }

    /// A site of one unsplit list writes no index: the list's own filter finds every entry in place, so the header's
    /// search box sends its query there and the home page offers no search of its own.
    @Test func aSiteOfOneUnsplitListSearchesOnItsPage() {
        let pages = renderer.render([list([Section(title: "B", entries: [entry("Banana")])], split: .none)]).pages
        #expect(!pages.contains { $0.path.hasPrefix("t/search/") })
        let home = String(decoding: pages.first { $0.path == "index.html" }!.bytes, as: UTF8.self)
        #expect(home.contains("<form class=\"site-search\" role=\"search\" action=\"t/index.html\">"))
        #expect(!home.contains("home-search") && !home.contains("data-search"))
        let page = String(decoding: pages.first { $0.path == "t/index.html" }!.bytes, as: UTF8.self)
        #expect(page.contains("<form class=\"site-search\" role=\"search\" action=\"../t/index.html\">"))
    }

    @Test func manifestChunksAndShardsDescribeEveryEntryInPageOrder() {
        let sections = [Section(title: "A", entries: [entry("Apple pie", description: "A *sweet* [recipe](https://x.org)", children: [entry("Apricot")])]),
                        Section(title: "B", entries: [entry("Banana")])]
        let pages = renderer.render([list(sections)]).pages
        let files = Files(pages)
        #expect(files.manifest["entries"] as? Int == 3)
        #expect((files.manifest["sections"] as? [[String]]) == [["A", "a/index.html"], ["B", "b/index.html"]])
        #expect(files.record(0).count == 4)
        #expect(files.record(0)[0] as? String == "Apple pie")
        #expect(files.record(0)[3] as? String == "A sweet recipe")
        #expect(files.record(1)[0] as? String == "Apricot" && files.record(1)[2] as? String == "apricot")
        #expect(files.record(2)[0] as? String == "Banana" && files.record(2)[1] as? Int == 1)
        #expect(files.search("apric") == [1])
        #expect(files.search("SWEET pie") == [0])
        #expect(files.search("recipe") == [0])
        #expect(files.search("https") == [])          // link targets are not words of the entry
        #expect(files.search("pie banana") == [])
        // the old whole-list script is gone; an unsplit list beside others gets an index too (the home page searches it)
        #expect(!pages.contains { $0.path.hasSuffix("/search.js") })
        var other = list([Section(title: "C", entries: [entry("Cherry")])], split: .none)
        other.slug = "u"
        #expect(Files(renderer.render([list(sections, split: .none), other]).pages).search("banana") == [2])
        let section = String(decoding: pages.first { $0.path == "t/b/index.html" }!.bytes, as: UTF8.self)
        #expect(section.contains("data-search=\"../search/index.js\""))
        let home = String(decoding: pages.first { $0.path == "index.html" }!.bytes, as: UTF8.self)
        #expect(home.contains("data-search=\"t/search/index.js\""))
        #expect(home.contains("id=\"indexsite-site-search\""))
    }

    /// Case, accents, width and kana fold as the collator does, in the index and in the query alike; the reading and
    /// tag values are words of the entry; words without spaces (山田太郎) are found from any of their characters.
    @Test func wordsFoldAsTheFilterDoes() {
        let entries = [entry("Éclair Ångström", tags: ["Smørrebrød"]), entry("ＦＵＬＬ width"), entry("山田太郎", reading: "やまだたろう"),
                       entry("カタカナ"), entry("Straße")]
        let files = Files(renderer.render([list([Section(title: "All", entries: entries)], locale: "ja", reading: true)]).pages)
        #expect(files.search("eclair") == [0])
        #expect(files.search("ÉCLAIR angst") == [0])
        #expect(files.search("smørrebrød") == [0])
        #expect(files.search("full") == [1])
        #expect(files.search("ｆｕｌｌ") == [1])
        #expect(files.search("やまだ") == [2])
        #expect(files.search("ヤマダ") == [2])
        #expect(files.search("太郎") == [2])
        #expect(files.search("かたかな") == [3])
        #expect(files.search("strasse") == files.search("straße"))
        #expect(files.search("straße") == [4])
    }

    /// The index's folding is the script's: folding a text character by character through the manifest's table (the
    /// list's typed characters and the extra ones met in the list) gives what the build indexed.
    @Test func buildFoldingMatchesTheScriptTable() {
        let pool = Array("AaÉéÅåØøẞßＡｂ１カかが゙ÇçĞğİıŁłÑñ漢字한글 -.,'’ΣσςЖж")
        var generator = SystemRandomNumberGenerator()
        for locale in ["en", "tr", "ja", "sv"] {
            let texts = (0..<40).map { _ in String((0..<12).map { _ in pool.randomElement(using: &generator)! }) }
            let files = Files(renderer.render([list([Section(title: "All", entries: texts.map { entry($0) })], locale: locale)]).pages)
            var folding = SearchIndex.Folding(locale: locale)
            for text in texts { #expect(files.fold(text) == folding.fold(text), "\(locale): \(text)") }
        }
    }

    /// Property: in a generated list big enough to be split into many shards, every entry is found by each word of its
    /// title, reading and tags, and by the first three characters of each, through the written files alone.
    @Test func everyEntryIsFoundByEachOfItsWords() {
        let stems = ["harbour", "lantern", "kettle", "Øresund", "Größe", "café", "zeppelin", "ätt", "やまだ", "東京", "ΑΘΗΝΑ", "Москва", "x1", "42"]
        var state: UInt64 = 20261128
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int((state >> 33) % UInt64(n)) }
        func word() -> String { stems[next(stems.count)] + (next(3) == 0 ? "" : String(next(400))) }
        var entries: [Entry] = []
        for _ in 0..<6000 {
            entries.append(entry((0..<(1 + next(3))).map { _ in word() }.joined(separator: " "), description: word() + ", " + word(),
                                 reading: word(), tags: (0..<next(3)).map { _ in word() }))
        }
        let sections = [Section(title: "One", entries: Array(entries[..<3000])), Section(title: "Two", entries: Array(entries[3000...]))]
        let files = Files(renderer.render([list(sections, reading: true)]).pages)
        let shardCount = files.json.keys.filter { $0.hasPrefix("s/") }.count
        #expect(shardCount > 4, "the index splits into shards")
        for (number, entry) in entries.enumerated() where number % 7 == 0 {
            var words = (entry.text(at: "title") ?? "").split(separator: " ").map(String.init) + [entry.text(at: "reading") ?? ""]
            if case .list(let tags)? = entry.fields.value(at: "tags") { words += tags.map(\.displayText) }
            for word in words {
                #expect(files.search(word).contains(number), "\(word) finds entry \(number)")
                let prefix = String(word.prefix(3))
                #expect(files.search(prefix).contains(number), "\(prefix) finds entry \(number)")
            }
            #expect(files.record(number)[0] as? String == entry.text(at: "title"))
        }
    }

    /// A rare word's query reads the manifest and few, small shards, whatever else the list holds.
    @Test func aRareWordNeedsOneSmallShard() {
        var entries = (0..<20_000).map { entry("Common word \($0 % 300) the of and", description: "more of the same text here") }
        entries.append(entry("Thylacine"))
        let files = Files(renderer.render([list([Section(title: "All", entries: entries)])]).pages)
        let needed = files.files(for: files.fold("thylacine"))
        #expect(needed.count == 1)
        #expect(needed.allSatisfy { (files.bytes["s/\($0).js"] ?? .max) <= SearchIndex.shardBytes + 1024 })
        #expect(files.search("thylacine") == [20_000])
    }
}

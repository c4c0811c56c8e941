import IndexSiteCollation
import IndexSiteCore

/// The search index of one list, written in pieces so that a query fetches a small part of it (as Pagefind does): a
/// manifest naming the shards by the prefixes of the words they hold, shards of postings (which entries hold each
/// word), and chunks of the entries' display data, fetched only for the results shown. A million-entry list's whole
/// index is tens of megabytes; a query for a word reads the manifest, one or two shards and a chunk per result shown.
///
/// Every file is a script calling `indexsiteSearchChunk(JSON);`: from `file://` the browser loads it with a
/// `<script>` element (it refuses `fetch` there), over HTTP the page fetches the same file and parses the JSON
/// between the call's parentheses (no script evaluation, and one file per piece instead of two).
struct SearchIndex {
    /// One entry as a result shows it, and the words it is found by.
    struct Record {
        var title: String
        /// The entry's section, numbered among the sections on the list's pages (`sections`).
        var section: Int
        var id: String
        /// What a result shows under the title: the start of the description and fields.
        var text: String
        /// Everything the entry is found by: title, reading, tags, description and fields.
        var words: String
    }

    /// The folder of the index inside the list's folder, and its manifest's name there.
    static let folderName = "search"
    static let manifestName = "index.js"
    /// What every file of the index starts and ends with, around its JSON.
    static let callPrefix = "indexsiteSearchChunk("
    static let callSuffix = ");\n"
    /// Bytes of postings past which a prefix's words are split by their next character into shards of their own;
    /// small shards that follow one another share a file up to the same size.
    static let shardBytes = 32 * 1024
    /// Entries per chunk of display data: a result costs its chunk, so chunks are small, but every chunk is a file
    /// the build makes, and making files is most of the index's cost.
    static let entriesPerChunk = 32
    /// Characters of an entry's text a result shows.
    static let resultTextLength = 160
    /// Words of scripts written without spaces (Han, kana, Hangul) are found from any of their characters: each of
    /// their suffixes up to this many is indexed as a word of its own, so that a query for 太郎 finds 山田太郎.
    static let maximumSuffixes = 24

    /// The words' search forms: each character replaced by its form as the page script replaces it (`ScriptStrings`'
    /// tables), so that a typed query and the indexed words meet.
    struct Folding {
        let folder: SearchFolder?
        /// Forms met so far: of scalars below U+0800 by number, of the others by value.
        private var smallForms = [[Unicode.Scalar]?](repeating: nil, count: 0x800)
        private var forms: [UInt32: [Unicode.Scalar]] = [:]
        /// The forms of characters besides `ScriptStrings.typedCharacters` met in the list, which the script's table
        /// does not carry: the manifest carries them, so a query pasted from a result folds as the index did.
        private(set) var extra: [(String, String)] = []

        init(locale: String) { folder = try? SearchFolder(locale: locale) }

        /// `text` in its search form, character by character, as the script's `fold` does.
        mutating func fold(_ text: String) -> String {
            guard let folder else { return text }
            var out = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                // Below "A" no character has a form of its own in the script's tables.
                guard scalar.value >= 0x41 else { out.append(scalar); continue }
                let small = scalar.value < 0x800
                if let form = small ? smallForms[Int(scalar.value)] : forms[scalar.value] {
                    if form.count == 1 { out.append(form[0]) } else { out.append(contentsOf: form) }
                    continue
                }
                let character = String(scalar)
                let form = folder.fold(character)
                let scalars = Array(form.unicodeScalars)
                if small { smallForms[Int(scalar.value)] = scalars } else { forms[scalar.value] = scalars }
                if form != character, !ScriptStrings.typedCharacters.contains(where: { $0.contains(scalar.value) }) {
                    extra.append((character, form))
                }
                out.append(contentsOf: scalars)
            }
            return String(out)
        }
    }

    /// The words of a text in its search form: runs of letters, marks and digits (`[\p{L}\p{M}\p{N}]+`, as the
    /// script splits a query), with the suffixes of words written without spaces when `suffixes` (the index's words;
    /// a query's are only its own).
    static func words(of folded: String, suffixes: Bool = true) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var index = folded.startIndex
        let scalars = folded.unicodeScalars
        func close(_ end: String.Index) {
            guard let begin = start else { return }
            let word = folded[begin..<end]
            words.append(word)
            if suffixes, word.unicodeScalars.contains(where: isUnspaced) {
                var from = word.unicodeScalars.index(after: word.unicodeScalars.startIndex)
                var count = 1
                while from < word.unicodeScalars.endIndex && count < maximumSuffixes {
                    words.append(Substring(word.unicodeScalars[from...]))
                    from = word.unicodeScalars.index(after: from)
                    count += 1
                }
            }
            start = nil
        }
        while index < scalars.endIndex {
            if isWordScalar(scalars[index]) {
                if start == nil { start = index }
            } else {
                close(index)
            }
            index = scalars.index(after: index)
        }
        close(scalars.endIndex)
        return words
    }

    /// Whether a scalar belongs to a word: a letter, a mark or a digit of any kind.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Whether a scalar is of a script written without spaces between words: kana, Han, Hangul.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xAC00...0xD7AF, 0xFF66...0xFF9F, 0x20000...0x3FFFF: true
        default: false
        }
    }

    /// A run of words sharing a prefix, all in one shard: every word starting with `prefix`, or (`exact`) the word
    /// `prefix` alone, when the longer words starting with it are in shards of their own.
    struct Leaf: Equatable {
        var prefix: String
        var exact: Bool
        /// The words' places in the sorted words.
        var words: Range<Int>
        var file: Int
    }

    /// The words in order of their scalars, each with its entries (ascending).
    let words: [[Unicode.Scalar]]
    let postings: [[Int32]]
    /// The JSON of each word and of its postings (the differences between successive entry numbers).
    private let wordJSON: [[UInt8]], postingsJSON: [[UInt8]]
    let leaves: [Leaf]
    /// Where each shard file's words start; the last element is the count of words.
    let fileStarts: [Int]

    /// The index of `records` (in page order: a record's place is its entry number).
    init(records: [Record], folding: inout Folding) {
        var byWord: [String: [Int32]] = [:]
        for (number, record) in records.enumerated() {
            let entry = Int32(number)
            for word in SearchIndex.words(of: folding.fold(record.words)) {
                let key = String(word)
                if byWord[key, default: []].last != entry { byWord[key, default: []].append(entry) }
            }
        }
        let sorted = byWord.keys.map { Array($0.unicodeScalars) }.sorted { $0.lexicographicallyPrecedes($1) { $0.value < $1.value } }
        words = sorted
        postings = sorted.map { byWord[String(String.UnicodeScalarView($0))] ?? [] }
        wordJSON = sorted.map { JSONWriter.encoded(String(String.UnicodeScalarView($0))) }
        postingsJSON = postings.map { entries in
            var text = "["
            var previous: Int32 = 0
            for (index, entry) in entries.enumerated() {
                if index > 0 { text += "," }
                text += String(entry - previous)
                previous = entry
            }
            return Array((text + "]").utf8)
        }
        var sizes = [0]
        for index in sorted.indices { sizes.append(sizes[index] + wordJSON[index].count + postingsJSON[index].count + 2) }
        var leaves: [Leaf] = []
        SearchIndex.partition(sorted, sizes: sizes, range: 0..<sorted.count, depth: 0, into: &leaves)
        // Leaves that follow one another share a file up to `shardBytes`.
        var fileStarts: [Int] = []
        var fileSize = 0
        for index in leaves.indices {
            let size = sizes[leaves[index].words.upperBound] - sizes[leaves[index].words.lowerBound]
            if fileStarts.isEmpty || (fileSize > 0 && fileSize + size > SearchIndex.shardBytes) {
                fileStarts.append(leaves[index].words.lowerBound)
                fileSize = 0
            }
            fileSize += size
            leaves[index].file = fileStarts.count - 1
        }
        fileStarts.append(sorted.count)
        self.leaves = leaves
        self.fileStarts = fileStarts
    }

    /// Splits the words of `range` (all starting with the same `depth` scalars) into leaves of at most `shardBytes`,
    /// by their next scalar, as long as a leaf holds more than one word.
    static func partition(_ words: [[Unicode.Scalar]], sizes: [Int], range: Range<Int>, depth: Int, into leaves: inout [Leaf]) {
        guard !range.isEmpty else { return }
        let prefix = String(String.UnicodeScalarView(words[range.lowerBound].prefix(depth)))
        if sizes[range.upperBound] - sizes[range.lowerBound] <= shardBytes || range.count == 1 {
            leaves.append(Leaf(prefix: prefix, exact: false, words: range, file: 0))
            return
        }
        var start = range.lowerBound
        // The word that is the prefix itself sorts first.
        if words[start].count == depth {
            leaves.append(Leaf(prefix: prefix, exact: true, words: start..<start + 1, file: 0))
            start += 1
        }
        while start < range.upperBound {
            let next = words[start][depth]
            var end = start + 1
            while end < range.upperBound && words[end][depth] == next { end += 1 }
            partition(words, sizes: sizes, range: start..<end, depth: depth + 1, into: &leaves)
            start = end
        }
    }

    /// The index's files under `folder` (`slug/search`): the manifest, the shards (`s/N.js`) and the entry chunks
    /// (`e/N.js`). `sections` are the titles and pages (relative to the list's folder) of the sections records name.
    func pages(folder: String, records: [Record], sections: [(title: String, page: String)], typedFoldJSON: [UInt8],
               extraFold: [(String, String)]) -> [OutputPage] {
        var pages: [OutputPage] = []
        func page(_ name: String, _ json: JSONWriter) -> OutputPage {
            OutputPage(path: folder + "/" + name, bytes: Array(SearchIndex.callPrefix.utf8) + json.bytes + Array(SearchIndex.callSuffix.utf8))
        }
        var fileSizes: [Int] = []
        for file in 0..<(fileStarts.count - 1) {
            var json = JSONWriter()
            json.raw("{\"w\":[")
            let range = fileStarts[file]..<fileStarts[file + 1]
            for index in range {
                if index > range.lowerBound { json.raw(",") }
                json.raw(wordJSON[index])
            }
            json.raw("],\n\"p\":[")
            for index in range {
                if index > range.lowerBound { json.raw(",\n") }
                json.raw(postingsJSON[index])
            }
            json.raw("]}")
            let shard = page("s/" + String(file) + ".js", json)
            fileSizes.append(shard.bytes.count)
            pages.append(shard)
        }
        for start in stride(from: 0, to: records.count, by: SearchIndex.entriesPerChunk) {
            var json = JSONWriter()
            json.raw("[")
            for number in start..<min(start + SearchIndex.entriesPerChunk, records.count) {
                let record = records[number]
                if number > start { json.raw(",\n") }
                json.raw("["); json.string(record.title)
                json.raw(","); json.raw(text: String(record.section))
                json.raw(","); json.string(record.id)
                json.raw(","); json.string(record.text)
                json.raw("]")
            }
            json.raw("]")
            pages.append(page("e/" + String(start / SearchIndex.entriesPerChunk) + ".js", json))
        }
        var manifest = JSONWriter()
        manifest.raw(text: "{\"entries\":" + String(records.count) + ",\"chunk\":" + String(SearchIndex.entriesPerChunk) + ",\n\"sections\":[")
        for (index, section) in sections.enumerated() {
            if index > 0 { manifest.raw(",") }
            manifest.raw("["); manifest.string(section.title); manifest.raw(","); manifest.string(section.page); manifest.raw("]")
        }
        manifest.raw("],\n\"fold\":"); manifest.raw(typedFoldJSON)
        manifest.raw(",\n\"foldMore\":"); manifest.raw(text: ScriptStrings.foldJSON(extraFold))
        manifest.raw(",\n\"keys\":[")
        for (index, leaf) in leaves.enumerated() {
            if index > 0 { manifest.raw(",") }
            manifest.raw("["); manifest.string(leaf.prefix)
            manifest.raw(text: "," + (leaf.exact ? "1" : "0") + "," + String(leaf.file) + "]")
        }
        manifest.raw("],\n\"sizes\":[")
        manifest.raw(text: fileSizes.map(String.init).joined(separator: ","))
        manifest.raw("]}")
        pages.append(page(SearchIndex.manifestName, manifest))
        return pages
    }

    /// The entries holding a word that starts with `term` (a word in search form), as the script finds them: from
    /// the leaves it would fetch, ascending.
    func entries(matching term: String) -> [Int32] {
        let termScalars = Array(term.unicodeScalars)
        var found = Set<Int32>()
        for leaf in leaves where SearchIndex.needs(leaf, term: term) {
            for index in leaf.words where words[index].starts(with: termScalars) { found.formUnion(postings[index]) }
        }
        return found.sorted()
    }

    /// Whether a query word needs a leaf's shard (the rule the script applies to the manifest's keys).
    static func needs(_ leaf: Leaf, term: String) -> Bool {
        leaf.prefix.unicodeScalars.starts(with: term.unicodeScalars)
            || (!leaf.exact && term.unicodeScalars.starts(with: leaf.prefix.unicodeScalars))
    }
}

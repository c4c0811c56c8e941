import IndexSiteCollation
import IndexSiteCore
import Synchronization
/// What the page script needs to speak the list's language without doing any locale work in the browser: the filter's
/// texts, a plural table and a number format derived from ICU, and a character table for the filter's folding.
/// It travels as JSON in the page (`<script type="application/json" id="indexsite-strings">`).
struct ScriptStrings {
    /// The one-letter codes of the plural categories in the tables.
    static let categoryCodes: [String: Character] = ["zero": "z", "one": "o", "two": "t", "few": "f", "many": "m", "other": "x"]
    /// Counts below this are looked up one by one; above, by `n % 100` plus the exceptions ICU reports.
    static let directCounts = 200
    /// Every count up to this is checked against ICU for exceptions; past it, multiples of 1000 (CLDR's "many" of
    /// French, Spanish, Italian and Portuguese falls on millions). CLDR's integer rules look at n, n % 10, n % 100
    /// and n % 1000000, so the `n % 100` cycle holds elsewhere; a test compares the table with ICU up to two million.
    static let checkedCounts = 2_000

    /// The plural table for counts 0…`maxCount`: categories of 0–199 (`small`), of 100–199 by `n % 100` (`cycle`),
    /// and the counts where that cycle is wrong (`exceptions`).
    struct PluralTable: Equatable {
        var small: String
        var cycle: String
        var exceptions: [Int: Character]

        init(small: String, cycle: String, exceptions: [Int: Character]) {
            (self.small, self.cycle, self.exceptions) = (small, cycle, exceptions)
        }

        init(numbers: LocaleNumbers, maxCount: Int) {
            var table = PluralTable(numbers: numbers)
            table.check(through: maxCount, numbers: numbers)
            self = table.limited(to: maxCount, numbers: numbers)
        }

        /// The categories of 0–199, and no exception yet: the table of a list of under 200 entries, and the start of
        /// every other (see `check(through:numbers:)`).
        init(numbers: LocaleNumbers) {
            func code(_ n: Int) -> Character { ScriptStrings.categoryCodes[numbers.category(n)] ?? "x" }
            small = String((0..<ScriptStrings.directCounts).map(code))
            cycle = String((100..<200).map(code))
            exceptions = [:]
        }

        /// Adds the exceptions among the counts from `checked + 1` through `limit` (at most `checkedCounts`): each is
        /// a question to ICU, so a table grows only as far as the longest list of its locale needs.
        mutating func check(after checked: Int = ScriptStrings.directCounts - 1, through limit: Int, numbers: LocaleNumbers) {
            let last = min(limit, ScriptStrings.checkedCounts)
            guard last > checked else { return }
            let cycleCodes = Array(cycle)
            for n in max(checked + 1, ScriptStrings.directCounts)...last {
                let code = ScriptStrings.categoryCodes[numbers.category(n)] ?? "x"
                if code != cycleCodes[n % 100] { exceptions[n] = code }
            }
        }

        /// This table, checked through `maxCount` (or `checkedCounts`), for counts 0…`maxCount`: the exceptions up to
        /// `maxCount`, and past `checkedCounts` those among the multiples of 1000.
        func limited(to maxCount: Int, numbers: LocaleNumbers) -> PluralTable {
            var table = self
            table.exceptions = exceptions.filter { $0.key <= maxCount }
            guard maxCount > ScriptStrings.checkedCounts else { return table }
            let cycleCodes = Array(cycle)
            for n in stride(from: (ScriptStrings.checkedCounts / 1000 + 1) * 1000, through: maxCount, by: 1000) {
                let code = ScriptStrings.categoryCodes[numbers.category(n)] ?? "x"
                if code != cycleCodes[n % 100] { table.exceptions[n] = code }
            }
            return table
        }

        /// The category code of `n`, as the script computes it.
        func code(_ n: Int) -> Character {
            let small = Array(small), cycle = Array(cycle)
            if n < small.count { return small[n] }
            return exceptions[n] ?? (cycle.isEmpty ? "x" : cycle[n % 100])
        }
    }

    /// A number format the script applies by table: the locale's ten digits, its grouping separator every three
    /// digits, and how many digits a number needs before it is grouped (5 in es and pl: "1234" but "12 345").
    struct NumberTable: Equatable {
        var digits: [String]
        var group: String
        var minimumDigits: Int

        init(words: UIStrings) {
            digits = (0...9).map { words.number($0) }
            let large = words.number(1_234_567)
            var separator = ""
            for character in large where !digits.contains(String(character)) { separator.append(character); break }
            group = separator
            minimumDigits = words.number(1000).count > 4 ? 4 : 5
        }

        /// `n` formatted as the script formats it.
        func format(_ n: Int) -> String {
            let plain = String(n).map { digits[Int(String($0))!] }
            guard plain.count >= minimumDigits, !group.isEmpty else { return plain.joined() }
            var out = ""
            for (index, digit) in plain.enumerated() {
                if index > 0 && (plain.count - index) % 3 == 0 { out += group }
                out += digit
            }
            return out
        }
    }

    /// Characters whose search form the script looks up: the letters readers type (Latin, Greek, Cyrillic, kana,
    /// half- and full-width forms) and their marks. The characters of the page itself are added per page.
    static let typedCharacters: [ClosedRange<UInt32>] = [
        0x41...0x5A, 0xC0...0x24F, 0x300...0x36F, 0x386...0x3CE, 0x400...0x45F, 0x591...0x5C7, 0x64B...0x652,
        0x3041...0x3096, 0x3099...0x309E, 0x30A1...0x30FE, 0xFF10...0xFF5A, 0xFF61...0xFF9F,
    ]

    /// What the script's tables need of one locale, made once per process by `tables(locale:)`.
    struct LocaleTables: Sendable {
        /// The search forms of `typedCharacters`, as the JSON object `appendFold` writes (empty when ICU has no
        /// collator for the locale): written once, on the core that makes the tables, and copied into every list.
        var typedFoldJSON: [UInt8] = Array("{}".utf8)
        /// The locale's plural rules and number format, nil when ICU has none.
        var numbers: LocaleNumbers?
        /// The plural table, checked through `pluralsChecked`: lists cut theirs from it (`pluralTable(locale:maxCount:)`).
        var plurals: PluralTable?
        var pluralsChecked = ScriptStrings.directCounts - 1
    }

    /// The tables of `locale`, made once per process: folding every character of the alphabets through ICU is a large
    /// share of a small build, and `serve` rebuilds with the same locales.
    static func tables(locale: String) -> LocaleTables {
        if let tables = madeTables.withLock({ $0[locale] }) { return tables }
        // Made outside the lock: two threads asking at once both make them, and either's tables are the same.
        var tables = LocaleTables()
        if let folder = try? SearchFolder(locale: locale) {
            var json = JSONWriter()
            appendFold(foldTable(typedCharacters.lazy.flatMap { $0 }.compactMap(Unicode.Scalar.init), folder: folder), to: &json)
            tables.typedFoldJSON = json.bytes
        }
        tables.numbers = try? LocaleNumbers(locale: locale)
        tables.plurals = tables.numbers.map { PluralTable(numbers: $0) }
        madeTables.withLock { $0[locale] = $0[locale] ?? tables }
        return tables
    }

    /// The plural table of a list of `maxCount` entries in `locale`, cut from the locale's table, which is checked
    /// further first when this list is the longest yet (and kept so).
    static func pluralTable(locale: String, maxCount: Int) -> PluralTable? {
        var tables = tables(locale: locale)
        guard var plurals = tables.plurals, let numbers = tables.numbers else { return nil }
        let through = min(maxCount, checkedCounts)
        if tables.pluralsChecked < through {
            plurals.check(after: tables.pluralsChecked, through: through, numbers: numbers)
            (tables.plurals, tables.pluralsChecked) = (plurals, through)
            madeTables.withLock { made in
                if (made[locale]?.pluralsChecked ?? -1) < through { made[locale] = tables }
            }
        }
        return plurals.limited(to: maxCount, numbers: numbers)
    }

    private static let madeTables = Mutex<[String: LocaleTables]>([:])

    /// The search forms of `scalars` that differ from the character itself.
    static func foldTable(_ scalars: some Sequence<Unicode.Scalar>, folder: SearchFolder) -> [(String, String)] {
        var table: [(String, String)] = []
        for scalar in scalars where scalar.value >= 0x41 {
            let character = String(scalar)
            let folded = folder.fold(character)
            if folded != character { table.append((character, folded)) }
        }
        return table
    }

    /// The JSON object the script reads.
    static func json(words: UIStrings, plurals: PluralTable, numbers: NumberTable, foldJSON: [UInt8]) -> String {
        var json = JSONWriter()
        json.raw("{\"lang\":"); json.string(words.languageTag)
        for key in UIStringKey.scriptKeys where !key.isPlural {
            json.raw(text: ",\"" + key.rawValue + "\":"); json.string(words.rawText(key))
        }
        for key in UIStringKey.scriptKeys where key.isPlural {
            json.raw(text: ",\"" + key.rawValue + "\":{")
            for (index, (category, text)) in words.pluralForms(key).sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { json.raw(",") }
                json.raw(text: "\"" + String(categoryCodes[category] ?? "x") + "\":"); json.string(text)
            }
            json.raw("}")
        }
        json.raw(",\"plural\":{\"small\":"); json.string(plurals.small)
        json.raw(",\"cycle\":"); json.string(plurals.cycle)
        json.raw(",\"exceptions\":{")
        for (index, (n, code)) in plurals.exceptions.sorted(by: { $0.key < $1.key }).enumerated() {
            json.raw(text: (index > 0 ? ",\"" : "\"") + String(n) + "\":"); json.string(String(code))
        }
        json.raw("}},\"number\":{\"digits\":"); json.string(numbers.digits.joined())
        json.raw(",\"group\":"); json.string(numbers.group)
        json.raw(text: ",\"min\":" + String(numbers.minimumDigits) + "},\"fold\":")
        json.raw(foldJSON)
        json.raw("}")
        return scriptSafe(json)
    }

    /// The JSON of a page's own search forms, which the script adds to its list's (`PageCharacters`).
    static func foldJSON(_ fold: [(String, String)]) -> String {
        var json = JSONWriter()
        appendFold(fold, to: &json)
        return scriptSafe(json)
    }

    /// A fold table as a JSON object grouped by search form ({"a": "àáâ…"}): each search form is written once, where
    /// one pair per character repeats it.
    private static func appendFold(_ fold: [(String, String)], to json: inout JSONWriter) {
        json.raw("{")
        var sources: [String: String] = [:]
        var order: [String] = []
        for (from, to) in fold {
            if sources[to] == nil { order.append(to) }
            sources[to, default: ""] += from
        }
        for (index, to) in order.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(to); json.raw(":"); json.string(sources[to] ?? "")
        }
        json.raw("}")
    }

    /// JSON safe inside <script>: no "</" can end the element early.
    private static func scriptSafe(_ json: JSONWriter) -> String {
        String(decoding: json.bytes, as: UTF8.self).replacingAll("</", with: "<\\/")
    }
}

import Foundation
import PropertyBased
import Testing
import IndexSiteTestSupport
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Scalars that have broken slugs: path separators, a prepended letter that pulls the next character into its
/// cluster (U+0D4E, U+0600, U+110BD), marks, joiners, dots, superscript digits, and letters of several scripts.
let slugHostileScalars: [Unicode.Scalar] = ["/", "\\", ".", " ", "-", "\u{0D4E}", "\u{0600}", "\u{110BD}", "\u{0301}", "\u{094D}",
                                            "\u{200D}", "\u{200C}", "\u{FE0F}", "¹", "³", "x", "C", "न", "म", "ष", "ക", "é", "中", "😀", ":", "\0"]

@Suite struct SlugTests {
    /// Issue 17 item 13: slugs were cut at 80 characters; 80 Devanagari characters are over 300 bytes, and
    /// `<slug>.html` failed with "File name too long".
    @Test func aLongHindiTitleFitsTheFileNameLimit() {
        let title = String(String(repeating: "नमस्ते दुनिया क्षत्रिय ", count: 20).prefix(122))
        #expect(title.count == 122 && title.utf8.count > 255)
        let slug = Slug.make(title, fallback: "entry")
        #expect(slug.utf8.count <= Slug.maximumBytes)
        #expect(slug.utf8.count > 150, "cut far too short: \(slug.utf8.count) bytes")
        // Cut on a character boundary: the slug is whole characters of the uncut slug.
        let whole = Slug.make(title + "x", fallback: "entry")
        #expect(Array(whole).starts(with: Array(slug)))
        #expect(!slug.hasSuffix("-"))
    }

    /// Issue 17 item 16: a title `\u{0D4E}/x` made an id with `/` (the prepended letter swallowed the slash).
    @Test(arguments: ["\u{0D4E}/x", "\u{0600}/x", "\u{110BD}\\x", "a\u{0D4E}/../../etc"]) func prependedLettersNeverCarryASeparator(_ title: String) {
        let slug = Slug.make(title, fallback: "entry")
        #expect(!slug.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0 == "." }, "\(slug.debugDescription)")
    }

    @Test func generatedTitlesMakeSafeSlugs() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0..<slugHostileScalars.count).array(of: 0...300)) { indexes in
            let title = String(String.UnicodeScalarView(indexes.map { slugHostileScalars[$0] }))
            let slug = Slug.make(title, fallback: "entry")
            #expect(!slug.isEmpty)
            #expect(!slug.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0 == "." || $0 == " " || $0 == "\0" || $0 == ":" }, "\(slug.debugDescription)")
            #expect(slug.utf8.count <= Slug.maximumBytes && slug.count <= Slug.maximumLength)
            #expect(OutputPath.isSafe(slug + ".html"), "\(slug.debugDescription)")
        }
    }

    /// Issue 17 item 22: Windows cannot create `con/`, `aux.html`, `com¹.html`; such ids and list slugs get a number.
    @Test func windowsDeviceNamesGetANumber() {
        let titles = ["CON", "aux", "Com¹", "LPT³", "nul", "com0", "lpt9", "Prn"]
        let (list, _) = renderedListPage(titles)
        let ids = list.sections.flatMap(\.entries).map(\.id)
        #expect(ids.count == titles.count)
        for id in ids { #expect(!Slug.windowsDeviceNames.contains(id), "\(id)") }
        #expect(Set(ids) == ["con-2", "aux-2", "com¹-2", "lpt³-2", "nul-2", "com0-2", "lpt9-2", "prn-2"])
    }

    /// Titles in two-byte UTF-8 (accented Latin, Greek, Cyrillic, Hebrew, Arabic) are slugged over their bytes: the
    /// slugs are those of the scalar-by-scalar rules, limits included. The scalars lower-case to one, two (İ) or a
    /// three-byte (Ⱥ) scalar, and are letters of every kind, marks, digits and symbols; a three-byte scalar or a
    /// cut sends the title the slow way.
    @Test func twoByteTitlesAreSluggedAsScalarByScalar() async {
        let pool: [Unicode.Scalar] = ["a", "Z", "7", " ", "'", "-", "/", "É", "é", "ß", "Σ", "ς", "\u{130}", "\u{23A}", "\u{301}", "ø",
                                      "Д", "ж", "ש", "\u{5B0}", "ب", "\u{64E}", "¹", "ª", "×", "µ", "ǅ", "ʼ", "’", "中", "\u{200D}"]
        await propertyCheck(count: 600, input: Gen.int(in: 0..<pool.count).array(of: 0...130)) { indexes in
            let title = String(String.UnicodeScalarView(indexes.map { pool[$0] }))
            let fast = Slug.make(utf8: title.utf8.span, fallback: "entry")
            #expect(Array(fast.unicodeScalars) == Array(Slug.makeUnicode(title, fallback: "entry").unicodeScalars), "\(title.debugDescription)")
        }
        // The path is taken: a two-byte title is slugged without the scalar-by-scalar rules.
        let title = "Élan Ferry 106", tis = "’Tis"
        #expect(Slug.makeTwoByte(title.utf8.span) == "élan-ferry-106")
        #expect(Slug.makeTwoByte(tis.utf8.span) == nil)
    }

    /// Ordinary titles keep the slugs they had.
    @Test(arguments: [("Crème Brûlée", "crème-brûlée"), ("cre\u{300}me", "cre\u{300}me"), ("Rock 'n' Roll", "rock-n-roll"),
                      ("می\u{200C}خواهم", "می\u{200C}خواهم"), ("C++ / C#", "c-c"), ("  ", "entry"), ("Straße", "straße")])
    func ordinaryTitles(_ title: String, _ expected: String) {
        #expect(Array(Slug.make(title, fallback: "entry").unicodeScalars) == Array(expected.unicodeScalars))
    }
}

/// Issue 17 item 16, the other half: paths are split over bytes, so a `/`, `\` or `.` glued to a prepended letter
/// (one Character with it) is still seen.
@Suite struct PathBytesTests {
    @Test(arguments: ["x\u{0D4E}/../../etc/passwd", "a/\u{0D4E}\\..\\x", "\u{0D4E}/..", "x\u{0D4E}/./y"])
    func outputPathsAreCheckedOverBytes(_ path: String) {
        #expect(!OutputPath.isSafe(path), "\(path.debugDescription)")
    }

    @Test func aTSVNamedWithAPrependedLetterIsReadWithTabs() {
        #expect(CSVParser.forPath("Content/x\u{0D4E}.tsv").separator == UInt8(ascii: "\t"))
        #expect(CSVParser.forPath("Content/x\u{0D4E}.csv").separator == UInt8(ascii: ","))
    }

    @Test func aListNamedWithAPrependedLetterBuilds() throws {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-prepend-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try "title\nA\nx\u{0D4E}\n".write(to: site.appendingPathComponent("Content/x\u{0D4E}.csv"), atomically: true, encoding: .utf8)
        try "lists:\n  - source: \"x\u{0D4E}.csv\"\n    entry_pages: true\n".write(to: site.appendingPathComponent("indexsite.yml"), atomically: true, encoding: .utf8)
        let output = site.appendingPathComponent("out")
        let result = Build.run(BuildOptions(siteFolder: site, output: output))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(FileManager.default.fileExists(atPath: output.path + "/x\u{0D4E}/index.html"))
        #expect(FileManager.default.fileExists(atPath: output.path + "/x\u{0D4E}/x\u{0D4E}.html"))
    }

    @Test func percentEncodingKeepsUnreservedBytesAndEncodesTheRest() {
        #expect("plain-slug_1.0~x".percentEncoded == "plain-slug_1.0~x")
        #expect("ça va".percentEncoded == "%C3%A7a%20va")
        #expect("中".percentEncoded == "%E4%B8%AD")
        #expect("a/b#c\u{0}".percentEncoded == "a%2Fb%23c%00")
        #expect("".percentEncoded == "")
    }
}

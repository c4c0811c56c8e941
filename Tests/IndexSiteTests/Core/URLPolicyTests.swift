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

/// The scheme of `url` as the WHATWG URL Standard's basic URL parser finds it (https://url.spec.whatwg.org/#concept-basic-url-parser),
/// written from the spec's state machine over Unicode scalars and independently of `URLPolicy`: the reference the
/// property tests hold the production check to. Returns the lowercased scheme, or nil when the URL is relative.
func referenceWHATWGScheme(_ url: String) -> String? {
    // "Remove any leading and trailing C0 control or space from input."
    var input = Array(url.unicodeScalars)
    func isC0ControlOrSpace(_ c: Unicode.Scalar) -> Bool { c.value <= 0x1F || c.value == 0x20 }
    while let first = input.first, isC0ControlOrSpace(first) { input.removeFirst() }
    while let last = input.last, isC0ControlOrSpace(last) { input.removeLast() }
    // "Remove all ASCII tab or newline from input."
    input.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    func isASCIIAlpha(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
    func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool { isASCIIAlpha(c) || ("0"..."9").contains(c) }
    enum State { case schemeStart, scheme }
    var state = State.schemeStart
    var buffer = ""
    var pointer = 0
    while true {
        let c: Unicode.Scalar? = pointer < input.count ? input[pointer] : nil  // nil is the spec's EOF code point
        switch state {
        case .schemeStart:
            // "If c is an ASCII alpha, append c, lowercased, to buffer, and set state to scheme state.
            //  Otherwise, set state to no scheme state and decrease pointer by 1."
            guard let c, isASCIIAlpha(c) else { return nil }
            buffer.unicodeScalars.append(contentsOf: String(c).lowercased().unicodeScalars)
            state = .scheme
        case .scheme:
            // "If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E (.), append c, lowercased, to buffer.
            //  Otherwise, if c is U+003A (:), then … set url's scheme to buffer.
            //  Otherwise, set buffer to the empty string, state to no scheme state, and start over."
            if let c, isASCIIAlphanumeric(c) || c == "+" || c == "-" || c == "." {
                buffer.unicodeScalars.append(contentsOf: String(c).lowercased().unicodeScalars)
            } else if c == ":" {
                return buffer
            } else {
                return nil
            }
        }
        pointer += 1
    }
}

/// What can come before a scheme: every C0 control, space, DEL and the Unicode white space a trim might remove.
let leadingScalars: [Unicode.Scalar] = (0...0x20).compactMap(Unicode.Scalar.init)
    + [0x7F, 0x85, 0xA0, 0x1680, 0x2000, 0x2007, 0x200A, 0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF].compactMap(Unicode.Scalar.init)

/// The classes of Unicode scalars that can follow the colon, each as a range to draw from: combining and enclosing
/// marks, cluster extenders (halfwidth voiced marks, ZWJ, variation selectors, tags, emoji modifiers, Hangul jamo),
/// controls, separators, format characters, private use, noncharacters, letters, digits, symbols, and any scalar at all.
let scalarClassesAfterColon: [ClosedRange<UInt32>] = [
    0x0300...0x036F, 0x20DD...0x20E0, 0x0903...0x0903, 0x093E...0x094C, 0xFF9E...0xFF9F, 0x200C...0x200D,
    0xFE00...0xFE0F, 0xE0020...0xE007F, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0x1160...0x11FF, 0x11A8...0x11C2,
    0x0000...0x001F, 0x007F...0x009F, 0x2000...0x200A, 0x2028...0x2029, 0x200E...0x200F, 0x202A...0x202E,
    0x2060...0x2064, 0xE000...0xF8FF, 0xFFFE...0xFFFF, 0x0041...0x005A, 0x0061...0x007A, 0x0030...0x0039,
    0x0021...0x002F, 0x00C0...0x024F, 0x4E00...0x9FFF, 0x0600...0x06FF, 0x1F300...0x1F5FF, 0x0000...0x10FFFF,
]

/// Scheme names to disguise: dangerous ones, the allowed ones, and near misses.
let schemeNames = ["javascript", "vbscript", "data", "file", "blob", "filesystem", "jar", "view-source", "livescript",
                   "http", "https", "mailto", "ftp", "ws", "x-a+b.c", "j1", "tel"]
/// What a browser might be fooled into reading as the colon.
let colonSpellings = [":", ":", ":", "：", "%3A", "&#58;", "&colon;", "\u{FE55}", "\u{A789}", ":\u{301}", ":\u{FF9E}"]

/// One generated URL: leading junk, a scheme with case flips and scalars inserted, a colon spelling, a scalar class.
func disguisedURL(_ prefix: [Int], _ scheme: Int, _ caseFlips: Int, _ insertions: [Int], _ colon: Int, _ afterClass: Int, _ afterOffset: Int) -> String {
    var url = String.UnicodeScalarView()
    for index in prefix { url.append(leadingScalars[index % leadingScalars.count]) }
    var name = Array(schemeNames[scheme % schemeNames.count].unicodeScalars)
    for (position, scalar) in name.enumerated() where caseFlips & (1 << (position % 16)) != 0 {
        name[position] = String(scalar).uppercased().unicodeScalars.first!
    }
    for insertion in insertions {
        let position = insertion % (name.count + 1)
        name.insert(leadingScalars[(insertion / 7) % leadingScalars.count], at: position)
    }
    url.append(contentsOf: name)
    url.append(contentsOf: colonSpellings[colon % colonSpellings.count].unicodeScalars)
    let range = scalarClassesAfterColon[afterClass % scalarClassesAfterColon.count]
    var value = range.lowerBound + UInt32(afterOffset) % (range.upperBound - range.lowerBound + 1)
    if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
    url.append(Unicode.Scalar(value)!)
    url.append(contentsOf: "=1,alert(document.domain)".unicodeScalars)
    return String(url)
}

@Suite struct URLSchemeTests {
    static let allowed: Set<String> = ["http", "https", "mailto"]

    /// The property: whatever `safeHref` lets through has, as a browser reads it, no scheme or an allowed one; whatever
    /// a browser would read as a disallowed scheme is refused; and nothing else is refused.
    static func check(_ url: String) {
        let reference = referenceWHATWGScheme(url)
        if let href = URLPolicy.safeHref(url) {
            let scheme = referenceWHATWGScheme(href)
            #expect(scheme == nil || allowed.contains(scheme!), "'\(url.debugDescription)' became href '\(href.debugDescription)' with scheme \(scheme ?? "")")
            #expect(reference == nil || allowed.contains(reference!), "'\(url.debugDescription)' has scheme \(reference ?? "") but was let through")
        } else {
            // Refused only when a browser, or a reader that drops every control, space and DEL, finds a disallowed scheme.
            let trimmed = url.trimmingSpaces
            let strict = referenceWHATWGScheme(trimmed)
            let loose = referenceWHATWGScheme(String(String.UnicodeScalarView(trimmed.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })))
            #expect(trimmed.isEmpty || [strict, loose].contains { $0 != nil && !allowed.contains($0!) },
                    "'\(url.debugDescription)' was refused though its scheme reads as \(strict ?? "none") / \(loose ?? "none")")
        }
        #expect(URLPolicy.scheme(of: url) == reference, "scheme of '\(url.debugDescription)'")
    }

    @Test func generatedSchemeSpellingsAgreeWithTheWHATWGParser() async {
        let index = Gen.int(in: 0...10_000)
        await propertyCheck(count: 3_000, input: index.array(of: 0...3), index, Gen.int(in: 0...0xFFFF), index.array(of: 0...2),
                            index, index, Gen.int(in: 0...0x10FFFF)) { prefix, scheme, flips, insertions, colon, afterClass, offset in
            Self.check(disguisedURL(prefix, scheme, flips, insertions, colon, afterClass, offset))
        }
    }

    /// Every class of scalar right after the colon, and every leading C0/white-space scalar, at least once each.
    @Test func everyScalarClassAfterTheColonAndEveryLeadingScalar() {
        for (afterClass, range) in scalarClassesAfterColon.enumerated() {
            for offset in [0, 1, Int(range.upperBound - range.lowerBound)] {
                for scheme in schemeNames.indices { Self.check(disguisedURL([], scheme, 0, [], 0, afterClass, offset)) }
            }
        }
        for lead in leadingScalars.indices {
            Self.check(disguisedURL([lead], 0, 0, [], 0, 0, 0))
            Self.check(disguisedURL([], 0, 0, [lead * 7 + 4], 0, 0, 0))  // inside the scheme: "java?script"
        }
    }

    /// The reproductions from the attack catalogue and variants of them.
    @Test(arguments: [
        "javascript:\u{FF9E}=1,alert(document.domain)", "javascript:\u{301}alert(1)", "JaVaScRiPt:alert(1)",
        "java\tscript:alert(1)", "java\nscript:alert(1)", "\u{1}javascript:alert(1)", " \u{0}javascript:alert(1) ",
        "vbscript:msgbox", "data:text/html,<script>alert(1)</script>", "javascript:\u{200D}alert(1)",
        "javascript:\u{E0041}alert(1)", "javascript:\u{1F3FB}alert(1)", "javascript:\u{FE0F}alert(1)", "\u{3000}javascript:alert(1)",
        "\u{A0}javascript:alert(1)", "file:///etc/passwd", "blob:https://x/y",
        "java\u{0}script:alert(1)", "javascript\u{7F}:alert(1)", "java script:alert(1)",
    ])
    func disguisedDangerousSchemesAreRefused(_ url: String) {
        #expect(URLPolicy.safeHref(url) == nil, "\(url.debugDescription)")
        Self.check(url)
    }

    /// Spellings no reader takes for a scheme: they stay links, relative to the page (decided: harmless).
    @Test(arguments: ["javascript%3Aalert(1)", "javascript&#58;alert(1)", "javascript：alert(1)", "\u{FEFF}javascript:alert(1)",
                      "//evil.example/x", "\\\\evil.example/x", "./javascript:alert(1)", "#javascript:alert(1)", "?a:b"])
    func spellingsThatAreNotASchemeStayRelative(_ url: String) {
        #expect(URLPolicy.scheme(of: url) == nil)
        #expect(URLPolicy.safeHref(url) != nil)
        Self.check(url)
    }

    /// End to end: a site whose CSV, Markdown list, front matter and entries.json carry disguised links has no
    /// live dangerous link in any page or script data.
    @Test func noDisguisedLinkReachesAnyHref() throws {
        let site = TestSupport.processFolder.appendingPathComponent("indexsite-url-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("notes"), withIntermediateDirectories: true)
        let hostile = ["javascript:\u{FF9E}=1,alert(document.domain)", "javascript:\u{301}alert(2)", "data:\u{20DD}text/html,x",
                       "vbscript:\u{E0041}x", "\u{1}javascript:\u{200D}alert(3)"]
        var csv = "title,url\n"
        for (index, url) in hostile.enumerated() { csv += "Entry \(index),\"\(url)\"\n" }
        try csv.write(to: content.appendingPathComponent("links.csv"), atomically: true, encoding: .utf8)
        var markdown = "# Links\n\n"
        for (index, url) in hostile.enumerated() { markdown += "- [Item \(index)](<\(url)>) - a link\n" }
        try markdown.write(to: content.appendingPathComponent("awesome.md"), atomically: true, encoding: .utf8)
        for (index, url) in hostile.enumerated() {
            try "---\ntitle: Note \(index)\nurl: \"\(url.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\x%02X", $0.value) : String($0) }.joined())\"\n---\nBody\n"
                .write(to: content.appendingPathComponent("notes/n\(index).md"), atomically: true, encoding: .utf8)
        }
        // Links inside Markdown text (entry bodies, descriptions) go through cmark's safe mode.
        let bodyLinks = "[a](<java\tscript:alert(1)>) [b](javascript&#58;alert(1)) [c](<\u{1}javascript:alert(1)>) [d](JAVASCRIPT:alert(1)) "
            + "[e](<javascript:\u{301}alert(1)>) [f](javascript&colon;alert(1)) [g](<data:text/html,x>) [h](< javascript:alert(1)>)"
        try "---\ntitle: Body links\n---\n\(bodyLinks)\n".write(to: content.appendingPathComponent("notes/body.md"), atomically: true, encoding: .utf8)
        markdown += "- [Described](https://example.org) - \(bodyLinks)\n"
        try markdown.write(to: content.appendingPathComponent("awesome.md"), atomically: true, encoding: .utf8)
        let result = Build.run(BuildOptions(siteFolder: site, writeOutput: false, keepPages: true))
        #expect(result.pages.count > 3)
        var hrefs: [String] = []
        for page in result.pages {
            let text = String(decoding: page.bytes, as: UTF8.self)
            for pattern in [#"href="([^"]*)""#, #","url":"((?:[^"\\]|\\.)*)","section""#] {
                let regex = try NSRegularExpression(pattern: pattern)
                for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    hrefs.append(String(text[Range(match.range(at: 1), in: text)!]))
                }
            }
        }
        #expect(hrefs.count > 10)
        for href in hrefs {
            // Attribute and JSON escapes decoded as a browser decodes them, then read as a browser reads a URL.
            let decoded = href.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "\\u0001", with: "\u{1}")
            let scheme = referenceWHATWGScheme(decoded)
            #expect(scheme == nil || Self.allowed.contains(scheme!) || decoded == "data:,", "live link \(decoded.debugDescription)")
        }
        let unsafe = result.diagnostics.filter { $0.code == .unsafeURL }
        #expect(unsafe.count == hostile.count * 3, "\(result.diagnostics.map(\.message))")
    }
}

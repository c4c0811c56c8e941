import Foundation
import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// The GitHub Flavored Markdown spec's extension examples (tables, task list items, strikethrough, extended
/// autolinks), run through IndexSite's one Markdown renderer and compared as the spec's own runner compares them
/// (normalized HTML). Data: Tests/Fixtures/gfm-spec/extensions.txt, a copy of the spec's extension sections.
@Suite struct GFMSpecTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var section: String
        var number: Int
        var line: Int
        var markdown: String
        var html: String
        var testDescription: String { "\(section) #\(number) (line \(line))" }
    }

    /// The extension sections IndexSite implements; the spec's fifth, "Disallowed Raw HTML", filters raw HTML that
    /// IndexSite drops altogether in its safe mode (see `extensionSections`).
    static let implemented: Set<String> = ["Tables", "Task list items", "Strikethrough", "Autolinks"]

    /// Examples that do not pass, each with why. Empty: every example of the implemented sections passes.
    static let knownFailures: [String: String] = [:]

    /// The examples of every `<div class="extension">` section of a spec text, numbered within their section.
    static func examples(in spec: String) -> [Example] {
        let fence = String(repeating: "`", count: 32)
        var examples: [Example] = []
        var section = ""
        var inExtension = false
        var counts: [String: Int] = [:]
        var lines = spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        var lineNumber = 0
        while let line = lines.popFirst() {
            lineNumber += 1
            if line.hasPrefix("<div class=\"extension\">") { inExtension = true }
            if line.hasPrefix("</div>") { inExtension = false }
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)).replacingOccurrences(of: " (extension)", with: "") }
            guard line.hasPrefix(fence + " example") else { continue }
            let start = lineNumber
            var markdown: [String] = []
            var html: [String] = []
            var inHTML = false
            while let body = lines.popFirst() {
                lineNumber += 1
                if body == fence { break }
                if body == "." && !inHTML { inHTML = true; continue }
                if inHTML { html.append(body) } else { markdown.append(body) }
            }
            guard inExtension else { continue }
            counts[section, default: 0] += 1
            let tabbed = { (lines: [String]) in lines.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t") }
            examples.append(Example(section: section, number: counts[section]!, line: start, markdown: tabbed(markdown), html: tabbed(html)))
        }
        return examples
    }

    static let fixture: [Example] = (try? Fixtures.text("gfm-spec/extensions.txt")).map(examples(in:)) ?? []
    static let cases: [Example] = fixture.filter { implemented.contains($0.section) }

    @Test func extensionSections() {
        #expect(Set(GFMSpecTests.fixture.map(\.section)) == GFMSpecTests.implemented.union(["Disallowed Raw HTML"]))
        #expect(GFMSpecTests.cases.count == 23)
    }

    /// The copy in Tests/Fixtures still matches the spec in ../shared, when that folder is beside the clone (CI).
    @Test func fixtureMatchesSharedSpec() throws {
        let shared = Fixtures.repository.deletingLastPathComponent().appendingPathComponent("shared/gfm-spec/spec.txt")
        guard let spec = try? String(contentsOf: shared, encoding: .utf8) else { return }
        let fromSpec = GFMSpecTests.examples(in: spec)
        #expect(fromSpec.map(\.markdown) == GFMSpecTests.fixture.map(\.markdown))
        #expect(fromSpec.map(\.html) == GFMSpecTests.fixture.map(\.html))
    }

    /// CommonMark examples (outside the extension sections) whose spec output differs once GitHub's extensions are
    /// on, as they are on GitHub: the spec renders them with cmark-gfm's extensions off.
    static let changedByExtensions: [Int: String] = [
        610: "the autolink extension links the URL inside `<http://foo.bar/baz bim>` (not a CommonMark autolink: it has a space)",
        614: "the autolink extension links the email inside `<foo\\+@bar.example.com>`",
        616: "the autolink extension links the URL inside `< http://foo.bar >`",
        619: "the autolink extension links a bare `http://example.com`",
        620: "the autolink extension links a bare `foo@bar.example.com`",
    ]

    /// Every CommonMark example of the spec in ../shared (beside the clone in CI) renders as the spec says with the
    /// extensions on — the extensions leave the rest of Markdown alone — except the examples listed above.
    @Test func commonMarkExamplesAreUnchangedByTheExtensions() throws {
        let shared = Fixtures.repository.deletingLastPathComponent().appendingPathComponent("shared/gfm-spec/spec.txt")
        guard let spec = try? String(contentsOf: shared, encoding: .utf8) else { return }
        let fence = String(repeating: "`", count: 32)
        var lines = spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        var number = 0
        var inExtension = false
        var differing: [Int] = []
        while let line = lines.popFirst() {
            if line.hasPrefix("<div class=\"extension\">") { inExtension = true }
            if line.hasPrefix("</div>") { inExtension = false }
            guard line.hasPrefix(fence + " example") else { continue }
            number += 1
            var markdown = ""
            var html = ""
            var inHTML = false
            while let body = lines.popFirst(), body != fence {
                if body == "." && !inHTML { inHTML = true } else if inHTML { html += body + "\n" } else { markdown += body + "\n" }
            }
            guard !inExtension else { continue }
            let rendered = CommonMark.html(markdown.replacingOccurrences(of: "→", with: "\t"), allowUnsafeHTML: true)
            if HTMLNormalizer.normalize(rendered) != HTMLNormalizer.normalize(html.replacingOccurrences(of: "→", with: "\t")) {
                differing.append(number)
            }
        }
        #expect(number > 600)
        #expect(differing == GFMSpecTests.changedByExtensions.keys.sorted())
    }

    @Test(arguments: cases) func example(_ example: Example) {
        let rendered = CommonMark.html(example.markdown)
        let passes = HTMLNormalizer.normalize(rendered) == HTMLNormalizer.normalize(example.html)
        if let reason = GFMSpecTests.knownFailures[example.testDescription] {
            #expect(!passes, "listed as a known failure (\(reason)) but passes now: remove it from knownFailures")
        } else {
            #expect(passes, "\(example.testDescription)\n--- markdown\n\(example.markdown)--- expected\n\(example.html)--- rendered\n\(rendered)")
        }
    }
}

/// HTML normalized as the CommonMark spec runner's normalize.py does, so equivalent HTML compares equal: tags
/// lower-cased with sorted attributes and no self-closing slash, whitespace runs collapsed outside `<pre>`, and
/// whitespace around block-level tags dropped.
enum HTMLNormalizer {
    static let blockTags: Set<String> = [
        "article", "header", "aside", "hgroup", "blockquote", "hr", "iframe", "body", "li", "map", "button", "object",
        "canvas", "ol", "caption", "output", "col", "p", "colgroup", "pre", "dd", "progress", "div", "section", "dl",
        "table", "td", "dt", "tbody", "embed", "textarea", "fieldset", "tfoot", "figcaption", "th", "figure", "thead",
        "footer", "tr", "form", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "video", "script", "style",
    ]

    enum Last { case none, startTag, endTag, data }

    static func normalize(_ html: String) -> String {
        var output = ""
        var last = Last.none
        var lastTag = ""
        var inPre = false
        var text = ""
        let characters = Array(html)
        var index = 0

        func flushText() {
            guard !text.isEmpty else { return }
            var data = text
            text = ""
            let afterTag = last == .startTag || last == .endTag
            let afterBlock = afterTag && blockTags.contains(lastTag)
            if afterTag && lastTag == "br" { data = String(data.drop(while: { $0 == "\n" })) }
            if !inPre { data = data.replacing(/\s+/, with: " ") }
            if afterBlock && !inPre {
                data = last == .startTag ? String(data.drop(while: \.isWhitespace)) : data.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            output += data
            last = .data
        }

        while index < characters.count {
            let character = characters[index]
            if character == "<", index + 1 < characters.count {
                let next = characters[index + 1]
                if String(characters[index..<min(index + 4, characters.count)]) == "<!--" {
                    flushText()
                    var end = index + 4
                    while end + 2 < characters.count, String(characters[end..<end + 3]) != "-->" { end += 1 }
                    output += String(characters[index..<min(end + 3, characters.count)])
                    index = end + 3
                    last = .data
                    continue
                }
                if next.isLetter || next == "/" {
                    flushText()
                    var end = index + 1
                    var quote: Character?
                    while end < characters.count {
                        let c = characters[end]
                        if let open = quote { if c == open { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { break }
                        end += 1
                    }
                    tag(String(characters[(index + 1)..<min(end, characters.count)]))
                    index = end + 1
                    continue
                }
            }
            text.append(character)
            index += 1
        }
        flushText()
        return output.trimmingCharacters(in: .whitespacesAndNewlines)

        func tag(_ body: String) {
            var body = Substring(body)
            let closing = body.hasPrefix("/")
            if closing { body = body.dropFirst() }
            if body.hasSuffix("/") { body = body.dropLast() }
            let name = String(body.prefix(while: { $0.isLetter || $0.isNumber })).lowercased()
            if closing {
                if name == "pre" { inPre = false } else if blockTags.contains(name) { output = String(output.reversed().drop(while: \.isWhitespace).reversed()) }
                output += "</\(name)>"
                last = .endTag
                lastTag = name
                return
            }
            if name == "pre" { inPre = true }
            if blockTags.contains(name) { output = String(output.reversed().drop(while: \.isWhitespace).reversed()) }
            var attributes: [(String, String?)] = []
            var rest = body.dropFirst(name.count)
            while true {
                rest = rest.drop(while: \.isWhitespace)
                guard !rest.isEmpty else { break }
                let key = String(rest.prefix(while: { !$0.isWhitespace && $0 != "=" })).lowercased()
                rest = rest.dropFirst(key.count).drop(while: \.isWhitespace)
                guard rest.first == "=" else { attributes.append((key, nil)); if key.isEmpty { rest = rest.dropFirst() }; continue }
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                var value = ""
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    value = String(rest.dropFirst().prefix(while: { $0 != quote }))
                    rest = rest.dropFirst(value.count + 2)
                } else {
                    value = String(rest.prefix(while: { !$0.isWhitespace }))
                    rest = rest.dropFirst(value.count)
                }
                attributes.append((key, value))
            }
            output += "<" + name
            for (key, value) in attributes.sorted(by: { $0.0 < $1.0 }) {
                output += " " + key
                if let value { output += "=\"" + value + "\"" }
            }
            output += ">"
            last = .startTag
            lastTag = name
        }
    }
}

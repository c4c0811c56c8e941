import Foundation

/// A page as a tree of elements, so tests check what the HTML means (this link inside that entry, this class on that
/// heading) rather than whether a substring occurs somewhere. Written here because no HTML parser is among the packages
/// this project may use (FoundationXML's HTML mode does not parse on Linux); it reads the HTML IndexSite writes:
/// elements, attributes (quoted, unquoted or bare), void elements, raw text in `script` and `style`, comments, the
/// doctype and character references. An end tag that closes nothing open, or an element left open at the end, is
/// recorded in `problems`, which a test can require to be empty.
public struct HTMLTree: Sendable {
    /// One element: its name (lower case), attributes in source order, and children (elements and text).
    public final class Element: @unchecked Sendable {
        public let name: String
        public let attributes: [(name: String, value: String)]
        public fileprivate(set) var children: [Node] = []
        public fileprivate(set) weak var parent: Element?

        init(name: String, attributes: [(name: String, value: String)], parent: Element?) {
            self.name = name
            self.attributes = attributes
            self.parent = parent
        }

        /// The value of the attribute `name`, nil when it is absent (a bare attribute has "").
        public subscript(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

        public var classes: [String] { (self["class"] ?? "").split(separator: " ").map(String.init) }

        public var elementChildren: [Element] {
            children.compactMap { if case .element(let element) = $0 { element } else { nil } }
        }

        /// The text inside, character references decoded, white space as written.
        public var text: String {
            children.map {
                switch $0 {
                case .text(let text): text
                case .element(let element): element.text
                }
            }.joined()
        }

        /// `text` with runs of white space made one space and the ends trimmed: what a reader sees.
        public var visibleText: String {
            text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }

        /// Every element below this one, in document order.
        public var descendants: [Element] {
            elementChildren.flatMap { [$0] + $0.descendants }
        }

        /// The elements below this one that match `selector` (see `HTMLTree.select`), in document order.
        public func select(_ selector: String) -> [Element] {
            let steps = Selector.parse(selector)
            return descendants.filter { Selector.matches($0, steps[...], within: self) }
        }

        /// The single element below this one that matches `selector`, nil when there is none or more than one.
        public func one(_ selector: String) -> Element? {
            let found = select(selector)
            return found.count == 1 ? found[0] : nil
        }
    }

    public enum Node: Sendable {
        case element(Element)
        case text(String)
    }

    /// The document's root, holding `html` (or whatever a fragment starts with).
    public let root: Element
    /// What is wrong with the structure: end tags that close nothing, elements never closed.
    public let problems: [String]

    public init(_ html: String) {
        var parser = Parser(html)
        (root, problems) = parser.parse()
    }

    /// The elements matching a CSS-like selector: compound parts `tag`, `.class`, `#id`, `[attr]`, `[attr=value]`,
    /// `[attr^=value]`, `[attr*=value]`, joined by descendant (space) or child (`>`) combinators.
    public func select(_ selector: String) -> [Element] { root.select(selector) }

    public func one(_ selector: String) -> Element? { root.one(selector) }
}

// MARK: - Parsing

private let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
]
private let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]
/// Elements HTML closes implicitly when a sibling of the same kind starts or their parent ends.
private let implicitlyClosed: Set<String> = ["li", "p", "dt", "dd", "option", "tr", "td", "th"]

private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var problems: [String] = []
    var line = 1

    init(_ html: String) { scalars = Array(html.unicodeScalars) }

    mutating func parse() -> (HTMLTree.Element, [String]) {
        let root = HTMLTree.Element(name: "#document", attributes: [], parent: nil)
        var open: [HTMLTree.Element] = [root]
        var text = ""
        func flush() {
            if !text.isEmpty { open.last!.children.append(.text(decode(text))) }
            text = ""
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<", index + 1 < scalars.count else {
                if scalar == "\n" { line += 1 }
                text.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if starts(with: "<!--") {
                flush()
                skip(past: "-->")
            } else if next == "!" || next == "?" {
                flush()
                skip(past: ">")
            } else if next == "/" {
                flush()
                index += 2
                let name = readName()
                skip(past: ">")
                close(name, in: &open)
            } else if next.properties.isAlphabetic {
                flush()
                index += 1
                let name = readName()
                let attributes = readAttributes()
                let element = HTMLTree.Element(name: name, attributes: attributes.list, parent: nil)
                if implicitlyClosed.contains(name), let current = open.last, current.name == name {
                    open.removeLast()
                }
                let parent = open.last!
                element.parent = parent
                parent.children.append(.element(element))
                if rawTextElements.contains(name), !attributes.selfClosing {
                    let raw = readRawText(until: name)
                    if !raw.isEmpty { element.children.append(.text(name == "title" || name == "textarea" ? decode(raw) : raw)) }
                } else if !voidElements.contains(name), !attributes.selfClosing {
                    open.append(element)
                }
            } else {
                text.unicodeScalars.append(scalar)
                index += 1
            }
        }
        flush()
        for element in open.dropFirst() where !implicitlyClosed.contains(element.name) && !["html", "head", "body"].contains(element.name) {
            problems.append("<\(element.name)> is never closed")
        }
        return (root, problems)
    }

    mutating func close(_ name: String, in open: inout [HTMLTree.Element]) {
        guard let position = open.lastIndex(where: { $0.name == name }), position > 0 else {
            problems.append("line \(line): </\(name)> closes nothing open")
            return
        }
        for skipped in open[(position + 1)...] where !implicitlyClosed.contains(skipped.name) {
            problems.append("line \(line): </\(name)> closes <\(skipped.name)>, which was still open")
        }
        open.removeSubrange(position...)
    }

    func starts(with prefix: String) -> Bool {
        var position = index
        for scalar in prefix.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    mutating func skip(past end: String) {
        while index < scalars.count, !starts(with: end) {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
        index = min(scalars.count, index + end.unicodeScalars.count)
    }

    mutating func readName() -> String {
        var name = ""
        while index < scalars.count, !scalars[index].properties.isWhitespace, !"/>=".unicodeScalars.contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        return name.lowercased()
    }

    mutating func skipSpace() {
        while index < scalars.count, scalars[index].properties.isWhitespace {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
    }

    mutating func readAttributes() -> (list: [(name: String, value: String)], selfClosing: Bool) {
        var list: [(name: String, value: String)] = []
        while true {
            skipSpace()
            guard index < scalars.count else { return (list, false) }
            if scalars[index] == ">" { index += 1; return (list, false) }
            if starts(with: "/>") { index += 2; return (list, true) }
            if scalars[index] == "/" { index += 1; continue }
            let name = readName()
            skipSpace()
            guard index < scalars.count, scalars[index] == "=" else {
                list.append((name, ""))
                continue
            }
            index += 1
            skipSpace()
            var value = ""
            if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                let quote = scalars[index]
                index += 1
                while index < scalars.count, scalars[index] != quote {
                    if scalars[index] == "\n" { line += 1 }
                    value.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
            } else {
                while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != ">" {
                    value.unicodeScalars.append(scalars[index])
                    index += 1
                }
            }
            list.append((name, decode(value)))
        }
    }

    mutating func readRawText(until name: String) -> String {
        var raw = ""
        while index < scalars.count {
            if scalars[index] == "<", starts(with: "</"), String(String.UnicodeScalarView(scalars[(index + 2)..<min(scalars.count, index + 2 + name.count)])).lowercased() == name {
                skip(past: ">")
                return raw
            }
            if scalars[index] == "\n" { line += 1 }
            raw.unicodeScalars.append(scalars[index])
            index += 1
        }
        problems.append("<\(name)> is never closed")
        return raw
    }

    /// Decodes character references: the named ones IndexSite writes, and numeric ones.
    func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let reference = rest[afterAmpersand..<semicolon]
            var decoded: String?
            if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                decoded = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if reference.hasPrefix("#") {
                decoded = UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                decoded = named[String(reference)]
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }
}

// MARK: - Selectors

private enum Selector {
    enum Combinator { case descendant, child }

    struct Compound {
        var name: String?
        var id: String?
        var classes: [String] = []
        var attributes: [(name: String, operation: Character?, value: String)] = []
        /// How this compound relates to the one before it (none for the first).
        var combinator: Combinator = .descendant

        func matches(_ element: HTMLTree.Element) -> Bool {
            if let name, name != "*", element.name != name { return false }
            if let id, element["id"] != id { return false }
            let elementClasses = element.classes
            if !classes.allSatisfy(elementClasses.contains) { return false }
            return attributes.allSatisfy { attribute in
                guard let value = element[attribute.name] else { return false }
                switch attribute.operation {
                case nil: return true
                case "^": return value.hasPrefix(attribute.value)
                case "*": return value.contains(attribute.value)
                case "$": return value.hasSuffix(attribute.value)
                case "~": return value.split(separator: " ").contains { $0 == attribute.value }
                default: return value == attribute.value
                }
            }
        }
    }

    static func parse(_ selector: String) -> [Compound] {
        var compounds: [Compound] = []
        var nextCombinator = Combinator.descendant
        for token in selector.replacingOccurrences(of: ">", with: " > ").split(separator: " ") {
            if token == ">" {
                nextCombinator = .child
                continue
            }
            var compound = Compound(combinator: nextCombinator)
            nextCombinator = .descendant
            var rest = Substring(token)
            func takeName() -> String {
                let name = rest.prefix { !".#[".contains($0) }
                rest = rest.dropFirst(name.count)
                return String(name)
            }
            if let first = rest.first, !".#[".contains(first) { compound.name = takeName() }
            while let marker = rest.first {
                rest = rest.dropFirst()
                switch marker {
                case ".": compound.classes.append(takeName())
                case "#": compound.id = takeName()
                default:
                    let inside = rest.prefix { $0 != "]" }
                    rest = rest.dropFirst(inside.count + 1)
                    if let equals = inside.firstIndex(of: "=") {
                        var name = inside[..<equals]
                        var operation: Character = "="
                        if let last = name.last, "^*$~".contains(last) {
                            operation = last
                            name = name.dropLast()
                        }
                        let value = inside[inside.index(after: equals)...].trimmingCharacters(in: ["\"", "'"])
                        compound.attributes.append((String(name), operation, value))
                    } else {
                        compound.attributes.append((String(inside), nil, ""))
                    }
                }
            }
            compounds.append(compound)
        }
        return compounds
    }

    /// Whether `element` matches the last compound of `steps`, with its ancestors (up to `scope`) matching the rest.
    static func matches(_ element: HTMLTree.Element, _ steps: ArraySlice<Compound>, within scope: HTMLTree.Element) -> Bool {
        guard let last = steps.last, last.matches(element) else { return false }
        let before = steps.dropLast()
        guard !before.isEmpty else { return true }
        var ancestor = element.parent
        while let candidate = ancestor, candidate !== scope {
            if matches(candidate, before, within: scope) { return true }
            if last.combinator == .child { return false }
            ancestor = candidate.parent
        }
        return false
    }
}

import IndexSiteCollation
import IndexSiteCore
/// The terms of a docs index while pages are read: each distinct term once, with the pages it is found on and its
/// sub-entries, `see` and `see also` references. Terms are the same when the list's collation sees them equal at
/// primary strength (case and accents aside), as a back-of-book index would merge them.
struct DocsTermIndex {
    /// One place a term leads to.
    struct Occurrence {
        /// The page's title, which labels the link when a term has several.
        var label: String
        var url: String
        /// The page that defines the term (`main:`), listed first and in bold.
        var main: Bool
        var location: SourceLocation
    }

    struct Term {
        var title: String
        var location: SourceLocation
        var occurrences: [Occurrence] = []
        var subterms: [Key: Int] = [:]
        var subtermOrder: [Int] = []
        var see: [String] = []
        var seeLocation: SourceLocation?
        var seeAlso: [String] = []
    }

    typealias Key = [UInt8]

    let collator: Collator?
    private(set) var terms: [Term] = []
    private var topLevel: [Key: Int] = [:]
    private var topLevelOrder: [Int] = []

    init(collator: Collator?) {
        self.collator = collator
    }

    /// The term's identity: the primary level of its collation key (ICU separates levels with byte 01).
    func key(_ text: String) -> Key {
        guard let collator else { return Array(text.lowercased().utf8) }
        let full = collator.sortKey(text)
        if let end = full.firstIndex(of: 0x01) { return Array(full[..<end]) }
        return full
    }

    /// The index of the term at `path` ("Collation", "locale"), made when new.
    private mutating func term(_ path: [String], location: SourceLocation) -> Int {
        var index: Int
        let topKey = key(path[0])
        if let existing = topLevel[topKey] {
            index = existing
        } else {
            index = terms.count
            terms.append(Term(title: path[0], location: location))
            topLevel[topKey] = index
            topLevelOrder.append(index)
        }
        for part in path.dropFirst() {
            let partKey = key(part)
            if let existing = terms[index].subterms[partKey] {
                index = existing
            } else {
                let child = terms.count
                terms.append(Term(title: part, location: location))
                terms[index].subterms[partKey] = child
                terms[index].subtermOrder.append(child)
                index = child
            }
        }
        return index
    }

    /// Adds a page: its title, its headings and the terms its front matter names.
    mutating func add(_ page: DocsPage) {
        let titleKey = key(page.title)
        func isMain(_ text: String) -> Bool { page.mainTerms.contains { key($0) == key(text) } }
        let pageTerm = term([page.title], location: page.location)
        terms[pageTerm].occurrences.append(Occurrence(label: page.title, url: page.url, main: page.mainForAll || isMain(page.title),
                                                      location: page.location))
        for (position, heading) in page.headings.enumerated() where position != page.titleHeading && !heading.text.isEmpty {
            // A heading repeating the page's title (mdBook chapters open with `## Title`) is the page itself.
            if key(heading.text) == titleKey { continue }
            let index = term([heading.text], location: heading.location)
            terms[index].occurrences.append(Occurrence(label: page.title, url: page.url + "#" + heading.id.percentEncoded,
                                                       main: isMain(heading.text), location: heading.location))
        }
        for authored in page.indexTerms {
            let index = term(authored.path, location: authored.location)
            let main = page.mainForAll || isMain(authored.path.joined(separator: "; ")) || isMain(authored.path.last ?? "")
            terms[index].occurrences.append(Occurrence(label: page.title, url: page.url, main: main, location: authored.location))
        }
        for reference in page.see {
            let index = term([reference.term], location: reference.location)
            terms[index].see += reference.targets
            terms[index].seeLocation = terms[index].seeLocation ?? reference.location
        }
        for reference in page.seeAlso {
            let index = term([reference.term], location: reference.location)
            terms[index].seeAlso += reference.targets
        }
    }

    /// Problems `check` reports: a `see` that leads nowhere, and a term that is both a `see` and has pages.
    func check() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for index in topLevelOrder {
            let term = terms[index]
            let at = term.seeLocation ?? term.location
            for target in term.see + term.seeAlso where topLevel[key(target.split(separator: ";").first.map(String.init)?.trimmingSpaces ?? target)] == nil {
                diagnostics.append(.error(.docsSeeTargetMissing, "'\(term.title)' refers to '\(target)', which is not a term of the index", at: at,
                                          hint: "name a page title, a heading or an index: term that exists"))
            }
            if !term.see.isEmpty, !term.occurrences.isEmpty || !term.subtermOrder.isEmpty {
                let pages = term.occurrences.map(\.label)
                diagnostics.append(.warning(.docsSeeWithPages, "'\(term.title)' is a 'see' reference but also has pages (\(pages.joined(separator: ", ")))",
                                            at: at, hint: "use see_also to add a reference to a term that has pages, or rename the heading"))
            }
        }
        return diagnostics
    }

    /// One entry per top-level term, in the order terms were first met (the Sectioner sorts them).
    func entries() -> [Entry] {
        topLevelOrder.map { entry(for: $0) }
    }

    private func entry(for index: Int) -> Entry {
        let term = terms[index]
        var occurrences = term.occurrences.filter(\.main) + term.occurrences.filter { !$0.main }
        // The same page twice (a heading repeated) is told apart by its number on that page.
        var seen: [String: Int] = [:]
        for position in occurrences.indices {
            let count = seen[occurrences[position].label, default: 0] + 1
            seen[occurrences[position].label] = count
            if count > 1 { occurrences[position].label += " (\(count))" }
        }
        var names = ["title"], values: [FieldValue] = [.text(term.title)]
        var children: [Entry] = []
        if occurrences.count == 1 {
            let only = occurrences[0]
            names += ["url"]
            values += [.text(only.url)]
            if key(only.label) != key(term.title) {
                names.append("page")
                values.append(.text(only.label))
            }
            if only.main {
                names.append("main")
                values.append(.text("true"))
            }
        } else {
            children = occurrences.map { occurrence in
                var fields = FieldRecord(names: ["title", "url"], values: [.text(occurrence.label), .text(occurrence.url)])
                if occurrence.main { fields = FieldRecord(names: ["title", "url", "main"], values: [.text(occurrence.label), .text(occurrence.url), .text("true")]) }
                return Entry(fields: fields, location: occurrence.location)
            }
        }
        var references: [String] = []
        if !term.see.isEmpty { references.append("*see* " + term.see.map(\.markdownEscaped).joined(separator: ", ")) }
        if !term.seeAlso.isEmpty { references.append("*see also* " + term.seeAlso.map(\.markdownEscaped).joined(separator: ", ")) }
        if !references.isEmpty {
            names.append("description")
            values.append(.text(references.joined(separator: "; ")))
        }
        let subterms = term.subtermOrder.sorted { a, b in
            let (left, right) = (key(terms[a].title), key(terms[b].title))
            return left != right ? left.lexicographicallyPrecedes(right) : a < b
        }
        children += subterms.map { entry(for: $0) }
        return Entry(fields: FieldRecord(names: names, values: values), location: term.location, children: children)
    }
}

extension String {
    /// The text with Markdown's punctuation backslash-escaped, so a term shows as written inside a Markdown description.
    var markdownEscaped: String {
        var out = ""
        for character in self {
            if "\\`*_{}[]()#+-.!<>|~&".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

import IndexSiteCore
import IndexSiteParse
import IndexSiteRender

// The `url` and `template` fuzz targets (issue 17): a link never becomes a live dangerous href, and no template
// source crashes, hangs or is accepted with an impossible diagnostic.

/// The scheme of `url` by the WHATWG URL Standard's basic URL parser (scheme start and scheme states), written here
/// over Unicode scalars independently of `URLPolicy`, which works over bytes. Nil when the URL is relative.
func whatwgScheme(_ url: String) -> String? {
    var scalars = Array(url.unicodeScalars)
    while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
    while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
    scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
    var scheme = ""
    for scalar in scalars {
        if scalar == ":" { return scheme }
        guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "." else { return nil }
        scheme += String(scalar).lowercased()
    }
    return nil
}

/// Undoes the HTML escaping an attribute value gets, as the browser's tokenizer does for these references.
func unescapedAttribute(_ text: Substring) -> String {
    String(text).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
}

func fuzzURL(_ bytes: [UInt8]) {
    let url = String(decoding: bytes, as: UTF8.self)
    let reference = whatwgScheme(url)
    require(URLPolicy.scheme(of: url) == reference, "URLPolicy.scheme(of: \(url.debugDescription)) = \(URLPolicy.scheme(of: url) ?? "nil"), the WHATWG parser finds \(reference ?? "nil")")
    if let href = URLPolicy.safeHref(url) {
        let scheme = whatwgScheme(href)
        require(scheme == nil || URLPolicy.allowedSchemes.contains(scheme!), "\(url.debugDescription) became href \(href.debugDescription) with scheme \(scheme!)")
        require(reference == nil || URLPolicy.allowedSchemes.contains(reference!), "\(url.debugDescription) has scheme \(reference!) but was let through")
    }
    // The whole way to the page: a one-entry list whose link is the input, rendered with the built-in theme.
    var entry = Entry(fields: FieldRecord(names: ["title", "url"], values: [.text("Fuzz"), .text(url)]), location: SourceLocation(path: "Content/fuzz.csv", line: 2))
    entry.id = "fuzz"
    var section = Section(title: "F", entries: [entry])
    section.id = "f"
    let list = IndexedList(settings: ListSettings(source: "fuzz.csv"), title: "Fuzz", description: nil, slug: "fuzz", kind: .csv, sections: [section])
    guard let renderer = PageRenderer.make(site: SiteSettings(), theme: .builtIn).0 else { fatalError("invariant failed: the built-in theme does not load") }
    for page in renderer.render([list]).pages where page.path.hasSuffix(".html") {
        let html = String(decoding: page.bytes, as: UTF8.self)
        var rest = html[...]
        while let start = rest.range(of: "href=\"") {
            guard let end = rest[start.upperBound...].firstIndex(of: "\"") else { fatalError("invariant failed: unterminated href in \(page.path)") }
            let value = unescapedAttribute(rest[start.upperBound..<end])
            let scheme = whatwgScheme(value)
            require(scheme == nil || URLPolicy.allowedSchemes.contains(scheme!) || value == "data:,", "live \(scheme!) link \(value.debugDescription) in \(page.path)")
            rest = rest[rest.index(after: end)...]
        }
    }
}

func fuzzTemplate(_ bytes: [UInt8]) {
    // The first byte picks the template the rest of the input replaces.
    guard let selector = bytes.first else { return }
    let names = Theme.templateNames
    let name = names[Int(selector) % names.count]
    let source = Array(bytes.dropFirst())
    let path = "Templates/\(name).mustache"
    var theme = Theme.builtIn
    theme.templates[name] = SourceFile(path: path, bytes: source)
    let (renderer, diagnostics) = PageRenderer.make(site: SiteSettings(), theme: theme)
    let file = SourceFile(path: path, bytes: source)
    let lines = maximumLineCount(source)
    checkDiagnostics(diagnostics.filter { $0.location.path == path }, file: file, lines: lines)
    require(renderer != nil || diagnostics.contains { $0.severity == .error }, "template refused without an error")
    guard let renderer else { return }
    var entry = Entry(fields: FieldRecord(names: ["title", "url"], values: [.text("<b>Fuzz</b>"), .text("https://example.org/?a&b")]),
                      location: SourceLocation(path: "Content/fuzz.csv", line: 2))
    entry.id = "fuzz"
    var section = Section(title: "F", entries: [entry])
    section.id = "f"
    var settings = ListSettings(source: "fuzz.csv")
    settings.entryPages = true
    let list = IndexedList(settings: settings, title: "Fuzz", description: "A list", slug: "fuzz", kind: .csv, sections: [section])
    _ = renderer.render([list])
}

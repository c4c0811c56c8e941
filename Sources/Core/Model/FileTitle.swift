/// The title a reader would give a file from its name, for lists and pages that name themselves nowhere else:
/// "awesome-ios.md" → "Awesome iOS", "docs/strings/index.md" → "Strings". Never a path, never an extension.
public enum FileTitle {
    /// Names that stand for their folder (`index.md`, Hugo's `_index.md`, GitHub's `README.md`).
    package static let folderIndexNames: Set<String> = ["index", "_index", "readme"]

    /// Words a plain capital would misspell.
    static let knownCasings: [String: String] = [
        "ios": "iOS", "apis": "APIs", "ipados": "iPadOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
        "iso": "ISO", "api": "API", "faq": "FAQ", "css": "CSS", "html": "HTML", "json": "JSON", "csv": "CSV", "sql": "SQL",
        "url": "URL", "xml": "XML", "yaml": "YAML",
    ]

    /// The title of the file at `path` (slash-separated; split over bytes so a `/` or `.` inside a prepended letter's
    /// Character still counts). A folder's index file takes the folder's name.
    public static func from(path: String) -> String {
        let parts = path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        var stem = stemOf(parts.last ?? path)
        if folderIndexNames.contains(stem.lowercased()) {
            // A site's own start page has no folder to be named after.
            guard parts.count > 1 else { return "Home" }
            stem = stemOf(parts[parts.count - 2])
        }
        return words(stem)
    }

    /// A file name without its extension (a leading dot is part of the name: `.nojekyll`).
    static func stemOf(_ name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return name }
        return String(decoding: name.utf8[..<dot], as: UTF8.self)
    }

    /// "books_2026" → "Books 2026": dashes and underscores are spaces, each word capitalised. A known word run into
    /// a number keeps its casing: "html5" → "HTML5", and a standard's number of three digits or more stands apart
    /// ("iso3166" → "ISO 3166", as Debian's tzdata names its file).
    package static func words(_ stem: String) -> String {
        let result = stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).map { word -> String in
            if let digits = word.firstIndex(where: \.isNumber), digits > word.startIndex, word[digits...].allSatisfy(\.isNumber),
               let known = knownCasings[word[..<digits].lowercased()] {
                return known + (word.distance(from: digits, to: word.endIndex) >= 3 ? " " : "") + word[digits...]
            }
            return knownCasings[word.lowercased()] ?? (word.prefix(1).uppercased() + word.dropFirst())
        }.joined(separator: " ")
        return result.isEmpty ? stem : result
    }
}

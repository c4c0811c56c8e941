import Foundation
import IndexSiteCore

/// How each publishing tool names heading ids and tells repeats apart (the styles themselves are a setting, in Core).
extension DocsLinkStyle {
    /// Whether the tool reads a trailing `{#id}` on a heading as its id (and does not show it).
    var readsHeadingAttributes: Bool {
        switch self {
        case .mdbook, .hugo, .mkdocs, .pandoc, .docusaurus, .vitepress: true
        case .github, .docc: false
        }
    }

    /// The id the tool gives a heading with this text, before repeats are told apart.
    public func baseID(_ text: String) -> String {
        switch self {
        case .github, .pandoc, .docusaurus: return githubOrPandocID(text)
        case .mdbook: return mdbookID(text)
        case .hugo: return hugoID(text)
        case .mkdocs: return mkdocsID(text)
        case .docc: return doccID(text)
        case .vitepress: return vitepressID(text)
        }
    }

    /// The id of the next heading with `base` as its id on a page, given the ids the page already gave (`used`).
    func uniqueID(_ base: String, used: inout [String: Int]) -> String {
        switch self {
        case .mkdocs:
            // toc.unique: `id_1`, then `id_2` …, and never an empty id.
            var id = base
            while used[id] != nil || id.isEmpty {
                if let underscore = id.lastIndex(of: "_"), let number = Int(id[id.index(after: underscore)...]), number >= 0,
                   id[id.index(after: underscore)...].allSatisfy(\.isASCII) {
                    id = "\(id[..<underscore])_\(number + 1)"
                } else {
                    id += "_1"
                }
            }
            used[id] = 1
            return id
        case .hugo, .vitepress:
            // Hugo's idFactory.Generate and markdown-it-anchor's uniqueSlug: append -1, -2 … until the id is not taken.
            guard used[base] != nil else {
                used[base] = 1
                return base
            }
            var number = 1
            while used["\(base)-\(number)"] != nil { number += 1 }
            let id = "\(base)-\(number)"
            used[id] = 1
            return id
        case .github, .pandoc, .mdbook, .docc, .docusaurus:
            // A counter per base id: base, base-1, base-2 (github-slugger, pandoc, mdBook's unique_id_from_content).
            let count = used[base, default: 0]
            used[base] = count + 1
            return count == 0 ? base : "\(base)-\(count)"
        }
    }

    private func githubOrPandocID(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                out.append("-")
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                out.unicodeScalars.append(scalar)
            } else if self == .pandoc, scalar == "." {
                out.append(".")
            }
        }
        if self == .pandoc {
            while let first = out.unicodeScalars.first, !first.properties.isAlphabetic { out.unicodeScalars.removeFirst() }
            if out.isEmpty { out = "section" }
        }
        return out
    }

    /// mdBook's `id_from_content` + `normalize_id`: the heading's text trimmed of spaces and leading `#`, then
    /// Rust's `char::is_alphanumeric`, `_` and `-` kept (`to_ascii_lowercase`: only ASCII letters lower-cased).
    private func mdbookID(_ text: String) -> String {
        var trimmed = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        while trimmed.first == "#" { trimmed.removeFirst() }
        var out = String.UnicodeScalarView()
        for scalar in trimmed.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.isRustNumeric || scalar == "_" || scalar == "-" {
                out.append(scalar.isASCII ? Unicode.Scalar(UInt8(ascii: scalar).asciiLowercased) : scalar)
            } else if scalar.properties.isWhitespace {
                out.append("-")
            }
        }
        return String(out)
    }

    /// Hugo's `sanitizeAnchorNameWithHook` for the default `github` id type.
    private func hugoID(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars {
            if scalar == "-" || scalar == " " {
                out.append("-")
            } else if scalar == "_" || scalar.properties.isGoLetter || scalar.properties.generalCategory == .decimalNumber {
                out.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return out.isEmpty ? "heading" : String(out)
    }

    /// Python-Markdown's `toc.slugify(value, '-')`.
    private func mkdocsID(_ text: String) -> String {
        let ascii = text.decomposedStringWithCompatibilityMapping.unicodeScalars.filter(\.isASCII)
        var kept = ""
        for scalar in ascii {
            let c = Character(scalar)
            if c.isLetter || c.isNumber || c == "_" || c == "-" || scalar.properties.isWhitespace { kept.unicodeScalars.append(scalar) }
        }
        kept = kept.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var out = ""
        var inRun = false
        for c in kept {
            if c == "-" || c.isWhitespace {
                if !inRun { out.append("-") }
                inRun = true
            } else {
                out.append(c)
                inRun = false
            }
        }
        return out
    }

    /// VitePress's `slugify` (from `@mdit-vue/shared`): NFKD; U+0300–U+036F and control characters removed; each run
    /// of whitespace and of ``~`!@#$%^&*()-_+=[]{}|\;:"'“”‘’<>,.?/`` one `-`; `-` trimmed from both ends; `_` before
    /// a leading ASCII digit; lower-cased.
    private func vitepressID(_ text: String) -> String {
        let special = Set("~`!@#$%^&*()-_+=[]{}|\\;:\"'\u{201C}\u{201D}\u{2018}\u{2019}<>,.?/".unicodeScalars)
        var out = String.UnicodeScalarView()
        var inRun = false
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) || scalar.value < 0x20 { continue }
            // JavaScript's `\s`: Unicode white space without U+0085, with U+FEFF.
            let isSpace = (scalar.properties.isWhitespace && scalar.value != 0x85) || scalar.value == 0xFEFF
            if isSpace || special.contains(scalar) {
                if !inRun { out.append("-") }
                inRun = true
            } else {
                out.append(scalar)
                inRun = false
            }
        }
        var id = String(out)
        while id.hasPrefix("-") { id.removeFirst() }
        while id.hasSuffix("-") { id.removeLast() }
        if let first = id.unicodeScalars.first, ("0"..."9").contains(first) { id = "_" + id }
        return id.lowercased()
    }

    /// Swift-DocC's `urlReadableFragment`.
    private func doccID(_ text: String) -> String {
        let dashes = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "-\u{2013}\u{2014}"))
        let joined = text.trimmingCharacters(in: .whitespaces).components(separatedBy: dashes).filter { !$0.isEmpty }.joined(separator: "-")
        let removed = CharacterSet.punctuationCharacters.union(CharacterSet(charactersIn: "`")).subtracting(CharacterSet(charactersIn: "-"))
        var out = String.UnicodeScalarView()
        for scalar in joined.unicodeScalars where !removed.contains(scalar) { out.append(scalar) }
        return String(out)
    }
}

extension Unicode.Scalar {
    /// Rust's `char::is_numeric`: general categories Nd, Nl and No.
    var isRustNumeric: Bool {
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: true
        default: false
        }
    }
}

extension Unicode.Scalar.Properties {
    /// Go's `unicode.IsLetter`: general category L.
    var isGoLetter: Bool {
        switch generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }
}

extension UInt8 {
    var asciiLowercased: UInt8 { self >= 0x41 && self <= 0x5A ? self + 0x20 : self }
}

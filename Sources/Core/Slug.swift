/// Turns titles into ids and file names: lower-case letters and digits of any script, words joined by `-`.
/// The result never contains `/`, `\`, `.` or spaces, so it cannot leave the output folder.
public enum Slug {
    /// Slugs are cut at this many characters, so ids stay readable.
    public static let maximumLength = 80
    /// …and at this many UTF-8 bytes, on a character boundary, so `<slug>-NN.html` stays within the 255-byte file
    /// name limit of every file system (80 Devanagari characters can take 330 bytes).
    public static let maximumBytes = 200

    /// Names Windows keeps for devices (`con.html` cannot be created there, whatever the extension); a slug that is
    /// one of them gets a number like any taken name. Windows counts the superscript digits ¹²³ as digits here too.
    public static let windowsDeviceNames: Set<String> = Set(["con", "prn", "aux", "nul"]).union(
        ["com", "lpt"].flatMap { device in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"].map { device + $0 } })

    /// The slug of `text` ("Crème Brûlée" → "crème-brûlée"), or `fallback` when `text` has no letters or digits.
    public static func make(_ text: String, fallback: String) -> String {
        make(utf8: text.utf8.span, fallback: fallback)
    }

    /// The slug of UTF-8 text read in place (a row of a CSV file's title: see `FieldTexts`).
    public static func make(utf8: Span<UInt8>, fallback: String) -> String {
        if let slug = makeASCII(utf8) ?? makeTwoByte(utf8) { return slug.isEmpty ? fallback : slug }
        return makeUnicode(String(decodingUTF8: utf8), fallback: fallback)
    }

    /// The rules over any text, one scalar at a time with its Unicode properties: the reference the faster paths
    /// (`makeASCII`, `makeTwoByte`) keep to.
    static func makeUnicode(_ text: String, fallback: String) -> String {
        // Over scalars, not Characters: a prepended letter (U+0D4E) joins the next character into its cluster, so a
        // cluster that starts with a letter can still hold a `/`. Marks stay when they follow a kept letter or digit.
        var slug = String.UnicodeScalarView()
        var pendingDash = false
        var kept = 0  // scalars in the slug: past maximumBytes of them the cut below is certain
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                if pendingDash && !slug.isEmpty { slug.append("-"); kept += 1 }
                pendingDash = false
                slug.append(scalar)
                kept += 1
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if !pendingDash && !slug.isEmpty { slug.append(scalar); kept += 1 }
            default:
                if scalar == "'" || scalar == "’" { continue }
                // Joiners inside a word (Persian, Indic scripts) belong to it, as marks do.
                if scalar == "\u{200C}" || scalar == "\u{200D}", !pendingDash, !slug.isEmpty { slug.append(scalar); kept += 1; continue }
                pendingDash = true
            }
            if kept > maximumBytes { break }
        }
        // Within both limits as it stands (no more scalars than the character limit, and it never ends in a dash),
        // the slug needs no cut and no walk over its characters.
        let whole = String(slug)
        if kept <= maximumLength, whole.utf8.count <= maximumBytes { return whole.isEmpty ? fallback : whole }
        // Whole characters while both limits hold.
        var cut = ""
        var characters = 0, bytes = 0
        for character in whole {
            let size = character.utf8.count
            guard characters < maximumLength, bytes + size <= maximumBytes else { break }
            cut.append(character)
            characters += 1
            bytes += size
        }
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut.isEmpty ? fallback : cut
    }

    /// The same rules over bytes, for the common all-ASCII title: no Unicode tables, no allocation beyond the result
    /// (none at all for slugs of up to 15 bytes, which Swift keeps inline). Nil when the text is not all ASCII.
    static func makeASCII(_ utf8: Span<UInt8>) -> String? {
        for index in utf8.indices where utf8[index] >= 0x80 { return nil }
        // A slug is never longer than its text (a dash stands for at least one byte) and stops one past the limit
        // at most (a dash and a letter added together).
        return String(unsafeUninitializedCapacity: min(utf8.count, maximumLength + 1)) { slug in
            var count = 0
            var pendingDash = false
            for index in utf8.indices {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if pendingDash && count > 0 {
                        slug[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    pendingDash = false
                    slug[count] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                    count += 1
                    if count >= maximumLength { return count }
                case UInt8(ascii: "'"):
                    continue
                default:
                    pendingDash = true
                }
            }
            return count
        }
    }

    /// The same rules for text of ASCII and two-byte UTF-8 only (accented Latin, Greek, Cyrillic, Armenian, Hebrew,
    /// Arabic…), over bytes: only the non-ASCII scalars' lower case and kind are looked up, and no String is made of
    /// the text (a title such as "Élan Ferry" took many times as long as an ASCII one). Lower-casing is scalar by
    /// scalar in Swift, as `makeUnicode` lower-cases the whole text. Nil for other text, and for a slug that needs
    /// cutting (`makeUnicode` cuts on characters).
    static func makeTwoByte(_ utf8: Span<UInt8>) -> String? {
        var fits = true
        // A scalar adds at most a dash and four bytes before the limits below stop it.
        let slug = String(unsafeUninitializedCapacity: maximumBytes + 8) { slug in
            var count = 0, kept = 0
            var pendingDash = false
            func append(_ scalar: Unicode.Scalar) {
                for byte in UTF8.encode(scalar)! {
                    slug[count] = byte
                    count += 1
                }
                kept += 1
            }
            func keep(_ scalar: Unicode.Scalar) {
                if pendingDash && count > 0 { append("-") }
                pendingDash = false
                append(scalar)
            }
            var index = 0
            while index < utf8.count, fits {
                let byte = utf8[index]
                if byte < 0x80 {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): keep(Unicode.Scalar(byte))
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): keep(Unicode.Scalar(byte + 32))
                    case UInt8(ascii: "'"): break
                    default: pendingDash = true
                    }
                    index += 1
                } else if byte >= 0xC2, byte <= 0xDF, index + 1 < utf8.count, utf8[index + 1] & 0xC0 == 0x80 {
                    let scalar = Unicode.Scalar(UInt32(byte & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F))!
                    for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                        switch lower.properties.generalCategory {
                        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                             .decimalNumber, .letterNumber, .otherNumber:
                            keep(lower)
                        case .nonspacingMark, .spacingMark, .enclosingMark:
                            if !pendingDash && count > 0 { append(lower) }
                        default:
                            // What the slow way treats apart (apostrophes, joiners) is left to it, should a lower case be one.
                            if lower == "'" || lower == "’" || lower == "\u{200C}" || lower == "\u{200D}" { fits = false } else { pendingDash = true }
                        }
                    }
                    index += 2
                } else {
                    fits = false
                }
                if kept > maximumLength || count > maximumBytes { fits = false }
            }
            return fits ? count : 0
        }
        return fits ? slug : nil
    }
}

import IndexSiteCore
/// The label a reader sees for a field: the list's `field_labels:` entry, else the key made readable
/// ("official_name" → "Official name", "author.last" → "Author last", "releaseYear" → "Release year").
enum FieldLabel {
    static func make(_ path: FieldPath, overrides: [String: String]) -> String {
        if let label = overrides[path.description] { return label }
        return humanised(path.description)
    }

    /// Underscores, dashes and dots become spaces, camelCase is split, and only the first letter is upper-cased
    /// (words already in capitals, such as "ISBN" or "URL", are kept). A key already written as words with spaces
    /// ("UNTERM Spanish Formal", a column of the UN's terminology) keeps the case of its words: it is not an identifier.
    static func humanised(_ key: String) -> String {
        let isWords = key.contains(" ") && !key.contains("_")
        var words: [String] = []
        var word = ""
        var previous: Character?
        for character in key {
            if character == "_" || character == "-" || character == "." || character == " " {
                if !word.isEmpty { words.append(word); word = "" }
            } else if character.isUppercase, let before = previous, before.isLowercase, !word.isEmpty {
                words.append(word); word = String(character)
            } else {
                word.append(character)
            }
            previous = character
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { return key }
        let lowered = words.enumerated().map { index, word -> String in
            let isAcronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
            if isAcronym { return word }
            if isWords { return index == 0 ? word.prefix(1).uppercased() + word.dropFirst() : word }
            let lower = word.lowercased()
            return index == 0 ? lower.prefix(1).uppercased() + lower.dropFirst() : lower
        }
        return lowered.joined(separator: " ")
    }
}

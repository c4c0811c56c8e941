/// Chooses the section index titles of category sections: whole when short, initials ("DR" for "Dining Room") when not,
/// and unique within the strip.
public enum IndexTitles {
    /// Titles up to this many characters are shown whole under `auto`.
    public static let shortTitleLength = 3

    /// The sections with labels in `style`, numbered where two would read the same ("B", "B2"); the catch-all keeps its own.
    public static func assign(to sections: [Section], style: IndexTitleStyle) -> [Section] {
        var used: Set<String> = []
        // The next number to try for each base label, so 20,000 sections sharing "AB" do not each count up from 2 again.
        var nextNumber: [String: Int] = [:]
        return sections.map { section in
            var section = section
            if section.isCatchAll { used.insert(section.label); return section }
            let base = label(for: section.title, style: style)
            var candidate = base
            var counter = nextNumber[base] ?? 2
            if used.contains(candidate) {
                repeat {
                    candidate = base + String(counter)
                    counter += 1
                } while used.contains(candidate)
                nextNumber[base] = counter
            }
            used.insert(candidate)
            section.label = candidate
            return section
        }
    }

    /// The strip label of one title in `style`, before labels are made unique.
    public static func label(for title: String, style: IndexTitleStyle) -> String {
        switch style {
        case .full: return title
        case .firstLetter: return title.first.map { String($0).uppercased() } ?? title
        case .initials: return initials(of: title)
        case .auto: return title.count <= shortTitleLength ? title : initials(of: title)
        }
    }

    /// The first letter of each word, upper-cased: "Master Bathroom" → "MB".
    public static func initials(of title: String) -> String {
        let words = title.split { !$0.isLetter && !$0.isNumber }
        let letters = words.compactMap(\.first).map { String($0).uppercased() }
        return letters.isEmpty ? String(title.prefix(1)) : letters.joined()
    }
}

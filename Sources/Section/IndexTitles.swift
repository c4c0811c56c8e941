import IndexSiteCore
/// Chooses the section index titles of category sections. A reader must never see a made-up code ("DV2", "WAM"): every
/// label is the whole title, one word of it, its first letter, or its initials when the list is small enough for
/// initials to be learnt at a glance (at most `maximumSectionsForInitials` sections, all initials different).
public enum IndexTitles {
    /// Titles up to this many characters are shown whole under `auto`.
    public static let shortTitleLength = 3
    /// Lists with more sections than this get first letters under `auto`: eighty initials are codes, not names.
    public static let maximumSectionsForInitials = 12

    /// The sections with labels in `style`; the catch-all keeps its own. Labels may repeat (two categories starting
    /// with "B" both read "B"): the strip shows a repeated letter as a dot, and the full title while scrubbing.
    public static func assign(to sections: [Section], style: IndexTitleStyle) -> [Section] {
        let named = sections.filter { !$0.isCatchAll }
        let resolved: IndexTitleStyle
        switch style {
        case .auto:
            let initials = named.map { label(for: $0.title, style: .auto) }
            let small = named.count <= maximumSectionsForInitials && Set(initials).count == initials.count
            resolved = small ? .auto : .firstLetter
        case .initials:
            let initials = named.map { label(for: $0.title, style: .initials) }
            resolved = Set(initials).count == initials.count ? .initials : .firstLetter
        case .full, .firstLetter:
            resolved = style
        }
        return sections.map { section in
            var section = section
            if !section.isCatchAll { section.label = label(for: section.title, style: resolved) }
            return section
        }
    }

    /// The strip label of one title in `style`.
    public static func label(for title: String, style: IndexTitleStyle) -> String {
        switch style {
        case .full: return title
        case .firstLetter: return title.first(where: { $0.isLetter || $0.isNumber }).map { String($0).uppercased() } ?? String(title.prefix(1))
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

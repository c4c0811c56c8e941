import Foundation
import IndexSiteCore
import IndexSiteLoad
import IndexSiteParse
import IndexSiteSection
import IndexSiteRender
import IndexSiteWrite

/// The planning step between Load and Parse: decides which lists the site has (every source in `Content/`, and each
/// list `indexsite.yml` declares) and the settings each starts from.
enum ListPlanner {
    struct PlannedList {
        var source: ContentSource
        var kind: SourceKind
        var settings: ListSettings
        var settingsLocation: SourceLocation
        var defaultSlug: String
        var defaultTitle: String
        /// The contributing guide beside a Markdown list file, which awesome-lint asks for (Load found it).
        var contributingGuide: ContributingGuide?
    }

    /// `siteName` (the site folder's name, a repository's name) titles a README or index file that stands for it;
    /// `sourceLocations` are the settings' `sourceLocations(_:)`, found once per build.
    static func plan(site: LoadedSite, settings: SiteSettings, sourceLocations locations: [String: SourceLocation]? = nil,
                     siteName: String = "") -> (lists: [PlannedList], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sourcesByName: [String: ContentSource] = [:]
        for source in site.sources { sourcesByName[source.sourceName] = source }
        var lists: [PlannedList] = []
        var configured: Set<String> = []
        var configuredLists: Set<String> = []
        let locations = locations ?? sourceLocations(settings)
        for list in settings.lists {
            // Each list's own `source:` line: one source may feed several lists.
            let location = list.location(of: .source, or: locations[list.source] ?? SourceLocation(path: SiteLayout.configurationFile))
            guard let source = sourcesByName[list.source] else {
                if let unread = site.unreadSources[list.source] {
                    diagnostics.append(.error(.unsupportedSource, "list source '\(list.source)' cannot be listed: it \(unread.why)", at: location,
                                              hint: unread.fix))
                    continue
                }
                let names = site.sources.map(\.sourceName).sorted()
                let hint = if let close = closestName(to: list.source, among: names) {
                    "did you mean '\(close)'?"
                } else if names.isEmpty {
                    "Content/ has no sources; a source can also be a path inside the site folder, such as README.md or docs"
                } else {
                    "Content/ has \(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? " and \(names.count - 8) more" : ""); a source can also be a path inside the site folder, such as README.md"
                }
                diagnostics.append(.error(.missingSource, "list source '\(list.source)' is not in Content/ or the site folder", at: location, hint: hint))
                continue
            }
            // One source may feed several lists (sorted or grouped differently), each under its own slug.
            guard configuredLists.insert("\(list.source)\u{0}\(list.slug ?? "")").inserted else {
                diagnostics.append(.error(.badSettingValue, "list source '\(list.source)' is configured twice with the same slug", at: location,
                                          hint: "give each list of the same source its own slug"))
                continue
            }
            configured.insert(list.source)
            lists.append(planned(source, settings: list, location: location, siteName: siteName, site: site))
        }
        for source in site.sources where !configured.contains(source.sourceName) {
            let location = SourceLocation(path: SiteLayout.contentFolder + "/" + source.sourceName)
            lists.append(planned(source, settings: settings.defaults(forSource: source.sourceName), location: location, siteName: siteName, site: site))
        }
        return (lists, diagnostics)
    }

    /// Where each list's `source:` is written, for diagnostics about it.
    static func sourceLocations(_ settings: SiteSettings) -> [String: SourceLocation] {
        var locations: [String: SourceLocation] = [:]
        for list in settings.lists where locations[list.source] == nil {
            locations[list.source] = list.location(of: .source, or: settings.listLocations[list.source] ?? SourceLocation(path: SiteLayout.configurationFile))
        }
        return locations
    }

    static func planned(_ source: ContentSource, settings: ListSettings, location: SourceLocation, siteName: String = "",
                        site: LoadedSite? = nil) -> PlannedList {
        let name = source.sourceName
        // Over bytes: a `/` or `.` after a prepended letter (U+0D4E) is inside that letter's Character.
        let stem = name.utf8.split(separator: UInt8(ascii: "/")).last.map { part -> String in
            guard let dot = part.lastIndex(of: UInt8(ascii: ".")), dot != part.startIndex else { return String(decoding: part, as: UTF8.self) }
            return String(decoding: part[..<dot], as: UTF8.self)
        } ?? name
        let kind: SourceKind
        switch source {
        case .folder: kind = settings.kind == .headings ? .docsIndex : .entryFolder
        case .file:
            let fileExtension = name.utf8.split(separator: UInt8(ascii: ".")).last.map { String(decoding: $0, as: UTF8.self).lowercased() } ?? ""
            kind = SourceFormat.file(withExtension: fileExtension)?.kind ?? .markdownList
        }
        // A README stands for what holds it: its folder, or the repository itself when that is Content/ or the top.
        var titleStem = stem
        if FileTitle.folderIndexNames.contains(stem.lowercased()) {
            let folders = name.split(separator: "/").dropLast()
            if let folder = folders.last { titleStem = String(folder) } else if !siteName.isEmpty { titleStem = siteName }
        }
        let title = FileTitle.words(titleStem)
        let guide: ContributingGuide? = if case .file(let file) = source { site?.contributingGuides[file.path] } else { nil }
        return PlannedList(source: source, kind: kind, settings: settings, settingsLocation: location, defaultSlug: stem, defaultTitle: title,
                           contributingGuide: guide)
    }
}

import Foundation
import IndexSiteCore

/// Finds a list's contributing guide as awesome-lint looks for one beside a README: `contributing.md` (any case) in
/// the list's folder, or in the site folder or its `.github/` (where a repository keeps it when the list is a site).
public enum ContributingGuideFinder {
    /// The guide of every Markdown list file of `site`, into `site.contributingGuides`; each folder is looked in once.
    public static func findAll(siteFolder: URL, into site: inout LoadedSite, isMarkdown: (String) -> Bool) {
        var byFolder: [String: ContributingGuide?] = [:]
        for case .file(let file) in site.sources where isMarkdown(file.path) {
            site.contributingGuides[file.path] = find(siteFolder: siteFolder, listPath: file.path) { folder in
                if let known = byFolder[folder.path] { return known }
                let found = guide(in: folder)
                byFolder[folder.path] = found
                return found
            }
        }
    }

    public static func find(siteFolder: URL, listPath: String) -> ContributingGuide {
        find(siteFolder: siteFolder, listPath: listPath, lookIn: guide(in:))
    }

    private static func find(siteFolder: URL, listPath: String, lookIn: (URL) -> ContributingGuide?) -> ContributingGuide {
        let listFolder = siteFolder.appendingPathComponent(listPath).deletingLastPathComponent()
        let folders = [listFolder, siteFolder, siteFolder.appendingPathComponent(".github")]
        for folder in folders {
            if let guide = lookIn(folder) { return guide }
        }
        return .missing
    }

    /// The guide in `folder`, nil when it has none.
    private static func guide(in folder: URL) -> ContributingGuide? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path),
              let name = names.first(where: { $0.lowercased() == "contributing.md" }) else { return nil }
        let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? .empty : .present
    }
}

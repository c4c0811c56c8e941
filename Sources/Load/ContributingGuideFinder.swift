import Foundation
import IndexSiteCore

/// Finds a list's contributing guide as awesome-lint looks for one beside a README: `contributing.md` (any case) in
/// the list's folder, or in the site folder or its `.github/` (where a repository keeps it when the list is a site).
public enum ContributingGuideFinder {
    public static func find(siteFolder: URL, listPath: String) -> ContributingGuide {
        let listFolder = siteFolder.appendingPathComponent(listPath).deletingLastPathComponent()
        let folders = [listFolder, siteFolder, siteFolder.appendingPathComponent(".github")]
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            guard let name = names.first(where: { $0.lowercased() == "contributing.md" }) else { continue }
            let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? .empty : .present
        }
        return .missing
    }
}

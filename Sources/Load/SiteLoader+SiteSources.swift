import Foundation
import IndexSiteCore

extension SiteLoader {
    /// Reads the sources `lists:` names by a path in the site folder outside `Content/`: an awesome list kept as the
    /// repository's `README.md`, a `docs` folder beside it. Each is read as a source in `Content/` would be, and named
    /// by its path, so diagnostics name the file a pull request changes. A path that leaves the site folder, or lies
    /// in `Templates/`, `Static/` or a hidden folder, is refused here with a diagnostic at `locations[path]`.
    public func loadSources(atSitePaths paths: [String], locations: [String: SourceLocation], into site: inout LoadedSite) {
        let known = Set(site.sources.map(\.sourceName))
        for path in paths where !known.contains(path) {
            let location = locations[path] ?? SourceLocation(path: SiteLayout.configurationFile)
            guard let relative = SiteLoader.sitePath(path) else {
                site.diagnostics.append(.error(.missingSource, "list source '\(path)' is not a path inside the site folder", at: location,
                                               hint: "name a file or folder inside the site folder, such as README.md or docs, without '..'"))
                continue
            }
            let top = relative.split(separator: "/").first.map(String.init) ?? relative
            // Missing, or written with its Content/ prefix: the planner names it, with the paths it could mean.
            guard top != SiteLayout.contentFolder,
                  FileManager.default.fileExists(atPath: siteFolder.appendingPathComponent(relative).path) else { continue }
            guard ![SiteLayout.templatesFolder, SiteLayout.staticFolder].contains(top) else {
                site.diagnostics.append(.error(.missingSource, "list source '\(path)' is inside \(top)/, which is not content", at: location,
                                               hint: "move it into Content/ or elsewhere in the site folder"))
                continue
            }
            let folder = relative.split(separator: "/").dropLast().joined(separator: "/")
            let name = String(relative.split(separator: "/").last ?? "")
            guard insideSite(relative, name: name, folder: resolved(folder), diagnostics: &site.diagnostics) else { continue }
            if isDirectory(relative) {
                site.sources.append(.folder(path: relative, files: pages(in: relative, diagnostics: &site.diagnostics)))
            } else if let file = read(relative: relative, diagnostics: &site.diagnostics) {
                site.sources.append(.file(file))
            }
        }
    }

    /// `path` as a plain relative path inside the site folder (`./README.md` → `README.md`), or nil when it is
    /// absolute, empty, climbs out with `..`, or names a hidden file or folder.
    public static func sitePath(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !path.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0.hasPrefix(".") }) else { return nil }
        return parts.joined(separator: "/")
    }
}

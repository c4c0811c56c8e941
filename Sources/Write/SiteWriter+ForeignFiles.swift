import Foundation
import IndexSiteCore
import IndexSiteLoad

extension SiteWriter {
    /// Names an output folder may hold that are the user's, not the site's, and are carried over into every new
    /// output rather than removed: a `gh-pages` worktree's `.git` (a folder, or a file naming one) and the domain's
    /// `CNAME`. A file of the new site with the same name (`Static/CNAME`) wins.
    public static let keptNames = [".git", "CNAME"]

    /// Files in the current output folder that the build which wrote it did not write (notes, a folder of the
    /// user's), leaving out those the new build writes itself and those kept (`keptNames`); replacing the folder
    /// would delete them, so the build says so. When the folder has no readable manifest (an empty or damaged
    /// marker, or one an old version wrote), nothing is known about who wrote what: every name in it is foreign.
    package func foreignFiles(keeping newPaths: Set<String>) -> [String] {
        let files = FileManager.default
        guard let manifest = previousManifest() else {
            return (folderNames(atPath: output.path) ?? []).sorted().compactMap { name in
                guard name != SiteWriter.markerFile, !SiteWriter.keptNames.contains(name) else { return nil }
                var isDirectory: ObjCBool = false
                let full = output.appendingPathComponent(name).path
                let isLink = (try? files.destinationOfSymbolicLink(atPath: full)) != nil
                return !isLink && files.fileExists(atPath: full, isDirectory: &isDirectory) && isDirectory.boolValue ? name + "/" : name
            }
        }
        var foreign: [String] = []
        func walk(_ relative: String, depth: Int) {
            let folder = relative.isEmpty ? output.path : output.appendingPathComponent(relative).path
            for name in (folderNames(atPath: folder) ?? []).sorted() {
                if relative.isEmpty, SiteWriter.keptNames.contains(name), !newPaths.contains(name) { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                let full = output.appendingPathComponent(path).path
                let isLink = (try? files.destinationOfSymbolicLink(atPath: full)) != nil
                if !isLink, depth < 32, files.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue {
                    // A folder of the user's own (.git/) is named once, not file by file.
                    let written = manifest.files.keys.contains { $0.hasPrefix(path + "/") } || newPaths.contains { $0.hasPrefix(path + "/") }
                    if written { walk(path, depth: depth + 1) } else { foreign.append(path + "/") }
                } else if path != SiteWriter.markerFile, manifest.files[path] == nil, !newPaths.contains(path) {
                    foreign.append(path)
                }
            }
        }
        walk("", depth: 0)
        return foreign
    }

    /// The names at the top of the output folder that `manifest`'s build did not write (nor the kept ones): what
    /// a build that changes nothing can say of foreign files with one listing.
    package func foreignNames(besides manifest: BuildManifest) -> [String] {
        let written = Set(manifest.files.keys.map { path in path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? path })
        return (folderNames(atPath: SiteWriter.writingThroughLinks(output)?.path ?? output.path) ?? []).sorted().filter {
            $0 != SiteWriter.markerFile && !SiteWriter.keptNames.contains($0) && !written.contains($0)
        }
    }

    /// The output folder as written: a symbolic link at `output` is kept and the site written into the folder it
    /// points at, so `--output` may be a link to a web server's folder. Nil when the link points nowhere.
    static func writingThroughLinks(_ output: URL) -> URL? {
        let path = output.standardizedFileURL.path
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil else { return output }
        let target = output.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue,
              target.path != path else { return nil }
        return target
    }
}

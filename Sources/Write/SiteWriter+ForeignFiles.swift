import Foundation
import IndexSiteCore
import IndexSiteLoad

extension SiteWriter {
    /// Files in the current output folder that the build which wrote it did not write (a `CNAME`, notes, a `.git/`),
    /// leaving out those the new build writes itself; replacing the folder would delete them, so the build says so.
    /// Empty when the folder has no readable manifest (nothing is known about who wrote what).
    package func foreignFiles(keeping newPaths: Set<String>) -> [String] {
        let files = FileManager.default
        guard let manifest = previousManifest() else { return [] }
        var foreign: [String] = []
        func walk(_ relative: String, depth: Int) {
            let folder = relative.isEmpty ? output.path : output.appendingPathComponent(relative).path
            for name in (folderNames(atPath: folder) ?? []).sorted() {
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

import Foundation
import IndexSiteCore
import IndexSiteLoad
import IndexSiteParse
import IndexSiteSection
import IndexSiteRender
import IndexSiteWrite

/// The starter site `indexsite init` writes: a commented `indexsite.yml`, one sample list of each kind of source,
/// a `.gitignore` and a GitHub Actions workflow that builds the site and publishes it to GitHub Pages.
/// The files are plain data (`Scaffold+Files.swift`); `write(to:)` is the only code that touches the disk.
public enum Scaffold {
    /// One file of the scaffold: its path relative to the site folder, and its text.
    public struct File: Sendable, Hashable {
        /// Where the file goes, relative to the site folder, with `/` between folders: `Content/recipes.csv`.
        public var path: String
        /// The file's text, written as UTF-8.
        public var contents: String

        /// A file of the scaffold at `path` with the text `contents`.
        public init(path: String, contents: String) {
            self.path = path
            self.contents = contents
        }
    }

    /// Why the scaffold was not written.
    public enum WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        /// These files (paths relative to the folder) already exist; nothing was written.
        case wouldOverwrite([String])
        /// A file or folder could not be created; the files written before it were removed again.
        case cannotWrite(path: String, reason: String)

        /// The problem in one line, for the command line.
        public var description: String {
            switch self {
            case .wouldOverwrite(let paths):
                "refusing to overwrite \(paths.count == 1 ? "an existing file" : "existing files"): \(paths.joined(separator: ", "))"
            case .cannotWrite(let path, let reason):
                "cannot write '\(path)': \(reason)"
            }
        }
    }

    /// Writes every file of the sample site into `folder`, creating it and any subfolders as needed.
    public static func write(to folder: URL) throws(WriteError) {
        try write(files, to: folder)
    }

    /// Writes `files` into `folder`. Writes nothing at all when any of them already exists, so an existing site is
    /// never touched, except `.gitignore`: an existing one gets the lines it lacks appended, and is never replaced.
    public static func write(_ files: [File], to folder: URL) throws(WriteError) {
        let manager = FileManager.default
        // `attributesOfItem` does not follow symbolic links, so a link in the way counts as an existing file too.
        let attributes = Dictionary(uniqueKeysWithValues: files.map { ($0.path, try? manager.attributesOfItem(atPath: folder.appendingPathComponent($0.path).path)) })
        let existing = files.map(\.path).filter { attributes[$0]! != nil }
        // Only a plain .gitignore is added to: one that is a link would be written wherever it points.
        let appendable = { (path: String) in path == gitignorePath && attributes[path]??[.type] as? FileAttributeType == .typeRegular }
        guard existing.allSatisfy(appendable) else { throw .wouldOverwrite(existing.filter { !appendable($0) }) }
        var written: [URL] = []
        var appended: (url: URL, original: Data)?
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                if file.path == gitignorePath, existing.contains(gitignorePath) {
                    let original = try Data(contentsOf: url)
                    let text = String(decoding: original, as: UTF8.self)
                    let present = Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
                    let missing = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                        .filter { !$0.hasPrefix("#") && !$0.isEmpty && !present.contains(String($0)) }
                    guard !missing.isEmpty else { continue }
                    let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
                    let handle = try FileHandle(forWritingTo: url)
                    defer { try? handle.close() }
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data((separator + "# Added by indexsite init\n" + missing.joined(separator: "\n") + "\n").utf8))
                    appended = (url, original)
                    continue
                }
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // `.withoutOverwriting` creates the file exclusively: a file that appeared since the check is kept.
                try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
                written.append(url)
            } catch {
                for url in written { try? manager.removeItem(at: url) }
                if let appended { try? appended.original.write(to: appended.url) }
                throw .cannotWrite(path: file.path, reason: (error as NSError).localizedDescription)
            }
        }
    }

    /// The one file `write` adds to instead of refusing.
    static let gitignorePath = ".gitignore"
}

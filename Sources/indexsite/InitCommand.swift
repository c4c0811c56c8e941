import ArgumentParser
import Foundation
import IndexSite

/// `indexsite init`: in a repository that holds an awesome-list README or documentation folders, writes settings that
/// publish them where they are; elsewhere the starter site of `Scaffold`. Never over an existing file.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Set up a site: for the awesome list or docs a repository holds, or a sample with every setting explained.",
        discussion: "In a folder with a README.md list of links or documentation folders (mdBook, MkDocs, Docusaurus, VitePress, Hugo), it writes an indexsite.yml naming them where they are; otherwise a sample site. Both come with a GitHub Pages workflow and _site/ in .gitignore (appended to an existing one). It never overwrites: when any other of its files exists, it writes nothing and names them."
    )

    @Argument(help: "The folder to create the site in; created when missing.")
    var folder: String = "."

    func validate() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ValidationError("'\(folder)' is a file, not a folder")
        }
    }

    func run() throws {
        let here = folder == "." || folder == "./"
        let prefix = here ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        let existing = ExistingContent.probe(url)
        let files = existing.isEmpty ? Scaffold.files : Scaffold.files(adopting: existing)
        do {
            try Scaffold.write(files, to: url)
        } catch {
            switch error {
            case .wouldOverwrite(let paths):
                let list = paths.map { "  \(prefix)\($0)\n" }.joined()
                FileHandle.standardError.write(Data("""
                    error: \(paths.count == 1 ? "this file already exists" : "these files already exist"), so nothing was written:
                    \(list)Run indexsite init with a new or empty folder, or move the files out of the way first.

                    """.utf8))
            case .cannotWrite:
                FileHandle.standardError.write(Data("error: \(error.description); the files written before it were removed\n".utf8))
            }
            throw ExitCode.failure
        }
        if !existing.isEmpty {
            print("Found what this repository can publish as it is:")
            if let readme = existing.listReadme { print("  \(prefix)\(readme): a list of links") }
            for docs in existing.docs { print("  \(prefix)\(docs.path)/: documentation for \(docs.tool) (\(docs.evidence))") }
        }
        print("\(existing.isEmpty ? "Created a site" : "Set up a site") \(here ? "here" : "in \(folder)"):")
        for file in files { print("  \(prefix)\(file.path)") }
        print("""

            Next: \(here ? "" : "cd \(folder) && ")indexsite build, then open _site/index.html.
            indexsite.yml explains every setting; to publish with GitHub Pages, see the top of .github/workflows/indexsite.yml.
            """)
    }
}

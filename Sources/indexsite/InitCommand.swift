import ArgumentParser
import Foundation
import IndexSite

/// `indexsite init`: writes the starter site of `Scaffold` into a folder, never over an existing file.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Scaffold a working site: a commented indexsite.yml, a sample list of each kind, a .gitignore and a GitHub Pages workflow.",
        discussion: "Refuses to overwrite: when any of its files already exists, it writes nothing and names them."
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
        do {
            try Scaffold.write(to: URL(fileURLWithPath: folder, isDirectory: true))
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
            case .linkedFolders:
                FileHandle.standardError.write(Data("error: \(error.description), so nothing was written\n".utf8))
            }
            throw ExitCode.failure
        }
        print("Created a site \(here ? "here" : "in \(folder)"):")
        for file in Scaffold.files { print("  \(prefix)\(file.path)") }
        print("""

            Next: \(here ? "" : "cd \(folder) && ")indexsite build, then open _site/index.html.
            indexsite.yml explains every setting; to publish with GitHub Pages, see the top of .github/workflows/indexsite.yml.
            """)
    }
}

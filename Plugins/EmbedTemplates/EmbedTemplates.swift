import Foundation
import PackagePlugin

/// Compiles the built-in theme into the Render target: every file under the package's `Templates/` (folder paths kept,
/// hidden files skipped) becomes one entry of `BuiltInTheme.files`, so an installed binary renders in any folder and
/// no list of theme files is kept by hand. Each file is an input, so an edit re-runs it;
/// a file added later is seen only when SwiftPM plans the build again (docs/ARCHITECTURE.md).
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let files = try Self.files(under: templates)
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInTheme+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding the built-in theme (\(files.count) files of Templates) into \(target.name)",
                executable: try context.tool(named: "EmbedTemplatesTool").url,
                arguments: [templates.path, output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }

    /// The regular files under `folder`, recursively, in path order, without hidden files or folders.
    static func files(under folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}

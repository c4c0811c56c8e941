import Foundation
import IndexSiteCore

/// What a folder already holds that IndexSite can publish as it is: the awesome list in its README, the documentation
/// folders of the tools people write them with. `indexsite init` in an existing repository writes settings for these
/// instead of sample content.
public struct ExistingContent: Sendable, Equatable {
    /// A documentation folder and the tool that publishes it, which decides how its pages and headings are linked.
    public struct DocsFolder: Sendable, Equatable {
        /// The folder, relative to the site folder: `docs`, `src`, `website/docs`.
        public var path: String
        /// The tool's name as `link_style:` spells it where IndexSite has that style (`mdbook`, `mkdocs`, `hugo`).
        public var tool: String
        /// The file that told the tool (`book.toml`, `mkdocs.yml`, `docusaurus.config.ts`), for the user to check.
        public var evidence: String
    }

    /// `README.md` (any case) at the top, when it reads as a list of links: at least ten list items with a link.
    public var listReadme: String?
    /// Documentation folders found at the top or one folder down, in path order.
    public var docs: [DocsFolder] = []

    /// Nothing to publish as it is: `init` writes its sample site.
    public var isEmpty: Bool { listReadme == nil && docs.isEmpty }

    /// The folders and files of `folder` looked at (its top and the folders directly in it); nothing is written.
    public static func probe(_ folder: URL) -> ExistingContent {
        var found = ExistingContent()
        let manager = FileManager.default
        let top = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        if let readme = top.first(where: { $0.lowercased() == "readme.md" }),
           let bytes = SiteLoader.contents(atPath: folder.appendingPathComponent(readme).path),
           linkedListItems(in: bytes) >= 10 {
            found.listReadme = readme
        }
        func isFolder(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return manager.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &directory) && directory.boolValue
        }
        let places = [""] + top.filter { !$0.hasPrefix(".") && isFolder($0) && !["Content", "Templates", "Static", "node_modules", "_site"].contains($0) }
        for place in places {
            let prefix = place.isEmpty ? "" : place + "/"
            let names = Set((try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(place).path)) ?? [])
            func add(_ path: String, _ tool: String, _ evidence: String) {
                if isFolder(prefix + path), !found.docs.contains(where: { $0.path == prefix + path }) {
                    found.docs.append(DocsFolder(path: prefix + path, tool: tool, evidence: prefix + evidence))
                }
            }
            if names.contains("book.toml") { add("src", "mdbook", "book.toml") }
            if names.contains("mkdocs.yml") { add("docs", "mkdocs", "mkdocs.yml") }
            if let config = names.sorted().first(where: { $0.hasPrefix("docusaurus.config.") }) { add("docs", "docusaurus", config) }
            if names.contains("hugo.toml") || names.contains("hugo.yaml") || (names.contains("config.toml") && names.contains("content")) {
                add("content", "hugo", names.contains("hugo.toml") ? "hugo.toml" : names.contains("hugo.yaml") ? "hugo.yaml" : "config.toml")
            }
            if names.contains(".vitepress"), !place.isEmpty {
                found.docs.append(DocsFolder(path: place, tool: "vitepress", evidence: prefix + ".vitepress"))
            }
        }
        found.docs.sort { $0.path < $1.path }
        return found
    }

    /// Lines that are list items holding a Markdown link (`- [Name](https://…) - …`), the shape of an awesome list.
    static func linkedListItems(in bytes: [UInt8]) -> Int {
        var count = 0
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard let marker = text.first, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(marker),
                  text.dropFirst().first == UInt8(ascii: " ") else { continue }
            if text.firstRange(of: Array("](".utf8)) != nil { count += 1 }
        }
        return count
    }
}

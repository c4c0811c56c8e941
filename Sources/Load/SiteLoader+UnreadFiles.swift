import IndexSiteCore

/// The `unread-file` warnings: every file under `Content/` is either read or named in one, with why it was not read
/// and what to do, so a file of the wrong kind never vanishes from a site without a word.
enum UnreadFiles {
    /// Why a kind of file is not read and what to do about it, by what the file looks like.
    struct Reason: Hashable {
        /// Why such files are not read: for a folder's files a sentence of its own, for a file of `Content/` what follows "it".
        var why: String
        /// What to do, as the diagnostic's hint.
        var fix: String
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico", "bmp", "tif", "tiff", "pdf",
                                               "mp4", "webm", "mp3", "woff", "woff2", "ttf", "otf", "zip", "gz"]
    static let dataExtensions: Set<String> = ["csv", "tsv", "tab", "json", "yml", "yaml", "toml", "xml"]
    static let codeExtensions: Set<String> = ["js", "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx", "vue", "svelte", "py", "rb", "sh", "css", "scss"]
    static let textExtensions: Set<String> = ["txt", "html", "htm", "rst", "adoc", "asciidoc", "org", "textile"]
    static let spreadsheetExtensions: Set<String> = ["xlsx", "xls", "ods", "numbers"]

    /// The extension of a path's last part, lower-cased; empty when it has none (a leading dot is not one).
    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(decoding: name.utf8[name.utf8.index(after: dot)...], as: UTF8.self).lowercased()
    }

    /// Why a file inside a folder of pages is not read, said of any number of such files.
    static func reason(inFolder path: String) -> Reason {
        let ext = fileExtension(path)
        if ext.isEmpty {
            return Reason(why: "a file without an extension could hold anything",
                          fix: "a Markdown page is read once its name ends in .md; anything else can move out of Content/")
        }
        if imageExtensions.contains(ext) {
            return Reason(why: "images and other media are published from Static/, not read as pages",
                          fix: "move them to Static/ (same sub-folders) to publish them beside the site")
        }
        if dataExtensions.contains(ext) {
            return Reason(why: "a folder's files are read only as pages (.md, .markdown, .mdx), not as data",
                          fix: "to list a data file, move it directly into Content/; another tool's settings (_category_.json, blog.yml) can stay and be ignored")
        }
        if codeExtensions.contains(ext) {
            return Reason(why: "code and other tools' configuration are not run or published",
                          fix: "keep them outside Content/ to silence this, or leave them: nothing of them is published")
        }
        if spreadsheetExtensions.contains(ext) {
            return Reason(why: "spreadsheets are not read", fix: "export each as CSV (Save as › .csv) directly into Content/ to list it")
        }
        if textExtensions.contains(ext) {
            return Reason(why: ".\(ext) files are not Markdown", fix: "convert them to Markdown (.md) to make them pages")
        }
        return Reason(why: ".\(ext) files are not read; a folder's pages are .md, .markdown or .mdx files",
                      fix: "rename them if they hold Markdown; otherwise move them out of Content/")
    }

    /// Why a file directly inside `Content/` (a would-be list) is not read.
    static func reason(forListFile path: String) -> Reason {
        let ext = fileExtension(path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if ext.isEmpty {
            return Reason(why: "has no extension, so what it holds is unknown",
                          fix: "rename it to \(name).md, .csv, .json or .yml after what it holds")
        }
        return reason(forKind: ext)
    }

    private static func reason(forKind ext: String) -> Reason {
        if spreadsheetExtensions.contains(ext) {
            return Reason(why: "is a spreadsheet (.\(ext)), which IndexSite does not read",
                          fix: "export it as CSV (Save as › .csv) into Content/")
        }
        if textExtensions.contains(ext) {
            return Reason(why: "is .\(ext), not Markdown",
                          fix: ext == "txt" ? "rename it to .md if it is Markdown, or to .csv if it is a table" : "convert it to Markdown (.md)")
        }
        if imageExtensions.contains(ext) {
            return Reason(why: "is not text: images and other media are published from Static/",
                          fix: "move it to Static/ to publish it beside the site")
        }
        return Reason(why: "is a .\(ext) file, a kind IndexSite does not read",
                      fix: "lists are read from \(readExtensions) files, and folders of pages")
    }

    /// The extensions of the files read as lists, as a user reads them: ".csv, .tsv, … and .mdx".
    static let readExtensions: String = {
        let names = SourceFormat.listExtensions.map { "." + $0 }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }()

    /// The warning for a file directly inside `Content/` that is not read.
    static func warning(forListFile path: String, reason: Reason) -> Diagnostic {
        return .warning(.unreadFile, "'\(path)' is not read: it \(reason.why)", at: SourceLocation(path: path), hint: reason.fix)
    }

    /// One warning per reason for the files of a folder that are not read, naming each file.
    static func warnings(_ paths: [String], inFolder folder: String) -> [Diagnostic] {
        var byReason: [Reason: [String]] = [:]
        var order: [Reason] = []
        for path in paths {
            let reason = reason(inFolder: path)
            if byReason[reason] == nil { order.append(reason) }
            byReason[reason, default: []].append(path)
        }
        return order.map { reason in
            let files = byReason[reason] ?? []
            let inside = files.map { String($0.dropFirst(folder.count + 1)) }
            let subject = files.count == 1 ? "1 file of '\(folder)' is not read" : "\(files.count) files of '\(folder)' are not read"
            return .warning(.unreadFile, "\(subject) (\(inside.joined(separator: ", "))): \(reason.why)",
                            at: SourceLocation(path: files[0]), hint: reason.fix)
        }
    }
}

/// One file of the output site: its path relative to the output folder and its bytes.
public struct OutputPage: Sendable, Equatable {
    /// Relative path with `/` separators, such as `foods/index.html`.
    public var path: String
    /// The file's contents: UTF-8 for pages, JSON and CSS, as they are for other assets.
    public var bytes: [UInt8]
    /// True when the file goes on in the next page handed out, which has the same path: a very large file (the
    /// `entries.json` of a million entries) comes in parts, so it is never held whole. Only
    /// `PageRenderer.render(_:emit:)` hands out parts; `PageRenderer.render(_:)` and a build's pages are joined.
    public var continuesInNextPage: Bool

    /// A file to write at `path` in the output folder.
    public init(path: String, bytes: [UInt8], continuesInNextPage: Bool = false) {
        self.path = path
        self.bytes = bytes
        self.continuesInNextPage = continuesInNextPage
    }
}

extension Array where Element == OutputPage {
    /// Appends a page, or joins it to the last page when that one continues in it.
    package mutating func appendJoiningParts(_ page: OutputPage) {
        if let last = indices.last, self[last].continuesInNextPage, self[last].path == page.path {
            self[last].bytes += page.bytes
            self[last].continuesInNextPage = page.continuesInNextPage
        } else {
            append(page)
        }
    }
}

/// One file of the output site: its path relative to the output folder and its bytes.
public struct OutputPage: Sendable, Equatable {
    /// Relative path with `/` separators, such as `foods/index.html`.
    public var path: String
    /// The file's contents: UTF-8 for pages, JSON and CSS, as they are for other assets.
    public var bytes: [UInt8]

    /// A file to write at `path` in the output folder.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

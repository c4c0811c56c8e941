/// One file of the output site: its path relative to the output folder and its bytes.
public struct OutputPage: Sendable, Equatable {
    /// Relative path with `/` separators, such as `foods/index.html`.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// What the output folder's marker file records about the build that wrote it: enough to recognise a build
/// with the same inputs and answer it without rendering (its counts and diagnostics), and the files it wrote.
public struct BuildManifest: Codable, Sendable, Equatable {
    public var fingerprint: String
    public var lists: Int
    public var sections: Int
    public var entries: Int
    public var diagnostics: [Diagnostic]
    /// Every file written, with its size, so a reused output is checked to still be complete.
    public var files: [String: Int]
}

import IndexSiteCore
/// What the output folder's marker file records about the build that wrote it: enough to recognise a build
/// with the same inputs and answer it without rendering (its counts and diagnostics), and the files it wrote.
public struct BuildManifest: Codable, Sendable, Equatable {
    /// The hash of everything the build read (content, templates, settings, the tool itself).
    public var fingerprint: String
    /// How many lists the build made.
    public var lists: Int
    /// How many non-empty sections the lists had.
    public var sections: Int
    /// How many entries the lists showed.
    public var entries: Int
    /// The warnings the build reported, repeated by a build that reuses this output.
    public var diagnostics: [Diagnostic]
    /// Every file written, with its size, so a reused output is checked to still be complete.
    public var files: [String: Int]

    package init(fingerprint: String, lists: Int, sections: Int, entries: Int, diagnostics: [Diagnostic], files: [String: Int]) {
        self.fingerprint = fingerprint
        self.lists = lists
        self.sections = sections
        self.entries = entries
        self.diagnostics = diagnostics
        self.files = files
    }
}

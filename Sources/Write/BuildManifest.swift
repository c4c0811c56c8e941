import Foundation
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

extension BuildManifest {
    /// The marker file's bytes: keys sorted, as `JSONEncoder` with `.sortedKeys` writes them. A build with no
    /// diagnostics (nearly every one) is written by hand: `JSONEncoder`'s first use is a one-time cost a small build
    /// notices. Either form is read back by `JSONDecoder` (`SiteWriter.reusableManifest`).
    func encoded() -> [UInt8] {
        guard diagnostics.isEmpty else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? Array(encoder.encode(self))) ?? Array("{}".utf8)
        }
        var json = JSONWriter()
        json.raw("{\"diagnostics\":[],\"entries\":")
        json.raw(text: String(entries))
        json.raw(",\"files\":{")
        for (index, path) in files.keys.sorted().enumerated() {
            if index > 0 { json.raw(",") }
            // With its slashes escaped, as JSONEncoder writes them (an escape never holds a slash of its own).
            var key: [UInt8] = []
            for byte in JSONWriter.encoded(path) {
                if byte == UInt8(ascii: "/") { key.append(UInt8(ascii: "\\")) }
                key.append(byte)
            }
            json.raw(key)
            json.raw(":")
            json.raw(text: String(files[path]!))
        }
        json.raw("},\"fingerprint\":")
        json.string(fingerprint)
        json.raw(",\"lists\":")
        json.raw(text: String(lists))
        json.raw(",\"sections\":")
        json.raw(text: String(sections))
        json.raw("}")
        return json.bytes
    }
}

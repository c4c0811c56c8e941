import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IndexSiteCore

extension SiteLoader {
    /// Names of one folder that are the same text in different Unicode normalizations (`café` composed and
    /// decomposed): many tools and file systems treat them as one name, and `source: café.csv` matches either, so
    /// one list would silently go missing. Every name after the first of such a group is an error.
    func normalizationClashes(_ names: [String], in folder: String) -> [Diagnostic] {
        var firstByForm: [[UInt8]: String] = [:]
        var diagnostics: [Diagnostic] = []
        for name in names {
            // Plain ASCII names are their own normal form.
            let form = name.utf8.allSatisfy({ $0 < 0x80 }) ? Array(name.utf8) : Array(name.precomposedStringWithCanonicalMapping.utf8)
            if let first = firstByForm[form] {
                diagnostics.append(.error(.sourceNameClash,
                                          "'\(folder)/\(name)' and '\(folder)/\(first)' are the same name in different Unicode normalizations (NFC and NFD)",
                                          at: SourceLocation(path: folder + "/" + name, line: 1),
                                          hint: "rename or remove one of them; a setting's 'source' cannot tell them apart"))
            } else {
                firstByForm[form] = name
            }
        }
        return diagnostics
    }

    /// Says what is wrong with a path that is not a regular file (or a folder): a FIFO, a device or a socket would
    /// block or never end, and a name that is not valid UTF-8 cannot be opened by the name Foundation lists.
    func notARegularFile(_ path: String, relative: String) -> Diagnostic? {
        var info = stat()
        let at = SourceLocation(path: relative, line: 1)
        guard stat(path, &info) == 0 else {
            let code = errno
            if relative.unicodeScalars.contains("\u{FFFD}") {
                return .error(.sourceUnreadable, "the name of '\(relative)' is not valid UTF-8, so the file cannot be read", at: at,
                              hint: "rename the file with a UTF-8 name")
            }
            if code == EACCES {
                return .error(.sourceUnreadable, "cannot read '\(relative)': permission denied", at: at, hint: "check the file's permissions")
            }
            return nil  // vanished or unreadable for another reason: the read below reports it
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        return .error(.sourceUnreadable, "'\(relative)' is \(kind), not a regular file, so it is not read", at: at,
                      hint: "keep only regular files in the site's folders")
    }
}

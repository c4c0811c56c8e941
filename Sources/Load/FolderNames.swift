#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a folder holds (not `.` and `..`), in the order the file system gives them, or nil when it cannot be read.
/// Read with readdir: Foundation's listing costs a small build the one-time look-up of the conformances its own types
/// need.
package func folderNames(atPath path: String) -> [String]? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        if name != ".", name != ".." { names.append(name) }
    }
    return names
}

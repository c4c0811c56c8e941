import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IndexSiteCore

/// A folder as the file system knows it (device and inode), the same whatever path or link leads to it: the loader
/// reads each folder once, and the writer notices when its staging folder was replaced.
package struct FolderIdentity: Hashable {
    package let device: UInt64
    package let inode: UInt64

    /// The identity of the folder at `path` (links followed), or nil when it cannot be read.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

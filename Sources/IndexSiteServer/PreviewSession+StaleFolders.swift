import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary folders of previews: each is named after its process, so a preview killed with SIGKILL (which cannot
/// clean up) leaves a folder the next preview recognises as stale and removes (issue 17, item 21).
extension PreviewSession {
    /// The start of every preview folder's name in the temporary directory.
    static let temporaryPrefix = "indexsite-serve-"

    /// A new preview folder's name: the prefix, `pid` and this process's id, a random part.
    static func temporaryFolderName() -> String {
        "\(temporaryPrefix)pid\(getpid())-\(UUID().uuidString)"
    }

    /// Removes the preview folders in `directory` whose process has ended. Folders named without a process id (by
    /// versions before this one) are removed once a day old, as their owner cannot be asked. Returns the names removed.
    @discardableResult
    public static func removeStaleFolders(in directory: URL, now: Date = Date()) -> [String] {
        let files = FileManager.default
        var removed: [String] = []
        for name in (try? files.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix(temporaryPrefix) {
            let rest = name.dropFirst(temporaryPrefix.count)
            let folder = directory.appendingPathComponent(name)
            if rest.hasPrefix("pid"), let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest.dropFirst(3)[..<dash]), pid > 0 {
                guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            } else {
                let modified = (try? files.attributesOfItem(atPath: folder.path)[.modificationDate] as? Date) ?? now
                guard now.timeIntervalSince(modified) > 24 * 60 * 60 else { continue }
            }
            if (try? files.removeItem(at: folder)) != nil { removed.append(name) }
        }
        return removed.sorted()
    }
}

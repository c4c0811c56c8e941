import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileSystem
import IndexSiteCore
import IndexSiteLoad

/// One build at a time per output folder. Two builds into the same output used to clear each other's staging folder
/// and publish an incomplete site, both exiting 0 (issue 17, item 2): now the second waits for the first, staging
/// folders are cleared only when their build is dead, and a build whose staging folder vanished fails.
extension SiteWriter {
    /// The lock file beside the output (`.<output>.indexsite.lock`); it stays, empty, and is never part of the site.
    var lockPath: String {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).indexsite.lock").path
    }

    /// The prefix of staging folders beside the output; the building process's id follows it.
    var stagingPrefix: String { ".\(output.lastPathComponent).indexsite-" }

    /// Takes the output's lock, waiting while another build holds it; returns the open descriptor that holds it.
    /// The kernel releases the lock when the process ends, however it ends.
    func lockOutput() throws(Failure) -> Int32 {
        let parent = output.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create '\(parent.path)': \(error.localizedDescription)")
        }
        let descriptor = ixs_open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot create the lock file '\(lockPath)': \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw Failure(description: "cannot lock '\(lockPath)' (another build may be writing '\(output.path)'): \(reason)")
            }
        }
        return descriptor
    }

    /// Removes dead builds' staging folders beside the output (through a symbolic link to it, beside its target), for
    /// a build that finds nothing to write: a killed build's folder is a full copy of the site, and must not wait for
    /// the next build that changes something.
    package func sweepDeadStagingFolders() {
        guard let target = SiteWriter.writingThroughLinks(output) else { return }
        var through = self
        through.output = target
        through.removeDeadStagingFolders()
    }

    /// Removes the staging folders of builds that are no longer running (killed ones); a running build's is left alone.
    func removeDeadStagingFolders() {
        let files = FileManager.default
        let parent = output.deletingLastPathComponent()
        // The prefix is made once: computed per name (a URL's last path component each time), it was a large share of a
        // small build beside a folder of many files.
        let prefix = stagingPrefix
        for name in folderNames(atPath: parent.path) ?? [] where name.hasPrefix(prefix) {
            let suffix = name.dropFirst(prefix.count)
            if let pid = pid_t(suffix), pid > 0, pid != getpid(), SiteWriter.isRunning(pid) { continue }
            try? files.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// True when a process with this id exists (it may be another program that got the id after the build died; then
    /// its folder waits for a later build).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

import Foundation

/// Runs the `git` command for the History stage, in one folder, the same way every time: no pager, paths written as
/// they are (`core.quotepath=off`), and an environment of only `PATH` and `HOME` (so the user's `safe.directory`
/// still applies), with `LC_ALL=C`: no `GIT_DIR` of a calling hook, no translated messages, no colour.
public struct Git: Sendable {
    /// The folder git runs in (`git -C`).
    var folder: URL

    /// Why a git command gave no answer.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The environment every git command gets.
    static let environment: [String: String] = {
        let inherited = ProcessInfo.processInfo.environment
        var environment = ["LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "GIT_CONFIG_NOSYSTEM": "1"]
        for name in ["PATH", "HOME"] { environment[name] = inherited[name] }
        if environment["PATH"] == nil { environment["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        return environment
    }()

    /// The process for `arguments`, its output and error pipes attached, not yet started.
    private func process(_ arguments: [String]) -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--no-pager", "-c", "core.quotepath=off", "-c", "log.showSignature=false", "-c", "color.ui=false",
                             "-C", folder.path] + arguments
        process.environment = Git.environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        return (process, output, errors)
    }

    /// Runs git to the end and returns what it printed; a non-zero exit is a failure carrying its first error line.
    func run(_ arguments: [String]) throws(Failure) -> [UInt8] {
        let (process, output, errors) = process(arguments)
        do { try process.run() } catch { throw Failure(description: "git could not be started: \(error.localizedDescription)") }
        // Errors are read on another thread, so that neither pipe fills while the other is read.
        let errorText = ErrorText(errors.fileHandleForReading)
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: errorText.firstLine() ?? "git \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
        return bytes
    }

    /// Runs `git cat-file --batch` for the objects `names` (`<commit>:<path>`), calling `body` with each one's bytes
    /// (nil for one that does not exist) in order, one at a time: only one version is ever in memory.
    func readBlobs(_ names: [String], _ body: (Int, [UInt8]?) -> Void) throws(Failure) {
        guard !names.isEmpty else { return }
        let (process, output, errors) = process(["cat-file", "--batch"])
        let input = Pipe()
        process.standardInput = input
        do { try process.run() } catch { throw Failure(description: "git could not be started: \(error.localizedDescription)") }
        let errorText = ErrorText(errors.fileHandleForReading)
        // The names are written on another thread while the objects are read here (git answers as it reads).
        let request = Data(names.joined(separator: "\n").utf8 + [0x0A])
        let writer = Thread {
            try? input.fileHandleForWriting.write(contentsOf: request)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let reader = PipeReader(output.fileHandleForReading.fileDescriptor)
        var failure: Failure?
        for index in names.indices {
            guard let header = reader.line() else {
                failure = Failure(description: "git cat-file stopped after \(index) of \(names.count) objects")
                break
            }
            // "<id> blob <size>" or "<name> missing".
            let parts = header.split(separator: UInt8(ascii: " "))
            guard parts.count == 3, let size = Int(String(decoding: parts[2], as: UTF8.self)) else {
                body(index, nil)
                continue
            }
            guard let bytes = reader.bytes(size), reader.bytes(1) != nil else {
                failure = Failure(description: "git cat-file stopped inside an object")
                break
            }
            body(index, bytes)
        }
        try? output.fileHandleForReading.close()
        process.waitUntilExit()
        if let failure { throw Failure(description: errorText.firstLine() ?? failure.description) }
    }
}

/// The error output of a running git, read to its end on a thread of its own.
private final class ErrorText: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.bytes = [UInt8](handle.readDataToEndOfFile())
            self.done.signal()
        }.start()
    }

    /// The first non-empty line git wrote to its error output, once it closed it.
    func firstLine() -> String? {
        done.wait()
        done.signal()
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map { String($0) }
    }
}

/// Reads a pipe into one buffer, kept and grown as needed, and hands out lines and runs of bytes from it.
private final class PipeReader {
    let descriptor: Int32
    private var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    /// The bytes read but not yet handed out.
    private var start = 0
    private var end = 0

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit { storage.deallocate() }

    /// Reads more from the pipe (moving what is left to the front, and growing the buffer to hold `atLeast` bytes);
    /// false at its end.
    private func fill(atLeast: Int = 0) -> Bool {
        if start > 0 {
            storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: end - start)
            end -= start
            start = 0
        }
        if end == storage.count || atLeast > storage.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: max(storage.count * 2, atLeast), alignment: 16)
            grown.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: end)
            storage.deallocate()
            storage = grown
        }
        var got: Int
        repeat { got = read(descriptor, storage.baseAddress! + end, storage.count - end) } while got < 0 && errno == EINTR
        guard got > 0 else { return false }
        end += got
        return true
    }

    /// The next line, without its newline; nil at the end.
    func line() -> [UInt8]? {
        var searched = start
        while true {
            if let newline = memchr(storage.baseAddress! + searched, 0x0A, end - searched) {
                let length = UnsafeMutableRawPointer(newline) - (storage.baseAddress! + start)
                let line = [UInt8](UnsafeRawBufferPointer(start: storage.baseAddress! + start, count: length))
                start += length + 1
                return line
            }
            searched = end - start
            guard fill() else { return nil }
            searched += start
        }
    }

    /// The next `count` bytes; nil when the pipe ends first.
    func bytes(_ count: Int) -> [UInt8]? {
        while end - start < count {
            guard fill(atLeast: count) else { return nil }
        }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: storage.baseAddress! + start, count: count))
        start += count
        return bytes
    }
}

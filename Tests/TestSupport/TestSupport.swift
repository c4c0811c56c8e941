import Foundation

/// What every test target needs and none should copy: where the repository and the built binary are, running the
/// binary as a user would, fresh temporary folders, writing a small site, and reading a folder back as a tree.
public enum TestSupport {
    /// The repository's root, found from this file's location so tests run from any folder.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/Fixtures`: the bad-input and real-data catalogues, the specs, ICU oracles, fuzz seeds.
    public static let fixtures = repository.appendingPathComponent("Tests/Fixtures")

    /// The `shared/` folder of real content beside the repository (or above a worktree), which CI has: the first folder
    /// named `shared` with a `corpus/` in it, from the repository up. Tests that need it fail without it.
    public static let sharedFolder: URL? = {
        var folder = repository
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("corpus").path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    /// The `indexsite` binary SwiftPM built next to the test bundle (`.build/debug/indexsite` when run otherwise), or
    /// the one `INDEXSITE_TEST_BINARY` names: `make test` runs the command-line tests again on the release binary,
    /// which is linked differently (statically, C library included) and is the one people install.
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["INDEXSITE_TEST_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: repository).absoluteURL
        }
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [products, products.deletingLastPathComponent(), repository.appendingPathComponent(".build/debug")] {
            let url = candidate.appendingPathComponent("indexsite")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return repository.appendingPathComponent(".build/debug/indexsite")
    }

    /// How a run of the binary ended, and what it printed.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs the binary with `arguments` in `directory` and waits for it.
    @discardableResult
    public static func run(_ arguments: [String], in directory: URL, environment: [String: String]? = nil) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    /// This test process's folder under the system's temporary folder, removed when the process exits: a run writes
    /// thousands of sites (and the lock files beside their outputs), which piled up in /tmp run after run.
    public static let processFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("indexsite-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestSupport.processFolder) }
        return url
    }()

    /// A new, empty folder of its own in `processFolder`, named `indexsite-<purpose>-<uuid>`.
    public static func temporaryFolder(_ purpose: String) throws -> URL {
        let url = processFolder.appendingPathComponent("indexsite-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A site folder holding `files` (paths relative to the site, folders made as needed).
    public static func site(_ purpose: String, _ files: [String: [UInt8]]) throws -> URL {
        let folder = try temporaryFolder(purpose)
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return folder
    }

    /// A site folder holding text `files` in UTF-8.
    public static func site(_ purpose: String, texts files: [String: String]) throws -> URL {
        try site(purpose, files.mapValues { Array($0.utf8) })
    }

    /// Every regular file under `folder` (hidden ones too, unless `skipHidden`), by path relative to it.
    public static func tree(_ folder: URL, skipHidden: Bool = false) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: skipHidden ? [.skipsHiddenFiles] : []) else { return [:] }
        let root = folder.standardizedFileURL.path
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = (try? Data(contentsOf: url)).map(Array.init)
        }
        return files
    }

    /// A generated page of an output folder, as text.
    public static func page(_ path: String, in output: URL) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }
}

import Foundation
import IndexSiteCore
import IndexSiteLinkProtocol

/// Runs `indexsite-links`, the program that asks the servers, as a subprocess: the request on its standard input, one
/// answer per URL read back from its standard output as each comes (progress on a terminal follows them). It is a
/// program of its own so `indexsite` links no HTTP client; `LinkProbe` describes what the two say.
public struct LinkHelper: Sendable, Equatable {
    /// The helper to run.
    public var executable: URL

    public init(executable: URL) {
        self.executable = executable
    }

    /// Why the helper could not give every URL's outcome, in words for the user.
    public enum Failure: Error, Equatable, Sendable {
        /// No helper where it was looked for; the places, in order.
        case missing(looked: [String], variable: String?)
        /// It ran but did not answer every URL (it crashed, was killed, or refused the request).
        case failed(executable: String, status: Int32, answered: Int, asked: Int)

        public var message: String {
            switch self {
            case .missing(_, let variable?):
                return "\(LinkProbe.helperVariable) names '\(variable)', which is not an executable file; "
                    + "it should be the \(LinkProbe.helperName) of the release you run, or unset to find the one beside indexsite"
            case .missing(let looked, nil):
                return "checking links needs \(LinkProbe.helperName), the program that asks the servers, and it is not beside indexsite "
                    + "or on the PATH (looked in \(looked.joined(separator: ", "))); it is in the release tarball beside indexsite "
                    + "(bin/\(LinkProbe.helperName)), and `make install` installs both: put it in the same folder as indexsite"
            case .failed(let executable, let status, let answered, let asked):
                return "\(executable) stopped with status \(status) after answering \(answered) of \(asked) URLs; its message is above"
            }
        }
    }

    /// The helper: `INDEXSITE_LINKS_HELPER` when set; else `indexsite-links` beside the running program (its real
    /// path, and the folder it was started from when that is a link to it), then in each folder of `PATH`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              runningProgram: [URL] = runningProgramPaths()) -> Result<LinkHelper, Failure> {
        if let named = environment[LinkProbe.helperVariable], !named.isEmpty {
            let url = URL(fileURLWithPath: named)
            return isExecutable(url) ? .success(LinkHelper(executable: url)) : .failure(.missing(looked: [url.path], variable: named))
        }
        var folders: [URL] = []
        for program in runningProgram { folders.append(program.deletingLastPathComponent()) }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            folders.append(URL(fileURLWithPath: String(folder), isDirectory: true))
        }
        var looked: [String] = []
        for folder in folders {
            let candidate = folder.appendingPathComponent(LinkProbe.helperName)
            guard !looked.contains(candidate.path) else { continue }
            looked.append(candidate.path)
            if isExecutable(candidate) { return .success(LinkHelper(executable: candidate)) }
        }
        return .failure(.missing(looked: looked, variable: nil))
    }

    /// Where the running program is: its real path (`/proc/self/exe`), then the path it was started by when that
    /// differs (a link in `/usr/local/bin` to a release folder).
    public static func runningProgramPaths() -> [URL] {
        var paths: [URL] = []
        if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            paths.append(URL(fileURLWithPath: real))
        }
        if let first = CommandLine.arguments.first, first.contains("/") {
            let started = URL(fileURLWithPath: first).standardizedFileURL
            if !paths.contains(where: { $0.deletingLastPathComponent().path == started.deletingLastPathComponent().path }) {
                paths.append(started)
            }
        }
        return paths
    }

    static func isExecutable(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }

    /// Checks `request`'s URLs; `answered` is called with the count after each answer. Waits on a thread of its own,
    /// not the concurrency pool's, as the helper may take minutes.
    public func probe(_ request: LinkProbeRequest, answered: (@Sendable (Int) -> Void)? = nil) async -> Result<[String: LinkOutcome], Failure> {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: probeWaiting(request, answered: answered))
            }
        }
    }

    /// `probe`, blocking the calling thread. The helper's standard error is the command's, so what it says reaches the user.
    func probeWaiting(_ request: LinkProbeRequest, answered: (@Sendable (Int) -> Void)?) -> Result<[String: LinkOutcome], Failure> {
        // A helper that stops before it has read the request must not take this program down with SIGPIPE: the write
        // fails instead, and the helper's status says what happened.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return .failure(.missing(looked: [executable.path], variable: nil))
        }
        // The helper reads the whole request before it writes anything, so writing it all first cannot deadlock.
        let body = (try? JSONEncoder().encode(request)) ?? Data()
        try? input.fileHandleForWriting.write(contentsOf: body)
        try? input.fileHandleForWriting.close()
        var outcomes: [String: LinkOutcome] = [:]
        var pending = Data()
        let decoder = JSONDecoder()
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                guard let reply = try? decoder.decode(LinkProbeReply.self, from: line) else { continue }
                outcomes[reply.url] = reply.outcome
                answered?(outcomes.count)
            }
        }
        process.waitUntilExit()
        let asked = Set(request.urls)
        guard process.terminationStatus == 0, asked.allSatisfy({ outcomes[$0] != nil }) else {
            return .failure(.failed(executable: executable.path, status: process.terminationStatus,
                                    answered: outcomes.count, asked: asked.count))
        }
        return .success(outcomes)
    }
}

extension LinkProbeSettings {
    /// The network half of a site's `links:` settings: limits, timeouts, retries, accepted codes and host rules.
    public init(_ settings: LinkSettings) {
        self.init(timeout: settings.timeout, retries: settings.retries, retryDelay: settings.retryDelay,
                  maximumRetryAfter: settings.maximumRetryAfter, concurrency: settings.concurrency, perHost: settings.perHost,
                  accept: settings.accept,
                  hosts: settings.hosts.filter { !$0.value.exclude }.mapValues { Host(perHost: $0.perHost, accept: $0.accept) })
    }
}

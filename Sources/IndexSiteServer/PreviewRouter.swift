import Foundation
import IndexSite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP response as the router makes it, before the server library sends it.
public struct PreviewResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// A file sent as the body a piece at a time instead of `body` (a large asset or download): read whole, each
    /// download of a large file held all of it, and a few at once took the preview to gigabytes.
    public var bodyFile: BodyFile?

    /// A file whose bytes are the body, and its length when the response was made.
    public struct BodyFile: Sendable, Equatable {
        public var path: String
        public var length: Int
    }

    /// Files larger than this are sent from the file (`bodyFile`), not read into memory.
    public static let streamedFileSize = 1 << 20

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), bodyFile: BodyFile? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
    }

    public var contentType: String? { headers["Content-Type"] }

    public static func text(_ status: Int, _ text: String) -> PreviewResponse {
        PreviewResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }
}

/// Maps a request path to a file of the output folder and answers with it: the right content type, `index.html` for
/// folders, the live-reload script in HTML, the error page while the last build failed. Any path that could reach
/// outside the output (dot segments, encoded slashes or backslashes, hidden files, symbolic links out) is a 404.
public struct PreviewRouter: Sendable {
    /// Where a request path leads.
    public enum Resolution: Equatable, Sendable {
        case file(String)
        /// A folder asked for without its trailing slash: redirect, so the page's relative links work.
        case redirect(String)
        /// Missing, or not allowed: the two are answered the same, so a probe learns nothing.
        case notFound
    }

    public let outputFolder: URL
    /// Warnings count as errors on the error page.
    public var strict: Bool

    public init(outputFolder: URL, strict: Bool = false) {
        self.outputFolder = outputFolder.standardizedFileURL
        self.strict = strict
    }

    /// The response to a GET (or HEAD) of `rawPath`, the request target's path exactly as sent (still percent-encoded).
    public func respond(to rawPath: String, state: PreviewState, tag: String) -> PreviewResponse {
        var response: PreviewResponse
        switch resolve(rawPath) {
        case .redirect(let location):
            response = PreviewResponse(status: 302, headers: ["Location": location, "Content-Type": "text/plain; charset=utf-8"],
                                       body: Data("Moved to \(location)\n".utf8))
        case .file(let path):
            let type = ContentType.forPath(path)
            if ContentType.isHTML(type), let failure = state.failure {
                response = errorPage(failure, tag: tag)
            } else if !ContentType.isHTML(type), let length = Self.size(path), length > PreviewResponse.streamedFileSize {
                response = PreviewResponse(status: 200, headers: ["Content-Type": type], bodyFile: .init(path: path, length: length))
            } else if let data = FileManager.default.contents(atPath: path) {
                let body = ContentType.isHTML(type) ? LiveReloadScript.inject(into: data, tag: tag) : data
                response = PreviewResponse(status: 200, headers: ["Content-Type": type], body: body)
            } else {
                response = .text(404, "Not found\n")
            }
        case .notFound where Self.isPlainPath(rawPath):
            if let failure = state.failure, Self.looksLikePage(rawPath) {
                response = errorPage(failure, tag: tag)
            } else if case .file(let page) = resolve("/404.html"), let data = FileManager.default.contents(atPath: page) {
                response = PreviewResponse(status: 404, headers: ["Content-Type": ContentType.forPath(page)],
                                           body: LiveReloadScript.inject(into: data, tag: tag))
            } else {
                response = .text(404, "Not found\n")
            }
        case .notFound:
            response = .text(404, "Not found\n")
        }
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Content-Type-Options"] = "nosniff"
        // A browser that does not send `Sec-Fetch-Site` still keeps another site's page from loading these.
        response.headers["Cross-Origin-Resource-Policy"] = "same-origin"
        return response
    }

    private func errorPage(_ diagnostics: [Diagnostic], tag: String) -> PreviewResponse {
        PreviewResponse(status: 500, headers: ["Content-Type": "text/html; charset=utf-8"],
                        body: Data(ErrorPage.html(diagnostics, strict: strict, tag: tag).utf8))
    }

    /// Where `rawPath` leads inside the output folder.
    public func resolve(_ rawPath: String) -> Resolution {
        guard let segments = Self.segments(rawPath), let root = Self.realPath(outputFolder.path) else { return .notFound }
        let candidate = ([root] + segments).joined(separator: "/")
        guard let real = Self.realPath(candidate), Self.isInside(real, root: root) else { return .notFound }
        switch Self.kind(real) {
        case .file:
            return .file(real)
        case .folder:
            // One leading slash only: `//name/` would be another host's address.
            guard rawPath.hasSuffix("/") else { return .redirect("/" + rawPath.drop { $0 == "/" } + "/") }
            guard let index = Self.realPath(real + "/index.html"), Self.isInside(index, root: root), Self.kind(index) == .file else { return .notFound }
            return .file(index)
        case .other:
            return .notFound
        }
    }

    /// The decoded path segments, or nil when the path is not one a static site can have: not absolute, a dot segment
    /// or hidden name (which covers `..` and `%2e%2e`), an encoded slash, backslash or NUL, or bad percent-encoding.
    static func segments(_ rawPath: String) -> [String]? {
        guard rawPath.hasPrefix("/"), !rawPath.contains("\\") else { return nil }
        let lowered = rawPath.lowercased()
        guard !lowered.contains("%2f"), !lowered.contains("%5c"), !lowered.contains("%00"), let decoded = rawPath.removingPercentEncoding,
              !decoded.contains("\\"), !decoded.contains("\u{0}") else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard segments.allSatisfy({ !$0.hasPrefix(".") }) else { return nil }
        return segments
    }

    /// Whether a request's `Host` names this server as it listens: loopback names always; the address it is bound to;
    /// any name when it listens on every interface (0.0.0.0: it is open to the network anyway, through names and
    /// proxies it cannot know, such as a Codespace's).
    public static func accepts(host: String?, boundTo address: String) -> Bool {
        if isLocal(host: host) || address == "0.0.0.0" { return true }
        guard var name = host?.lowercased(), !name.isEmpty else { return false }
        if let colon = name.lastIndex(of: ":"), name[name.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) {
            name = String(name[..<colon])
        }
        return name == address
    }

    /// The names `accepts` lets through, for the refusal's message.
    public static func acceptedHosts(boundTo address: String) -> String {
        address == "127.0.0.1" ? "127.0.0.1 and localhost" : "\(address), 127.0.0.1 and localhost"
    }

    /// True for a `Host` header naming this machine's loopback: `127.0.0.1`, `localhost`, `*.localhost`, `[::1]`, any port.
    public static func isLocal(host: String?) -> Bool {
        guard var name = host?.lowercased(), !name.isEmpty else { return false }
        if name.hasPrefix("[") {
            return name.hasPrefix("[::1]") && (name == "[::1]" || name.dropFirst(5).hasPrefix(":"))
        }
        if let colon = name.lastIndex(of: ":") {
            guard name[name.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            name = String(name[..<colon])
        }
        return name == "127.0.0.1" || name == "localhost" || name.hasSuffix(".localhost")
    }

    /// The size of the regular file at `path`, or nil.
    static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// True when a path names a page (a folder or an `.html` file), not an asset such as `/favicon.ico`.
    static func looksLikePage(_ rawPath: String) -> Bool {
        let last = rawPath.split(separator: "/").last ?? ""
        return rawPath.hasSuffix("/") || !last.contains(".") || ContentType.isHTML(ContentType.forPath(String(last)))
    }

    /// True when a missing path is an ordinary one (so the site's 404 page or the error page fits), false for a refused one.
    static func isPlainPath(_ rawPath: String) -> Bool { segments(rawPath) != nil }

    private enum Kind { case file, folder, other }

    private static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The path with every symbolic link resolved, or nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

/// The `Content-Type` a served file gets, from its extension; text types say they are UTF-8, as IndexSite writes them.
public enum ContentType {
    static let types: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "map": "application/json; charset=utf-8",
        "webmanifest": "application/manifest+json; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "pdf": "application/pdf",
    ]

    /// The type for a file name or path; `application/octet-stream` when the extension is unknown.
    public static func forPath(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/").map(path.index(after:)) ?? Optional(path.startIndex),
              let dot = path[slash...].lastIndex(of: "."), dot != slash else { return "application/octet-stream" }
        return types[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// True for HTML, the only responses the live-reload script goes into.
    public static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }
}

import Foundation

/// The head of an HTTP/1.x request, as the preview needs it: method, target path (still percent-encoded, for the
/// router's own checks), query, headers. The preview answers GET and HEAD and never reads a request body.
struct PreviewRequest: Sendable, Equatable {
    var method: String
    /// The target's path exactly as sent (`/books/%C3%A9.html`); an absolute-form target (`http://host/x`) gives `/x`.
    var path: String
    /// The query's `name=value` pairs, percent-decoded.
    var query: [(name: String, value: String)]
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    /// Header names lower-cased, in the order sent.
    var headers: [(name: String, value: String)]

    static func == (a: PreviewRequest, b: PreviewRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.version == b.version
            && a.query.elementsEqual(b.query, by: ==) && a.headers.elementsEqual(b.headers, by: ==)
    }

    /// The value of the header `name` (lower-case), when sent once; nil when missing or sent more than once.
    func header(_ name: String) -> String? {
        let values = headers.filter { $0.name == name }
        return values.count == 1 ? values[0].value : nil
    }

    /// Whether the connection may carry another request after this one: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`; never after a request that came with a body, which is not read.
    var keepsAlive: Bool {
        let tokens = headers.filter { $0.name == "connection" }.flatMap { $0.value.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let hasBody = headers.contains { $0.name == "transfer-encoding" || ($0.name == "content-length" && $0.value.trimmingCharacters(in: .whitespaces) != "0") }
        if hasBody || tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }

    /// Where the head ends in `bytes` (just past its empty line), searching from `start` (so bytes arriving one at a
    /// time are not searched again and again); nil when the empty line has not come yet. Lines may end in CRLF or LF.
    static func headEnd(in bytes: [UInt8], from start: Int = 0) -> Int? {
        var index = max(0, start)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                let next = index + 1
                if next < bytes.count, bytes[next] == UInt8(ascii: "\n") { return next + 1 }
                if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\r"), bytes[next + 1] == UInt8(ascii: "\n") { return next + 2 }
            }
            index += 1
        }
        return nil
    }

    /// Parses a complete head (the bytes up to and including its empty line); nil when it is not a valid HTTP/1.x
    /// request head (the server then answers 400 and closes).
    static func parse(_ head: ArraySlice<UInt8>) -> PreviewRequest? {
        // Lines are split over bytes: as Characters, "\r\n" is one grapheme and would not split at "\n".
        var lines: [Substring] = []
        for line in head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            guard let text = String(validating: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self) else { return nil }
            lines.append(Substring(text))
        }
        // Empty lines before the request line are allowed (RFC 9112, 2.2); the head ends with one.
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenCharacter),
              parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { return nil }
        var target = Substring(parts[1])
        if target.lowercased().hasPrefix("http://") {
            // Absolute form: the path starts at the first slash after the authority.
            let rest = target.dropFirst("http://".count)
            target = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        guard target.hasPrefix("/"), target.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        let path = target.prefix { $0 != "?" }
        let queryText = target.dropFirst(path.count + 1)
        var query: [(name: String, value: String)] = []
        for pair in queryText.split(separator: "&") {
            let name = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(name.count + 1)
            query.append((decoded(name), decoded(value)))
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            // A line folded onto the one before (obsolete) or a name with spaces is refused, as RFC 9112 asks.
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, line[..<colon].allSatisfy(isTokenCharacter) else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else { return nil }
            headers.append((line[..<colon].lowercased(), value))
        }
        // Two Host headers could name two hosts, and the Host check (DNS rebinding) must know which one is meant.
        guard headers.filter({ $0.name == "host" }).count <= 1 else { return nil }
        return PreviewRequest(method: String(parts[0]), path: String(path), query: query, version: String(parts[2]), headers: headers)
    }

    private static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// RFC 9110's `tchar`: the characters of methods and header names.
    private static func isTokenCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(ascii)
        }
    }
}

extension PreviewResponse {
    /// The response as sent: status line, headers (with `Content-Length`, and `Connection: close` when the
    /// connection ends after it), an empty line, and the body unless the request was a HEAD.
    func encoded(forHead: Bool, closing: Bool) -> Data {
        var head = "HTTP/1.1 \(status) \(PreviewResponse.phrase(status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(bodyFile?.length ?? body.count)\r\n"
        if closing { head += "Connection: close\r\n" }
        head += "\r\n"
        var data = Data(head.utf8)
        if !forHead, bodyFile == nil { data.append(body) }
        return data
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        default: "Status \(status)"
        }
    }
}

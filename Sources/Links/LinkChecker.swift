import AsyncHTTPClient
import Foundation
import IndexSiteLinkProtocol
import NIOCore
import NIOHTTP1
import NIOSSL

/// Checks URLs over HTTP(S): each once, at most `concurrency` at a time and `perHost` per host; HEAD first and GET when
/// HEAD is refused or says the page is missing (many servers answer HEAD wrongly); redirects followed one hop at a
/// time, so that a loop is named and a permanent move reported with its new address; 429 and 503 retried after their
/// `Retry-After`, timeouts, resets and other 5xx after a growing wait.
public struct LinkChecker: Sendable {
    /// Timeouts, retries and limits: the network half of the site's `links:` settings.
    public var settings: LinkProbeSettings
    /// Sent with every request, so a site's owner can tell what visits it (`indexsite` names itself and its version).
    public var userAgent: String
    /// Certificates (PEM) trusted besides the system's, for tests against a local server with a self-signed certificate;
    /// not a setting a site can make.
    package var extraTrustedCertificatesPEM: [String] = []
    /// The most redirects followed from one URL.
    public static let maximumRedirects = 10

    public init(settings: LinkProbeSettings, userAgent: String) {
        self.settings = settings
        self.userAgent = userAgent
    }

    /// Checks every URL in `urls` (each once) and gives what each came to; `finished` is called with each URL's
    /// outcome as it comes (one at a time, in the order they finish), so an answer can be streamed.
    /// The pages of `anchorsWanted` are read, and their anchors given with their outcome.
    public func check(_ urls: [String], anchorsWanted: Set<String> = [],
                      finished: (@Sendable (String, LinkOutcome) -> Void)? = nil) async -> [String: LinkOutcome] {
        guard !urls.isEmpty else { return [:] }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: Self.amount(settings.timeout), read: Self.amount(settings.timeout)),
                                                     decompression: .disabled)
        configuration.connectionPool = .init(idleTimeout: .seconds(30),
                                             concurrentHTTP1ConnectionsPerHostSoftLimit: max(settings.perHost, settings.hosts.values.compactMap(\.perHost).max() ?? 1))
        if !extraTrustedCertificatesPEM.isEmpty {
            var tls = TLSConfiguration.makeClientConfiguration()
            let certificates = extraTrustedCertificatesPEM.flatMap { (try? NIOSSLCertificate.fromPEMBytes(Array($0.utf8))) ?? [] }
            tls.additionalTrustRoots = [.certificates(certificates)]
            configuration.tlsConfiguration = tls
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let settings = settings
        let gate = HostGate { key in
            let host = String(key[..<(key.lastIndex(of: ":") ?? key.endIndex)])
            return settings.hosts[host]?.perHost ?? settings.perHost
        }
        let session = Session(client: client, gate: gate, settings: settings, userAgent: userAgent)
        var outcomes: [String: LinkOutcome] = [:]
        await withTaskGroup(of: (String, LinkOutcome).self) { group in
            var pending = urls[...]
            var running = 0
            func startNext() {
                guard let url = pending.popFirst() else { return }
                running += 1
                let wantsAnchors = anchorsWanted.contains(url)
                group.addTask { (url, await session.check(url, wantsAnchors: wantsAnchors)) }
            }
            while running < settings.concurrency, !pending.isEmpty { startNext() }
            while let (url, outcome) = await group.next() {
                running -= 1
                outcomes[url] = outcome
                finished?(url, outcome)
                startNext()
            }
        }
        try? await client.shutdown()
        return outcomes
    }

    static func amount(_ seconds: Double) -> TimeAmount { .nanoseconds(Int64(seconds * 1_000_000_000)) }

    /// One run's client, host limits and settings, shared by the checks of its URLs.
    struct Session: Sendable {
        let client: HTTPClient
        let gate: HostGate
        let settings: LinkProbeSettings
        let userAgent: String

        /// What one hop of a URL answered, or why it did not.
        enum Answer {
            case status(Int, reason: String, location: String?, retryAfter: String?)
            case failed(String, retryable: Bool)
        }

        /// Checks `url`: follows its redirects, retries what may pass, and decides; with `wantsAnchors`, reads the
        /// working page's anchors.
        func check(_ url: String, wantsAnchors: Bool = false) async -> LinkOutcome {
            var attempt = 0
            while true {
                let (answer, finalURL, movedForGood) = await follow(url)
                let now = Date().timeIntervalSince1970
                switch answer {
                case .status(let code, let reason, _, let retryAfter):
                    if accepted(code, url: finalURL) {
                        var outcome = LinkOutcome(working: true, status: code, movedTo: movedForGood ? finalURL : nil, checkedAt: now)
                        if wantsAnchors { outcome.anchors = await anchors(of: finalURL) }
                        return outcome
                    }
                    if (code == 429 || code == 503 || (500...599).contains(code)), attempt < settings.retries {
                        let asked = retryAfter.flatMap(Self.retryAfterSeconds)
                        if let asked, asked > settings.maximumRetryAfter {
                            return LinkOutcome(working: false, status: code, problem: "\(code) \(reason): the server asks to wait \(Int(asked)) s, longer than max_retry_after", checkedAt: now)
                        }
                        attempt += 1
                        await pause(asked ?? backoff(attempt))
                        continue
                    }
                    let tries = attempt > 0 ? " (after \(attempt + 1) tries)" : ""
                    return LinkOutcome(working: false, status: code, problem: "\(code) \(reason)\(tries)", checkedAt: now)
                case .failed(let problem, let retryable):
                    if retryable, attempt < settings.retries {
                        attempt += 1
                        await pause(backoff(attempt))
                        continue
                    }
                    let tries = attempt > 0 ? " (after \(attempt + 1) tries)" : ""
                    return LinkOutcome(working: false, status: nil, problem: problem + tries, checkedAt: now)
                }
            }
        }

        /// The anchors of the page at `url` (a GET, as HEAD has no body), nil when it cannot be read now; a page that
        /// is not HTML has none to check.
        func anchors(of url: String) async -> PageAnchors? {
            guard let address = URL(string: url), let key = Self.hostKey(address) else { return nil }
            await gate.enter(key)
            var request = HTTPClientRequest(url: url)
            request.headers.add(name: "User-Agent", value: userAgent)
            request.headers.add(name: "Accept", value: "text/html,application/xhtml+xml,*/*;q=0.8")
            var page: PageAnchors?
            if let response = try? await client.execute(request, timeout: LinkChecker.amount(settings.timeout)), (200...299).contains(Int(response.status.code)) {
                let type = response.headers.first(name: "Content-Type")?.lowercased() ?? ""
                if type.contains("html") {
                    if let body = try? await response.body.collect(upTo: Self.largestPage) {
                        page = PageAnchors(isHTML: true, names: HTMLAnchors.names(in: Array(body.readableBytesView)))
                    }
                } else {
                    page = PageAnchors(isHTML: false, names: [])
                }
            }
            await gate.leave(key)
            return page
        }

        /// The most of a page read for its anchors (a page larger than this is not checked for them).
        static let largestPage = 16 * 1024 * 1024

        /// `host:port`, by which requests are counted against a host's limit; nil for an address without a host.
        static func hostKey(_ address: URL) -> String? {
            guard let scheme = address.scheme?.lowercased(), let host = address.host, !host.isEmpty else { return nil }
            return "\(host.lowercased()):\(address.port ?? (scheme == "https" ? 443 : 80))"
        }

        /// Whether `code` means the page is there, by the site's and the host's `accept`.
        func accepted(_ code: Int, url: String) -> Bool {
            if (200...299).contains(code) || settings.accept.contains(code) { return true }
            guard let host = URL(string: url)?.host?.lowercased() else { return false }
            return settings.hosts[host]?.accept.contains(code) == true
        }

        /// The wait before retry `attempt`: `retryDelay`, then twice as long each time.
        func backoff(_ attempt: Int) -> Double {
            settings.retryDelay * pow(2, Double(attempt - 1))
        }

        func pause(_ seconds: Double) async {
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        }

        /// Seconds in a `Retry-After` value: a number of seconds or an HTTP date, from now.
        static func retryAfterSeconds(_ value: String) -> Double? {
            retryAfterSeconds(value, now: Date())
        }

        static func retryAfterSeconds(_ value: String, now: Date) -> Double? {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if let seconds = Double(trimmed) { return max(0, seconds) }
            return httpDate(trimmed).map { max(0, $0.timeIntervalSince(now)) }
        }

        /// An HTTP date in the form servers send (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), read by
        /// hand: Foundation's formatters need locale data the release binary does not carry (see LocaleDataDoorTests).
        static func httpDate(_ text: String) -> Date? {
            let parts = text.split(separator: " ")
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", let day = Int(parts[1]), (1...31).contains(day),
                  let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 }), let year = Int(parts[3]), parts[3].count == 4
            else { return nil }
            let clock = parts[4].split(separator: ":").compactMap { Int($0) }
            guard clock.count == 3, (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2]) else { return nil }
            // Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            return Date(timeIntervalSince1970: Double(days * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2]))
        }

        /// Follows `url`'s redirects to the end: the last answer, the URL it came from, and whether a hop on the way
        /// was permanent (301, 308).
        func follow(_ url: String) async -> (Answer, String, Bool) {
            var current = url
            var seen: Set<String> = [url]
            var permanent = false
            for _ in 0...LinkChecker.maximumRedirects {
                let answer = await request(current)
                guard case .status(let code, _, let location?, _) = answer, [301, 302, 303, 307, 308].contains(code) else {
                    return (answer, current, permanent)
                }
                guard let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString else {
                    return (.failed("redirect to a malformed address '\(location)'", retryable: false), current, permanent)
                }
                if code == 301 || code == 308 { permanent = true }
                guard seen.insert(next).inserted else {
                    return (.failed("redirect loop (\(code) back to \(next))", retryable: false), current, permanent)
                }
                current = next
            }
            return (.failed("more than \(LinkChecker.maximumRedirects) redirects", retryable: false), current, permanent)
        }

        /// One hop: HEAD, then GET when HEAD did not say the page is there (refused with 405, 403, 501, or a status a GET
        /// may contradict); the GET's answer counts. A 429 or 503 to HEAD is retried as it is, not with GET.
        func request(_ url: String) async -> Answer {
            // `URL`, not `URLComponents`: its `host` decodes through Foundation's ICU, which has no data in the
            // release binaries (docs/ARCHITECTURE.md), so it was nil there for every address.
            guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = address.host, !host.isEmpty else {
                return .failed("not a valid http(s) address", retryable: false)
            }
            // Reserved names (RFC 6761) never resolve: they are not sent to any resolver.
            let lowerHost = host.lowercased()
            if lowerHost == "invalid" || lowerHost.hasSuffix(".invalid") {
                return .failed("host '\(host)' not found (the .invalid domain is reserved and never resolves)", retryable: false)
            }
            let key = "\(lowerHost):\(address.port ?? (scheme == "https" ? 443 : 80))"
            await gate.enter(key)
            let head = await send(.HEAD, url)
            let answer: Answer
            if case .status(let code, _, _, _) = head, !(200...399).contains(code), code != 429, code != 503 {
                answer = await send(.GET, url)
            } else {
                answer = head
            }
            await gate.leave(key)
            return answer
        }

        func send(_ method: HTTPMethod, _ url: String) async -> Answer {
            var request = HTTPClientRequest(url: url)
            request.method = method
            request.headers.add(name: "User-Agent", value: userAgent)
            request.headers.add(name: "Accept", value: "text/html,application/xhtml+xml,*/*;q=0.8")
            do {
                let response = try await client.execute(request, timeout: LinkChecker.amount(settings.timeout))
                let code = Int(response.status.code)
                let answer = Answer.status(code, reason: response.status.reasonPhrase, location: response.headers.first(name: "Location"),
                                           retryAfter: response.headers.first(name: "Retry-After"))
                // The body is not needed: read at most a little of it, so the connection is either reused or closed.
                var read = 0
                for try await chunk in response.body {
                    read += chunk.readableBytes
                    if read > 64 * 1024 { break }
                }
                return answer
            } catch {
                return Self.failure(error, timeout: settings.timeout)
            }
        }

        /// A failed request in words, and whether trying again may help (a timeout or reset may; an unknown host may not).
        static func failure(_ error: any Error, timeout: Double) -> Answer {
            if let clientError = error as? HTTPClientError {
                switch clientError {
                case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout:
                    return .failed("timed out after \(Self.seconds(timeout))", retryable: true)
                case .remoteConnectionClosed:
                    return .failed("the server closed the connection without an answer", retryable: true)
                default:
                    break
                }
            }
            let text = String(describing: error)
            if text.contains("dnsAError") || text.contains("dnsAAAAError") || text.contains("unknown host") || text.contains("Name or service not known")
                || text.contains("No address associated") {
                return .failed("host not found", retryable: false)
            }
            if let sslError = error as? NIOSSLError {
                return .failed("TLS failed: \(sslError)", retryable: false)
            }
            if text.contains("handshakeFailed") || text.contains("certificate") || text.contains("CERTIFICATE") {
                return .failed("TLS failed: \(text.prefix(200))", retryable: false)
            }
            if text.contains("connectionReset") || text.contains("ECONNRESET") || text.contains("reset by peer") || text.contains("errno: 104") {
                return .failed("connection reset", retryable: true)
            }
            if text.contains("connectionRefused") || text.contains("Connection refused") || text.contains("errno: 111") {
                return .failed("connection refused", retryable: true)
            }
            return .failed("request failed: \(text.prefix(200))", retryable: true)
        }

        static func seconds(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
        }
    }
}

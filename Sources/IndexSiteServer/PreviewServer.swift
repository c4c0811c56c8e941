import FlyingFox
import FlyingSocks
import Foundation

/// The HTTP side of the preview: listens on 127.0.0.1 only, answers the live-reload long-poll from the `ReloadChannel`
/// and everything else through the `PreviewRouter`. FlyingFox does the sockets and HTTP/1.1.
public final class PreviewServer: Sendable {
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    public let router: PreviewRouter
    public let channel: ReloadChannel
    /// How long a page's wait for the next build is held open before it is answered with no change.
    public let longPollTimeout: Duration
    private let server: HTTPServer
    private let port: UInt16
    /// Told when the listener stops and when it listens again (see `superviseListener`), for the command to print.
    private let onListenerEvent: @Sendable (String) -> Void
    /// The server listening now (a new one after each restart) and whether `stop` was called.
    private let listener = ListenerState()

    public init(router: PreviewRouter, channel: ReloadChannel, port: UInt16, longPollTimeout: Duration = .seconds(20),
                onListenerEvent: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.router = router
        self.channel = channel
        self.port = port
        self.longPollTimeout = longPollTimeout
        self.onListenerEvent = onListenerEvent
        server = try Self.makeServer(port: port, longPollTimeout: longPollTimeout)
    }

    private static func makeServer(port: UInt16, longPollTimeout: Duration) throws -> HTTPServer {
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        // The request timeout must outlast a long-poll.
        let timeout = Double(longPollTimeout.components.seconds) + 30
        return HTTPServer(config: HTTPServer.Configuration(address: address, timeout: timeout, logger: .disabled))
    }

    /// The server in use and the task that runs it; replaced when the listener is restarted.
    actor ListenerState {
        var server: HTTPServer?
        var running: Task<(any Error)?, Never>?
        var supervisor: Task<Void, Never>?
        var stopped = false

        func set(server: HTTPServer, running: Task<(any Error)?, Never>) -> Bool {
            guard !stopped else { return false }
            self.server = server
            self.running = running
            return true
        }

        func set(supervisor: Task<Void, Never>) { self.supervisor = supervisor }

        /// Marks the state stopped and hands back what is still running, to be stopped by the caller.
        func stop() -> (HTTPServer?, Task<Void, Never>?) {
            stopped = true
            return (server, supervisor)
        }
    }

    /// Starts listening and returns the port (the one the system picked when asked for port 0). The server then runs
    /// until `stop`; a port already in use, or any other failure to listen, throws here.
    public func start() async throws -> UInt16 {
        await addRoute(to: server)
        // Whichever comes first: listening (nil), or the server's failure (a port in use fails at once).
        let (outcomes, outcome) = AsyncStream<(any Error)?>.makeStream()
        let running = Task<(any Error)?, Never> { [server] in
            var failure: (any Error)? = StartFailure(description: "the server stopped")
            do { try await server.run() } catch { failure = error }
            outcome.yield(failure)
            return failure
        }
        let listening = Task { [server] in
            do { try await server.waitUntilListening(timeout: 10); outcome.yield(nil) } catch { outcome.yield(error) }
        }
        var iterator = outcomes.makeAsyncIterator()
        let failure = await iterator.next() ?? nil
        listening.cancel()
        if let failure {
            running.cancel()
            throw StartFailure(description: Self.explain(failure, port: port))
        }
        guard case .ip4(_, let boundPort)? = await server.listeningAddress else {
            throw StartFailure(description: "cannot tell which port the server listens on")
        }
        guard await listener.set(server: server, running: running) else { return boundPort }
        await listener.set(supervisor: Task { await superviseListener(port: boundPort) })
        return boundPort
    }

    private func addRoute(to server: HTTPServer) async {
        await server.appendRoute("*", to: ClosureHTTPHandler { [router, channel, longPollTimeout] request in
            await Self.respond(to: request, router: router, channel: channel, longPollTimeout: longPollTimeout)
        })
    }

    /// Keeps the preview reachable: FlyingFox's accept loop ends for good on the first failed `accept` (EMFILE when
    /// the open-file limit is reached), and the port then refused every connection, silently (issue 17, item 11).
    /// Each time the listener ends before `stop`, this says so and listens again on the same port, backing off from
    /// 0.25 s to 4 s while it cannot (the file descriptors may still be in use).
    private func superviseListener(port: UInt16) async {
        let firstDelay = Duration.milliseconds(250), longestDelay = Duration.seconds(4)
        var delay = firstDelay
        while !Task.isCancelled {
            guard let running = await listener.running else { return }
            let failure = await running.value
            let stopped = await listener.stopped
            if Task.isCancelled || stopped { return }
            onListenerEvent("the server stopped accepting connections on 127.0.0.1:\(port): \(Self.describe(failure)); listening again in \(Self.seconds(delay))")
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, longestDelay)
            guard !Task.isCancelled, let server = try? Self.makeServer(port: port, longPollTimeout: longPollTimeout) else { return }
            await addRoute(to: server)
            let next = Task<(any Error)?, Never> {
                do { try await server.run() } catch { return error }
                return StartFailure(description: "the server stopped")
            }
            guard await listener.set(server: server, running: next) else {
                await server.stop(timeout: 0)
                return
            }
            let listening = (try? await server.waitUntilListening(timeout: 2)) != nil
            if listening, await server.isListening {
                onListenerEvent("listening again on 127.0.0.1:\(port)")
                delay = firstDelay
            }
        }
    }

    private static func describe(_ failure: (any Error)?) -> String {
        if case .failed(_, _, let message)? = failure as? SocketError { return message }
        return failure.map { "\($0)" } ?? "it ended"
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return String(format: "%.2f s", Double(milliseconds) / 1000)
    }

    /// Says why listening failed, with the way out when the port is taken.
    static func explain(_ failure: any Error, port: UInt16) -> String {
        if case .failed(_, let code, let message)? = failure as? SocketError {
            let hint = code == EADDRINUSE ? "; choose another with --port, or --port 0 for a free one" : ""
            return "cannot listen on 127.0.0.1:\(port): \(message)\(hint)"
        }
        return "cannot listen on 127.0.0.1:\(port): \(failure)"
    }

    /// Answers the pages still waiting and stops listening.
    public func stop() async {
        await channel.close()
        let (current, supervisor) = await listener.stop()
        supervisor?.cancel()
        await (current ?? server).stop(timeout: 0.2)
    }

    static func respond(to request: HTTPRequest, router: PreviewRouter, channel: ReloadChannel, longPollTimeout: Duration) async -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            var headers = HTTPHeaders()
            headers[HTTPHeader("Allow")] = "GET, HEAD"
            return HTTPResponse(statusCode: .methodNotAllowed, headers: headers)
        }
        let rawPath = request.target.path()
        var response: PreviewResponse
        if !PreviewRouter.isLocal(host: request.headers[.host]) {
            // Another name that resolves here (DNS rebinding) would let a web page read the preview: refused.
            response = .text(400, "Bad request: this server answers to 127.0.0.1 and localhost only\n")
        } else if rawPath == LiveReloadScript.eventsPath {
            let since = request.query.first { $0.name == "version" }?.value ?? ""
            let state = await channel.next(after: since, timeout: longPollTimeout)
            let body = "{\"version\":\"\(channel.tag(state))\",\"ok\":\(state.succeeded)}"
            response = PreviewResponse(status: 200, headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"],
                                       body: Data(body.utf8))
        } else {
            let state = await channel.state
            response = router.respond(to: rawPath, state: state, tag: channel.tag(state))
        }
        var headers = HTTPHeaders()
        for (name, value) in response.headers { headers[HTTPHeader(name)] = value }
        if request.method == .HEAD { headers[.contentLength] = String(response.body.count) }
        return HTTPResponse(statusCode: HTTPStatusCode(response.status, phrase: phrase(response.status)), headers: headers,
                            body: request.method == .HEAD ? Data() : response.body)
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 500: "Internal Server Error"
        default: "Status \(status)"
        }
    }
}

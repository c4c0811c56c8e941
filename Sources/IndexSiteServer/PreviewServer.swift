import FlyingSocks
import Foundation

/// The HTTP side of the preview: listens on 127.0.0.1 only, answers the live-reload long-poll from the `ReloadChannel`
/// and everything else through the `PreviewRouter`. `PreviewHTTPServer` does the sockets and HTTP/1.1, with a cap on
/// connections and a time limit on slow clients.
public final class PreviewServer: Sendable {
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    public let router: PreviewRouter
    public let channel: ReloadChannel
    /// How long a page's wait for the next build is held open before it is answered with no change.
    public let longPollTimeout: Duration
    /// Connections open at once; more wait until one closes.
    public let maxConnections: Int
    /// The time a client has to send a request's head, and to take a response, before it is closed.
    public let clientTimeout: Duration
    private let port: UInt16
    /// The IPv4 address listened on: 127.0.0.1, or what `serve --bind` asked for.
    private let address: String
    /// Told when the listener stops and when it works again, for the command to print.
    private let onListenerEvent: @Sendable (String) -> Void
    /// The server listening now (a new one after each restart) and whether `stop` was called.
    private let listener = ListenerState()

    public init(router: PreviewRouter, channel: ReloadChannel, address: String = "127.0.0.1", port: UInt16, longPollTimeout: Duration = .seconds(20),
                maxConnections: Int = 256, clientTimeout: Duration = .seconds(10),
                onListenerEvent: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.router = router
        self.channel = channel
        self.port = port
        self.address = address
        self.longPollTimeout = longPollTimeout
        self.maxConnections = maxConnections
        self.clientTimeout = clientTimeout
        self.onListenerEvent = onListenerEvent
    }

    private func makeServer(port: UInt16) throws -> PreviewHTTPServer {
        try PreviewHTTPServer(address: address, port: port, limits: PreviewHTTPServer.Limits(maxConnections: maxConnections, clientTimeout: clientTimeout),
                              onEvent: onListenerEvent) { [router, channel, longPollTimeout, address] request in
            await Self.respond(to: request, router: router, channel: channel, longPollTimeout: longPollTimeout, address: address)
        }
    }

    /// The task running the server (it ends with the listener's failure, or nil once cancelled); replaced when the
    /// listener is restarted.
    actor ListenerState {
        var running: Task<(any Error)?, Never>?
        var supervisor: Task<Void, Never>?
        var stopped = false

        func set(running: Task<(any Error)?, Never>) -> Bool {
            guard !stopped else { return false }
            self.running = running
            return true
        }

        func set(supervisor: Task<Void, Never>) { self.supervisor = supervisor }

        /// Marks the state stopped and hands back what is still running, to be stopped by the caller.
        func stop() -> (Task<(any Error)?, Never>?, Task<Void, Never>?) {
            stopped = true
            return (running, supervisor)
        }
    }

    /// Starts listening and returns the port (the one the system picked when asked for port 0). The server then runs
    /// until `stop`; a port already in use, or any other failure to listen, throws here.
    public func start() async throws -> UInt16 {
        let server: PreviewHTTPServer
        do {
            server = try makeServer(port: port)
        } catch {
            throw StartFailure(description: Self.explain(error, address: address, port: port))
        }
        let running = Task { await server.run() }
        guard await listener.set(running: running) else {
            running.cancel()
            return server.port
        }
        await listener.set(supervisor: Task { await superviseListener(port: server.port) })
        return server.port
    }

    /// Keeps the preview reachable: when the listening socket fails for good (the server itself keeps accepting,
    /// after a pause, when file descriptors run out), this says so and listens again on the same port, backing off
    /// from 0.25 s to 4 s while it cannot.
    private func superviseListener(port: UInt16) async {
        let firstDelay = Duration.milliseconds(250), longestDelay = Duration.seconds(4)
        var delay = firstDelay
        while !Task.isCancelled {
            guard let running = await listener.running else { return }
            let failure = await running.value
            let stopped = await listener.stopped
            if Task.isCancelled || stopped { return }
            onListenerEvent("the server stopped listening on \(address):\(port): \(Self.describe(failure)); listening again in \(PreviewHTTPServer.seconds(delay))")
            var server: PreviewHTTPServer?
            while server == nil, !Task.isCancelled {
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, longestDelay)
                server = try? makeServer(port: port)
            }
            guard let server else { return }
            let next = Task { await server.run() }
            guard await listener.set(running: next) else {
                next.cancel()
                return
            }
            onListenerEvent("listening again on \(address):\(port)")
            delay = firstDelay
        }
    }

    private static func describe(_ failure: (any Error)?) -> String {
        if case .failed(_, _, let message)? = failure as? SocketError { return message }
        return failure.map { "\($0)" } ?? "it ended"
    }

    /// Says why listening failed, with the way out when the port is taken.
    static func explain(_ failure: any Error, address: String = "127.0.0.1", port: UInt16) -> String {
        if case .failed(_, let code, let message)? = failure as? SocketError {
            let hint = code == EADDRINUSE ? "; choose another with --port, or --port 0 for a free one" : ""
            return "cannot listen on \(address):\(port): \(message)\(hint)"
        }
        return "cannot listen on \(address):\(port): \(failure)"
    }

    /// Answers the pages still waiting, stops listening and closes every connection.
    public func stop() async {
        await channel.close()
        let (running, supervisor) = await listener.stop()
        supervisor?.cancel()
        running?.cancel()
        _ = await running?.value
    }

    /// True for a request another site's page made: a script or image tag, a fetch, a frame. The preview holds
    /// unpublished drafts, and a split list's `search.js` is a script that any page could load and read (issue 34,
    /// item 13). Browsers say where a request comes from in `Sec-Fetch-Site` (`same-origin`, or `none` when the
    /// reader typed the address or followed a bookmark) and in `Origin`; a link followed from another site to a page
    /// (`Sec-Fetch-Mode: navigate` into a document) only shows the preview, so it is let through.
    static func fromAnotherOrigin(_ request: PreviewRequest) -> Bool {
        if let site = request.header("sec-fetch-site")?.lowercased(), site != "same-origin", site != "none" {
            let navigates = request.header("sec-fetch-mode")?.lowercased() == "navigate" && request.header("sec-fetch-dest")?.lowercased() == "document"
            if !navigates { return true }
        }
        if let origin = request.header("origin")?.lowercased(), let host = request.header("host")?.lowercased() {
            return origin != "http://" + host
        }
        return false
    }

    static func respond(to request: PreviewRequest, router: PreviewRouter, channel: ReloadChannel, longPollTimeout: Duration,
                        address: String = "127.0.0.1") async -> PreviewResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var refused = PreviewResponse.text(405, "Method not allowed\n")
            refused.headers["Allow"] = "GET, HEAD"
            return refused
        }
        if !PreviewRouter.accepts(host: request.header("host"), boundTo: address) {
            // Another name that resolves here (DNS rebinding) would let a web page read the preview: refused.
            return .text(400, "Bad request: this server answers to \(PreviewRouter.acceptedHosts(boundTo: address)) only\n")
        } else if fromAnotherOrigin(request) {
            return .text(403, "Forbidden: the preview answers its own pages only, not other sites' requests\n")
        } else if request.path == LiveReloadScript.eventsPath {
            let since = request.query.first { $0.name == "version" }?.value ?? ""
            let state = await channel.next(after: since, timeout: longPollTimeout)
            let body = "{\"version\":\"\(channel.tag(state))\",\"ok\":\(state.succeeded)}"
            return PreviewResponse(status: 200, headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"],
                                   body: Data(body.utf8))
        } else {
            let state = await channel.state
            return router.respond(to: request.path, state: state, tag: channel.tag(state))
        }
    }
}

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

    public init(router: PreviewRouter, channel: ReloadChannel, port: UInt16, longPollTimeout: Duration = .seconds(20)) throws {
        self.router = router
        self.channel = channel
        self.port = port
        self.longPollTimeout = longPollTimeout
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        // The request timeout must outlast a long-poll.
        let timeout = Double(longPollTimeout.components.seconds) + 30
        server = HTTPServer(config: HTTPServer.Configuration(address: address, timeout: timeout, logger: .disabled))
    }

    /// Starts listening and returns the port (the one the system picked when asked for port 0). The server then runs
    /// until `stop`; a port already in use, or any other failure to listen, throws here.
    public func start() async throws -> UInt16 {
        await server.appendRoute("*", to: ClosureHTTPHandler { [router, channel, longPollTimeout] request in
            await Self.respond(to: request, router: router, channel: channel, longPollTimeout: longPollTimeout)
        })
        // Whichever comes first: listening (nil), or the server's failure (a port in use fails at once).
        let (outcomes, outcome) = AsyncStream<(any Error)?>.makeStream()
        let running = Task { [server] in
            do { try await server.run() } catch { outcome.yield(error) }
            outcome.yield(StartFailure(description: "the server stopped"))
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
        return boundPort
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
        await server.stop(timeout: 0.2)
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

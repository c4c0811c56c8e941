import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A web server on 127.0.0.1 (a free port) for the link checker's tests, answering each request as `route` says: a
/// status with headers after a delay, or a reset connection. It counts requests by method and path, and the most
/// requests it had open at once, as the per-host limit is measured from the server's side.
final class LinkServer: @unchecked Sendable {
    /// What to do with one request.
    enum Reply: Sendable {
        case status(Int, headers: [(String, String)] = [], delay: Double = 0)
        /// Close the connection with a TCP reset, answering nothing.
        case reset
        /// 200 with this body, of this content type.
        case page(String, contentType: String = "text/html; charset=utf-8")
    }

    /// Decides the reply to a request, given its method, path and how many times the path was asked before.
    typealias Route = @Sendable (_ method: HTTPMethod, _ path: String, _ earlier: Int) -> Reply

    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var open = 0
    private var mostOpen = 0
    private var agents: Set<String> = []
    private var channel: Channel?
    private(set) var port = 0
    let route: Route

    init(route: @escaping Route) {
        self.route = route
    }

    /// Starts listening; with `tls`, over TLS with that context.
    func start(tls: NIOSSLContext? = nil) async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(server: self))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.channel = channel
        port = channel.localAddress?.port ?? 0
    }

    func stop() async {
        try? await channel?.close()
    }

    /// `http://127.0.0.1:PORT/path` (https with TLS).
    func url(_ path: String, scheme: String = "http") -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// How many requests came with `method` for `path`.
    func count(_ method: HTTPMethod, _ path: String) -> Int {
        lock.withLock { counts["\(method) \(path)", default: 0] }
    }

    /// All requests for `path`, whatever the method.
    func count(_ path: String) -> Int {
        lock.withLock { counts.filter { $0.key.hasSuffix(" \(path)") }.values.reduce(0, +) }
    }

    /// Every `User-Agent` sent.
    var userAgents: Set<String> { lock.withLock { agents } }

    /// The most requests open at once.
    var maximumOpen: Int { lock.withLock { mostOpen } }

    fileprivate func begin(_ method: HTTPMethod, _ path: String, userAgent: String) -> Reply {
        let earlier: Int = lock.withLock {
            agents.insert(userAgent)
            let earlier = counts.filter { $0.key.hasSuffix(" \(path)") }.values.reduce(0, +)
            counts["\(method) \(path)", default: 0] += 1
            open += 1
            mostOpen = max(mostOpen, open)
            return earlier
        }
        return route(method, path, earlier)
    }

    fileprivate func end() {
        lock.withLock { open -= 1 }
    }

    final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let server: LinkServer
        var head: HTTPRequestHead?

        init(server: LinkServer) {
            self.server = server
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): self.head = head
            case .body: break
            case .end:
                guard let head else { return }
                let reply = server.begin(head.method, head.uri, userAgent: head.headers.first(name: "User-Agent") ?? "")
                let loopBound = NIOLoopBound((context, self), eventLoop: context.eventLoop)
                switch reply {
                case .reset:
                    server.end()
                    // SO_LINGER of zero makes close send a reset instead of a clean end.
                    if let provider = context.channel as? SocketOptionProvider {
                        provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in loopBound.value.0.close(promise: nil) }
                    } else {
                        context.close(promise: nil)
                    }
                case .status(let code, let headers, let delay):
                    context.eventLoop.scheduleTask(in: .nanoseconds(Int64(delay * 1_000_000_000))) {
                        let (context, handler) = loopBound.value
                        handler.respond(context: context, head: head, code: code, headers: headers)
                    }
                case .page(let text, let contentType):
                    respond(context: context, head: head, code: 200, headers: [("Content-Type", contentType)], page: text)
                }
            }
        }

        func respond(context: ChannelHandlerContext, head: HTTPRequestHead, code: Int, headers: [(String, String)], page: String? = nil) {
            let page = page ?? "status \(code)\n"
            let body = head.method == .HEAD ? "" : page
            var fields = HTTPHeaders(headers)
            fields.add(name: "Content-Length", value: String(page.utf8.count))
            fields.add(name: "Connection", value: head.isKeepAlive ? "keep-alive" : "close")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: HTTPResponseStatus(statusCode: code), headers: fields))), promise: nil)
            if !body.isEmpty {
                var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
                buffer.writeString(body)
                context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            }
            let server = self.server
            let keepAlive = head.isKeepAlive
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                server.end()
                if !keepAlive { loopBound.value.close(promise: nil) }
            }
        }
    }
}

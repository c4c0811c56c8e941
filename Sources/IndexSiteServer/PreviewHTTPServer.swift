import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The preview's HTTP/1.1 server, over FlyingSocks' non-blocking sockets. FlyingFox's `HTTPServer`, used before, has
/// no cap on connections and no time limit on a request's headers, and its accept loop cannot be given either, so
/// idle or slow clients could hold the preview's files open forever (issue 17, item 11). This one keeps at most
/// `Limits.maxConnections` open (more wait in the system's queue until one closes), gives each client
/// `Limits.clientTimeout` to send a request's head and as long to take the response, and keeps accepting, after a
/// pause, when the process runs out of file descriptors.
final class PreviewHTTPServer: Sendable {
    struct Limits: Sendable {
        /// Connections open at once; the next client waits until one closes.
        var maxConnections = 256
        /// Time a client has to send a whole request head (from the connection's start, or the end of the previous
        /// response), and again to take a response. A client that sends nothing or dribbles its head is closed.
        var clientTimeout: Duration = .seconds(10)
        /// A request head longer than this is answered 431 and closed.
        static let maxHeadBytes = 16_384

        init(maxConnections: Int = 256, clientTimeout: Duration = .seconds(10)) {
            self.maxConnections = max(1, maxConnections)
            self.clientTimeout = clientTimeout
        }
    }

    typealias Handler = @Sendable (PreviewRequest) async -> PreviewResponse

    /// The port the listening socket is bound to (the one the system picked when asked for port 0).
    let port: UInt16
    let limits: Limits
    /// The IPv4 address listened on, as the messages name it.
    let address: String
    private let listener: Socket
    private let handler: Handler
    /// Told when accepting stops for lack of file descriptors, when it works again, and when the cap is first reached.
    private let onEvent: @Sendable (String) -> Void

    /// Binds `address`:`port` (an IPv4 address; 127.0.0.1 by default) and listens; a port in use throws here, at once.
    init(address: String = "127.0.0.1", port: UInt16, limits: Limits, onEvent: @escaping @Sendable (String) -> Void, handler: @escaping Handler) throws {
        let socket = try Socket(domain: AF_INET, type: .stream)
        do {
            try socket.setValue(true, for: .localAddressReuse)
            #if canImport(Darwin)
            try socket.setValue(true, for: .noSIGPIPE)  // Linux writes with MSG_NOSIGNAL instead
            #endif
            try socket.bind(to: sockaddr_in.inet(ip4: address, port: port))
            try socket.listen()
            guard case .ip4(_, let bound) = try socket.sockname() else { throw SocketError.unsupportedAddress }
            self.port = bound
        } catch {
            try? socket.close()
            throw error
        }
        listener = socket
        self.address = address
        self.limits = limits
        self.onEvent = onEvent
        self.handler = handler
    }

    /// Accepts and serves connections until the calling task is cancelled (then nil) or the listening socket fails
    /// for good (then the failure); either way it closes the listening socket and every connection before returning.
    func run() async -> (any Error)? {
        defer { try? listener.close() }
        #if canImport(Darwin)
        let pool: SocketPool<kQueue> = .kQueue()
        #else
        let pool: SocketPool<ePoll> = .ePoll()
        #endif
        do { try await pool.prepare() } catch { return error }
        let accepting: AsyncSocket
        do { accepting = try AsyncSocket(socket: listener, pool: pool) } catch { return error }
        return await withTaskGroup(of: (any Error)?.self) { group in
            group.addTask {
                do { try await pool.run() } catch { return error }
                return nil
            }
            group.addTask { await self.accept(on: accepting) }
            let first = await group.next() ?? nil
            group.cancelAll()
            return Task.isCancelled ? nil : first
        }
    }

    /// Closes the listening socket of a server that was never run.
    func close() {
        try? listener.close()
    }

    /// The accept loop: takes a connection slot, then a connection, and serves it in a task of its own.
    private func accept(on socket: AsyncSocket) async -> (any Error)? {
        let slots = ConnectionSlots(limit: limits.maxConnections)
        return await withDiscardingTaskGroup(returning: (any Error)?.self) { group in
            let firstDelay = Duration.milliseconds(250), longestDelay = Duration.seconds(4)
            var delay = firstDelay
            var refusing = false
            var toldFull = false
            while !Task.isCancelled {
                let (granted, waited) = await slots.acquire()
                guard granted else { return nil }
                if waited, !toldFull {
                    toldFull = true
                    onEvent("\(limits.maxConnections) connections are open on \(address):\(port), the most the preview keeps; further ones wait until one closes")
                }
                do {
                    let client = try await socket.accept()
                    if refusing {
                        refusing = false
                        delay = firstDelay
                        onEvent("accepting connections again on \(address):\(port)")
                    }
                    group.addTask {
                        await self.serve(client)
                        await slots.release()
                    }
                } catch {
                    await slots.release()
                    if Task.isCancelled { return nil }
                    switch Self.acceptFailure(error) {
                    case .retry:
                        continue
                    case .backOff(let reason):
                        // Out of file descriptors: the connection stays queued; try again once some may be free.
                        if !refusing {
                            refusing = true
                            onEvent("the server stopped accepting connections on \(address):\(port): \(reason); accepting again in \(Self.seconds(delay)), then every \(Self.seconds(longestDelay)) at most, until it can")
                        }
                        try? await Task.sleep(for: delay)
                        delay = min(delay * 2, longestDelay)
                    case .fatal:
                        group.cancelAll()
                        return error
                    }
                }
            }
            return nil
        }
    }

    enum AcceptFailure: Equatable {
        /// The client went away before it was accepted: take the next one.
        case retry
        /// The process or system is out of descriptors or memory: wait, then try again.
        case backOff(String)
        /// The listening socket itself is broken.
        case fatal
    }

    static func acceptFailure(_ error: any Error) -> AcceptFailure {
        guard case .failed(_, let code, let message)? = error as? SocketError else { return .fatal }
        switch code {
        case ECONNABORTED, EINTR, EPROTO: return .retry
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .backOff(message)
        default: return .fatal
        }
    }

    /// One connection: requests one after the other (keep-alive), each head read within the client timeout.
    private func serve(_ client: AsyncSocket) async {
        defer { try? client.close() }
        var buffered: [UInt8] = []
        while !Task.isCancelled {
            let bytes = buffered
            switch await Self.within(limits.clientTimeout, { try await Self.readHead(from: client, buffered: bytes) }) {
            case nil, .closed?:
                return
            case .invalid(let status)?:
                let response = PreviewResponse.text(status, status == 431 ? "Request header fields too large\n" : "Bad request\n")
                _ = await send(response.encoded(forHead: false, closing: true), to: client)
                return
            case .request(let request, let rest)?:
                buffered = rest
                let response = await handler(request)
                let keepAlive = request.keepsAlive
                guard await send(response.encoded(forHead: request.method == "HEAD", closing: !keepAlive), to: client) else { return }
                if let file = response.bodyFile, request.method != "HEAD" {
                    guard await send(file, to: client) else { return }
                }
                guard keepAlive else { return }
            }
        }
    }

    /// The bytes written at a time: each piece must go within the client timeout, so a slow client that keeps
    /// taking bytes gets the whole response (a whole response within 10 s truncated a large file under 200 OK).
    static let sendPiece = 64 << 10

    /// Writes `data` a piece at a time, each within the client timeout; false when one could not be written.
    private func send(_ data: Data, to client: AsyncSocket) async -> Bool {
        var offset = data.startIndex
        while offset < data.endIndex {
            let piece = data[offset..<min(offset + Self.sendPiece, data.endIndex)]
            guard await Self.within(limits.clientTimeout, { try await client.write(Data(piece)); return true }) ?? false else { return false }
            offset += piece.count
        }
        return true
    }

    /// Writes the file's bytes a piece at a time as it reads them, never the whole file in memory; false when the
    /// client stopped taking them, or the file ended before the length sent (a rebuild removed it meanwhile).
    private func send(_ file: PreviewResponse.BodyFile, to client: AsyncSocket) async -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return false }
        defer { try? handle.close() }
        var left = file.length
        while left > 0 {
            guard let piece = try? handle.read(upToCount: min(left, Self.sendPiece)), !piece.isEmpty else { return false }
            guard await send(piece, to: client) else { return false }
            left -= piece.count
        }
        return true
    }

    enum HeadRead: Sendable {
        case request(PreviewRequest, rest: [UInt8])
        /// Not a request this server can read: answered with this status, then closed.
        case invalid(status: Int)
        /// The client closed the connection.
        case closed
    }

    /// Reads until a whole request head has come (after the `buffered` bytes a previous read left over).
    static func readHead(from client: AsyncSocket, buffered: [UInt8]) async throws -> HeadRead {
        var bytes = buffered
        var searched = 0
        while true {
            if let end = PreviewRequest.headEnd(in: bytes, from: searched) {
                guard end <= Limits.maxHeadBytes else { return .invalid(status: 431) }
                guard let request = PreviewRequest.parse(bytes[..<end]) else { return .invalid(status: 400) }
                return .request(request, rest: Array(bytes[end...]))
            }
            guard bytes.count < Limits.maxHeadBytes else { return .invalid(status: 431) }
            // The empty line may straddle two reads: look again from just before the new bytes.
            searched = max(0, bytes.count - 2)
            do {
                bytes += try await client.read(atMost: 4096)
            } catch SocketError.disconnected {
                return .closed
            }
        }
    }

    /// `body`'s result, or nil when it failed or `timeout` passed first (it is then cancelled).
    static func within<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async -> T? {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { try? await body() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return String(format: "%.2f s", Double(milliseconds) / 1000)
    }
}

/// Counts open connections for the accept loop: `acquire` waits while `limit` are open, so further clients stay in
/// the system's queue (the listen backlog) rather than taking descriptors.
actor ConnectionSlots {
    let limit: Int
    private(set) var open = 0
    private var waiters: [(id: UUID, continuation: CheckedContinuation<Bool, Never>)] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a slot, waiting while all are taken; `granted` is false when the waiting task was cancelled, `waited`
    /// true when it had to wait.
    func acquire() async -> (granted: Bool, waited: Bool) {
        if open < limit {
            open += 1
            return (true, false)
        }
        let id = UUID()
        let granted = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { continuation.resume(returning: false) } else { waiters.append((id, continuation)) }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
        return (granted, true)
    }

    /// Gives the slot to the next waiter, or frees it.
    func release() {
        if waiters.isEmpty { open -= 1 } else { waiters.removeFirst().continuation.resume(returning: true) }
    }

    private func cancel(_ id: UUID) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }
}

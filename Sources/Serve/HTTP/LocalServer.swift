#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Report

/// The HTTP server of `serve`: GET and HEAD of the archive's files and the reload socket,
/// one thread per connection, one request per connection. Everything a client sends is
/// bounded before it is believed: the head's size and time (``RequestHead``), the `Host`
/// it names (``HostPolicy``), the `Origin` of a socket, the number of connections.
final class LocalServer: @unchecked Sendable {
    /// Answers a request that is not the reload socket.
    typealias Handler = @Sendable (RequestHead) -> HTTPReply

    private let address: ServeAddress
    private let handler: Handler
    private let socketPath: String
    private let opened: @Sendable (WebSocket) -> Void
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var connections: [ObjectIdentifier: Tracked] = [:]
    private var policy: HostPolicy?

    /// A connection and what it is doing, since when.
    private struct Tracked {
        let connection: Connection
        var state: State
        var since: ContinuousClock.Instant
    }

    private enum State {
        /// Its request's head is still arriving (slowly, perhaps on purpose).
        case head
        case answering
        /// A page's reload socket, held open.
        case socket(WebSocket)
    }

    /// Open connections allowed at once. When all are taken, the one whose head has been
    /// arriving the longest makes room for a new one, so connections dripping a byte a
    /// second cannot keep pages from being served; with none such, the new one is
    /// answered 503 and closed.
    static let maximumConnections = 256
    /// Reload sockets allowed at once, well below ``maximumConnections``: the oldest makes
    /// room for a new page's (most likely a tab long closed or asleep).
    static let maximumSockets = 32

    /// `opened` is given each reload socket (`socketPath`) once its handshake is done, on
    /// the socket's own thread, and keeps it until it ends.
    init(address: ServeAddress, socketPath: String, handler: @escaping Handler, opened: @escaping @Sendable (WebSocket) -> Void) {
        self.address = address
        self.socketPath = socketPath
        self.handler = handler
        self.opened = opened
    }

    /// Listens and starts accepting; returns the port (the one chosen when 0 was asked).
    func start() throws(Diagnostic) -> Int {
        let family = address.host.contains(":") ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw address.failure(errno: errno) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var storage = address.socketAddress
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, address.socketLength) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let error = errno
            Glibc.close(descriptor)
            throw address.failure(errno: error)
        }
        var actual = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: withUnsafeBytes(of: actual) { $0.load(fromByteOffset: 2, as: UInt16.self) }))
        lock.withLock {
            listener = descriptor
            policy = HostPolicy(host: address.host, port: port)
        }
        let thread = Thread { [self] in acceptConnections(on: descriptor) }
        thread.name = "serve-accept"
        thread.start()
        return port
    }

    /// Stops listening and closes every open connection.
    func stop() {
        let (descriptor, open) = lock.withLock {
            defer {
                listener = -1
                connections.removeAll()
            }
            return (listener, connections.values.map(\.connection))
        }
        if descriptor >= 0 {
            shutdown(descriptor, Int32(SHUT_RDWR))
            Glibc.close(descriptor)
        }
        open.forEach { $0.close() }
    }

    private func acceptConnections(on descriptor: Int32) {
        while true {
            let accepted = accept(descriptor, nil, nil)
            if accepted < 0 {
                if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
                    if errno != EINTR { usleep(50_000) }
                    continue
                }
                return
            }
            _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
            let connection = Connection(descriptor: accepted)
            let (admitted, evicted) = lock.withLock { () -> (Bool, Connection?) in
                guard listener >= 0 else { return (false, nil) }
                var evicted: Connection?
                if connections.count >= Self.maximumConnections {
                    guard let slowest = connections.filter({ if case .head = $0.value.state { true } else { false } })
                        .min(by: { $0.value.since < $1.value.since }) else { return (false, nil) }
                    connections.removeValue(forKey: slowest.key)
                    evicted = slowest.value.connection
                }
                connections[ObjectIdentifier(connection)] = Tracked(connection: connection, state: .head, since: .now)
                return (true, evicted)
            }
            evicted?.close()
            guard admitted else {
                connection.refuse(with: .text(503, "The server is busy answering other requests; try again in a moment."))
                continue
            }
            let thread = Thread { [self] in
                serve(connection)
                lock.withLock { _ = connections.removeValue(forKey: ObjectIdentifier(connection)) }
                connection.close()
            }
            thread.name = "serve-connection"
            thread.start()
        }
    }

    /// One request, from its head to its answer (or to the socket's end).
    private func serve(_ connection: Connection) {
        let head: RequestHead
        do {
            head = try RequestHead.read(from: connection)
        } catch {
            if case .status(let status, let words) = error { connection.finish(with: .text(status, words)) }
            return
        }
        guard let policy = lock.withLock({ () -> HostPolicy? in
            connections[ObjectIdentifier(connection)]?.state = .answering
            return policy
        }) else { return }
        guard let host = head.headers["host"], policy.allows(host: host) else {
            return connection.finish(with: .text(403, "This server answers only requests for 127.0.0.1:\(policy.port) (or localhost:\(policy.port))."))
        }
        guard head.method == "GET" || head.method == "HEAD" else {
            var reply = HTTPReply.text(405, "Only GET and HEAD are answered here.")
            reply.headers.append(("Allow", "GET, HEAD"))
            return connection.finish(with: reply)
        }
        guard head.headers["content-length"].map({ $0 == "0" }) ?? true, head.headers["transfer-encoding"] == nil else {
            return connection.finish(with: .text(400, "A GET request has no body."))
        }
        if head.path == socketPath {
            return openSocket(head, on: connection, policy: policy)
        }
        connection.finish(with: handler(head), includingBody: head.method == "GET")
    }

    /// The reload socket: only for a page of this server (its `Origin`), then held open.
    private func openSocket(_ head: RequestHead, on connection: Connection, policy: HostPolicy) {
        guard let origin = head.headers["origin"], policy.allows(origin: origin) else {
            return connection.finish(with: .text(403, "The reload socket is only for pages of this server."))
        }
        guard head.headers["upgrade"]?.lowercased() == "websocket", let key = head.headers["sec-websocket-key"],
              head.headers["sec-websocket-version"] == "13" else {
            return connection.finish(with: .text(426, "This address is a WebSocket."))
        }
        // Without a reload socket the page still works: it is only not reloaded.
        guard let handshake = WebSocket.handshake(key: key) else {
            return connection.finish(with: .text(500, "This server cannot open a reload socket."))
        }
        guard connection.write(handshake) else { return }
        let socket = WebSocket(connection)
        let oldest = lock.withLock { () -> WebSocket? in
            connections[ObjectIdentifier(connection)]?.state = .socket(socket)
            connections[ObjectIdentifier(connection)]?.since = .now
            let sockets = connections.compactMap { entry -> (key: ObjectIdentifier, socket: WebSocket, since: ContinuousClock.Instant)? in
                if case .socket(let open) = entry.value.state { (entry.key, open, entry.value.since) } else { nil }
            }
            guard sockets.count > Self.maximumSockets, let oldest = sockets.min(by: { $0.since < $1.since }) else { return nil }
            connections.removeValue(forKey: oldest.key)
            return oldest.socket
        }
        oldest?.close()
        opened(socket)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One accepted TCP connection, read with deadlines and written whole. Ended once, by
/// whoever gets there first (the connection's own thread, `stop`, or an eviction); its
/// descriptor is released only when the last holder lets go, so a thread still reading
/// never reads a descriptor number the system has given to a newer connection.
final class Connection: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var closed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        // A reader that stops reading must not hold a writer for ever.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { Glibc.close(descriptor) }

    /// Up to `limit` bytes, waiting until `deadline` at most (no deadline: as long as it
    /// takes); nil when the peer closed, the time is up, or the connection broke.
    func read(upTo limit: Int, before deadline: ContinuousClock.Instant?) -> [UInt8]? {
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return nil }
                milliseconds = Int32(min(max(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 1), 60_000))
            }
            var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&polled, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if ready == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: limit)
            let count = recv(descriptor, &buffer, limit, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            return Array(buffer[..<count])
        }
    }

    /// Sends all of `data`; false when the connection broke or the peer stopped reading.
    @discardableResult
    func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// Sends `reply` and closes gently: the peer may still be sending (a 2 MB header), and
    /// closing at once would reset the connection before it read the answer.
    func finish(with reply: HTTPReply, includingBody: Bool = true) {
        write(reply.encoded(includingBody: includingBody))
        shutdown(descriptor, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .seconds(1)
        var drained = 0
        while drained < 4 << 20, let bytes = read(upTo: 65_536, before: deadline) { drained += bytes.count }
        close()
    }

    /// Answers `reply` without waiting for the peer (a busy server does not wait on one
    /// more), and closes.
    func refuse(with reply: HTTPReply) {
        let data = reply.encoded(includingBody: true)
        _ = data.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        close()
    }

    /// Wakes a blocked reader and ends the connection both ways.
    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }
}

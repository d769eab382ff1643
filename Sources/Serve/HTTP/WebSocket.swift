import Foundation
import Encryption

/// The reload socket's side of RFC 6455: the handshake, text and close frames out, and
/// the client's frames read only to answer pings and notice the end.
final class WebSocket: @unchecked Sendable {
    private let connection: Connection
    private let lock = NSLock()

    init(_ connection: Connection) {
        self.connection = connection
    }

    /// The `Sec-WebSocket-Accept` value for a client's key; nil when no SHA-1 can be made.
    static func accept(key: String) -> String? {
        Digest.sha1(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)).map { Data($0).base64EncodedString() }
    }

    /// The 101 answer that opens the socket; nil when no SHA-1 can be made.
    static func handshake(key: String) -> Data? {
        accept(key: key).map {
            Data("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \($0)\r\n\r\n".utf8)
        }
    }

    /// Sends one text message.
    func send(_ text: String) {
        send(opcode: 0x1, payload: Array(text.utf8))
    }

    /// Sends a close frame and closes the connection.
    func close() {
        send(opcode: 0x8, payload: [0x03, 0xE8])
        connection.close()
    }

    /// How long a socket may be silent before it is pinged, and then closed if still silent.
    static let idleSeconds = 30

    /// Reads the client's frames until it closes or the connection ends: pings are
    /// answered, anything else is read and dropped. Frames larger than 64 KB end it. A
    /// socket silent for ``idleSeconds`` is pinged; silent as long again, it is closed (a
    /// tab gone to sleep, a peer gone without a word).
    func readUntilClosed() {
        var buffer: [UInt8] = []
        var pinged = false
        func take(_ count: Int) -> [UInt8]? {
            while buffer.count < count {
                let deadline = ContinuousClock.now + .seconds(Self.idleSeconds)
                guard let more = connection.read(upTo: 65_536, before: deadline) else {
                    guard ContinuousClock.now >= deadline, !pinged else { return nil }
                    pinged = true
                    send(opcode: 0x9, payload: [])
                    continue
                }
                pinged = false
                buffer += more
            }
            defer { buffer.removeFirst(count) }
            return Array(buffer[..<count])
        }
        while let header = take(2) {
            let opcode = header[0] & 0x0F
            let masked = header[1] & 0x80 != 0
            var length = Int(header[1] & 0x7F)
            if length == 126 {
                guard let extended = take(2) else { break }
                length = Int(extended[0]) << 8 | Int(extended[1])
            } else if length == 127 {
                guard let extended = take(8) else { break }
                length = extended.reduce(0) { $0 << 8 | Int($1) }
            }
            guard length <= 65_536, length >= 0, let mask = masked ? take(4) : [0, 0, 0, 0], var payload = take(length) else { break }
            for index in payload.indices { payload[index] ^= mask[index % 4] }
            switch opcode {
            case 0x8:
                close()
                return
            case 0x9:
                send(opcode: 0xA, payload: payload)
            default:
                continue
            }
        }
        connection.close()
    }

    private func send(opcode: UInt8, payload: [UInt8]) {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(UInt8(payload.count))
        } else {
            frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        lock.withLock { _ = connection.write(Data(frame + payload)) }
    }
}

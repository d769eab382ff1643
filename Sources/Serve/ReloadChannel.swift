import Foundation
import Synchronization

/// The WebSocket every served page opens (`/_bbreport/reload`). Each message is the
/// number of the latest build outcome; a page showing another number reloads itself.
/// The number is sent as soon as a page connects, so a page loaded just before a
/// rebuild finished still learns of it.
final class ReloadChannel: Sendable {
    private let listeners = Mutex<[ObjectIdentifier: WebSocket]>([:])
    private let latest = Mutex(0)

    /// Adds a page's socket and tells it the current build; it stays until `remove`.
    func add(_ socket: WebSocket) {
        listeners.withLock { $0[ObjectIdentifier(socket)] = socket }
        socket.send(String(latest.withLock { $0 }))
    }

    /// Forgets a socket that closed.
    func remove(_ socket: WebSocket) {
        _ = listeners.withLock { $0.removeValue(forKey: ObjectIdentifier(socket)) }
    }

    /// Tells every open page that build outcome `generation` is the one to show;
    /// returns how many pages were told.
    @discardableResult
    func announce(_ generation: Int) -> Int {
        latest.withLock { $0 = generation }
        let open = listeners.withLock { Array($0.values) }
        for listener in open {
            listener.send(String(generation))
        }
        return open.count
    }

    /// Ends every connection, for a clean stop.
    func closeAll() {
        let open = listeners.withLock { listeners in
            defer { listeners.removeAll() }
            return Array(listeners.values)
        }
        for listener in open {
            listener.close()
        }
    }
}

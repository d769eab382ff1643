import FlyingFox
import Foundation
import Synchronization

/// The WebSocket every served page opens (`/_bbreport/reload`). Each message is the
/// number of the latest build outcome; a page showing another number reloads itself.
/// The number is sent as soon as a page connects, so a page loaded just before a
/// rebuild finished still learns of it.
final class ReloadChannel: WSMessageHandler, Sendable {
    private let listeners = Mutex<[UUID: AsyncStream<WSMessage>.Continuation]>([:])
    private let latest = Mutex(0)

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (messages, continuation) = AsyncStream<WSMessage>.makeStream()
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.removeValue(forKey: id) }
        }
        listeners.withLock { $0[id] = continuation }
        continuation.yield(.text(String(latest.withLock { $0 })))
        return messages
    }

    /// Tells every open page that build outcome `generation` is the one to show;
    /// returns how many pages were told.
    @discardableResult
    func announce(_ generation: Int) -> Int {
        latest.withLock { $0 = generation }
        let open = listeners.withLock { Array($0.values) }
        for listener in open {
            listener.yield(.text(String(generation)))
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
            listener.yield(.close(.normalClosure))
            listener.finish()
        }
    }
}

import Foundation

/// How many of a costly thing the tests may have going at once: a waiting test no longer
/// holds a thread, so nothing else keeps a hundred tests from starting a browser tab or a
/// build together and thrashing a small machine.
final class Permits: @unchecked Sendable {
    /// Tabs open in the run's browser: enough to keep two cores busy while each tab waits on another.
    static let tabs = Permits(4)
    /// Programs run by `runProcess` and waited for without a thread.
    static let processes = Permits(4)

    private let lock = NSLock()
    private var free: Int
    private var queue: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = count }

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted: Bool = lock.withLock {
                if free > 0 {
                    free -= 1
                    return true
                }
                queue.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if queue.isEmpty {
                free += 1
                return nil
            }
            return queue.removeFirst()
        }
        next?.resume()
    }
}

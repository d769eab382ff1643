import Foundation

/// Values made once per key for the whole run: the first test that asks makes it, and any
/// other asking meanwhile waits for that one (a build or a page read is costly; tests only
/// read what it gives).
final class Memo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [Key: Task<Value, any Error>] = [:]

    /// The value for `key`, made by `make` on the first asking.
    func value(_ key: Key, making make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await lock.withLock {
            if let task = made[key] { return task }
            let task = Task { try await make() }
            made[key] = task
            return task
        }.value
    }
}

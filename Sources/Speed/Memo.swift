import Foundation

/// A value worked out once and kept until forgotten, safe to ask for from any thread.
public final class Memo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    public init() {}

    public func value(_ make: () -> Value) -> Value {
        lock.withLock {
            if let stored { return stored }
            let value = make()
            stored = value
            return value
        }
    }

    public func forget() {
        lock.withLock { stored = nil }
    }
}

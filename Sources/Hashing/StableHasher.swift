/// Builds a ``ContentHash`` from values, piece by piece, the same in every process
/// (unlike Swift's `Hasher`, which is seeded anew each run): for keys that say whether
/// what a page shows has changed since the last build.
public struct StableHasher: Sendable {
    private var bytes: [UInt8] = []

    public init() {}

    public mutating func combine(_ value: Int64) {
        let little = value.littleEndian
        withUnsafeBytes(of: little) { bytes.append(contentsOf: $0) }
    }

    public mutating func combine(_ value: Int) {
        combine(Int64(value))
    }

    public mutating func combine(_ value: Double) {
        combine(Int64(bitPattern: value.bitPattern))
    }

    public mutating func combine(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// A string, length first, so that ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ value: String) {
        combine(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    public mutating func combine(_ value: String?) {
        combine(value != nil)
        if let value { combine(value) }
    }

    public mutating func combine(_ hash: ContentHash) {
        combine(Int64(bitPattern: hash.value))
    }

    public func finalize() -> ContentHash {
        ContentHash(bytes)
    }
}

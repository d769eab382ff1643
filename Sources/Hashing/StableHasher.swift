/// Builds a ``ContentHash`` from values, piece by piece, the same in every process
/// (unlike Swift's `Hasher`, which is seeded anew each run): for keys that say whether
/// what a page shows has changed since the last build. Each value is mixed in as it
/// comes, a word at a time, with nothing gathered in memory (a key covers every field of
/// every event of a day, and a build makes thousands).
public struct StableHasher: Sendable {
    private var state: UInt64 = 0x2545_F491_4F6C_DD1D
    private var words: UInt64 = 0

    public init() {}

    private mutating func mix(_ word: UInt64) {
        state = ContentHash.mix(state ^ word)
        words &+= 1
    }

    public mutating func combine(_ value: Int64) {
        mix(UInt64(bitPattern: value))
    }

    public mutating func combine(_ value: Int) {
        combine(Int64(value))
    }

    public mutating func combine(_ value: Double) {
        mix(value.bitPattern)
    }

    public mutating func combine(_ value: Bool) {
        mix(value ? 1 : 0)
    }

    /// A string, length first, so that ("ab", "c") and ("a", "bc") differ; then its bytes
    /// eight at a time (the first byte lowest), the last word filled with zeros.
    public mutating func combine(_ value: String) {
        // A native string's bytes are read where they are; any other is made native first.
        if value.utf8.withContiguousStorageIfAvailable({ combine(utf8: $0) }) == nil {
            var value = value
            value.withUTF8 { combine(utf8: $0) }
        }
    }

    private mutating func combine(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        combine(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        guard offset < raw.count else { return }
        var word: UInt64 = 0
        for (index, byte) in raw[offset...].enumerated() {
            word |= UInt64(byte) << (8 * UInt64(index))
        }
        mix(word)
    }

    public mutating func combine(_ value: String?) {
        combine(value != nil)
        if let value { combine(value) }
    }

    public mutating func combine(_ hash: ContentHash) {
        mix(hash.value)
    }

    public func finalize() -> ContentHash {
        ContentHash(value: ContentHash.mix(state ^ words ^ 0xFF51_AFD7_ED55_8CCD))
    }
}

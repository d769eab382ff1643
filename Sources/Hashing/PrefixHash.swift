/// A hash of a file's first bytes that goes on from where it was: the hash of the first
/// `n` bytes is read at any `n` on the way, without going back over them. It tells
/// whether a file starts as another did (whose hashes at some lengths were kept), for
/// picking up work where the two part. Four runs of eight bytes are mixed side by side,
/// as in ``ContentHash/init(file:)``, starting from a key: a file cannot be made to
/// match hashes kept with another without knowing the key they were made with.
public struct PrefixHash: Sendable {
    private var lanes: (UInt64, UInt64, UInt64, UInt64)
    /// How many bytes the lanes hold (a multiple of 32).
    public private(set) var length = 0

    public init(key: UInt64) {
        lanes = ContentHash.lanes(from: ContentHash.mix(key ^ 0x5851_F42D_4C95_7F2D))
    }

    /// Takes in the bytes of `bytes` up to `end` (a whole number of 32-byte blocks: the
    /// rest is read by `value(through:in:)`); `bytes` is the same file at every call.
    public mutating func advance(to end: Int, in bytes: UnsafeRawBufferPointer) {
        precondition(end <= bytes.count)
        length = ContentHash.mixBlocks(&lanes, bytes, from: length, to: end)
    }

    /// The hash of the first `end` bytes of `bytes` (taken in up to there first).
    public mutating func value(through end: Int, in bytes: UnsafeRawBufferPointer) -> UInt64 {
        advance(to: end, in: bytes)
        var state = ContentHash.mix(lanes.0 ^ ContentHash.mix(lanes.1 ^ ContentHash.mix(lanes.2 ^ ContentHash.mix(lanes.3 ^ UInt64(end)))))
        var offset = length
        while offset < end {
            var word: UInt64 = 0
            for shift in 0..<min(8, end - offset) {
                word |= UInt64(bytes[offset + shift]) << (8 * UInt64(shift))
            }
            state = ContentHash.mix(state ^ word)
            offset += 8
        }
        return state
    }
}

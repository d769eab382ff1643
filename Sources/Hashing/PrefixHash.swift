import CXXHash

/// A hash of a file's first bytes that goes on from where it was: the hash of the first
/// `n` bytes is read at any `n` on the way, without going back over them. It tells
/// whether a file starts as another did (whose hashes at some lengths were kept), for
/// picking up work where the two part. XXH3 taken in piece by piece, as
/// ``ContentHash/init(file:)`` takes a whole file, starting from a key: a file cannot be
/// made to match hashes kept with another without knowing the key they were made with.
public struct PrefixHash: Sendable {
    private var stream: Stream
    /// How many bytes have been taken in.
    public private(set) var length = 0

    public init(key: UInt64) {
        stream = Stream(seed: key)
    }

    /// Takes in the bytes of `bytes` from where it was up to `end`; `bytes` is the same
    /// file at every call, and `end` never goes back.
    public mutating func advance(to end: Int, in bytes: UnsafeRawBufferPointer) {
        precondition(length <= end && end <= bytes.count)
        guard end > length, let start = bytes.baseAddress else { return }
        // A copy of this hash (kept at an earlier length) goes on from there unchanged.
        if !isKnownUniquelyReferenced(&stream) { stream = stream.copy() }
        bb_xxh3_stream_update(stream.state, start + length, end - length)
        length = end
    }

    /// The hash of the first `end` bytes of `bytes` (taken in up to there first).
    public mutating func value(through end: Int, in bytes: UnsafeRawBufferPointer) -> UInt64 {
        advance(to: end, in: bytes)
        return bb_xxh3_stream_digest(stream.state)
    }

    /// The hash's state, shared by copies of the hash until one of them goes on.
    private final class Stream: @unchecked Sendable {
        let state: OpaquePointer

        init(seed: UInt64) {
            guard let state = bb_xxh3_stream_create(seed) else { fatalError("out of memory for a hash's state") }
            self.state = state
        }

        private init(state: OpaquePointer) {
            self.state = state
        }

        func copy() -> Stream {
            guard let state = bb_xxh3_stream_copy(state) else { fatalError("out of memory for a hash's state") }
            return Stream(state: state)
        }

        deinit {
            bb_xxh3_stream_free(state)
        }
    }
}

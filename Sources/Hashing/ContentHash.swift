import Bytes
import CXXHash
import Foundation

/// A stable 64-bit fingerprint of bytes, for telling whether a file changed between
/// builds (not for security). Swift's `Hasher` is seeded anew in every process, so it
/// cannot be stored; this one is the same everywhere, and from one version to the next:
/// imported rows and a Baby Buddy server's records take their ids from it. It reads eight bytes a step and
/// mixes with the SplitMix64 finaliser, at several gigabytes a second. Files are hashed
/// otherwise, faster (`init(file:)`).
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public let value: UInt64

    public init(_ data: Data) {
        self.init(bytes: data)
    }

    /// The hash of any bytes.
    public init(_ bytes: [UInt8]) {
        self.init(bytes: bytes)
    }

    private init(bytes data: some ContiguousBytes & Collection) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(data.count)
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            state = ContentHash.mixWords(state, buffer, from: 0)
        }
        value = state
    }

    /// The hash of a file's bytes, for the archive's manifest and a build's fingerprint:
    /// XXH3 (xxHash), which reads 16 bytes at a time in vector registers — about four times
    /// the speed of the eight-byte steps of `init(_:)`, whose values ids keep; a manifest
    /// only ever compares these with each other.
    public init(file data: Data) {
        self = data.withUnsafeBytes { ContentHash(file: $0) }
    }

    /// The hash of a file's bytes (see ``init(file:)-(Data)``), read in place.
    public init(file buffer: UnsafeRawBufferPointer) {
        value = bb_xxh3_64(buffer.baseAddress, buffer.count, Self.fileSeed)
    }

    /// The seed of files' hashes (any fixed value: a manifest is compared with another
    /// made by the same program).
    static let fileSeed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The hash of several pieces, in order (each hashed as a file: an export is one).
    public init(combining pieces: [Data]) {
        self.init(combining: pieces.map { ContentHash(file: $0) })
    }

    /// The hash of several pieces, in order, from each one's file hash (``init(file:)-(Data)``):
    /// a piece hashed already is not read again.
    public init(combining hashes: [ContentHash]) {
        var joined = Data()
        for hash in hashes {
            joined.append(hash.description.data(using: .utf8)!)
        }
        self.init(joined)
    }

    /// The hash written as 16 hex digits (either case), or nil for anything else.
    public init?(hex: String) {
        var hex = hex
        guard let value = hex.withUTF8({ ContentHash(hex: $0) }) else { return nil }
        self = value
    }

    /// The hash in 16 hex digits' bytes, read in place (a manifest holds thousands): each
    /// digit's value looked up in a table, without a branch to mispredict on digits and
    /// letters mixed at random, and every byte found a digit or not once at the end.
    public init?(hex digits: UnsafeBufferPointer<UInt8>) {
        guard digits.count == 16 else { return nil }
        let parsed = Self.digitValues.withUnsafeBufferPointer { table in
            var value: UInt64 = 0
            var notDigits: UInt8 = 0
            for digit in digits {
                let nibble = table[Int(digit)]
                notDigits |= nibble
                value = value << 4 | UInt64(nibble & 0x0F)
            }
            return notDigits & 0xF0 == 0 ? value : nil
        }
        guard let parsed else { return nil }
        value = parsed
    }

    /// Each byte's value as a hex digit (either case), 0xFF for a byte that is not one.
    private static let digitValues: [UInt8] = (0...255).map { HexDigit.value(UInt8($0)) ?? 0xFF }

    @usableFromInline init(value: UInt64) {
        self.value = value
    }

    /// 16 lowercase hex digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The 16 digits of `description` added to `buffer`, with no string made for them.
    /// They are made side by side and added at once (a manifest writes two for each of
    /// thousands of files).
    public func write(into buffer: ByteBuffer) {
        var digits: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &digits) { digits in
            for index in 0..<16 {
                let digit = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0xF
                digits[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
            }
        }
        withUnsafeBytes(of: &digits) { buffer.append($0) }
    }

    /// `state` with the bytes of `buffer` from `offset` mixed in, eight at a time, and the
    /// last few as one word.
    private static func mixWords(_ state: UInt64, _ buffer: UnsafeRawBufferPointer, from offset: Int) -> UInt64 {
        var state = state
        var offset = offset
        let count = buffer.count
        while offset + 8 <= count {
            state = ContentHash.mix(state ^ buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(buffer[offset]) << shift
            shift += 8
            offset += 1
        }
        state = ContentHash.mix(state ^ tail ^ 0xFF51_AFD7_ED55_8CCD)
        return state
    }

    @inlinable
    static func mix(_ input: UInt64) -> UInt64 {
        var z = input &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

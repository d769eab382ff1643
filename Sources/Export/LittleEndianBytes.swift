import Bytes

/// The form of the files bbreport keeps for itself beside an archive (the export's index
/// and its event records): 8-byte words, least significant byte first, and counts in 7-bit
/// groups (the low group first, the high bit set on every group but the last). Each file
/// is written at once into a buffer handed over.
extension ByteBuffer {
    func append(word value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { append($0) }
    }

    /// Writes `value` over the word written at `index` (a length known only later).
    func set(word value: UInt64, at index: Int) {
        withUnsafeBytes(of: value.littleEndian) { overwrite(at: index, with: $0) }
    }

    func append(count value: Int) {
        var value = UInt64(value)
        while value >= 0x80 {
            append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        append(UInt8(value))
    }
}

/// Reads that form back, every length checked against the bytes left: nil for anything
/// that runs past the end. Offsets are the slice's own indices (a part of a larger file
/// is read in place).
struct ByteReader {
    let bytes: ArraySlice<UInt8>
    /// Where the bytes to read end (a file's own hash may follow).
    let end: Int
    var offset: Int

    init(_ bytes: ArraySlice<UInt8>, end: Int? = nil, at offset: Int? = nil) {
        self.bytes = bytes
        self.end = end ?? bytes.endIndex
        self.offset = offset ?? bytes.startIndex
    }

    var isAtEnd: Bool { offset == end }

    /// Consumes `expected` if it comes next.
    mutating func take(_ expected: [UInt8]) -> Bool {
        guard end - offset >= expected.count, bytes[offset..<(offset + expected.count)].elementsEqual(expected) else { return false }
        offset += expected.count
        return true
    }

    mutating func byte() -> UInt8? {
        guard offset < end else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func word() -> UInt64? {
        guard end - offset >= 8 else { return nil }
        var value: UInt64 = 0
        for index in 0..<8 {
            value |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
        }
        offset += 8
        return value
    }

    /// A word that is a count or an offset: no file of ours is near 2⁶² bytes.
    mutating func number() -> Int? {
        word().flatMap { $0 < 1 << 62 ? Int($0) : nil }
    }

    /// A count in 7-bit groups, up to 2³⁵.
    mutating func count() -> Int? {
        var value = 0
        for shift in stride(from: 0, to: 35, by: 7) {
            guard let byte = byte() else { return nil }
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
        }
        return nil
    }

    /// The next `length` bytes, sharing the reader's memory.
    mutating func bytes(_ length: Int) -> ArraySlice<UInt8>? {
        guard end - offset >= length else { return nil }
        defer { offset += length }
        return bytes[offset..<(offset + length)]
    }

    /// `length` bytes of text, written from a string (so UTF-8; a file's hash is checked
    /// before it is read).
    mutating func text(_ length: Int) -> String? {
        guard end - offset >= length else { return nil }
        defer { offset += length }
        return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    }
}

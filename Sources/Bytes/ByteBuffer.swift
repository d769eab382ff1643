import Foundation

/// A growable run of bytes for writing pages: markup is written in thousands of small
/// pieces, and an array's `append(contentsOf:)` costs more per piece than the copying
/// itself. A class, so that a writer holding one can be passed along and reset without
/// copying what it holds.
public final class ByteBuffer {
    // Every access is by this class's own methods, one at a time: the run-time exclusivity
    // check on each would cost more than the write it guards.
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var used = 0

    /// How many bytes have been written.
    public var count: Int { used }

    public init(capacity: Int = 16_384) {
        self.capacity = max(capacity, 16)
        base = Self.allocate(self.capacity)
    }

    deinit {
        free(base)
    }

    // malloc's, not Swift's allocator: a large buffer grows by `realloc`, which can move
    // its pages instead of copying them into fresh memory.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory for \(capacity) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Forgets what was written, keeping the memory.
    public func removeAll() {
        used = 0
    }

    @inlinable
    public func append(_ byte: UInt8) {
        if used == capacity { grow(to: used + 1) }
        base[used] = byte
        used += 1
    }

    @inlinable @inline(__always)
    public func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if used + bytes.count > capacity { grow(to: used + bytes.count) }
        (base + used).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        used += bytes.count
    }

    @inlinable @inline(__always)
    public func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable
    public func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    @inlinable
    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// `value` in decimal.
    public func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if used + 20 > capacity { grow(to: used + 20) }
        let first = used
        repeat {
            base[used] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            used += 1
            magnitude /= 10
        } while magnitude > 0
        var low = first, high = used - 1
        while low < high {
            (base[low], base[high]) = (base[high], base[low])
            low += 1
            high -= 1
        }
    }

    /// The byte at `index` (written already).
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < used, "index \(index) out of 0..<\(used)")
        return base[index]
    }

    /// Writes `bytes` over those written at `index` on.
    public func overwrite(at index: Int, with bytes: UnsafeRawBufferPointer) {
        precondition(index >= 0 && index + bytes.count <= used, "bytes \(index)..<\(index + bytes.count) not all written")
        guard let source = bytes.baseAddress else { return }
        (base + index).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    /// Puts `bytes` at `index`, moving what follows.
    public func insert(_ bytes: [UInt8], at index: Int) {
        precondition(index >= 0 && index <= used)
        if used + bytes.count > capacity { grow(to: used + bytes.count) }
        memmove(base + index + bytes.count, base + index, used - index)
        bytes.withUnsafeBufferPointer { (base + index).update(from: $0.baseAddress!, count: bytes.count) }
        used += bytes.count
    }

    /// What was written, read in place.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: used))
    }

    /// What was written, as text (it is UTF-8 when every piece was).
    public var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: used), as: UTF8.self)
    }

    /// What was written, handed over without a copy; the buffer is empty afterwards.
    public func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: used, deallocator: .free)
        capacity = 16
        base = Self.allocate(capacity)
        used = 0
        return data
    }

    /// What was written, copied.
    public var array: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: used))
    }

    @usableFromInline
    func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(base, newCapacity) else { fatalError("out of memory for \(newCapacity) bytes") }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }
}

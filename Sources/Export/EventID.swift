/// An event's id as a build keeps it. The Baby Basics app writes each id as a UUID in its
/// usual form (36 characters, lowercase hex and four dashes): such an id is kept as its 16
/// bytes, so that reading thirty thousand events back makes no string for each (their
/// text took 2.5 MB and a tenth of decoding them). Any other id is kept as its text. One
/// text always gives one `EventID`, so ids are equal exactly when their texts are.
public enum EventID: Sendable, Hashable {
    case uuid(UInt64, UInt64)
    case text(String)

    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { Self.uuid(in: UnsafeRawBufferPointer($0)) } ?? .text(text)
    }

    /// The id whose text is the UTF-8 `bytes` (a reader holding them makes no string for a UUID).
    init(utf8 bytes: UnsafeRawBufferPointer) {
        self = Self.uuid(in: bytes) ?? .text(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether a UUID's text has a dash at `index` (8-4-4-4-12 digits).
    private static func isDash(_ index: Int) -> Bool {
        index == 8 || index == 13 || index == 18 || index == 23
    }

    /// The id whose text is `bytes`, when they are a UUID in its usual form.
    private static func uuid(in bytes: UnsafeRawBufferPointer) -> EventID? {
        guard bytes.count == 36 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        var digits = 0
        for (index, byte) in bytes.enumerated() {
            if isDash(index) {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            if digits < 16 {
                words.0 = words.0 << 4 | UInt64(value)
            } else {
                words.1 = words.1 << 4 | UInt64(value)
            }
            digits += 1
        }
        return .uuid(words.0, words.1)
    }

    /// The id's text, as the export gave it.
    public var text: String {
        switch self {
        case .text(let text): text
        case .uuid: String(unsafeUninitializedCapacity: 36) { buffer in withUTF8 { buffer.initialize(fromContentsOf: $0) } }
        }
    }

    /// The id's text in UTF-8, for reading in place (a UUID's written out on the stack).
    private func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .text(var text):
            return text.withUTF8(body)
        case .uuid(let high, let low):
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
                var index = 0
                for digit in 0..<32 {
                    if Self.isDash(index) {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    let word = digit < 16 ? high : low
                    let nibble = UInt8(truncatingIfNeeded: word >> UInt64(4 * (15 - digit % 16))) & 0xF
                    buffer[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    index += 1
                }
                return body(UnsafeBufferPointer(buffer))
            }
        }
    }
}

import Bytes
import Foundation

/// One event object read straight from the file's bytes, already checked as strict JSON
/// (``JSONCheck``): a tenth of the work of Foundation's decoder, which builds a tree of
/// every value and a coding path for every field. It reads only what it is sure to read as
/// that decoder does — keys in plain ASCII, strings, numbers, `true`, `false`, `null` — and
/// gives up at anything else (an escaped key, a field of the wrong JSON type, a value that
/// does not convert): the caller then decodes with Foundation, whose message is the one
/// people see. Of a key given twice the first value is used, as Foundation does.
struct EventScan: EventObject {
    /// A value as it stands in the file.
    enum Value {
        /// A string with no escape, by where its text is in the file: made into a
        /// `String` only when a field needs one.
        case text(Range<Int>)
        case string(String), number(Double), bool(Bool), null
        /// An object or an array: never a value of an event's own fields.
        case nested
    }

    /// The scan cannot be sure; decode with Foundation.
    struct GiveUp: Error {}

    /// The known fields' values, by their place in `ExportEvent.CodingKeys.allCases`: one
    /// array for every event of a run, emptied between them.
    private var values: [Value?] = Array(repeating: nil, count: keys.count)
    /// The file's bytes, while an event of them is read.
    private var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    /// The child ids met so far in the run, each made into a string once: every event
    /// names one of a family's few children, and the events share their strings.
    private var childIDs: [(bytes: [UInt8], text: String)] = []
    private static let childIDSlot = allKeys.firstIndex(of: .childID)!

    /// The keys, and their bytes, in `ExportEvent.CodingKeys.allCases` order.
    private static let allKeys = ExportEvent.CodingKeys.allCases
    private static let keys: [[UInt8]] = allKeys.map { Array($0.rawValue.utf8) }

    /// Initialises `region` (as long as `elements`) with the events of `elements`; false,
    /// with `region` left uninitialised, if the scan gives up at any of them.
    static func read(_ bytes: UnsafeRawBufferPointer, _ elements: ArraySlice<Range<Int>>,
                     into region: UnsafeMutableBufferPointer<ExportEvent>) -> Bool {
        precondition(region.count == elements.count)
        var fields = EventScan()
        var done = 0
        for element in elements {
            guard fields.read(bytes, element), let event = try? ExportEvent(fields: fields) else {
                region.baseAddress!.deinitialize(count: done)
                return false
            }
            (region.baseAddress! + done).initialize(to: event)
            done += 1
        }
        return true
    }

    /// Reads the object in `bytes[range]`; false if it is not one the scan reads.
    private mutating func read(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        for slot in values.indices { values[slot] = nil }
        self.bytes = bytes
        var reader = Reader(bytes: bytes, index: range.lowerBound, end: range.upperBound)
        guard reader.take(UInt8(ascii: "{")) else { return false }
        reader.skipWhitespace()
        if reader.take(UInt8(ascii: "}")) {
            return reader.index == range.upperBound
        }
        repeat {
            reader.skipWhitespace()
            guard let key = reader.plainKey() else { return false }
            reader.skipWhitespace()
            guard reader.take(UInt8(ascii: ":")) else { return false }
            reader.skipWhitespace()
            guard let value = reader.value() else { return false }
            if let slot = Self.slot(of: key, in: bytes), values[slot] == nil {
                values[slot] = slot == Self.childIDSlot ? childID(value) : value
            }
            reader.skipWhitespace()
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "}")) && reader.index == range.upperBound
    }

    /// A child id's value, its string shared with the events before that named the same
    /// child (a family with more than a few children is read as it comes).
    private mutating func childID(_ value: Value) -> Value {
        guard case .text(let range) = value else { return value }
        let text = UnsafeRawBufferPointer(rebasing: bytes[range])
        if let known = childIDs.first(where: { known in
            known.bytes.count == text.count && known.bytes.withUnsafeBytes { memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }
        }) {
            return .string(known.text)
        }
        let made = String(decoding: text, as: UTF8.self)
        if childIDs.count < 8 { childIDs.append((Array(text), made)) }
        return .string(made)
    }

    private static func slot(of key: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Int? {
        for (slot, name) in keys.enumerated() where name.count == key.count {
            if name.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress! + key.lowerBound, key.count) == 0 }) {
                return slot
            }
        }
        return nil
    }

    func required<Raw, Converted>(_ key: ExportEvent.CodingKeys, _ expectation: Expectation<Raw, Converted>) throws -> Converted {
        guard let value = try optional(key, expectation) else { throw GiveUp() }
        return value
    }

    func optional<Raw, Converted>(_ key: ExportEvent.CodingKeys, _ expectation: Expectation<Raw, Converted>) throws -> Converted? {
        let raw: Raw
        switch values[Self.allKeys.firstIndex(of: key)!] {
        case nil, .null?: return nil
        case .text(let range)?:
            if let convertUTF8 = expectation.convertUTF8 {
                guard let value = convertUTF8(UnsafeRawBufferPointer(rebasing: bytes[range])) else { throw GiveUp() }
                return value
            }
            raw = try Self.cast(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        case .string(let text)?: raw = try Self.cast(text)
        case .number(let number)?: raw = try Self.cast(number)
        case .bool(let flag)?: raw = try Self.cast(flag)
        case .nested?: throw GiveUp()
        }
        guard let value = expectation.convert(raw) else { throw GiveUp() }
        return value
    }

    /// `value` as the JSON type the field expects. Both types are known where this is
    /// specialised, so the cast is settled when compiling (through `Any` it was a runtime
    /// cast for every field).
    private static func cast<Stored, Raw>(_ value: Stored) throws -> Raw {
        guard let raw = value as? Raw else { throw GiveUp() }
        return raw
    }
}

/// A cursor over JSON text that is known to be well formed.
private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var index: Int
    let end: Int

    mutating func skipWhitespace() {
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// Consumes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard index < end, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A key's bytes between its quotes, if it is printable ASCII with no escape.
    mutating func plainKey() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < end, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] != UInt8(ascii: "\\"), bytes[index] < 0x80 else { return nil }
            index += 1
        }
        guard index < end else { return nil }
        index += 1
        return start..<(index - 1)
    }

    mutating func value() -> EventScan.Value? {
        guard index < end else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "{"), UInt8(ascii: "["): return skipNested() ? .nested : nil
        default: return number().map { .number($0) }
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard end - index >= count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    private mutating func number() -> Double? {
        let start = index
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            }
        }
        return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// A string: where its text is when it has no escape, else its text with the escapes
    /// resolved.
    private mutating func string() -> EventScan.Value? {
        index += 1
        let start = index
        while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return .text(start..<(index - 1))
        }
        return escapedString(from: start).map { .string($0) }
    }

    /// The text of a string from `start`, whose first escape is at the index.
    private mutating func escapedString(from start: Int) -> String? {
        var text = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < end {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < end else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    UTF8.encode(scalar) { text.append($0) }
                default: return nil
                }
            default:
                text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair; nil for a lone
    /// surrogate, which the strict check refuses anyway.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hex4() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let second = hex4(), (0xDC00...0xDFFF).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00...0xDFFF:
            return nil
        default:
            return Unicode.Scalar(first)
        }
    }

    private mutating func hex4() -> UInt32? {
        guard end - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = HexDigit.value(bytes[index]) else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Steps over an object or array, strings and all.
    private mutating func skipNested() -> Bool {
        var depth = 0
        while index < end {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return true }
            case UInt8(ascii: "\""):
                while index < end, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                index += 1
            default: break
            }
        }
        return false
    }
}

import Bytes
import Foundation

/// JSON written by hand, for files whose shape is fixed and whose bytes must not change
/// between builds (`days.json`, the archive's manifest): a few times faster than
/// `JSONEncoder`, and writing the same bytes it writes with sorted keys and unescaped
/// slashes, as long as fields are given in sorted order.
/// JSON written into one buffer, a field at a time, in the order given.
public struct JSONWriter {
    private let bytes: ByteBuffer
    /// Whether the next field follows another in the same object.
    private var follows = false

    /// A writer starting with `text`, with room for about `capacity` bytes.
    public init(_ text: String = "", capacity: Int = 4096) {
        bytes = ByteBuffer(capacity: capacity)
        bytes.append(text)
    }

    /// What has been written.
    public var text: String { bytes.string }

    /// What has been written, as UTF-8 bytes, handed over without a copy: the writer is
    /// empty afterwards.
    public func takeData() -> Data { bytes.takeData() }

    /// `text`, already JSON (or the layout between values).
    public mutating func raw(_ text: String) {
        bytes.append(text)
    }

    /// `bytes`, already JSON: a value written by an earlier build, copied as it is.
    public mutating func raw(bytes raw: UnsafeRawBufferPointer) {
        bytes.append(raw)
        follows = true
    }

    /// `{…}` with the fields `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        follows = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        follows = true
    }

    /// `"key":value`, the value already JSON.
    public mutating func field(_ key: StaticString, _ value: String) {
        name(key)
        bytes.append(value)
        follows = true
    }

    public mutating func field(_ key: StaticString, _ value: Int) {
        name(key)
        bytes.append(decimal: value)
        follows = true
    }

    /// `"key":value` for a key that is not a literal (written as it is: no escapes).
    public mutating func field(named key: String, _ value: Int) {
        var key = key
        key.withUTF8 { name(UnsafeRawBufferPointer($0)) }
        bytes.append(decimal: value)
        follows = true
    }

    public mutating func field(_ key: StaticString, _ value: Int64) {
        field(key, Int(value))
    }

    /// `"key":"value"`, escaped as ``string(_:)`` escapes it, written in place.
    public mutating func field(_ key: StaticString, string value: String) {
        name(key)
        Self.append(string: value, to: bytes)
        follows = true
    }

    /// `"key":number`, as ``number(_:)`` writes it.
    public mutating func field(_ key: StaticString, number value: Double) {
        name(key)
        bytes.append(Self.number(value))
        follows = true
    }

    /// `"key":[…]`, each of `items` written by `element` (an object, usually).
    public mutating func array<Item>(_ key: StaticString, _ items: [Item], _ element: (inout JSONWriter, Item) -> Void) {
        name(key)
        bytes.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
        follows = true
    }

    /// `"key":{…}`.
    public mutating func object(_ key: StaticString, _ body: (inout JSONWriter) -> Void) {
        name(key)
        object(body)
    }

    private mutating func name(_ key: StaticString) {
        name(UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }

    /// `"key":`, after a comma when a field came before it in the object.
    private mutating func name(_ key: UnsafeRawBufferPointer) {
        bytes.append(follows ? ",\"" as StaticString : "\"" as StaticString)
        bytes.append(key)
        bytes.append("\":" as StaticString)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, as
    /// `JSONEncoder` does with `.withoutEscapingSlashes`.
    public static func string(_ value: String) -> String {
        // Dates, times, ids and names seldom hold anything to escape.
        if !needsEscapes(value) {
            return "\"" + value + "\""
        }
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `value` as a JSON string (``string(_:)``), written at the end of `bytes`: with
    /// nothing to escape, without making the quoted string first.
    /// The bytes are looked at where the string keeps them, and copied from there.
    public static func append(string value: String, to bytes: ByteBuffer) {
        var value = value
        let plain = value.withUTF8 { utf8 in
            guard !utf8.contains(where: needsEscape) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UnsafeRawBufferPointer(utf8))
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { bytes.append(string(value)) }
    }

    private static func needsEscapes(_ value: String) -> Bool {
        value.utf8.contains(where: needsEscape)
    }

    /// Whether a JSON string writes `byte` escaped.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// A number as `JSONEncoder` writes it: `120` for a whole number, `12.5` otherwise.
    public static func number(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// JSON written by hand, for files whose shape is fixed and whose bytes must not change
/// between builds (`days.json`, the archive's manifest): a few times faster than
/// `JSONEncoder`, and writing the same bytes it writes with sorted keys and unescaped
/// slashes, as long as fields are given in sorted order.
/// JSON written into a string, a field at a time, in the order given.
public struct JSONWriter {
    public private(set) var text: String
    /// Whether the next field follows another in the same object.
    private var follows = false

    public init(_ text: String = "") {
        self.text = text
    }

    public mutating func reserveCapacity(_ count: Int) {
        text.reserveCapacity(count)
    }

    /// `{…}` with the fields `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        text += "{"
        follows = false
        body(&self)
        text += "}"
        follows = true
    }

    /// `"key":value`, the value already JSON.
    public mutating func field(_ key: String, _ value: String) {
        name(key)
        text += value
        follows = true
    }

    public mutating func field(_ key: String, _ value: some BinaryInteger) {
        field(key, String(value))
    }

    /// `"key":{…}`.
    public mutating func object(_ key: String, _ body: (inout JSONWriter) -> Void) {
        name(key)
        object(body)
    }

    private mutating func name(_ key: String) {
        text += follows ? ",\"" : "\""
        text += key
        text += "\":"
    }

    /// A JSON string: quotes, backslashes and control characters escaped, as
    /// `JSONEncoder` does with `.withoutEscapingSlashes`.
    public static func string(_ value: String) -> String {
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

    /// A number as `JSONEncoder` writes it: `120` for a whole number, `12.5` otherwise.
    public static func number(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

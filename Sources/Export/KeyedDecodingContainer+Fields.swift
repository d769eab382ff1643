import Foundation

/// Reading fields with errors that say where and what: every failure becomes a
/// ``FieldError`` carrying the JSON path, what was expected and what was found.
extension KeyedDecodingContainer {
    /// The value at `key`; missing or null is an error.
    public func required<Raw, Value>(_ key: Key, _ expectation: Expectation<Raw, Value>) throws -> Value {
        guard let value = try optional(key, expectation) else {
            let problem = contains(key) ? "expected \(expectation.description), found null" : "missing; expected \(expectation.description)"
            throw FieldError(path: path(key), message: problem)
        }
        return value
    }

    /// The value at `key`, or nil when it is missing or null.
    public func optional<Raw, Value>(_ key: Key, _ expectation: Expectation<Raw, Value>) throws -> Value? {
        // One look-up of the key: ten thousands of events make each one count.
        let raw: Raw?
        do {
            raw = try decodeIfPresent(Raw.self, forKey: key)
        } catch DecodingError.typeMismatch, DecodingError.dataCorrupted {
            throw mismatch(key, expected: expectation.description)
        }
        guard let raw else { return nil }
        guard let value = expectation.convert(raw) else {
            throw mismatch(key, expected: expectation.description)
        }
        return value
    }

    /// The object at `key`, or nil when it is missing or null.
    public func optionalObject<Nested: CodingKey>(_ key: Key, keyedBy type: Nested.Type) throws -> KeyedDecodingContainer<Nested>? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        do {
            return try nestedContainer(keyedBy: type, forKey: key)
        } catch DecodingError.typeMismatch {
            throw mismatch(key, expected: "an object")
        }
    }

    /// The array at `key`, each element decoded by its own `init(from:)`; missing is an error.
    public func requiredArray<Element: Decodable>(_ key: Key, of type: Element.Type, describedAs description: String) throws -> [Element] {
        guard contains(key) else {
            throw FieldError(path: path(key), message: "missing; expected \(description)")
        }
        do {
            return try decode([Element].self, forKey: key)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == codingPath.count + 1 {
            throw mismatch(key, expected: description)
        } catch DecodingError.valueNotFound(_, let context) where context.codingPath.count == codingPath.count + 1 {
            throw mismatch(key, expected: description)
        }
    }

    /// The error for a value of the wrong kind, quoting what is there.
    public func mismatch(_ key: Key, expected description: String) -> FieldError {
        FieldError(path: path(key), message: "expected \(description), found \(found(key))")
    }

    /// What is at `key`, briefly: `"yesterday"`, `12`, `null`, `an array`.
    public func found(_ key: Key) -> String {
        (try? decode(JSONProbe.self, forKey: key))?.description ?? "something else"
    }

    /// The JSON path of `key` in this container.
    public func path(_ key: Key) -> String {
        JSONPath.string(codingPath + [key])
    }
}

extension Decoder {
    /// This value as an object; an error naming `description` if it is anything else.
    public func object<Key: CodingKey>(keyedBy type: Key.Type, describedAs description: String) throws -> KeyedDecodingContainer<Key> {
        do {
            return try container(keyedBy: type)
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
            let found = (try? JSONProbe(from: self))?.description ?? "something else"
            throw FieldError(path: JSONPath.string(codingPath), message: "expected \(description), found \(found)")
        }
    }
}

/// Describes any JSON value briefly, for "found …" in error messages.
struct JSONProbe: Decodable, CustomStringConvertible {
    let description: String

    init(from decoder: any Decoder) throws {
        if let value = try? decoder.singleValueContainer() {
            if value.decodeNil() {
                description = "null"
                return
            }
            if let flag = try? value.decode(Bool.self) {
                description = String(flag)
                return
            }
            if let number = try? value.decode(Double.self) {
                description = JSONProbe.number(number)
                return
            }
            if let text = try? value.decode(String.self) {
                description = JSONProbe.quoted(text)
                return
            }
        }
        if (try? decoder.unkeyedContainer()) != nil {
            description = "an array"
        } else {
            description = "an object"
        }
    }

    /// `number` as JSON would show it: `12`, not `12.0`.
    static func number(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    /// `text` in double quotes, shortened to 60 characters, quotes and controls escaped.
    static func quoted(_ text: String) -> String {
        var shown = text.count > 60 ? String(text.prefix(57)) + "…" : text
        shown = shown.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(shown)\""
    }
}

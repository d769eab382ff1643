import Timekeeping

/// What the format requires of one value: the JSON type it is stored as, how to turn
/// that into a typed value, and how to say what was expected in an error.
public struct Expectation<Raw: Decodable, Value>: Sendable {
    /// Completes "expected …", e.g. `an ISO 8601 timestamp`; worded only when an error
    /// needs it (an enumeration's list of values, made for every event, was 4 % of a build).
    public var description: String { describe() }
    private let describe: @Sendable () -> String
    /// The typed value, or nil when the raw value is of the right JSON type but wrong.
    public let convert: @Sendable (Raw) -> Value?
    /// The same from a string's UTF-8 bytes, where the value is read from them directly
    /// (a timestamp, an id): a reader holding the bytes then makes no string for them.
    public let convertUTF8: (@Sendable (UnsafeRawBufferPointer) -> Value?)?

    public init(description: @autoclosure @escaping @Sendable () -> String, convert: @escaping @Sendable (Raw) -> Value?,
         convertUTF8: (@Sendable (UnsafeRawBufferPointer) -> Value?)? = nil) {
        describe = description
        self.convert = convert
        self.convertUTF8 = convertUTF8
    }
}

extension Expectation where Raw == String, Value == String {
    public static let text = Expectation(description: "a string") { $0 }
    public static let nonEmptyText = Expectation(description: "a non-empty string") { $0.isEmpty ? nil : $0 }
}

extension Expectation where Raw == String, Value == EventID {
    /// An event's id: a non-empty string, a UUID's read from its bytes with no string made.
    public static let eventID = Expectation(description: "a non-empty string", convert: { $0.isEmpty ? nil : EventID($0) },
                                     convertUTF8: { $0.isEmpty ? nil : EventID(utf8: $0) })
}

extension Expectation where Raw == String, Value == Instant {
    public static let timestamp = Expectation(description: "an ISO 8601 timestamp", convert: { ISO8601.instant(from: $0) },
                                       convertUTF8: { ISO8601.instant(utf8: Array($0)) })
}

extension Expectation where Raw == String, Value == LocalDate {
    public static let date = Expectation(description: "a date as YYYY-MM-DD") { LocalDate($0) }
}

extension Expectation where Raw == String, Value == TimeOfDay {
    public static let timeOfDay = Expectation(description: "a time as HH:MM (24-hour clock)") { TimeOfDay($0) }
}

extension Expectation where Raw == String, Value == Zone {
    public static let zone = Expectation(description: "an IANA time zone such as \"America/Chicago\"") { Zone(identifier: $0) }
}

extension Expectation where Raw == Double, Value == Double {
    public static let number = Expectation(description: "a number") { $0 }
}

extension Expectation where Raw == Bool, Value == Bool {
    public static let flag = Expectation(description: "true or false") { $0 }
}

extension Expectation where Raw == String, Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the enumeration's raw values: `expected "breast" or "bottle"`.
    public static func oneOf(_ type: Value.Type) -> Expectation {
        Expectation(description: list(of: Value.allCases.map { "\"\($0.rawValue)\"" })) { Value(rawValue: $0) }
    }

    private static func list(of names: [String]) -> String {
        names.count == 2 ? names.joined(separator: " or ") : "one of " + names.joined(separator: ", ")
    }
}

extension Expectation where Raw == Double, Value == Int {
    public static let integer = Expectation(description: "a whole number") { $0.rounded() == $0 && abs($0) < 1e15 ? Int($0) : nil }
}

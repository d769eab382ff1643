/// A wall-clock time within a day, to the minute, such as the day start `07:00`.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0 through 1439.
    public let minutes: Int

    /// The time `minutes` after midnight, or nil outside 0..<1440.
    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// The time `hour:minute`, or nil when either is out of range.
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// Parses `HH:MM` (24-hour clock); nil for anything else.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
              let hour = Digits.value(bytes[0..<2]),
              let minute = Digits.value(bytes[3..<5]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Midnight, the start of the calendar day.
    public static let midnight = TimeOfDay(minutes: 0)!

    /// The hour, 0 through 23.
    public var hour: Int { minutes / 60 }
    /// The minute within the hour.
    public var minute: Int { minutes % 60 }

    /// `HH:MM` on the 24-hour clock.
    public var description: String {
        "\(Digits.padded(hour, 2)):\(Digits.padded(minute, 2))"
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutes < rhs.minutes
    }
}

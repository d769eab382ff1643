/// A wall-clock reading: a calendar date and the time on the clock that day.
public struct LocalDateTime: Hashable, Comparable, Sendable {
    /// The calendar date.
    public let date: LocalDate
    /// Milliseconds since midnight on `date`, 0..<86_400_000.
    public let millisecondOfDay: Int

    /// The reading `millisecondOfDay` after midnight on `date`.
    public init(date: LocalDate, millisecondOfDay: Int) {
        precondition((0..<86_400_000).contains(millisecondOfDay), "millisecondOfDay out of range")
        self.date = date
        self.millisecondOfDay = millisecondOfDay
    }

    /// The reading at `time` on `date`.
    public init(date: LocalDate, time: TimeOfDay) {
        self.init(date: date, millisecondOfDay: time.minutes * 60_000)
    }

    /// The reading at `instant` on a clock `offsetSeconds` east of UTC.
    public init(instant: Instant, offsetSeconds: Int) {
        self.init(millisecondsSinceEpoch: instant.milliseconds + Int64(offsetSeconds) * 1000)
    }

    /// The reading `milliseconds` after 1970-01-01 00:00 on this clock.
    public init(millisecondsSinceEpoch milliseconds: Int64) {
        let (days, remainder) = milliseconds.floorDivided(by: 86_400_000)
        self.init(date: LocalDate(daysSinceEpoch: Int(days)), millisecondOfDay: Int(remainder))
    }

    /// Milliseconds from 1970-01-01 00:00 on this clock to this reading: the reading in
    /// eight bytes, in the same order.
    public var millisecondsSinceEpoch: Int64 {
        Int64(date.daysSinceEpoch) * 86_400_000 + Int64(millisecondOfDay)
    }

    /// The time of day, to the minute (seconds dropped).
    public var timeOfDay: TimeOfDay {
        TimeOfDay(minutes: millisecondOfDay / 60_000)!
    }

    /// The hour, 0 through 23.
    public var hour: Int { millisecondOfDay / 3_600_000 }
    /// The minute within the hour.
    public var minute: Int { millisecondOfDay / 60_000 % 60 }
    /// The second within the minute.
    public var second: Int { millisecondOfDay / 1000 % 60 }
    /// The millisecond within the second.
    public var millisecond: Int { millisecondOfDay % 1000 }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.millisecondOfDay) < (rhs.date, rhs.millisecondOfDay)
    }
}

extension Int64 {
    /// Quotient rounded towards negative infinity, and the non-negative remainder.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}

extension LocalDateTime {
    /// Wall-clock time from `earlier` to this reading, as the clock faces show it
    /// (a DST change does not count: 07:00 to 07:00 the next day is always 24 hours).
    public func wallClockMilliseconds(since earlier: LocalDateTime) -> Int64 {
        millisecondsSinceEpoch - earlier.millisecondsSinceEpoch
    }
}

import Foundation

/// A point in time, as whole milliseconds since 1970-01-01T00:00:00Z.
///
/// Integer milliseconds keep every sum and difference exact: durations in the
/// statistics never drift the way repeated floating-point additions would.
public struct Instant: Hashable, Comparable, Sendable {
    /// The system clock's reading now.
    public static var now: Instant {
        Instant(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
    }

    /// Milliseconds since the Unix epoch.
    public var milliseconds: Int64

    /// An instant `milliseconds` after the Unix epoch.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// An instant `seconds` after the Unix epoch.
    public init(seconds: Int64) {
        self.milliseconds = seconds * 1000
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    /// The instant `duration` later (earlier for a negative duration).
    public static func + (lhs: Instant, rhs: Duration) -> Instant {
        Instant(milliseconds: lhs.milliseconds + rhs.milliseconds)
    }

    /// The instant `duration` earlier.
    public static func - (lhs: Instant, rhs: Duration) -> Instant {
        Instant(milliseconds: lhs.milliseconds - rhs.milliseconds)
    }

    /// The time from `rhs` to `lhs`.
    public static func - (lhs: Instant, rhs: Instant) -> Duration {
        Duration(milliseconds: lhs.milliseconds - rhs.milliseconds)
    }
}

/// A length of time in whole milliseconds.
public struct Duration: Hashable, Comparable, Sendable {
    /// The length in milliseconds; negative when the end precedes the start.
    public var milliseconds: Int64

    /// A duration of `milliseconds`.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// A duration of whole `seconds`.
    public static func seconds(_ seconds: Int64) -> Duration {
        Duration(milliseconds: seconds * 1000)
    }

    /// A duration of whole `minutes`.
    public static func minutes(_ minutes: Int64) -> Duration {
        Duration(milliseconds: minutes * 60_000)
    }

    /// A duration of whole `hours`.
    public static func hours(_ hours: Int64) -> Duration {
        Duration(milliseconds: hours * 3_600_000)
    }

    /// No time at all.
    public static let zero = Duration(milliseconds: 0)

    /// The length in seconds, rounded to the nearest second (halves away from zero).
    public var roundedSeconds: Int64 {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        if remainder >= 500 { return quotient + 1 }
        if remainder <= -500 { return quotient - 1 }
        return quotient
    }

    public static func < (lhs: Duration, rhs: Duration) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    public static func + (lhs: Duration, rhs: Duration) -> Duration {
        Duration(milliseconds: lhs.milliseconds + rhs.milliseconds)
    }

    public static func += (lhs: inout Duration, rhs: Duration) {
        lhs.milliseconds += rhs.milliseconds
    }
}

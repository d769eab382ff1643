import Foundation

/// An IANA time zone, such as `America/Chicago`, and the wall-clock arithmetic in it.
public struct Zone: Hashable, Sendable, CustomStringConvertible {
    /// The IANA identifier, e.g. `America/Chicago`.
    public let identifier: String
    private let timeZone: TimeZone
    private let offsets: OffsetCache

    /// The zone named `identifier`, or nil when the name is not a known zone.
    public init?(identifier: String) {
        guard let timeZone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.timeZone = timeZone
        offsets = OffsetCache()
    }

    public static func == (left: Zone, right: Zone) -> Bool {
        left.identifier == right.identifier && left.timeZone == right.timeZone
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    /// The machine's own zone.
    public static var current: Zone {
        Zone(identifier: TimeZone.current.identifier) ?? Zone(identifier: "UTC")!
    }

    public var description: String { identifier }

    /// Seconds east of UTC in effect at `instant`.
    public func offsetSeconds(at instant: Instant) -> Int {
        let (seconds, _) = instant.milliseconds.floorDivided(by: 1000)
        return offsets.offset(at: seconds) { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) }
    }

    /// The wall-clock reading at `instant`.
    public func localDateTime(at instant: Instant) -> LocalDateTime {
        let offset = Int64(offsetSeconds(at: instant)) * 1000
        return LocalDateTime(millisecondsSinceEpoch: instant.milliseconds + offset)
    }

    /// The instant at which the clock reads `local`.
    ///
    /// A reading skipped by a spring-forward change (02:30 on a 23-hour day) is moved
    /// forward by the length of the gap, as clocks themselves do; a reading that happens
    /// twice in a fall-back change means its first occurrence.
    public func instant(at local: LocalDateTime) -> Instant {
        if let earliest = readings(of: local).first { return earliest }
        // In the gap: read the clock with the offset from before the change.
        let wall = local.millisecondsSinceEpoch
        return Instant(milliseconds: wall - Int64(offsetSeconds(at: Instant(milliseconds: wall - 86_400_000))) * 1000)
    }

    /// Every instant at which the clock reads `local`, earliest first: one on most days, two
    /// in the hour a fall-back change repeats, none in the hour a spring-forward change skips.
    public func readings(of local: LocalDateTime) -> [Instant] {
        let wall = local.millisecondsSinceEpoch
        // Offsets in force a day either side cover every transition near the reading:
        // no zone changes its offset twice within two days.
        let offsets = Set([offsetSeconds(at: Instant(milliseconds: wall - 86_400_000)),
                           offsetSeconds(at: Instant(milliseconds: wall + 86_400_000))])
        return offsets.map { Instant(milliseconds: wall - Int64($0) * 1000) }
            .filter { Int64(offsetSeconds(at: $0)) * 1000 == wall - $0.milliseconds }
            .sorted()
    }

    /// The instant at `time` on `date` (see ``instant(at:)`` for DST gaps and overlaps).
    public func instant(on date: LocalDate, at time: TimeOfDay) -> Instant {
        instant(at: LocalDateTime(date: date, time: time))
    }

    /// Whether the wall-clock reading at `instant` happens twice that day (the hour a
    /// fall-back change repeats), so that the reading alone does not say which it is.
    public func isRepeated(_ instant: Instant) -> Bool {
        readings(of: localDateTime(at: instant)).count > 1
    }

    /// The zone's short name in effect at `instant`: `CDT`, `CST`, `CET`, or `GMT-3` where
    /// the zone has no name in English.
    public func abbreviation(at instant: Instant) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = timeZone
        formatter.dateFormat = "zzz"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(instant.milliseconds) / 1000))
    }

    /// A change of the clocks: when it happened and the offsets before and after it.
    public struct Transition: Sendable, Equatable {
        public let instant: Instant
        public let offsetBefore: Int
        public let offsetAfter: Int
    }

    /// The changes of the clocks from `start` up to `end`.
    public func transitions(from start: Instant, to end: Instant) -> [Transition] {
        var found: [Transition] = []
        var after = Date(timeIntervalSince1970: TimeInterval(start.milliseconds) / 1000 - 1)
        while let next = timeZone.nextDaylightSavingTimeTransition(after: after) {
            let instant = Instant(milliseconds: Int64((next.timeIntervalSince1970 * 1000).rounded()))
            guard instant < end else { break }
            if instant >= start {
                found.append(Transition(instant: instant, offsetBefore: offsetSeconds(at: instant - .seconds(1)),
                                        offsetAfter: offsetSeconds(at: instant)))
            }
            after = next
        }
        return found
    }
}

/// The offsets of one zone, by quarter of an hour of UTC: a page asks for the offset of
/// the same few days thousands of times, and each answer from the system's time zone
/// database costs a microsecond or more. A quarter is kept only when its first and last
/// second have the same offset (no change of the clocks inside it); any other second is
/// asked of the database every time, so the answers are always the database's own.
final class OffsetCache: @unchecked Sendable {
    private static let quarter: Int64 = 900
    private var known: [Int64: Int] = [:]
    private let lock = NSLock()

    func offset(at second: Int64, from database: (Int64) -> Int) -> Int {
        let (quarter, _) = second.floorDivided(by: Self.quarter)
        if let offset = lock.withLock({ known[quarter] }) { return offset }
        let start = quarter * Self.quarter
        let first = database(start)
        guard database(start + Self.quarter - 1) == first else { return database(second) }
        lock.withLock {
            // Bounded: a year of quarters is 35,040 entries.
            if known.count >= 400_000 { known.removeAll() }
            known[quarter] = first
        }
        return first
    }
}

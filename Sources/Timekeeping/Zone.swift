import Foundation
import Synchronization

/// An IANA time zone, such as `America/Chicago`, and the wall-clock arithmetic in it.
public struct Zone: Hashable, Sendable, CustomStringConvertible {
    /// The IANA identifier, e.g. `America/Chicago`.
    public let identifier: String
    private let timeZone: TimeZone
    private let offsets: OffsetCache
    /// How the cache asks the time zone database, made once.
    private let database: OffsetCache.Database

    /// The zone named `identifier`, or nil when the name is not a known zone.
    public init?(identifier: String) {
        guard let timeZone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.timeZone = timeZone
        offsets = OffsetCache()
        database = OffsetCache.Database(
            offset: { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) },
            nextChange: { second in
                timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(second)))
                    .map { Int64($0.timeIntervalSince1970.rounded()) }
            })
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
        return offsets.offset(at: seconds, from: database)
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
        let (before, after) = offsets(around: wall)
        guard before != after else {
            let reading = Instant(milliseconds: wall - Int64(before) * 1000)
            return offsetSeconds(at: reading) == before ? [reading] : []
        }
        return [before, after].map { Instant(milliseconds: wall - Int64($0) * 1000) }
            .filter { Int64(offsetSeconds(at: $0)) * 1000 == wall - $0.milliseconds }
            .sorted()
    }

    /// The offsets in force a day before and a day after the wall-clock reading `wall`
    /// (milliseconds): they cover every change near it, as no zone changes its offset twice
    /// within two days.
    private func offsets(around wall: Int64) -> (before: Int, after: Int) {
        (offsetSeconds(at: Instant(milliseconds: wall - 86_400_000)), offsetSeconds(at: Instant(milliseconds: wall + 86_400_000)))
    }

    /// The instant at `time` on `date` (see ``instant(at:)`` for DST gaps and overlaps).
    public func instant(on date: LocalDate, at time: TimeOfDay) -> Instant {
        instant(at: LocalDateTime(date: date, time: time))
    }

    /// Whether the wall-clock reading at `instant` happens twice that day (the hour a
    /// fall-back change repeats), so that the reading alone does not say which it is.
    public func isRepeated(_ instant: Instant) -> Bool {
        let local = localDateTime(at: instant)
        let (before, after) = offsets(around: local.millisecondsSinceEpoch)
        return before != after && readings(of: local).count > 1
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

/// The offsets of one zone, found once per stretch of about 194 days: pages ask for the
/// offset of the same few days millions of times, from both cores, and the time zone
/// database answers one thread at a time. A stretch takes the changes the database tells
/// of and checks them (the offset on each side of each change, and at every day of the
/// stretch); when anything differs it asks the database at every hour instead and, where
/// two hours differ, finds the exact second of the change by halving. After that it is
/// only read, without a lock or a reference count shared between threads. Instants
/// outside 1900–2100 are asked of the database.
final class OffsetCache: @unchecked Sendable {
    private static let shift: Int64 = 24
    private static let first: Int64 = -2_208_988_800 // 1900-01-01T00:00:00Z
    private static let count = Int((4_102_444_800 - first) >> shift) + 1 // to 2100
    /// Each stretch's address once it is found, 0 before.
    private let stretches: UnsafeMutablePointer<Atomic<UInt>>

    init() {
        stretches = .allocate(capacity: Self.count)
        for index in 0..<Self.count {
            (stretches + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        for index in 0..<Self.count {
            let address = stretches[index].load(ordering: .acquiring)
            if address != 0 { Self.stretch(at: address).release() }
        }
        stretches.deinitialize(count: Self.count)
        stretches.deallocate()
    }

    /// The time zone database: the offset at a second, and the next change after a second.
    struct Database: Sendable {
        let offset: @Sendable (Int64) -> Int
        let nextChange: @Sendable (Int64) -> Int64?
    }

    func offset(at second: Int64, from database: Database) -> Int {
        let index = (second - Self.first) >> Self.shift
        guard index >= 0, index < Self.count else { return database.offset(second) }
        var address = stretches[Int(index)].load(ordering: .acquiring)
        if address == 0 {
            let found = Unmanaged.passRetained(Stretch(start: Self.first + index << Self.shift, length: 1 << Self.shift, database: database))
            let mine = UInt(bitPattern: found.toOpaque())
            let (stored, current) = stretches[Int(index)].compareExchange(expected: 0, desired: mine, ordering: .acquiringAndReleasing)
            if stored { address = mine } else { found.release(); address = current }
        }
        return Self.stretch(at: address)._withUnsafeGuaranteedRef { $0.offset(at: second) }
    }

    private static func stretch(at address: UInt) -> Unmanaged<Stretch> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
    }

    /// The offset at the start of a stretch and each change within it.
    private final class Stretch {
        let initial: Int
        let changes: UnsafeMutableBufferPointer<(second: Int64, offset: Int)>

        init(start: Int64, length: Int64, database: Database) {
            initial = database.offset(start)
            let changes = Self.told(start: start, length: length, initial: initial, database: database)
                ?? Self.probed(start: start, length: length, initial: initial, database: database.offset)
            self.changes = .allocate(capacity: changes.count)
            _ = self.changes.initialize(from: changes)
        }

        /// The changes in the stretch as the database tells of them, when each is where it
        /// says (the old offset the second before, the new one at it), there are not more
        /// than a few, and they give the database's offset at the start of every day; nil
        /// otherwise.
        private static func told(start: Int64, length: Int64, initial: Int, database: Database) -> [(second: Int64, offset: Int)]? {
            var changes: [(second: Int64, offset: Int)] = []
            var known = (second: start, offset: initial)
            var told = 0
            while let change = database.nextChange(known.second), change < start + length {
                // A zone changes its clocks a few times a year; more is not believed.
                told += 1
                guard told <= 64, change > known.second, database.offset(change - 1) == known.offset else { return nil }
                let offset = database.offset(change)
                if offset != known.offset { changes.append((change, offset)) }
                known = (change, offset)
            }
            for day in stride(from: start, to: start + length, by: 86_400) {
                let offset = changes.last { $0.second <= day }?.offset ?? initial
                guard offset == database.offset(day) else { return nil }
            }
            return changes
        }

        /// The changes in the stretch found by asking the database at every hour.
        private static func probed(start: Int64, length: Int64, initial: Int, database: (Int64) -> Int) -> [(second: Int64, offset: Int)] {
            var changes: [(second: Int64, offset: Int)] = []
            var known = (second: start, offset: initial)
            for hour in stride(from: start + 3600, through: start + length, by: 3600) {
                let offset = database(hour)
                // Each change between the last known second and this hour (two in one hour
                // are told apart: the first second that differs is found, then from there on).
                while known.offset != offset {
                    let change = Self.firstSecond(after: known.second, through: hour, differingFrom: known.offset, database)
                    known = (change, database(change))
                    if change < start + length { changes.append(known) }
                }
                known = (hour, offset)
            }
            return changes
        }

        deinit {
            changes.deallocate()
        }

        /// The first second in (`low`, `high`] whose offset is not `offset`, which `high`'s is not.
        private static func firstSecond(after low: Int64, through high: Int64, differingFrom offset: Int,
                                        _ database: (Int64) -> Int) -> Int64 {
            var low = low, high = high
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if database(middle) == offset { low = middle } else { high = middle }
            }
            return high
        }

        func offset(at second: Int64) -> Int {
            var offset = initial
            for change in changes {
                guard second >= change.second else { break }
                offset = change.offset
            }
            return offset
        }
    }
}

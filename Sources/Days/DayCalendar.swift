import Timekeeping

/// A child's day: the half-open interval from `date` at the day start to the next
/// date at the day start. Across a DST change it is 23 or 25 hours long.
public struct DayWindow: Sendable, Equatable {
    public let date: LocalDate
    public let start: Instant
    public let end: Instant

    public init(date: LocalDate, start: Instant, end: Instant) {
        self.date = date
        self.start = start
        self.end = end
    }

    /// How long the day is: usually 24 hours.
    public var length: Duration { end - start }

    /// Whether `instant` falls in this day.
    public func contains(_ instant: Instant) -> Bool {
        instant >= start && instant < end
    }
}

/// Where days begin and end for a family: a zone and a day-start time.
public struct DayCalendar: Sendable, Equatable {
    public let zone: Zone
    public let dayStart: TimeOfDay

    public init(zone: Zone, dayStart: TimeOfDay) {
        self.zone = zone
        self.dayStart = dayStart
    }

    /// The instant at which `date`'s day begins.
    public func start(of date: LocalDate) -> Instant {
        zone.instant(on: date, at: dayStart)
    }

    /// The window of `date`.
    public func window(of date: LocalDate) -> DayWindow {
        DayWindow(date: date, start: start(of: date), end: start(of: date.adding(days: 1)))
    }

    /// The day whose window contains `instant`.
    public func date(containing instant: Instant) -> LocalDate {
        let date = zone.localDateTime(at: instant).date
        // Before today's day start, the instant still belongs to yesterday.
        return instant < start(of: date) ? date.adding(days: -1) : date
    }
}

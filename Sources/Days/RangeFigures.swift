import Timekeeping

/// One per-day figure over a range of days: its mean, lowest and highest.
public struct RangeStatistic: Sendable, Equatable {
    public let mean: Double
    public let minimum: Double
    public let maximum: Double
    /// How many days had a value.
    public let days: Int
}

/// The per-day figures that ranges (weeks, months, visit summaries) average.
public enum DayMetric: String, Sendable, CaseIterable {
    case feeds, breastFeeds, startedLeft, startedRight, breastMinutes, bottleML
    case wet, dirty, totalSleep, nightSleep, napSleep, longestStretch, feedingInterval

    /// The routine kind the figure counts: a day that did not log it has no value.
    public var kind: RoutineKinds {
        switch self {
        case .feeds, .breastFeeds, .startedLeft, .startedRight, .breastMinutes, .bottleML, .feedingInterval: .feeds
        case .wet: .wet
        case .dirty: .dirty
        case .totalSleep, .nightSleep, .napSleep, .longestStretch: .sleep
        }
    }

    /// The value of this figure on a day; nil when the day has none (its kind not logged,
    /// no sleep started, no feeding interval ended).
    public func value(_ summary: DaySummary) -> Double? {
        guard summary.logged.contains(kind) else { return nil }
        return switch self {
        case .feeds: Double(summary.feedings.count)
        case .breastFeeds: Double(summary.feedings.breastCount)
        case .startedLeft: Double(summary.feedings.startedLeft)
        case .startedRight: Double(summary.feedings.startedRight)
        case .breastMinutes: summary.feedings.breastMinutes
        case .bottleML: summary.feedings.knownBottleML
        case .wet: Double(summary.diapers.wet)
        case .dirty: Double(summary.diapers.dirty)
        case .totalSleep: Double(summary.sleep.totalSeconds)
        case .nightSleep: Double(summary.sleep.nightSeconds)
        case .napSleep: Double(summary.sleep.napSeconds)
        case .longestStretch: summary.sleep.longest.map { Double($0.length.roundedSeconds) }
        case .feedingInterval: summary.feedings.loggedIntervals.count > 0 ? Double(summary.feedings.loggedIntervals.meanSeconds) : nil
        }
    }

    /// Whether the value is a duration in seconds.
    public var isDuration: Bool {
        [.totalSleep, .nightSleep, .napSleep, .longestStretch, .feedingInterval].contains(self)
    }
}

/// Averages over the whole days of a range that have anything logged: a day nobody
/// logged would read as a day without feeds or sleep, and the two days logging only
/// partly covers would read as short days — the day logging began, and the export's
/// own day, which stops at the export.
public struct RangeFigures: Sendable {
    /// The days counted.
    public let days: [Day]

    /// The figures of `days`, counting those with entries that lie wholly between the
    /// start of logging and the export.
    public init(days: [Day], loggingStarted: Instant?, exportedAt: Instant) {
        self.days = days.filter { Self.counts($0, loggingStarted: loggingStarted, exportedAt: exportedAt) }
    }

    /// Whether `day` is counted: it has entries, and logging covers it whole.
    public static func counts(_ day: Day, loggingStarted: Instant?, exportedAt: Instant) -> Bool {
        !day.isEmpty && !isPartial(day, loggingStarted: loggingStarted, exportedAt: exportedAt)
    }

    /// Whether `day` is one of the two that logging covers only in part.
    public static func isPartial(_ day: Day, loggingStarted: Instant?, exportedAt: Instant) -> Bool {
        day.window.end > exportedAt || loggingStarted.map { day.window.start < $0 } ?? false
    }

    /// The counted days' bottles: how many there were, and how many have an amount.
    public var bottles: (all: Int, withAmount: Int) {
        days.reduce((0, 0)) { ($0.0 + $1.summary.feedings.bottleCount, $0.1 + $1.summary.feedings.bottlesWithAmount) }
    }

    /// Gaps between feeds left out of the counted days' figures because a day with no
    /// feed logged lies inside them.
    public var unloggedIntervals: Int {
        days.reduce(0) { $0 + $1.summary.feedings.unloggedIntervals }
    }

    /// How many of the counted days logged `kind`.
    public func daysLogging(_ kind: RoutineKinds) -> Int {
        days.reduce(0) { $0 + ($1.summary.logged.contains(kind) ? 1 : 0) }
    }

    /// The statistic of `metric`, or nil when no counted day has a value.
    public func statistic(_ metric: DayMetric) -> RangeStatistic? {
        let values = days.compactMap { metric.value($0.summary) }
        guard let minimum = values.min(), let maximum = values.max() else { return nil }
        return RangeStatistic(mean: values.reduce(0, +) / Double(values.count), minimum: minimum, maximum: maximum, days: values.count)
    }
}

import Timekeeping

/// The figures of a pediatrician visit summary: a range of a child's days, their
/// per-day means with lowest and highest, and the change against the period of the same
/// length just before it.
public struct VisitSummary: Sendable {
    /// Every day of the range, empty ones included, in date order.
    public let days: [Day]
    /// The days counted in the range's means.
    public let figures: RangeFigures
    /// The same number of days just before the range (those in the archive).
    public let previousDays: [Day]
    /// The previous period's figures, or nil when it has no day to count.
    public let previous: RangeFigures?

    /// The summary of `range` (clamped to the archive) in `child`'s days.
    public init(child: ChildDays, range: ClosedRange<LocalDate>, exportedAt: Instant) {
        let days = child.days.filter { range.contains($0.date) }
        let length = range.upperBound.days(since: range.lowerBound) + 1
        let previousRange = range.lowerBound.adding(days: -length)...range.lowerBound.adding(days: -1)
        let previousDays = child.days.filter { previousRange.contains($0.date) }
        self.days = days
        self.figures = RangeFigures(days: days, loggingStarted: child.loggingStarted, exportedAt: exportedAt)
        self.previousDays = previousDays
        let previous = RangeFigures(days: previousDays, loggingStarted: child.loggingStarted, exportedAt: exportedAt)
        self.previous = previous.days.isEmpty ? nil : previous
    }

    /// This range's statistic for `metric`.
    public func statistic(_ metric: DayMetric) -> RangeStatistic? {
        figures.statistic(metric)
    }

    /// This range's mean minus the previous period's, when both have a value.
    public func change(_ metric: DayMetric) -> Double? {
        guard let now = figures.statistic(metric), let before = previous?.statistic(metric) else { return nil }
        return now.mean - before.mean
    }

    /// The default range: the 14 days ending with the export's day.
    public static func defaultRange(endingOn last: LocalDate) -> ClosedRange<LocalDate> {
        last.adding(days: -13)...last
    }
}

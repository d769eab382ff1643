import Timekeeping

/// A figure's days gathered by week: each week's median and the band from its 25th to its
/// 75th percentile (linear between the two nearest values, as spreadsheets' PERCENTILE).
public struct WeeklySpread: Sendable, Equatable {
    /// One week: its first day, how many of its days have a value, and their spread.
    public struct Week: Sendable, Equatable {
        public let start: LocalDate
        public let days: Int
        public let median: Double
        public let lower: Double
        public let upper: Double
    }

    public let weeks: [Week]

    /// The weeks of `values` (a value or nil for each date), each starting on
    /// `firstWeekday` (1 = Monday … 7 = Sunday); weeks with no value are left out.
    public init(_ values: [(date: LocalDate, value: Double?)], firstWeekday: Int) {
        self.init(values) { date in date.adding(days: -((date.weekday - firstWeekday + 7) % 7)) }
    }

    /// The weeks of `values` (in date order), each day's week beginning on `weekStart(date)`:
    /// by the calendar, or by the child's age.
    public init(_ values: [(date: LocalDate, value: Double?)], weekStart: (LocalDate) -> LocalDate) {
        var weeks: [Week] = []
        var start: LocalDate?
        var current: [Double] = []
        func finish() {
            guard let start, !current.isEmpty else { return }
            current.sort()
            weeks.append(Week(start: start, days: current.count, median: Self.percentile(current, 0.5),
                              lower: Self.percentile(current, 0.25), upper: Self.percentile(current, 0.75)))
        }
        for (date, value) in values {
            let begins = weekStart(date)
            if begins != start {
                finish()
                start = begins
                current = []
            }
            if let value { current.append(value) }
        }
        finish()
        self.weeks = weeks
    }

    /// The `fraction` percentile of `sorted` (not empty), linear between neighbours.
    public static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        let position = fraction * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }
}

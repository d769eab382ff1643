import Timekeeping

/// What sample to make. The same options always give the same bytes.
public struct SampleOptions: Sendable, Equatable {
    /// How many children (1 through 8).
    public var children = 2
    /// How many days of data, ending with ``end``.
    public var days = 300
    /// The seed of the random patterns.
    public var seed: UInt64 = 1
    /// The export's date; the export is made at 22:00 that evening, local time.
    public var end = SampleOptions.defaultEnd
    /// Adds the data problems of docs/inputs.md, so that validation has something to show.
    public var messy = false

    public init(children: Int = 2, days: Int = 300, seed: UInt64 = 1, end: LocalDate = SampleOptions.defaultEnd, messy: Bool = false) {
        self.children = children
        self.days = days
        self.seed = seed
        self.end = end
        self.messy = messy
    }

    /// 2026-11-21: 300 days back from it cross both 2026 DST changes in Chicago.
    public static let defaultEnd = LocalDate(year: 2026, month: 11, day: 21)!
    /// The family's zone.
    public static let zone = Zone(identifier: "America/Chicago")!
    /// The family's day start.
    public static let dayStart = TimeOfDay(hour: 7, minute: 0)!
    /// The most children a sample can have.
    public static let maximumChildren = 8
}

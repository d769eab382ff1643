import Timekeeping

/// Gaps ending in a day (wake windows, feeding intervals): how many, mean, longest.
public struct GapFigures: Sendable, Equatable {
    public private(set) var count = 0
    public private(set) var total = Duration.zero
    public private(set) var longest = Duration.zero

    public init() {}

    /// Counts one more gap.
    public mutating func add(_ gap: Duration) {
        count += 1
        total += gap
        longest = max(longest, gap)
    }

    /// The mean in whole seconds, rounded to the nearest (halves up).
    public var meanSeconds: Int64 {
        guard count > 0 else { return 0 }
        let divisor = Int64(count) * 1000
        return (total.milliseconds * 2 + divisor) / (divisor * 2)
    }

    /// The mean as a duration, to the second.
    public var mean: Duration { .seconds(meanSeconds) }
}

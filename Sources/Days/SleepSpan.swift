import Dataset
import Timekeeping

/// One stretch of sleep: a logged sleep, or several overlapping ones merged so that
/// every moment asleep is counted once.
public struct SleepSpan: Sendable, Equatable {
    public let start: Instant
    /// The end; for a sleep still in progress, the export time.
    public let end: Instant
    /// Whether the stretch was still going when the export was made.
    public let isOngoing: Bool
    /// The logged sleeps that make up this stretch (more than one only when they overlap).
    public let sleeps: [Sleep]

    /// The whole length, not clipped to any day.
    public var length: Duration { end - start }

    /// `sleeps` (sorted by start) merged wherever one starts before the previous ended.
    /// An ongoing sleep lasts until `exportedAt`.
    public static func merging(_ sleeps: [Sleep], exportedAt: Instant) -> [SleepSpan] {
        var spans: [SleepSpan] = []
        for sleep in sleeps {
            let end = sleep.endedAt ?? max(exportedAt, sleep.startedAt)
            if let last = spans.last, sleep.startedAt < last.end {
                spans[spans.count - 1] = SleepSpan(
                    start: last.start,
                    end: max(last.end, end),
                    isOngoing: last.isOngoing || sleep.isOngoing,
                    sleeps: last.sleeps + [sleep]
                )
            } else {
                spans.append(SleepSpan(start: sleep.startedAt, end: end, isOngoing: sleep.isOngoing, sleeps: [sleep]))
            }
        }
        return spans
    }
}

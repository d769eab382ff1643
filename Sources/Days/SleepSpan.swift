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
    /// An ongoing sleep lasts until `exportedAt`; one never ended in the app
    /// (``Sleep/isUnended(exportedAt:)``) is no stretch at all.
    public static func merging(_ sleeps: [Sleep], exportedAt: Instant) -> [SleepSpan] {
        var spans: [SleepSpan] = []
        // The stretch being gathered, grown in place (a copy of its sleeps for each one
        // merged made a day of many overlapping sleeps take minutes).
        var current: (start: Instant, end: Instant, isOngoing: Bool, sleeps: [Sleep])?
        func finish() {
            guard let done = current else { return }
            spans.append(SleepSpan(start: done.start, end: done.end, isOngoing: done.isOngoing, sleeps: done.sleeps))
        }
        for sleep in sleeps where !sleep.isUnended(exportedAt: exportedAt) {
            let end = sleep.endedAt ?? max(exportedAt, sleep.startedAt)
            // Only the end read, so that the sleeps are not shared when one is appended.
            if let stretchEnd = current?.end, sleep.startedAt < stretchEnd {
                current!.end = max(stretchEnd, end)
                current!.isOngoing = current!.isOngoing || sleep.isOngoing
                current!.sleeps.append(sleep)
            } else {
                finish()
                current = (sleep.startedAt, end, sleep.isOngoing, [sleep])
            }
        }
        finish()
        return spans
    }
}

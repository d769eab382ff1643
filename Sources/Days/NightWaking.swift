import Dataset
import Timekeeping

/// A time awake between two stretches of night sleep: the sleep diary's mark of a
/// waking, counted by the day its waking starts in.
public struct NightWaking: Sendable, Equatable {
    /// When the stretch before ended.
    public let start: Instant
    /// When the next stretch began.
    public let end: Instant

    public var length: Duration { end - start }
}

extension ChildDays {
    /// The wakings starting in the day at `index`: gaps between two stretches of sleep
    /// that both began outside the nap hours (``Settings/isNap(startingAt:)``), so a
    /// morning's rise before the first nap, or an evening nap before bed, is none. The
    /// next day's stretches are read too: a night crossing the day start wakes once,
    /// counted where it woke.
    public func nightWakings(at index: Int, settings: Settings) -> [NightWaking] {
        guard days.indices.contains(index) else { return [] }
        let day = days[index]
        var spans = day.sleepSpans
        if index + 1 < days.count, let last = spans.last {
            spans += days[index + 1].sleepSpans.filter { $0.start > last.start }
        }
        let zone = settings.zone
        func isNight(_ span: SleepSpan) -> Bool {
            !settings.isNap(startingAt: zone.localDateTime(at: span.start).timeOfDay)
        }
        var wakings: [NightWaking] = []
        for (before, after) in zip(spans, spans.dropFirst())
        where before.end < after.start && day.window.contains(before.end) && isNight(before) && isNight(after) {
            wakings.append(NightWaking(start: before.end, end: after.start))
        }
        return wakings
    }
}

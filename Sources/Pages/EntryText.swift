import Dataset
import Days
import Export
import Timekeeping

/// The detail line of each kind of entry: `Left breast → right · 18 min`,
/// `Bottle · 90 ml`, `Pee + poop`, `9:05 PM – 2:50 AM · 5h 45m`.
public enum EntryText {
    public static func feeding(_ feeding: Feeding, units: Units) -> String {
        var parts: [String] = []
        switch feeding.type {
        case .breast:
            switch (feeding.startedSide, feeding.bothSides) {
            case (.left?, false): parts.append(Format.text("breast_left"))
            case (.right?, false): parts.append(Format.text("breast_right"))
            case (.left?, true): parts.append(Format.text("breast_left_then_right"))
            case (.right?, true): parts.append(Format.text("breast_right_then_left"))
            case (nil, true): parts.append(Format.text("breast_both"))
            case (nil, false): parts.append(Format.text("breast"))
            }
        case .bottle:
            parts.append(Format.text("bottle"))
            if let ml = feeding.amountML {
                parts.append(Format.volume(ml: ml, in: units.volume))
            }
        }
        if let minutes = feeding.durationMinutes {
            parts.append(Format.minutes(minutes))
        }
        return parts.joined(separator: " · ")
    }

    /// `Pee`, `Poop · yellow`, `Pee + poop · pale`, `Dry`.
    /// `Poop · yellow · watery (diarrhoea) · small`: the change, then the stool as logged.
    public static func diaper(_ diaper: Diaper) -> String {
        let type = Format.text("diaper_" + diaper.type.rawValue)
        // Most changes say no more: no list made for each of years of diapers.
        guard diaper.isDirty, diaper.stoolColor != nil || diaper.stoolConsistency != nil || diaper.stoolAmount != nil else { return type }
        return ([type] + stool(diaper)).joined(separator: " · ")
    }

    /// The stool's colour, consistency and amount, each where the app logged it.
    static func stool(_ diaper: Diaper) -> [String] {
        [diaper.stoolColor.map(Format.stoolColor), diaper.stoolConsistency.map(Format.stoolConsistency),
         diaper.stoolAmount.map { Format.text("stool_amount_" + $0.rawValue) }].compactMap { $0 }
    }

    /// The detail of a sleep listed at its start time: `until 2:50 AM · 5h 45m` (the start
    /// is the row's time already).
    public static func sleep(_ sleep: Sleep, zone: Zone, exportedAt: Instant) -> String {
        guard let end = sleep.endedAt else {
            if sleep.isUnended(exportedAt: exportedAt) { return Format.text("sleep_not_ended") }
            let sofar = max(exportedAt, sleep.startedAt) - sleep.startedAt
            return Format.text("sleep_ongoing", ["length": Format.duration(sofar)])
        }
        return Format.text("sleep_until", ["end": Format.time(end, in: zone), "length": Format.duration(end - sleep.startedAt)])
    }

    /// A stretch of sleep that began before the day and reaches into it, listed at the day's
    /// start: `since 9:05 PM the day before, until 2:50 AM · 5h 45m in all`.
    public static func continued(_ span: SleepSpan, zone: Zone, dayStart: Instant) -> String {
        let local = zone.localDateTime(at: span.start)
        let start = Format.time(span.start, in: zone)
        let since = zone.localDateTime(at: dayStart).date.days(since: local.date) == 1
            ? Format.text("sleep_since_day_before", ["start": start])
            : Format.text("sleep_since_date", ["start": start, "date": Format.shortDate(local.date)])
        guard !span.isOngoing else { return Format.text("sleep_continued_ongoing", ["since": since, "length": Format.duration(span.length)]) }
        return Format.text("sleep_continued", ["since": since, "end": Format.time(span.end, in: zone), "length": Format.duration(span.length)])
    }

    /// What a flag means, in a few words (a bottle's bound in the family's unit).
    public static func flag(_ flag: EventFlag, units: Units) -> String {
        switch flag {
        case .afterExport: Format.text("flag_after_export")
        case .longSleep: Format.text("flag_long_sleep")
        case .largeBottle: Format.text("flag_large_bottle", ["amount": Format.volume(ml: plausibleBottleML, in: units.volume)])
        case .overlappingSleep: Format.text("flag_overlapping_sleep")
        }
    }
}

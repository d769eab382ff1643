import Dataset
import Days
import Export
import Timekeeping

/// The detail line of each kind of entry: `Left breast → right · 18 min`,
/// `Bottle · 90 ml`, `Pee + poop`, `9:05 PM – 2:50 AM · 5h 45m`.
public enum EntryText {
    public static func feeding(_ feeding: Feeding, units: VolumeUnit) -> String {
        var parts: [String] = []
        switch feeding.type {
        case .breast:
            switch (feeding.startedSide, feeding.bothSides) {
            case (.left?, false): parts.append("Left breast")
            case (.right?, false): parts.append("Right breast")
            case (.left?, true): parts.append("Left breast → right")
            case (.right?, true): parts.append("Right breast → left")
            case (nil, true): parts.append("Both breasts")
            case (nil, false): parts.append("Breast")
            }
        case .bottle:
            parts.append("Bottle")
            if let ml = feeding.amountML {
                parts.append(Format.volume(ml: ml, in: units))
            }
        }
        if let minutes = feeding.durationMinutes {
            parts.append(Format.minutes(minutes))
        }
        return parts.joined(separator: " · ")
    }

    /// `Pee`, `Poop · yellow`, `Pee + poop · pale`, `Dry`.
    public static func diaper(_ diaper: Diaper) -> String {
        let type = switch diaper.type {
        case .pee: "Pee"
        case .poop: "Poop"
        case .both: "Pee + poop"
        case .dry: "Dry"
        }
        guard let color = diaper.stoolColor, diaper.isDirty else { return type }
        return "\(type) · \(color.rawValue)"
    }

    /// The detail of a sleep listed at its start time: `until 2:50 AM · 5h 45m` (the start
    /// is the row's time already).
    public static func sleep(_ sleep: Sleep, zone: Zone, exportedAt: Instant) -> String {
        guard let end = sleep.endedAt else {
            let sofar = max(exportedAt, sleep.startedAt) - sleep.startedAt
            return "still asleep at export · \(Format.duration(sofar)) so\u{00A0}far"
        }
        return "until \(Format.time(end, in: zone)) · \(Format.duration(end - sleep.startedAt))"
    }

    /// A stretch of sleep that began before the day and reaches into it, listed at the day's
    /// start: `since 9:05 PM the day before, until 2:50 AM · 5h 45m in all`.
    public static func continued(_ span: SleepSpan, zone: Zone, dayStart: Instant) -> String {
        let local = zone.localDateTime(at: span.start)
        let began = zone.localDateTime(at: dayStart).date.days(since: local.date) == 1 ? "the day before" : Format.shortDate(local.date)
        let since = "since \(Format.time(span.start, in: zone)) \(began)"
        guard !span.isOngoing else { return since + ", still asleep at export · \(Format.duration(span.length)) so\u{00A0}far" }
        return since + ", until \(Format.time(span.end, in: zone)) · \(Format.duration(span.length)) in all"
    }

    /// What a flag means, in a few words.
    public static func flag(_ flag: EventFlag) -> String {
        switch flag {
        case .afterExport: "logged for after the export"
        case .longSleep: "longer than 24 hours"
        case .largeBottle: "more than 500 ml"
        case .overlappingSleep: "overlaps another sleep"
        }
    }
}

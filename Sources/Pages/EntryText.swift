import Dataset
import Source
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
            parts.append("\(Format.number(minutes)) min")
        }
        return parts.joined(separator: " · ")
    }

    public static func diaper(_ diaper: Diaper) -> String {
        switch diaper.type {
        case .pee: "Pee"
        case .poop: "Poop"
        case .both: "Pee + poop"
        }
    }

    public static func sleep(_ sleep: Sleep, zone: Zone, exportedAt: Instant) -> String {
        let start = Format.time(sleep.startedAt, in: zone)
        guard let end = sleep.endedAt else {
            let sofar = max(exportedAt, sleep.startedAt) - sleep.startedAt
            return "\(start) – still asleep at export · \(sofar.hoursAndMinutes) so far"
        }
        return "\(start) – \(Format.time(end, in: zone)) · \((end - sleep.startedAt).hoursAndMinutes)"
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

import Foundation
import Timekeeping

extension ChildDays {
    /// `days.json` as §4.3 specifies: a small header, then one day per line, so a
    /// year of days stays readable and diffs line by line. Same days, same bytes.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func line(_ value: some Encodable) -> String {
            // Encoding these plain structs cannot fail.
            String(decoding: try! encoder.encode(value), as: UTF8.self)
        }
        let zone = calendar.zone
        let dayLines = days.map { line(DayJSON(day: $0, zone: zone)) }
        let text = """
        {
          "child": \(line(ChildJSON(id: child.id, name: child.name, date_of_birth: child.dateOfBirth?.description))),
          "timezone": \(line(zone.identifier)),
          "day_start": \(line(calendar.dayStart.description)),
          "days": \(dayLines.isEmpty ? "[]" : "[\n    " + dayLines.joined(separator: ",\n    ") + "\n  ]")
        }

        """
        return Data(text.utf8)
    }
}

// The JSON shapes of §4.3, field for field. Keys are written sorted: JSONEncoder keeps
// no declaration order, and sorted keys make the same days give the same bytes.

private struct ChildJSON: Encodable {
    let id: String
    let name: String
    let date_of_birth: String?

    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Keys.self)
        try object.encode(id, forKey: .id)
        try object.encode(name, forKey: .name)
        try object.encode(date_of_birth, forKey: .date_of_birth)
    }

    enum Keys: String, CodingKey { case id, name, date_of_birth }
}

private struct DayJSON: Encodable {
    let date: String
    let start: String
    let end: String
    let feedings: Feedings
    let diapers: Diapers
    let sleep: SleepJSON
    let notes: Notes

    init(day: Day, zone: Zone) {
        let summary = day.summary
        date = day.date.description
        start = ISO8601.string(from: day.window.start, in: zone)
        end = ISO8601.string(from: day.window.end, in: zone)
        let f = summary.feedings
        feedings = Feedings(
            count: f.count,
            breast: .init(count: f.breastCount, left: f.startedLeft, right: f.startedRight,
                          both_sides: f.bothSides, minutes: f.breastMinutes),
            bottle: .init(count: f.bottleCount, ml: f.bottleML),
            interval_seconds: GapJSON(f.intervals, counted: false)
        )
        let d = summary.diapers
        diapers = Diapers(count: d.count, pee: d.pee, poop: d.poop, both: d.both, wet: d.wet, dirty: d.dirty)
        let s = summary.sleep
        sleep = SleepJSON(
            total_seconds: s.totalSeconds, nap_seconds: s.napSeconds, night_seconds: s.nightSeconds,
            started: s.started, longest_seconds: s.longest?.length.roundedSeconds,
            longest_started_at: s.longest.map { ISO8601.string(from: $0.start, in: zone) },
            ongoing: s.ongoing, wake_window_seconds: GapJSON(s.wakeWindows, counted: true)
        )
        notes = Notes(count: summary.noteCount)
    }

    struct Feedings: Encodable {
        let count: Int
        let breast: Breast
        let bottle: Bottle
        let interval_seconds: GapJSON?

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Keys.self)
            try object.encode(count, forKey: .count)
            try object.encode(breast, forKey: .breast)
            try object.encode(bottle, forKey: .bottle)
            try object.encode(interval_seconds, forKey: .interval_seconds)
        }

        enum Keys: String, CodingKey { case count, breast, bottle, interval_seconds }
    }

    struct Breast: Encodable {
        let count, left, right, both_sides: Int
        let minutes: Double
    }

    struct Bottle: Encodable {
        let count: Int
        let ml: Double
    }

    struct Diapers: Encodable {
        let count, pee, poop, both, wet, dirty: Int
    }

    struct SleepJSON: Encodable {
        let total_seconds, nap_seconds, night_seconds: Int64
        let started: Int
        let longest_seconds: Int64?
        let longest_started_at: String?
        let ongoing: Bool
        let wake_window_seconds: GapJSON?

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Keys.self)
            try object.encode(total_seconds, forKey: .total_seconds)
            try object.encode(nap_seconds, forKey: .nap_seconds)
            try object.encode(night_seconds, forKey: .night_seconds)
            try object.encode(started, forKey: .started)
            try object.encode(longest_seconds, forKey: .longest_seconds)
            try object.encode(longest_started_at, forKey: .longest_started_at)
            try object.encode(ongoing, forKey: .ongoing)
            try object.encode(wake_window_seconds, forKey: .wake_window_seconds)
        }

        enum Keys: String, CodingKey {
            case total_seconds, nap_seconds, night_seconds, started, longest_seconds, longest_started_at, ongoing, wake_window_seconds
        }
    }

    struct Notes: Encodable {
        let count: Int
    }
}

/// `{count, mean, longest}` in seconds, or null when no gap ends in the day.
/// Feeding intervals in §4.3 carry mean and longest only; wake windows add the count.
private struct GapJSON: Encodable {
    let count: Int?
    let mean: Int64
    let longest: Int64

    init?(_ gaps: GapFigures, counted: Bool) {
        guard gaps.count > 0 else { return nil }
        count = counted ? gaps.count : nil
        mean = gaps.meanSeconds
        longest = gaps.longest.roundedSeconds
    }
}

import Dataset
import Days
import Export
import Timekeeping

/// The temperatures of a visit summary's range: the highest reading of each day with one,
/// the times of any fever, and each fever with the doses given after it. A reading is a
/// fever by the threshold for the child's age when it was taken (``AgeContext``); without
/// a birthday, by 38.0 °C.
struct FeverList {
    /// Fever readings less than this far apart make one episode, and a dose this long
    /// after an episode's last reading is counted as given after it.
    static let episodeGap = Duration(milliseconds: 12 * 3_600_000)

    struct Episode {
        /// The readings at or above the threshold, in time order.
        let readings: [Temperature]
        /// `38.0 °C or more under 3 months`.
        let rule: String
        /// Doses of any medicine from the first reading to ``episodeGap`` after the last.
        let dosesAfter: [Medication]
    }

    let episodes: [Episode]
    /// `| Day | Readings | Highest | Fever at |`, or nil without a reading in the range.
    let table: String?

    init(days: [Day], born: LocalDate?, zone: Zone, units: Units) {
        let readings = days.flatMap(\.health.temperatures).sorted { $0.occurredAt < $1.occurredAt }
        let doses = days.flatMap(\.health.medications).sorted { $0.occurredAt < $1.occurredAt }
        let fevers = readings.filter { AgeContext.isFever($0, born: born, zone: zone) }
        episodes = Self.episodes(of: fevers).map { readings in
            let start = readings[0].occurredAt, end = readings[readings.count - 1].occurredAt + Self.episodeGap
            return Episode(readings: readings, rule: AgeContext.fever(born: born, on: zone.localDateTime(at: start).date, in: units.temperature).rule,
                           dosesAfter: doses.filter { $0.occurredAt >= start && $0.occurredAt <= end })
        }
        table = readings.isEmpty ? nil : Self.table(days: days, fevers: Set(fevers.map(\.info.index)), zone: zone, units: units)
    }

    /// Fever readings grouped where each is less than ``episodeGap`` after the one before.
    static func episodes(of fevers: [Temperature]) -> [[Temperature]] {
        var groups: [[Temperature]] = []
        for reading in fevers {
            if let last = groups.last?.last, reading.occurredAt - last.occurredAt < episodeGap {
                groups[groups.count - 1].append(reading)
            } else {
                groups.append([reading])
            }
        }
        return groups
    }

    static func table(days: [Day], fevers: Set<Int>, zone: Zone, units: Units) -> String {
        let headings = ["day", "readings", "highest", "fever_at_heading"].map { Format.text($0) }
        var text = "| " + headings.joined(separator: " | ") + " |\n|---|---:|---:|---|\n"
        for day in days where !day.health.temperatures.isEmpty {
            let readings = day.health.temperatures
            let highest = readings.max { $0.celsius < $1.celsius }!
            let feverTimes = readings.filter { fevers.contains($0.info.index) }
                .map { Format.unbroken(Format.time($0.occurredAt, in: zone)) + " " + Format.temperature(celsius: $0.celsius, in: units.temperature) }
            text += "| \(Format.unbroken(Format.shortDate(day.date))) | \(Format.language.formats.integer(readings.count)) | "
                + "\(Format.temperature(celsius: highest.celsius, in: units.temperature)) \(Format.unbroken(Format.text("at_time", ["time": Format.time(highest.occurredAt, in: zone)]))) | "
                + (feverTimes.isEmpty ? "–" : Format.language.list(feverTimes)) + " |\n"
        }
        return text
    }

    /// `38.4 °C at 2:40 AM on Sat, Nov 21, at 3 weeks 6 days old (38.0 °C or more under 3
    /// months).` and the doses after it: `Given after: Paracetamol · 2.5 ml at 3:05 AM.`
    func lines(born: LocalDate?, zone: Zone, units: Units) -> [String] {
        episodes.map { episode in
            let first = episode.readings[0]
            let date = zone.localDateTime(at: first.occurredAt).date
            let readings = episode.readings.map { reading in
                let value = Format.temperature(celsius: reading.celsius, in: units.temperature), time = Format.unbroken(Format.time(reading.occurredAt, in: zone))
                let day = zone.localDateTime(at: reading.occurredAt).date
                let said = day == date ? time : Format.time(time, onDate: Format.unbroken(Format.shortDate(day)))
                return Format.text("value_at_time", ["value": value, "time": said])
            }
            let age = born.flatMap { Format.age(born: $0, on: date) }
            let values: KeyValuePairs<String, String> = ["readings": Format.language.list(readings), "date": Format.unbroken(Format.shortDate(date)),
                                                         "age": age ?? "", "rule": episode.rule]
            var text = Format.text(age == nil ? "fever_readings_on" : "fever_readings_on_at_age", values)
            if episode.dosesAfter.isEmpty {
                text += " " + Format.text("no_medicine_after")
            } else {
                text += " " + Format.text("given_after", ["doses": episode.dosesAfter.map { dose in
                    Format.text("medicine_at", ["name": MedicineTable.name(dose), "time": Format.unbroken(Format.time(dose.occurredAt, in: zone))])
                }.joined(separator: Format.text("clause_separator"))])
            }
            return text
        }
    }
}

import Dataset
import Days
import Timekeeping

/// The medication of a range, one line per medicine and dose: one given on most days as
/// `Vitamin D, 1 drop: on 13 of 14 days`, any other with each time it was given,
/// `Paracetamol, 2.5 ml: Fri, Nov 20, 1:10 PM; Sat, Nov 21, 12:33 PM`.
struct MedicationList {
    let lines: [String]

    init(days: [Day], zone: Zone) {
        var order: [String] = []
        var given: [String: [(date: LocalDate, time: Instant)]] = [:]
        for day in days {
            for medication in day.health.medications {
                let name = [medication.name, medication.dose].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
                if given[name] == nil { order.append(name) }
                given[name, default: []].append((day.date, medication.occurredAt))
            }
        }
        lines = order.map { name in
            let doses = given[name]!
            let dates = Set(doses.map(\.date))
            // Given on at least half the days, and on at least five: a daily medicine.
            if dates.count * 2 >= days.count && dates.count >= 5 {
                return "\(name): on \(dates.count) of \(Format.count(days.count, "day"))"
            }
            // By the calendar, as the clock read: a 6 AM dose before the day start is on its own date.
            let times = doses.map { Format.dayAndTime($0.time, in: zone) }
            return "\(name): \(times.joined(separator: "; "))"
        }
    }
}

import Foundation
import Dataset
import Days
import Export
import Timekeeping

/// Every medicine dose of a range, a row per medicine: its doses as written, how many, the
/// most on one day, the shortest interval between two doses (against the app's own
/// interval when it keeps one), and each dose's time, day by day.
struct MedicineTable {
    struct Medicine {
        let name: String
        var doses: [Medication]
    }

    let medicines: [Medicine]
    /// A dose given sooner after the one before than the interval the app set for it.
    let tooSoon: [String]

    init(days: [Day], zone: Zone) {
        var order: [String] = []
        var byName: [String: Medicine] = [:]
        for dose in days.flatMap(\.health.medications).sorted(by: { $0.occurredAt < $1.occurredAt }) {
            let key = dose.name.trimmingCharacters(in: .whitespaces).lowercased()
            if byName[key] == nil {
                order.append(key)
                byName[key] = Medicine(name: dose.name.trimmingCharacters(in: .whitespaces), doses: [])
            }
            byName[key]!.doses.append(dose)
        }
        medicines = order.map { byName[$0]! }
        tooSoon = medicines.flatMap { Self.tooSoon($0, zone: zone) }
    }

    /// `Paracetamol · 2.5 ml`, a dose as the family wrote it.
    static func name(_ dose: Medication) -> String {
        ([dose.name] + (dose.dose.map { [$0] } ?? [])).filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The doses of `medicine` given less than the app's interval after the one before.
    static func tooSoon(_ medicine: Medicine, zone: Zone) -> [String] {
        zip(medicine.doses, medicine.doses.dropFirst()).compactMap { before, dose in
            guard let allowed = before.nextDoseInterval else { return nil }
            let gap = dose.occurredAt - before.occurredAt
            guard gap < allowed else { return nil }
            return Format.text("dose_sooner_detail", ["name": medicine.name, "when": Format.dayAndTime(dose.occurredAt, in: zone),
                                                      "gap": Format.duration(gap), "allowed": Format.duration(allowed)])
        }
    }

    /// `| Medicine | Doses | Most in a day | Shortest interval | Given |`.
    func markdown(zone: Zone) -> String {
        let headings = ["medicine_heading", "doses", "most_in_a_day", "shortest_interval", "given"].map { Format.text($0) }
        var text = "| " + headings.joined(separator: " | ") + " |\n|---|---:|---:|---|---|\n"
        for medicine in medicines {
            let written = Array(Set(medicine.doses.compactMap(\.dose).filter { !$0.isEmpty })).sorted()
            let label = Markdown.escaped(medicine.name) + (written.isEmpty ? "" : " · " + written.map(Markdown.escaped).joined(separator: ", "))
            var perDay: [LocalDate: [Medication]] = [:]
            var dates: [LocalDate] = []
            for dose in medicine.doses {
                let date = zone.localDateTime(at: dose.occurredAt).date
                if perDay[date] == nil { dates.append(date) }
                perDay[date, default: []].append(dose)
            }
            let most = perDay.values.map(\.count).max() ?? 0
            let given = dates.map { date in
                Format.unbroken(Format.monthDay(date)) + ": " + perDay[date]!.map { Format.unbroken(Format.time($0.occurredAt, in: zone)) }.joined(separator: ", ")
            }.joined(separator: Format.text("clause_separator"))
            let integer = Format.language.formats.integer
            text += "| \(label) | \(integer(medicine.doses.count)) | \(integer(most)) | \(interval(medicine)) | \(given) |\n"
        }
        return text
    }

    /// `3h 10m (the app: every 4h)`, or `–` for a single dose.
    func interval(_ medicine: Medicine) -> String {
        let gaps = zip(medicine.doses, medicine.doses.dropFirst()).map { $1.occurredAt - $0.occurredAt }
        guard let shortest = gaps.min() else { return "–" }
        let set = medicine.doses.compactMap(\.nextDoseInterval).max()
        return Format.duration(shortest) + (set.map { Format.text("in_parentheses", ["text": Format.text("app_every", ["length": Format.duration($0)])]) } ?? "")
    }
}

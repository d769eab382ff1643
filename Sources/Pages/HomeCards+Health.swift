import Dataset
import Days
import Export
import Theme
import Timekeeping

extension HomeCards {
    /// The week's latest temperature (a fever of the last two days named as one), its last
    /// dose of medicine with when the next may be given where the app keeps an interval, and
    /// a stool of the week to show the doctor.
    var health: [String: Any] {
        var card = FigureCards.card(.note, Format.text("health"), Format.text("nothing_logged"), "")
        var isEmpty = true
        card["icon"] = Icons.inline(EventIcon.temperature)
        let born = child.days.child.dateOfBirth
        var lines: [String] = []
        let week = { (instant: Instant) in site.exportedAt - instant <= Self.recentHealth }
        let latest = latest
        if let reading = latest.temperature, week(reading.occurredAt) {
            let value = Format.temperature(celsius: reading.celsius, in: site.settings.units.temperature)
            card["value"] = latest.isRecentFever(reading, born: born, zone: zone) ? Format.text("fever_value", ["value": value]) : value
            isEmpty = false
            card["href"] = dayHref(reading.occurredAt)
            lines.append(Format.text("at_time", ["time": timeToSay(reading.occurredAt)]))
            // A fever of the last two days stays on the card after a lower reading.
            if let fever = latest.highestRecentFever(born: born, zone: zone) {
                card["fever"] = true
                if fever.occurredAt != reading.occurredAt {
                    lines.append(Format.text("fever_at", ["value": Format.temperature(celsius: fever.celsius, in: site.settings.units.temperature),
                                                          "time": timeToSay(fever.occurredAt)]))
                }
            }
        }
        if let dose = latest.dose, week(dose.occurredAt) {
            var line = Format.text("medicine_at", ["name": MedicineTable.name(dose), "time": timeToSay(dose.occurredAt)])
            if let interval = dose.nextDoseInterval {
                line += Format.text("clause_separator") + Format.text("next_allowed_at", ["time": timeToSay(dose.occurredAt + interval)])
            }
            lines.append(line)
            if card["href"] == nil { card["href"] = dayHref(dose.occurredAt) }
        }
        if let stool = StoolAlerts(days: Array(days.suffix(8)), zone: zone).items.last {
            lines.append(Format.text("stool_show_doctor", ["color": stool.color, "when": stool.when]))
            card["stool"] = true
        }
        if isEmpty { card["value"] = Format.text(lines.isEmpty ? "nothing_this_week" : "no_reading") }
        if !lines.isEmpty { card["detail"] = lines.joined(separator: " · ") }
        let readingsToday = days.last?.health.temperatures.count ?? 0, doses = days.last?.health.medications.count ?? 0
        card["todayWhat"] = Format.text("readings_count", count: readingsToday) + " · " + Format.text("doses_count", count: doses)
        return card
    }

    /// The latest note, below the cards: `Latest note 13h ago · Sat, Nov 21, 9:00 AM · health`.
    var latestNote: [String: Any]? {
        guard let note = days.last(where: { !$0.notes.isEmpty })?.notes.last else { return nil }
        var item: [String: Any] = ["text": clockBesideDate(note.occurredAt) + (note.category.map { $0.isEmpty ? "" : " · " + Format.noteCategory($0) } ?? "")]
        ago(&item, note.occurredAt)
        item["href"] = dayHref(note.occurredAt)
        return item
    }
}

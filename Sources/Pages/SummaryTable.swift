import Dataset
import Days
import Export
import Timekeeping

/// A day's figures as a two-column GFM table.
struct SummaryTable {
    let summary: DaySummary
    let units: VolumeUnit
    let zone: Zone
    /// The day's growth and health entries, for their rows, and whose they are (for
    /// percentiles).
    let health: HealthEntries
    let child: Child

    var markdown: String {
        var rows: [(String, String)] = []
        let feedings = summary.feedings
        var feeds = Format.count(feedings.count, "feed")
        var kinds: [String] = []
        if feedings.breastCount > 0 {
            var breast = "\(feedings.breastCount) breast (\(feedings.startedLeft) started left, \(feedings.startedRight) right"
            if feedings.bothSides > 0 { breast += "; \(feedings.bothSides) both sides" }
            if feedings.breastMinutes > 0 { breast += "; " + Format.minutes(feedings.breastMinutes) }
            kinds.append(breast + ")")
        }
        if feedings.bottleCount > 0 {
            kinds.append("\(feedings.bottleCount) bottle" + Self.bottleAmount(feedings, units: units))
        }
        if !kinds.isEmpty { feeds += ": " + kinds.joined(separator: ", ") }
        rows.append(("Feeds", feeds))
        if let text = Self.gaps(feedings.loggedIntervals, leftOut: feedings.unloggedIntervals, counted: false) {
            rows.append(("Between feeds", text))
        }

        let diapers = summary.diapers
        var diaperText = Format.count(diapers.count, "diaper")
        if diapers.count > 0 {
            diaperText += ": \(diapers.wet) wet, \(diapers.dirty) dirty (\(diapers.pee) pee, \(diapers.poop) poop, \(diapers.both) both)"
        }
        if diapers.dry > 0 {
            diaperText += "; \(diapers.dry) dry"
        }
        let colors = StoolColor.allCases.compactMap { color in diapers.stoolColors[color].map { "\($0) \(color.rawValue)" } }
        if !colors.isEmpty {
            diaperText += "; stools: " + colors.joined(separator: ", ")
        }
        rows.append(("Diapers", diaperText))

        let sleep = summary.sleep
        var sleepText = Format.duration(.seconds(sleep.totalSeconds))
        sleepText += " (night \(Format.duration(.seconds(sleep.nightSeconds))), naps \(Format.duration(.seconds(sleep.napSeconds))))"
        sleepText += ", " + Format.count(sleep.started, "sleep") + " started"
        if sleep.ongoing { sleepText += "; still asleep at export" }
        rows.append(("Sleep", sleepText))
        if let longest = sleep.longest {
            rows.append(("Longest stretch", "\(Format.duration(longest.length)) from \(Format.time(longest.start, in: zone))\(longest.isOngoing ? " (ongoing)" : "")"))
        }
        if let text = Self.gaps(sleep.loggedWakeWindows, leftOut: sleep.unloggedWakeWindows, counted: true) {
            rows.append(("Wake windows", text))
        }
        rows.append(("Notes", String(summary.noteCount)))
        rows += healthRows()

        return "| Figure | This day |\n|---|---|\n" + rows.map { "| \($0.0) | \($0.1) |\n" }.joined()
    }

    /// Rows for what was measured and given, only where the day has any.
    private func healthRows() -> [(String, String)] {
        var rows: [(String, String)] = []
        if let last = health.measurements.last {
            rows.append(("Growth", HealthText.measurement(last, units: units, child: child, zone: zone)))
        }
        if let highest = health.maxCelsius {
            rows.append(("Temperature", "highest \(Format.temperature(celsius: highest, in: units))"
                         + (health.temperatures.count > 1 ? " (\(health.temperatures.count) readings)" : "")))
        }
        if !health.medications.isEmpty {
            rows.append(("Medication", health.medications.map { medication in
                let dose = medication.dose.flatMap { $0.isEmpty ? nil : " (\(Markdown.escaped($0)))" } ?? ""
                return "\(Markdown.escaped(medication.name))\(dose) at \(Format.time(medication.occurredAt, in: zone))"
            }.joined(separator: "; ")))
        }
        if !health.pumpings.isEmpty {
            rows.append(("Pumping", Format.count(health.pumpings.count, "time")
                         + (health.pumpingML > 0 ? ", " + Format.volume(ml: health.pumpingML, in: units) : "")))
        }
        if !health.solids.isEmpty {
            rows.append(("Solids", Format.count(health.solids.count, "meal")))
        }
        if !health.tummyTimes.isEmpty {
            rows.append(("Tummy time", Format.minutes(health.tummyTimeMinutes) + " (\(Format.count(health.tummyTimes.count, "time")))"))
        }
        return rows
    }

    /// ` (90 ml)`, ` (180 ml on 2 of them)`, ` (no amount logged)`: never 0 ml for an unknown amount.
    static func bottleAmount(_ feedings: FeedingFigures, units: VolumeUnit) -> String {
        let known = feedings.bottlesWithAmount
        if known == 0 { return " (no amount logged)" }
        let volume = Format.volume(ml: feedings.bottleML, in: units)
        return known == feedings.bottleCount ? " (\(volume))" : " (\(volume) on \(known) of them)"
    }

    /// `mean 2h 1m, longest 2h 34m`, with `count, ` first for wake windows; a gap that reaches
    /// back across a day with nothing of its kind logged is left out and said so.
    static func gaps(_ figures: GapFigures, leftOut: Int, counted: Bool) -> String? {
        let unlogged = "the day before was not logged"
        guard figures.count > 0 else { return leftOut > 0 ? "not counted: \(unlogged)" : nil }
        let text = (counted ? "\(figures.count), " : "") + "mean \(Format.duration(figures.mean)), longest \(Format.duration(figures.longest))"
        return leftOut > 0 ? text + " (the gap since then is left out: \(unlogged))" : text
    }
}

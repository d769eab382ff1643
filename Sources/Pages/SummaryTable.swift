import Dataset
import Days
import Export
import Timekeeping

/// A day's figures as a two-column GFM table.
struct SummaryTable {
    let summary: DaySummary
    let units: Units
    let zone: Zone
    /// The day's growth and health entries, for their rows, and whose they are (for
    /// percentiles).
    let health: HealthEntries
    let child: Child

    var markdown: String {
        var rows: [(String, String)] = []
        let feedings = summary.feedings, integer = Format.language.formats.integer
        var kinds: [String] = []
        if feedings.breastCount > 0 {
            var details = [Format.text("started_sides", ["left": integer(feedings.startedLeft), "right": integer(feedings.startedRight)])]
            if feedings.bothSides > 0 { details.append(Format.text("both_sides_count", count: feedings.bothSides)) }
            if feedings.breastMinutes > 0 { details.append(Format.minutes(feedings.breastMinutes)) }
            kinds.append(Format.text("breast_with_details", count: feedings.breastCount, ["details": details.joined(separator: Format.text("clause_separator"))]))
        }
        if feedings.bottleCount > 0 {
            kinds.append(Format.text("count_bottle", count: feedings.bottleCount) + Self.bottleAmount(feedings, units: units))
        }
        rows.append((Format.text("feeds"), NotLogged.or(Self.withDetails(Format.text("feeds_count", count: feedings.count), kinds), .feeds, in: summary)))
        if let text = Self.gaps(feedings.loggedIntervals, leftOut: feedings.unloggedIntervals, counted: false) {
            rows.append((Format.text("between_feeds"), text))
        }
        rows.append((Format.text("diapers"), NotLogged.or(diaperText, .diapers, in: summary)))

        let sleep = summary.sleep
        let totals = Format.text("sleep_total_night_naps", ["total": Format.duration(.seconds(sleep.totalSeconds)),
                                                            "night": Format.duration(.seconds(sleep.nightSeconds)), "naps": Format.duration(.seconds(sleep.napSeconds))])
        var sleepText = Format.text("sleep_and_started", ["sleep": totals, "started": Format.text("sleeps_started", count: sleep.started)])
        if sleep.ongoing { sleepText += Format.text("clause_separator") + Format.text("still_asleep_at_export") }
        rows.append((Format.text("sleep"), NotLogged.or(sleepText, .sleep, in: summary)))
        if let longest = sleep.longest {
            rows.append((Format.text("longest_stretch"), Format.text(longest.isOngoing ? "longest_from_ongoing" : "longest_from",
                                                                     ["length": Format.duration(longest.length), "start": Format.time(longest.start, in: zone)])))
        }
        if let text = Self.gaps(sleep.loggedWakeWindows, leftOut: sleep.unloggedWakeWindows, counted: true) {
            rows.append((Format.text("wake_windows"), text))
        }
        rows.append((Format.text("notes"), integer(summary.noteCount)))
        rows += healthRows()

        return "| \(Format.text("figure")) | \(Format.text("this_day")) |\n|---|---|\n" + rows.map { "| \($0.0) | \($0.1) |\n" }.joined()
    }

    /// `3 diapers: 3 wet, 1 dirty (2 pee, 0 poop, 1 both); stools: 1 yellow`.
    private var diaperText: String {
        let diapers = summary.diapers, integer = Format.language.formats.integer
        var text = Format.text("diapers_count", count: diapers.count)
        if diapers.count > 0 && summary.logged.isSuperset(of: [.wet, .dirty]) {
            text = Format.text("summary_with_details", ["summary": text, "details": Format.text("diaper_kinds", ["wet": integer(diapers.wet), "dirty": integer(diapers.dirty), "pee": integer(diapers.pee),
                                                         "poop": integer(diapers.poop), "both": integer(diapers.both)])])
        } else if diapers.count > 0 {
            // Only what is logged around the day: no "0 wet" from a family that logs stools alone.
            text = Format.text("summary_with_details", ["summary": text, "details": NotLogged.wetAndDirty(summary)])
        }
        if diapers.dry > 0 {
            text += Format.text("clause_separator") + Format.text("dry_count", ["count": integer(diapers.dry)])
        }
        let colors = StoolColor.allCases.compactMap { color in
            diapers.stoolColors[color].map { Format.text("stool_count", ["count": integer($0), "color": Format.stoolColor(color)]) }
        }
        let consistencies = StoolConsistency.allCases.compactMap { consistency in
            diapers.stoolConsistencies[consistency].map { Format.text("stool_count", ["count": integer($0), "color": Format.stoolConsistency(consistency)]) }
        }
        if !colors.isEmpty || !consistencies.isEmpty {
            text += Format.text("clause_separator") + Format.text("stools_list", ["colors": Format.language.list(colors + consistencies)])
        }
        return text
    }

    /// `3 feeds: 2 breast (…), 1 bottle (90 ml)`, or the count alone without details.
    static func withDetails(_ summary: String, _ details: [String]) -> String {
        details.isEmpty ? summary : Format.text("summary_with_details", ["summary": summary, "details": Format.language.list(details)])
    }

    /// Rows for what was measured and given, only where the day has any.
    private func healthRows() -> [(String, String)] {
        var rows: [(String, String)] = []
        if let last = health.measurements.last {
            rows.append((Format.text("growth"), HealthText.measurement(last, units: units, child: child, zone: zone)))
        }
        if let highest = health.maxCelsius {
            let value = Format.temperature(celsius: highest, in: units.temperature)
            rows.append((Format.text("temperature"), health.temperatures.count > 1
                         ? Format.text("highest_of_readings", count: health.temperatures.count, ["value": value])
                         : Format.text("highest_value", ["value": value])))
        }
        if !health.medications.isEmpty {
            rows.append((Format.text("medication"), health.medications.map { medication in
                let time = Format.time(medication.occurredAt, in: zone), name = Markdown.escaped(medication.name)
                guard let dose = medication.dose, !dose.isEmpty else { return Format.text("medicine_at", ["name": name, "time": time]) }
                return Format.text("medicine_dose_at", ["name": name, "dose": Markdown.escaped(dose), "time": time])
            }.joined(separator: Format.text("clause_separator"))))
        }
        if !health.pumpings.isEmpty {
            rows.append((Format.text("pumping"), Format.text("times_count", count: health.pumpings.count)
                         + (health.pumpingML > 0 ? ", " + Format.volume(ml: health.pumpingML, in: units.volume) : "")))
        }
        if !health.solids.isEmpty {
            rows.append((Format.text("solids"), Format.text("meals_count", count: health.solids.count)))
        }
        if !health.tummyTimes.isEmpty {
            rows.append((Format.text("tummy_time"), Format.text("minutes_in_times", count: health.tummyTimes.count,
                                                                   ["minutes": Format.minutes(health.tummyTimeMinutes)])))
        }
        if summary.crying.isLogged {
            rows.append((Format.text("crying"), CryingText.day(summary.crying)))
        }
        return rows
    }

    /// ` (90 ml)`, ` (180 ml on 2 of them)`, ` (no amount logged)`: never 0 ml for an unknown amount.
    static func bottleAmount(_ feedings: FeedingFigures, units: Units) -> String {
        let known = feedings.bottlesWithAmount
        if known == 0 { return Format.text("in_parentheses", ["text": Format.text("no_amount_logged")]) }
        let volume = Format.volume(ml: feedings.bottleML, in: units.volume)
        return Format.text("in_parentheses", ["text": known == feedings.bottleCount ? volume
            : Format.text("volume_on_some", ["volume": volume, "known": Format.language.formats.integer(known)])])
    }

    /// `mean 2h 1m, longest 2h 34m`, with `count, ` first for wake windows; a gap that reaches
    /// back across a day with nothing of its kind logged is left out and said so.
    static func gaps(_ figures: GapFigures, leftOut: Int, counted: Bool) -> String? {
        guard figures.count > 0 else { return leftOut > 0 ? Format.text("gap_not_counted") : nil }
        let meanAndLongest = Format.text("mean_and_longest", ["mean": Format.duration(figures.mean), "longest": Format.duration(figures.longest)])
        let text = counted ? Format.text("count_then", ["count": Format.language.formats.integer(figures.count), "text": meanAndLongest]) : meanAndLongest
        return leftOut > 0 ? Format.text("gap_left_out", ["text": text]) : text
    }
}

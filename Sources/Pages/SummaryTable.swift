import Days
import Source
import Timekeeping

/// A day's figures as a two-column GFM table.
struct SummaryTable {
    let summary: DaySummary
    let units: VolumeUnit
    let zone: Zone

    var markdown: String {
        var rows: [(String, String)] = []
        let feedings = summary.feedings
        var feeds = Format.count(feedings.count, "feed")
        var kinds: [String] = []
        if feedings.breastCount > 0 {
            var breast = "\(feedings.breastCount) breast (\(feedings.startedLeft) started left, \(feedings.startedRight) right"
            if feedings.bothSides > 0 { breast += "; \(feedings.bothSides) both sides" }
            if feedings.breastMinutes > 0 { breast += "; \(Format.number(feedings.breastMinutes)) min" }
            kinds.append(breast + ")")
        }
        if feedings.bottleCount > 0 {
            var bottle = "\(feedings.bottleCount) bottle"
            if feedings.bottleML > 0 { bottle += " (\(Format.volume(ml: feedings.bottleML, in: units)))" }
            kinds.append(bottle)
        }
        if !kinds.isEmpty { feeds += ": " + kinds.joined(separator: ", ") }
        rows.append(("Feeds", feeds))
        if feedings.intervals.count > 0 {
            rows.append(("Between feeds", "mean \(feedings.intervals.mean.hoursAndMinutes), longest \(feedings.intervals.longest.hoursAndMinutes)"))
        }

        let diapers = summary.diapers
        var diaperText = Format.count(diapers.count, "diaper")
        if diapers.count > 0 {
            diaperText += ": \(diapers.wet) wet, \(diapers.dirty) dirty (\(diapers.pee) pee, \(diapers.poop) poop, \(diapers.both) both)"
        }
        rows.append(("Diapers", diaperText))

        let sleep = summary.sleep
        var sleepText = Duration.seconds(sleep.totalSeconds).hoursAndMinutes
        sleepText += " (night \(Duration.seconds(sleep.nightSeconds).hoursAndMinutes), naps \(Duration.seconds(sleep.napSeconds).hoursAndMinutes))"
        sleepText += ", " + Format.count(sleep.started, "sleep") + " started"
        if sleep.ongoing { sleepText += "; still asleep at export" }
        rows.append(("Sleep", sleepText))
        if let longest = sleep.longest {
            rows.append(("Longest stretch", "\(longest.length.hoursAndMinutes) from \(Format.time(zone.localDateTime(at: longest.start)))\(longest.isOngoing ? " (ongoing)" : "")"))
        }
        if sleep.wakeWindows.count > 0 {
            let windows = sleep.wakeWindows
            rows.append(("Wake windows", "\(windows.count), mean \(windows.mean.hoursAndMinutes), longest \(windows.longest.hoursAndMinutes)"))
        }
        rows.append(("Notes", String(summary.noteCount)))

        return "| Figure | This day |\n|---|---|\n" + rows.map { "| \($0.0) | \($0.1) |\n" }.joined()
    }
}

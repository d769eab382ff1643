import Days
import Source
import Timekeeping

/// The Markdown tables of pages that cover several days: per-day averages with their
/// lowest and highest, and one row per day.
enum RangeTables {
    /// `| Per day | Mean | Lowest – highest |`, over the days that have entries.
    static func averages(_ days: [Day], units: VolumeUnit) -> String {
        let figures = RangeFigures(days: days)
        guard !figures.days.isEmpty else { return "Nothing was logged in these days.\n" }
        let rows: [(String, DayMetric)] = [
            ("Feeds", .feeds), ("Breast feeds", .breastFeeds), ("… started left", .startedLeft),
            ("… started right", .startedRight), ("Breast minutes", .breastMinutes), ("Bottle", .bottleML),
            ("Wet diapers", .wet), ("Dirty diapers", .dirty), ("Sleep", .totalSleep), ("Night sleep", .nightSleep),
            ("Naps", .napSleep), ("Longest stretch", .longestStretch), ("Between feeds", .feedingInterval),
        ]
        var text = "| Per day | Mean | Lowest – highest |\n|---|---:|---:|\n"
        for (label, metric) in rows {
            guard let statistic = figures.statistic(metric) else { continue }
            // Rows about a kind of feed this child never had are noise.
            let zeroMeansAbsent: [DayMetric] = [.breastFeeds, .startedLeft, .startedRight, .breastMinutes, .bottleML]
            if zeroMeansAbsent.contains(metric) && statistic.maximum == 0 { continue }
            let show = { (number: Double) in RangeTables.value(number, metric, units) }
            text += "| \(label) | \(show(statistic.mean)) | \(show(statistic.minimum)) – \(show(statistic.maximum)) |\n"
        }
        text += "\nMeans over \(Format.count(figures.days.count, "day")) with entries"
        text += figures.days.count < days.count ? " (days with nothing logged are left out).\n" : ".\n"
        return text
    }

    /// `| Day | Sleep | Feeds | Wet | Dirty | Longest stretch |`, each day linked.
    static func daily(_ days: [Day], link: (LocalDate) -> String) -> String {
        var text = "| Day | Sleep | Feeds | Wet | Dirty | Longest stretch |\n|---|---:|---:|---:|---:|---:|\n"
        for day in days {
            let s = day.summary
            let label = "[\(Format.shortDate(day.date))](\(link(day.date)))"
            if day.isEmpty {
                text += "| \(label) | – | – | – | – | – |\n"
                continue
            }
            text += "| \(label) | \(Duration.seconds(s.sleep.totalSeconds).hoursAndMinutes)\(s.sleep.ongoing ? " (ongoing)" : "") | \(s.feedings.count) | \(s.diapers.wet) | \(s.diapers.dirty) | \(s.sleep.longest.map { $0.length.hoursAndMinutes } ?? "–") |\n"
        }
        return text
    }

    /// A figure for a table cell: durations as `13h 20m`, volumes in the family's unit,
    /// counts to one decimal.
    static func value(_ value: Double, _ metric: DayMetric, _ units: VolumeUnit) -> String {
        if metric.isDuration {
            return Duration.seconds(Int64(value.rounded())).hoursAndMinutes
        }
        if metric == .bottleML {
            return Format.volume(ml: value, in: units)
        }
        if metric == .breastMinutes {
            return "\(Format.number(value)) min"
        }
        return Format.number(value)
    }
}

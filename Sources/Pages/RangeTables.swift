import Days
import Export
import Timekeeping

/// The Markdown tables of pages that cover several days: per-day averages with their
/// lowest and highest, and one row per day.
enum RangeTables {
    /// The per-day figures a range table shows, in order, with their labels.
    static let metrics: [(label: String, metric: DayMetric)] = [
        ("Feeds", .feeds), ("Breast feeds", .breastFeeds), ("… started left", .startedLeft),
        ("… started right", .startedRight), ("Breast minutes", .breastMinutes), ("Bottle", .bottleML),
        ("Wet diapers", .wet), ("Dirty diapers", .dirty), ("Sleep", .totalSleep), ("Night sleep", .nightSleep),
        ("Naps", .napSleep), ("Longest stretch", .longestStretch), ("Between feeds", .feedingInterval),
    ]

    /// Whether a row says nothing: it is about a kind of feed the child never had in
    /// the range (no breast feed at all, or no bottle with an amount). Zero left starts
    /// among breast feeds is information and stays.
    static func isNoise(_ metric: DayMetric, in figures: RangeFigures) -> Bool {
        switch metric {
        case .breastFeeds, .startedLeft, .startedRight, .breastMinutes:
            (figures.statistic(.breastFeeds)?.maximum ?? 0) == 0
                || (metric == .breastMinutes && (figures.statistic(.breastMinutes)?.maximum ?? 0) == 0)
        case .bottleML:
            (figures.statistic(.bottleML)?.maximum ?? 0) == 0
        default:
            false
        }
    }

    /// `| Per day | Mean | Lowest – highest |`, over the whole days that have entries.
    static func averages(_ days: [Day], units: VolumeUnit, loggingStarted: Instant?, exportedAt: Instant) -> String {
        let figures = RangeFigures(days: days, loggingStarted: loggingStarted, exportedAt: exportedAt)
        guard !figures.days.isEmpty else { return "No complete day with entries yet.\n" }
        var text = "| Per day | Mean | Lowest – highest |\n|---|---:|---:|\n"
        for (label, metric) in metrics {
            guard let statistic = figures.statistic(metric), !isNoise(metric, in: figures) else { continue }
            let show = { (number: Double) in RangeTables.value(number, metric, units) }
            text += "| \(label) | \(show(statistic.mean)) | \(show(statistic.minimum)) – \(show(statistic.maximum)) |\n"
        }
        return text + "\n" + countedNote(counted: figures.days.count, of: days, loggingStarted: loggingStarted, exportedAt: exportedAt)
            + figuresNote(figures) + "\n"
    }

    /// What the means of bottles and gaps between feeds leave out, when they do: amounts
    /// nobody logged, and gaps across a day with no feed logged.
    static func figuresNote(_ figures: RangeFigures) -> String {
        var text = ""
        let bottles = figures.bottles
        if bottles.withAmount < bottles.all {
            text += bottles.withAmount == 0
                ? " No bottle has an amount logged."
                : " Bottle amounts: on \(bottles.withAmount) of \(bottles.all) bottles; a day's millilitres count only those."
        }
        let unlogged = figures.unloggedIntervals
        if unlogged > 0 {
            text += " Between feeds leaves out \(Format.count(unlogged, "gap")) across a day with no feed logged."
        }
        return text
    }

    /// Which days the means count, and why any were left out.
    static func countedNote(counted: Int, of days: [Day], loggingStarted: Instant?, exportedAt: Instant) -> String {
        var text = "Means over \(Format.count(counted, "day"))"
        var reasons: [String] = []
        if let first = loggingStarted, days.contains(where: { $0.window.start < first }) {
            reasons.append("the first day, when logging began, is left out")
        }
        if days.contains(where: { $0.window.end > exportedAt }) { reasons.append("the export's own day is not over") }
        if days.contains(where: \.isEmpty) { reasons.append("days with nothing logged are left out") }
        if !reasons.isEmpty { text += " (" + reasons.joined(separator: "; ") + ")" }
        return text + "."
    }

    /// `| Day | Sleep | Feeds | Wet | Dirty | Longest stretch |`, each day linked; the
    /// export's own day, which is not over, says "so far".
    static func daily(_ days: [Day], exportedAt: Instant, link: (LocalDate) -> String) -> String {
        var text = "| Day | Sleep | Feeds | Wet | Dirty | Longest stretch |\n|---|---:|---:|---:|---:|---:|\n"
        for day in days {
            let s = day.summary
            let label = "[\(Format.shortDate(day.date))](\(link(day.date)))" + (day.window.end > exportedAt ? " (so far)" : "")
            if day.isEmpty {
                text += "| \(label) | – | – | – | – | – |\n"
                continue
            }
            text += "| \(label) | \(Format.duration(.seconds(s.sleep.totalSeconds)))\(s.sleep.ongoing && day.window.end <= exportedAt ? " (so far)" : "") | \(s.feedings.count) | \(s.diapers.wet) | \(s.diapers.dirty) | \(s.sleep.longest.map { Format.duration($0.length) } ?? "–") |\n"
        }
        return text
    }

    /// A figure for a table cell: durations as `13h 20m`, volumes in the family's unit,
    /// counts to one decimal.
    static func value(_ value: Double, _ metric: DayMetric, _ units: VolumeUnit) -> String {
        if metric.isDuration {
            return Format.hoursAndMinutes(.seconds(Int64(value.rounded())))
        }
        // Means of minutes and millilitres to the unit: a tenth of a minute or a
        // millilitre is noise to a reader (ounces keep their tenth).
        if metric == .bottleML {
            return Format.volume(ml: units == .ml ? value.rounded() : value, in: units)
        }
        if metric == .breastMinutes {
            return Format.minutes(value.rounded())
        }
        return Format.number(value)
    }
}

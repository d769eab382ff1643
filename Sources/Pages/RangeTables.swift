import Days
import Export
import Timekeeping

/// The Markdown tables of pages that cover several days: per-day averages with their
/// lowest and highest, and one row per day.
enum RangeTables {
    /// The per-day figures a range table shows, in order, with their labels.
    static var metrics: [(label: String, metric: DayMetric)] {
        [("feeds", DayMetric.feeds), ("breast_feeds", .breastFeeds), ("started_left", .startedLeft),
         ("started_right", .startedRight), ("breast_minutes", .breastMinutes), ("bottle", .bottleML),
         ("wet_diapers", .wet), ("dirty_diapers", .dirty), ("sleep", .totalSleep), ("night_sleep", .nightSleep),
         ("naps", .napSleep), ("longest_stretch", .longestStretch), ("between_feeds", .feedingInterval),
        ].map { (Format.text($0.0), $0.1) }
    }

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
    static func averages(_ days: [Day], units: Units, loggingStarted: Instant?, exportedAt: Instant) -> String {
        let figures = RangeFigures(days: days, loggingStarted: loggingStarted, exportedAt: exportedAt)
        guard !figures.days.isEmpty else { return Format.text("no_complete_day") + "\n" }
        var text = "| \(Format.text("per_day")) | \(Format.text("mean")) | \(Format.text("lowest_highest")) |\n|---|---:|---:|\n"
        for (label, metric) in metrics {
            guard let statistic = figures.statistic(metric), !isNoise(metric, in: figures) else { continue }
            let show = { (number: Double) in RangeTables.value(number, metric, units) }
            text += "| \(label) | \(show(statistic.mean)) | \(show(statistic.minimum)) – \(show(statistic.maximum)) |\n"
        }
        text += NotLogged.rows(figures, cells: 2)
        return text + "\n" + countedNote(counted: figures.days.count, of: days, loggingStarted: loggingStarted, exportedAt: exportedAt)
            + figuresNote(figures) + "\n"
    }

    /// What the means leave out, when they do: kinds some days did not log, amounts of
    /// bottles nobody logged, and gaps across a day with no feed logged.
    static func figuresNote(_ figures: RangeFigures) -> String {
        var text = NotLogged.note(figures)
        let bottles = figures.bottles
        if bottles.withAmount < bottles.all {
            let integer = Format.language.formats.integer
            text += " " + (bottles.withAmount == 0 ? Format.text("no_bottle_amount")
                : Format.text("bottle_amounts_some", ["known": integer(bottles.withAmount), "all": integer(bottles.all)]))
        }
        let unlogged = figures.unloggedIntervals
        if unlogged > 0 {
            text += " " + Format.text("between_feeds_leaves_out", count: unlogged)
        }
        return text
    }

    /// Which days the means count, and why any were left out.
    static func countedNote(counted: Int, of days: [Day], loggingStarted: Instant?, exportedAt: Instant) -> String {
        let means = Format.text("means_over", ["days": Format.text("days_count", count: counted)])
        var reasons: [String] = []
        if let first = loggingStarted, days.contains(where: { $0.window.start < first }) {
            reasons.append(Format.text("first_day_left_out"))
        }
        if days.contains(where: { $0.window.end > exportedAt }) { reasons.append(Format.text("export_day_not_over")) }
        if days.contains(where: \.isEmpty) { reasons.append(Format.text("empty_days_left_out")) }
        return reasons.isEmpty ? Format.sentence(means)
            : Format.text("means_over_because", ["means": means, "reasons": reasons.joined(separator: Format.text("clause_separator"))])
    }

    /// `| Day | Sleep | Feeds | Wet | Dirty | Longest stretch |`, each day linked; the
    /// export's own day, which is not over, says "so far". A kind no day logged has no
    /// column; a day that did not log a kind others did says so in its cells.
    static func daily(_ days: [Day], exportedAt: Instant, link: (LocalDate) -> String) -> String {
        let soFar = Format.text("in_parentheses", ["text": Format.text("so_far")]), integer = Format.language.formats.integer
        let columns: [(heading: String, kind: RoutineKinds, value: (Day) -> String)] = [
            ("sleep", .sleep, { day in Format.duration(.seconds(day.summary.sleep.totalSeconds)) + (day.summary.sleep.ongoing && day.window.end <= exportedAt ? soFar : "") }),
            ("feeds", .feeds, { integer($0.summary.feedings.count) }),
            ("wet", .wet, { integer($0.summary.diapers.wet) }), ("dirty", .dirty, { integer($0.summary.diapers.dirty) }),
            ("longest_stretch", .sleep, { $0.summary.sleep.longest.map { Format.duration($0.length) } ?? "–" }),
        ].filter { NotLogged.anyLogged($0.kind, in: days) }
        // Crying, when any day logged it: families log it when it happens, so a day without is `–`.
        let crying = CryingText.anyLogged(in: days)
        let headings = [Format.text("day")] + columns.map { Format.text($0.heading) } + (crying ? [Format.text("crying")] : [])
        var text = "| " + headings.joined(separator: " | ") + " |\n|---|" + String(repeating: "---:|", count: headings.count - 1) + "\n"
        for day in days {
            let label = "[\(Format.shortDate(day.date))](\(link(day.date)))" + (day.window.end > exportedAt ? soFar : "")
            let cells = columns.map { column in day.isEmpty ? "–" : NotLogged.or(column.value(day), column.kind, in: day.summary) }
                + (crying ? [CryingText.cell(day)] : [])
            text += "| \(label) | " + cells.joined(separator: " | ") + " |\n"
        }
        return text + NotLogged.missingColumnsNote(days)
    }

    /// A figure for a table cell: durations as `13h 20m`, volumes in the family's unit,
    /// counts to one decimal.
    static func value(_ value: Double, _ metric: DayMetric, _ units: Units) -> String {
        if metric.isDuration {
            return Format.hoursAndMinutes(.seconds(Int64(value.rounded())))
        }
        // Means of minutes and millilitres to the unit: a tenth of a minute or a
        // millilitre is noise to a reader (ounces keep their tenth).
        if metric == .bottleML {
            return Format.volume(ml: units.volume == .ml ? value.rounded() : value, in: units.volume)
        }
        if metric == .breastMinutes {
            return Format.minutes(value.rounded())
        }
        return Format.number(value)
    }
}

import Charts
import Dataset
import Days
import Export
import Timekeeping

/// What the pages about a run of a child's days (a week, a month) share: the heading
/// and crumbs, the pager, the pattern and totals charts, and the two tables.
struct RangeSections {
    let site: Site
    let child: Site.Child
    let frame: PageFrame
    let days: [Day]

    /// The context and Markdown of the page, titled `heading`; `columnLabel` names each
    /// day under the totals bars.
    func page(template: String, heading: String, subtitle: String?, previous: (SitePath, String)?, next: (SitePath, String)?,
              columnLabel: (LocalDate) -> String, extra: [String: Any] = [:]) -> Page {
        let name = child.days.child.name
        var context = frame.context(
            title: "\(name) · \(heading)",
            crumbs: [.init(label: Format.text("home"), target: SiteMap.home),
                     .init(label: name, target: SiteMap.childHome(child.slug)),
                     .init(label: heading, target: nil)]
        )
        context["heading"] = heading
        context["childName"] = name
        context["subtitle"] = subtitle
        context["previous"] = previous.map { ["href": frame.link($0.0), "label": $0.1] as [String: Any] }
        context["next"] = next.map { ["href": frame.link($0.0), "label": $0.1] as [String: Any] }
        let rows = days.map { PatternChart.Row(day: $0, label: Format.shortDate($0.date), shortLabel: Format.monthDay($0.date), href: frame.link(SiteMap.day(child.slug, $0.date))) }
        let span = subtitle ?? heading
        context["pattern"] = PatternChart(rows: rows, zone: site.settings.zone, dayStart: site.settings.dayStart)
            .svg(id: "pattern", title: Format.text("sleep_and_feeds_in", ["span": span]))
        context["totals"] = TotalsChart(columns: days.map { .init(summary: $0.summary, label: columnLabel($0.date),
                                                                  soFar: $0.window.end > site.exportedAt) })
            .svg(id: "totals", title: Format.text("daily_totals_in", ["span": span]))
        let averages = RangeTables.averages(days, units: site.settings.units, loggingStarted: child.days.loggingStarted,
                                            exportedAt: site.exportedAt)
        let daily = RangeTables.daily(days, exportedAt: site.exportedAt) { frame.link(SiteMap.day(child.slug, $0)) }
        context["averages"] = MarkdownText(generated: averages)
        let totals = Self.healthTotals(days, units: site.settings.units)
        context["healthTotals"] = totals
        context["daily"] = MarkdownText(generated: daily)
        context.merge(extra) { $1 }
        let markdown = "# \(Markdown.escaped(name)) · \(heading)\n\n" + (subtitle.map { "\($0)\n\n" } ?? "")
            + "## \(Format.text("per_day"))\n\n\(averages)\n" + (totals.map { "\(Markdown.escaped($0))\n\n" } ?? "") + "## \(Format.text("days"))\n\n\(daily)"
        return Page(path: frame.path, template: template, title: "\(name) · \(heading)", context: context, markdown: markdown)
    }

    /// The range's totals of what is logged now and then rather than every day:
    /// `Pumped: 12 times, 1320 ml on 7 days · Tummy time: 9 times, 85 min · Solids: 9 meals · Crying: 4 times, 2h 5m`.
    static func healthTotals(_ days: [Day], units: Units) -> String? {
        var range = HealthEntries()
        for day in days {
            range.pumpings += day.health.pumpings
            range.tummyTimes += day.health.tummyTimes
            range.solids += day.health.solids
        }
        var parts: [String] = []
        let pumpings = range.pumpings.count
        if pumpings > 0 {
            let withAmount = range.pumpings.filter { $0.amountML != nil }.count
            let integer = Format.language.formats.integer
            var volume = Format.volume(ml: range.pumpingML, in: units.volume)
            if withAmount < pumpings {
                volume += Format.text("in_parentheses", ["text": Format.text("amounts_on_some", ["known": integer(withAmount), "all": integer(pumpings)])])
            }
            parts.append(Format.text("pumped_totals", ["times": Format.text("times_count", count: pumpings), "volume": volume,
                                                       "days": Format.text("on_days_count", count: days.filter { !$0.health.pumpings.isEmpty }.count)]))
        }
        if !range.tummyTimes.isEmpty {
            parts.append(Format.text("tummy_time_totals", ["times": Format.text("times_count", count: range.tummyTimes.count),
                                                           "minutes": Format.minutes(range.tummyTimeMinutes)]))
        }
        if !range.solids.isEmpty { parts.append(Format.text("solids_totals", ["meals": Format.text("meals_count", count: range.solids.count)])) }
        if let crying = CryingText.totals(days) { parts.append(crying) }
        return parts.isEmpty ? nil : Format.sentence(parts.joined(separator: " · "))
    }
}

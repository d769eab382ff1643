import Charts
import Dataset
import Days
import Timekeeping

/// `<child>/trends.html`: the child's whole history, a small chart for each figure (sleep,
/// feeds, bottles, diapers, wake windows), each with one line saying how it moved from the
/// first month to the last and its weekly medians in a table.
struct TrendsPage {
    let site: Site
    let child: Site.Child

    func page() -> Page {
        let path = SiteMap.trends(child.slug)
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        let name = child.days.child.name
        let title = "\(name) · \(Format.text("trends"))"
        var context = frame.context(title: title, child: child, label: Format.text("trends"))
        context["childName"] = name
        context["caption"] = Format.text("trends_caption", ["exported": frame.exported, "from": Format.time(site.settings.napStartMax),
                                                           "to": Format.time(site.settings.napStartMin)])
        var markdown = "# \(Markdown.escaped(title))\n\n\(Markdown.escaped(context["caption"] as! String))\n\n"
        let days = child.days.days
        let trends = site.trendValues(child)
        let (figures, values, anyCounted) = (trends.figures, trends.values, trends.anyCounted)
        guard let first = days.first?.date, let last = days.last?.date, anyCounted else {
            context["empty"] = Format.text("trends_none")
            return Page(path: path, template: "trends", title: title, context: context, markdown: markdown + Format.text("trends_none") + "\n")
        }
        let markers = Self.markers(days, born: child.days.child.dateOfBirth, zone: site.settings.zone, foods: site.foodsFirstTried(child))
        var charts: [[String: Any]] = []
        for (figure, values) in zip(figures, values) {
            let daily = values.compactMap { point in point.value.map { (date: point.date, value: $0) } }
            guard !daily.isEmpty else { continue }
            let spread = WeeklySpread(values, firstWeekday: site.firstWeekday)
            let reading = Self.reading(figure, daily)
            let chart = TrendChart(first: first, last: last, daily: daily, spread: spread, markers: markers, step: figure.step, label: figure.format)
            let table = Self.table(figure, spread)
            charts.append(["id": "trend-\(figure.id)", "heading": figure.name, "reading": reading,
                           "svg": chart.svg(id: "trend-\(figure.id)", title: figure.name, description: reading),
                           "table": MarkdownText(generated: table)])
            markdown += "## \(Markdown.escaped(figure.name))\n\n\(Markdown.escaped(reading))\n\n\(table)\n"
        }
        context["charts"] = charts
        context["markersNote"] = markers.isEmpty ? nil : Format.text("trend_markers")
        return Page(path: path, template: "trends", title: title, context: context, markdown: markdown)
    }

    /// `Longest stretch: 2h 10m in March 2026 → 6h 40m in November 2026.`: the medians of the
    /// first and the last month with a week's worth of days (any days, when none has).
    static func reading(_ figure: TrendFigure, _ daily: [(date: LocalDate, value: Double)]) -> String {
        var months: [(year: Int, month: Int, values: [Double])] = []
        for point in daily {
            if let last = months.last, last.year == point.date.year, last.month == point.date.month {
                months[months.count - 1].values.append(point.value)
            } else {
                months.append((point.date.year, point.date.month, [point.value]))
            }
        }
        let full = months.filter { $0.values.count >= 7 }
        let chosen = full.isEmpty ? months : full
        func median(_ values: [Double]) -> String { figure.format(WeeklySpread.percentile(values.sorted(), 0.5)) }
        let start = chosen[0], end = chosen[chosen.count - 1]
        if chosen.count == 1 {
            return Format.text("trend_reading_one", ["figure": figure.name, "value": median(start.values),
                                                     "month": Format.month(year: start.year, month: start.month)])
        }
        return Format.text("trend_reading", ["figure": figure.name, "from": median(start.values), "first": Format.month(year: start.year, month: start.month),
                                             "to": median(end.values), "last": Format.month(year: end.year, month: end.month)])
    }

    /// `| Week of | Median | 25th–75th percentile | Days |`, newest first.
    static func table(_ figure: TrendFigure, _ spread: WeeklySpread) -> String {
        var text = "| \(Format.text("week_of")) | \(Format.text("median")) | \(Format.text("middle_half")) | \(Format.text("days")) |\n|---|---:|---:|---:|\n"
        let integer = Format.language.formats.integer
        for week in spread.weeks.reversed() {
            text += "| \(Format.date(week.start)) | \(figure.format(week.median)) | "
                + "\(figure.format(week.lower)) – \(figure.format(week.upper)) | \(integer(week.days)) |\n"
        }
        return text
    }

    /// The days marked under every chart: a fever (by the threshold for the age), a
    /// vaccination, a food first tried (of `foods`).
    static func markers(_ days: [Day], born: LocalDate?, zone: Zone, foods: [SolidsSummary.FirstTry]) -> [TrendChart.Marker] {
        var markers: [TrendChart.Marker] = []
        for day in days {
            if day.health.temperatures.contains(where: { AgeContext.isFever($0, born: born, zone: zone) }) {
                markers.append(.init(date: day.date, kind: "fever"))
            }
            if !day.health.vaccinations.isEmpty { markers.append(.init(date: day.date, kind: "vaccination")) }
        }
        markers += Set(foods.map(\.date)).sorted().map { .init(date: $0, kind: "food") }
        return markers
    }
}

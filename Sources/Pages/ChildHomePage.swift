import Charts
import Days
import Timekeeping
import Wording

/// A child's home: the last seven days' pattern, the latest days, and every month.
struct ChildHomePage {
    let site: Site
    let child: Site.Child

    func page() -> Page {
        let path = SiteMap.childHome(child.slug)
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        let name = child.days.child.name
        var context = frame.context(
            title: name,
            crumbs: [.init(label: Format.text("home"), target: SiteMap.home), .init(label: name, target: nil)],
            search: true
        )
        context["searchChild"] = child.slug.value
        let days = child.days.days
        let latest = Array(days.suffix(7))
        context["heading"] = name
        context["exported"] = frame.exported
        context["subtitle"] = subtitle()
        let rows = latest.map { PatternChart.Row(day: $0, label: Format.shortDate($0.date), shortLabel: Format.monthDay($0.date), href: frame.link(SiteMap.day(child.slug, $0.date))) }
        context["pattern"] = PatternChart(rows: rows, zone: site.settings.zone, dayStart: site.settings.dayStart)
            .svg(id: "pattern", title: Format.text("sleep_and_feeds_last_days", count: latest.count))
        let daily = RangeTables.daily(latest.reversed(), exportedAt: site.exportedAt) { frame.link(SiteMap.day(child.slug, $0)) }
        context["latest"] = MarkdownText(generated: daily)
        if let last = days.last?.date {
            context["latestDayHref"] = frame.link(SiteMap.day(child.slug, last))
            context["latestWeekHref"] = frame.link(SiteMap.week(child.slug, containing: last, firstWeekday: site.firstWeekday))
            context["latestMonthHref"] = frame.link(SiteMap.month(child.slug, year: last.year, month: last.month))
        }
        context["daysJSONHref"] = frame.link(SiteMap.daysJSON(child.slug))
        if child.hasGrowth { context["growthHref"] = frame.link(SiteMap.growth(child.slug)) }
        context["diaryHref"] = frame.link(SiteMap.diary(child.slug))
        context["trendsHref"] = frame.link(SiteMap.trends(child.slug))
        let growth = GrowthText(child, units: site.settings.units)
        let exportDay = site.exportedLocal.date
        context.merge(growth.summary(chartID: "home-weight", asOf: exportDay)) { $1 }
        var markdown = "# \(Markdown.escaped(name))\n\n\(subtitle())\n\n## \(Format.text("latest_days"))\n\n\(daily)"
        if child.hasGrowth { markdown += "\n## \(Format.text("growth"))\n\n\(growth.latest(asOf: exportDay))" }
        context["visitHref"] = frame.link(SiteMap.visit(child.slug))
        if site.visitPDF { context["visitPDFHref"] = frame.link(SiteMap.visitPDF(child.slug)) }
        context["years"] = years(frame)
        return Page(path: path, template: "child", title: name, context: context, markdown: markdown)
    }

    private func subtitle() -> String {
        var parts: [String] = []
        if let born = child.days.child.dateOfBirth {
            parts.append(Format.text("born_on", ["date": Format.longDate(born)]))
            if let age = Format.age(born: born, on: site.exportedLocal.date) {
                parts.append(Format.text("at_the_export", ["age": Format.ageOld(age, corrected: Format.correctedAge(child.days.child, on: site.exportedLocal.date))]))
            }
        }
        if let first = child.days.days.first?.date, let last = child.days.days.last?.date {
            let integer = Format.language.formats.integer
            parts.append(Format.text("days_from_to", ["days": Format.text("days_count", count: child.days.days.count),
                                                      "from": Format.text("date_with_year", ["date": Format.shortDate(first), "year": integer(first.year)]),
                                                      "to": Format.text("date_with_year", ["date": Format.shortDate(last), "year": integer(last.year)])]))
        }
        return parts.joined(separator: " · ")
    }

    /// Each year with its twelve months, linked where the archive has days.
    private func years(_ frame: PageFrame) -> [[String: Any]] {
        guard let first = child.days.days.first?.date, let last = child.days.days.last?.date else { return [] }
        return (first.year...last.year).reversed().map { year in
            let months = (1...12).map { month -> [String: Any] in
                var item: [String: Any] = ["label": Format.language.formats.shortMonth(month), "name": Format.month(year: year, month: month)]
                let start = LocalDate(year: year, month: month, day: 1)!
                let end = LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))!
                if end >= first && start <= last {
                    item["href"] = frame.link(SiteMap.month(child.slug, year: year, month: month))
                }
                return item
            }
            return ["year": Format.language.formats.integer(year), "months": months]
        }
    }
}

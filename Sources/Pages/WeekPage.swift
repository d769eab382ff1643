import Charts
import Days
import Timekeeping
import Wording

/// A child's week, from the first day of the language's weeks (a Monday, as in ISO 8601, or
/// a Sunday or a Saturday) and named by its Monday's ISO week: a 7-row pattern chart,
/// daily totals, averages and a daily table.
struct WeekPage {
    let site: Site
    let child: Site.Child
    /// The days of the week that are in the archive, in order: a part of the child's
    /// days, not a copy (a plan is made for every week, its page for a few).
    let days: ArraySlice<Day>
    let previous: LocalDate?
    let next: LocalDate?

    /// One page per week that holds any of the child's days.
    static func plans(site: Site, child: Site.Child, keys: ChildPageKeys) -> [PagePlan] {
        let all = child.days.days, firstWeekday = site.firstWeekday
        let weeks = all.runs { $0.date.startOfWeek(firstWeekday: firstWeekday) == $1.date.startOfWeek(firstWeekday: firstWeekday) }
        return weeks.indices.map { index in
            let days = all[weeks[index]]
            let page = WeekPage(site: site, child: child, days: days,
                                previous: index > 0 ? all[weeks[index - 1].lowerBound].date : nil,
                                next: index + 1 < weeks.count ? all[weeks[index + 1].lowerBound].date : nil)
            let key = keys.key("week", days: days, neighbours: [page.previous, page.next])
            return PagePlan(path: SiteMap.week(child.slug, containing: days.first!.date, firstWeekday: firstWeekday), key: key) { page.page() }
        }
    }

    func page() -> Page {
        let first = days.first!.date, firstWeekday = site.firstWeekday
        let start = first.startOfWeek(firstWeekday: firstWeekday), end = start.adding(days: 6)
        let (year, week) = first.week(firstWeekday: firstWeekday)
        let path = SiteMap.week(child.slug, containing: first, firstWeekday: firstWeekday)
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        let integer = Format.language.formats.integer
        func link(_ date: LocalDate) -> (SitePath, String) {
            (SiteMap.week(child.slug, containing: date, firstWeekday: firstWeekday),
             Format.text("week_number", ["week": integer(date.week(firstWeekday: firstWeekday).week)]))
        }
        return RangeSections(site: site, child: child, frame: frame, days: Array(days)).page(
            template: "week",
            heading: Format.text("week_of_year", ["week": integer(week), "year": integer(year)]),
            subtitle: Format.text("date_range_year", ["from": Format.shortDate(start), "to": Format.shortDate(end), "year": integer(end.year)]),
            previous: previous.map(link),
            next: next.map(link),
            columnLabel: { Format.language.formats.shortWeekday($0.weekday) }
        )
    }
}

import Charts
import Days
import Timekeeping
import Wording

/// A child's ISO week: a 7-row pattern chart, daily totals, averages and a daily table.
struct WeekPage {
    let site: Site
    let child: Site.Child
    /// The days of the week that are in the archive, Monday first: a part of the child's
    /// days, not a copy (a plan is made for every week, its page for a few).
    let days: ArraySlice<Day>
    let previous: LocalDate?
    let next: LocalDate?

    /// One page per ISO week that holds any of the child's days.
    static func plans(site: Site, child: Site.Child, keys: ChildPageKeys) -> [PagePlan] {
        let all = child.days.days
        let weeks = all.runs { $0.date.startOfISOWeek == $1.date.startOfISOWeek }
        return weeks.indices.map { index in
            let days = all[weeks[index]]
            let page = WeekPage(site: site, child: child, days: days,
                                previous: index > 0 ? all[weeks[index - 1].lowerBound].date : nil,
                                next: index + 1 < weeks.count ? all[weeks[index + 1].lowerBound].date : nil)
            let key = keys.key("week", days: days, neighbours: [page.previous, page.next])
            return PagePlan(path: SiteMap.week(child.slug, containing: days.first!.date), key: key) { page.page() }
        }
    }

    func page() -> Page {
        let first = days.first!.date
        let monday = first.startOfISOWeek
        let (year, week) = first.isoWeek
        let path = SiteMap.week(child.slug, containing: first)
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        let sunday = monday.adding(days: 6)
        let integer = Format.language.formats.integer
        return RangeSections(site: site, child: child, frame: frame, days: Array(days)).page(
            template: "week",
            heading: Format.text("week_of_year", ["week": integer(week), "year": integer(year)]),
            subtitle: Format.text("date_range_year", ["from": Format.shortDate(monday), "to": Format.shortDate(sunday), "year": integer(sunday.year)]),
            previous: previous.map { (SiteMap.week(child.slug, containing: $0), Format.text("week_number", ["week": integer($0.isoWeek.week)])) },
            next: next.map { (SiteMap.week(child.slug, containing: $0), Format.text("week_number", ["week": integer($0.isoWeek.week)])) },
            columnLabel: { Format.language.formats.shortWeekday($0.weekday) }
        )
    }
}

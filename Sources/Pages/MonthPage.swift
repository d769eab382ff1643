import Charts
import Days
import Timekeeping
import Wording

/// A child's month: a calendar with each day's key figures, the month's pattern chart,
/// daily totals and averages.
struct MonthPage {
    let site: Site
    let child: Site.Child
    let year: Int
    let month: Int
    /// The month's days in the archive: a part of the child's days, not a copy (a plan is
    /// made for every month, its page for a few).
    let days: ArraySlice<Day>
    let previous: (year: Int, month: Int)?
    let next: (year: Int, month: Int)?

    /// One page per month that holds any of the child's days.
    static func plans(site: Site, child: Site.Child, keys: ChildPageKeys) -> [PagePlan] {
        let all = child.days.days
        let months = all.runs { ($0.date.year, $0.date.month) == ($1.date.year, $1.date.month) }
        func month(_ index: Int) -> (year: Int, month: Int) {
            let date = all[months[index].lowerBound].date
            return (date.year, date.month)
        }
        return months.indices.map { index in
            let days = all[months[index]]
            let (year, number) = month(index)
            let page = MonthPage(site: site, child: child, year: year, month: number, days: days,
                                 previous: index > 0 ? month(index - 1) : nil,
                                 next: index + 1 < months.count ? month(index + 1) : nil)
            let neighbours = [page.previous, page.next].map { $0.flatMap { LocalDate(year: $0.year, month: $0.month, day: 1) } }
            let key = keys.key("month", days: days, neighbours: neighbours)
            return PagePlan(path: SiteMap.month(child.slug, year: year, month: number), key: key) { page.page() }
        }
    }

    func page() -> Page {
        let path = SiteMap.month(child.slug, year: year, month: month)
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        func monthLink(_ value: (year: Int, month: Int)) -> (SitePath, String) {
            (SiteMap.month(child.slug, year: value.year, month: value.month), Format.month(year: value.year, month: value.month))
        }
        return RangeSections(site: site, child: child, frame: frame, days: Array(days)).page(
            template: "month",
            heading: Format.month(year: year, month: month),
            subtitle: nil,
            previous: previous.map(monthLink),
            next: next.map(monthLink),
            columnLabel: { String($0.day) },
            extra: ["weekdays": weekdays.map { ["short": Format.language.formats.shortWeekday($0), "name": Format.language.formats.weekday($0)] as [String: Any] },
                    "weeks": calendar(frame)]
        )
    }

    /// The calendar's columns, from the first day of the language's weeks: 1 = Monday
    /// through 7 = Sunday.
    private var weekdays: [Int] {
        (0..<7).map { (site.firstWeekday - 1 + $0) % 7 + 1 }
    }

    /// Rows of seven cells, from the first day of the language's weeks; cells outside the
    /// month are blank, days outside the archive are shown without figures.
    private func calendar(_ frame: PageFrame) -> [[String: Any]] {
        let firstWeekday = site.firstWeekday
        let first = LocalDate(year: year, month: month, day: 1)!
        let count = LocalDate.daysIn(month: month, year: year)
        let exportDate = child.days.days.last?.date
        var weeks: [[String: Any]] = []
        var date = first.startOfWeek(firstWeekday: firstWeekday)
        while date <= first.adding(days: count - 1) {
            var cells: [[String: Any]] = []
            var weekHasDays = false
            for _ in 0..<7 {
                var cell: [String: Any] = [:]
                if date.month == month {
                    cell["number"] = Format.language.formats.integer(date.day)
                    cell["label"] = Format.longDate(date)
                    if let day = child.days.day(for: date) {
                        weekHasDays = true
                        cell["dayLink"] = frame.link(SiteMap.day(child.slug, date))
                        if day.isEmpty {
                            cell["empty"] = true
                        } else {
                            // Only the kinds the day logged: a kind not logged is not a zero.
                            let s = day.summary
                            cell["figures"] = true
                            if s.logged.contains(.sleep) { cell["sleep"] = Format.hoursAndMinutes(.seconds(s.sleep.totalSeconds)) }
                            if s.logged.contains(.feeds) { cell["feedsText"] = Format.text("feeds_count", count: s.feedings.count) }
                            if s.logged.contains(.diapers) {
                                cell["wet"] = s.logged.contains(.wet) ? Format.language.formats.integer(s.diapers.wet) : "–"
                                cell["dirty"] = s.logged.contains(.dirty) ? Format.language.formats.integer(s.diapers.dirty) : "–"
                            }
                        }
                        if date == exportDate { cell["exportDay"] = true }
                    } else {
                        cell["outside"] = true
                    }
                } else {
                    cell["blank"] = true
                }
                cells.append(cell)
                date = date.adding(days: 1)
            }
            var week: [String: Any] = ["cells": cells]
            let start = date.adding(days: -7)
            week["label"] = Format.text("week_short", ["week": Format.language.formats.integer(start.week(firstWeekday: firstWeekday).week)])
            if weekHasDays {
                let inWeek = (0..<7).map { start.adding(days: $0) }.first { child.days.day(for: $0) != nil }!
                week["weekLink"] = frame.link(SiteMap.week(child.slug, containing: inWeek, firstWeekday: firstWeekday))
            }
            weeks.append(week)
        }
        return weeks
    }
}

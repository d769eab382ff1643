import Days
import Timekeeping

/// The family home: for each child, the latest day and every day by month.
struct HomePage {
    let site: Site

    func page() -> Page {
        let path = Site.homePath
        var text = "# Baby Basics report\n\n"
        let exported = site.settings.zone.localDateTime(at: site.exportedAt)
        text += "Exported \(Format.longDate(exported.date)) at \(Format.time(exported)).\n\n"
        for (slug, childDays) in site.children {
            text += "## \(Markdown.escaped(childDays.child.name))\n\n"
            if let latest = childDays.days.last {
                text += "Latest day: [\(Format.longDate(latest.date))](\(path.link(to: Site.dayPath(slug, latest.date)))) · "
                text += "[days.json](\(path.link(to: Site.daysJSONPath(slug))))\n\n"
            }
            var month: (year: Int, month: Int)?
            for day in childDays.days.reversed() {
                let date = day.date
                if month.map({ $0 != (date.year, date.month) }) ?? true {
                    text += "\n\n**\(Format.month(year: date.year, month: date.month))**:"
                    month = (date.year, date.month)
                }
                text += " [\(date.day)](\(path.link(to: Site.dayPath(slug, date))))"
            }
            text += "\n\n"
        }
        return Page(path: path, title: "Baby Basics report", markdown: text)
    }
}

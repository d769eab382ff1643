import Dataset
import Days
import Theme
import Timekeeping

/// The family home: for each child, four dashboard cards (last feed, diaper, sleep and
/// note, how long before the export, and today's counts) and links into the archive.
struct HomePage {
    let site: Site

    func page() -> Page {
        let path = SiteMap.home
        let frame = PageFrame(site: site, path: path, theme: site.theme)
        var context = frame.context(title: "Baby Basics report", crumbs: [.init(label: "Home", target: nil)], search: true)
        context["heading"] = "Baby Basics report"
        // The export's time is said once, at the top, not again in the footer.
        context["subtitle"] = "As of \(Format.time(site.exportedLocal)), \(Format.shortDate(site.exportedLocal.date)), when the data was exported: “ago” and “today” count from then."
        var markdown = "# Baby Basics report\n\n"
        context["children"] = site.children.map { child -> [String: Any] in
            let cards = self.cards(child, frame: frame)
            markdown += "## \(Markdown.escaped(child.days.child.name))\n\n"
            markdown += cards.map { "- \($0["label"]!): \($0["value"]!)\($0["detail"].map { " · \($0)" } ?? "") · \($0["today"]!)\n" }.joined() + "\n"
            var item: [String: Any] = [
                "name": child.days.child.name,
                "slug": child.slug.value,
                "palette": child.theme.palette.id,
                "categories": child.theme.strategy.id,
                "icons": child.theme.iconStyle.rawValue,
                "cards": cards,
                "childHref": frame.link(SiteMap.childHome(child.slug)),
                "daysJSONHref": frame.link(SiteMap.daysJSON(child.slug)),
                "visitHref": frame.link(SiteMap.visit(child.slug)),
            ]
            if site.visitPDF { item["visitPDFHref"] = frame.link(SiteMap.visitPDF(child.slug)) }
            if let born = child.days.child.dateOfBirth, let age = Format.age(born: born, on: site.exportedLocal.date) {
                item["age"] = "\(age) old" + (Format.correctedAge(child.days.child, on: site.exportedLocal.date).map { " (\($0))" } ?? "")
            }
            if let last = child.days.days.last?.date {
                item["todayHref"] = frame.link(SiteMap.day(child.slug, last))
                item["weekHref"] = frame.link(SiteMap.week(child.slug, containing: last))
                item["monthHref"] = frame.link(SiteMap.month(child.slug, year: last.year, month: last.month))
            }
            return item
        }
        return Page(path: path, template: "home", title: "Baby Basics report", context: context, markdown: markdown)
    }

    private func cards(_ child: Site.Child, frame: PageFrame) -> [[String: Any]] {
        let days = child.days.days
        let today = days.last?.summary ?? DaySummary()
        let zone = site.settings.zone
        let units = site.settings.units
        func before(_ instant: Instant) -> String {
            let gap = site.exportedAt - instant
            return gap < .minutes(1) ? "just now" : Format.unbroken(Format.elapsed(gap)) + " ago"
        }
        /// The day page of `instant`, where the card leads.
        func dayHref(_ instant: Instant) -> String? {
            days.last { $0.window.contains(instant) }.map { frame.link(SiteMap.day(child.slug, $0.date)) }
        }
        /// The time, with the date when it is not on the export's day.
        func clock(_ instant: Instant) -> String {
            let local = zone.localDateTime(at: instant)
            let sameDay = days.last.map { $0.window.contains(instant) } ?? false
            return sameDay ? Format.time(instant, in: zone) : "\(Format.shortDate(local.date)), \(Format.time(instant, in: zone))"
        }

        var feed = FigureCards.card(.feed, "Feed", "Nothing logged", "")
        if let last = days.last(where: { !$0.feedings.isEmpty })?.feedings.last {
            feed = FigureCards.card(.feed, "Feed", before(last.startedAt), "\(clock(last.startedAt)) · \(EntryText.feeding(last, units: units))")
            feed["href"] = dayHref(last.startedAt)
        }
        feed["today"] = Format.count(today.feedings.count, "feed") + " today"

        var diaper = FigureCards.card(.diaper, "Diaper", "Nothing logged", "")
        if let last = days.last(where: { !$0.diapers.isEmpty })?.diapers.last {
            diaper = FigureCards.card(.diaper, "Diaper", before(last.occurredAt), "\(clock(last.occurredAt)) · \(EntryText.diaper(last))")
            diaper["href"] = dayHref(last.occurredAt)
        }
        diaper["today"] = "\(today.diapers.wet) wet · \(today.diapers.dirty) dirty today"

        var sleep = FigureCards.card(.sleep, "Sleep", "Nothing logged", "")
        if let span = days.last?.sleepSpans.last, span.isOngoing {
            sleep = FigureCards.card(.sleep, "Sleep", "Asleep for \(Format.duration(span.length))", "since \(clock(span.start)), still asleep at the export")
            sleep["active"] = true
            sleep["href"] = days.last.map { frame.link(SiteMap.day(child.slug, $0.date)) }
        } else if let span = days.last(where: { !$0.sleepSpans.isEmpty })?.sleepSpans.last {
            sleep = FigureCards.card(.sleep, "Sleep", "Awake for \(Format.unbroken(Format.elapsed(site.exportedAt - span.end)))",
                                     "woke at \(clock(span.end)) after \(Format.duration(span.length)) asleep")
            sleep["href"] = dayHref(span.start)
        }
        sleep["today"] = Format.duration(.seconds(today.sleep.totalSeconds)) + " asleep today"

        var note = FigureCards.card(.note, "Note", "Nothing logged", "")
        if let last = days.last(where: { !$0.notes.isEmpty })?.notes.last {
            note = FigureCards.card(.note, "Note", before(last.occurredAt), "\(clock(last.occurredAt))" + (last.category.map { " · \($0)" } ?? ""))
            note["href"] = dayHref(last.occurredAt)
        }
        note["today"] = Format.count(today.noteCount, "note") + " today"
        return [feed, diaper, sleep, note]
    }
}

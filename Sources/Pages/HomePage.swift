import Dataset
import Days
import Theme
import Timekeeping

/// The family home: for each child, four dashboard cards (last feed with the next breast
/// side, diaper, sleep, health), the latest note, and links into the archive. Times count
/// from the export; the page's script counts them again from the reader's clock.
struct HomePage {
    let site: Site

    func page() -> Page {
        let path = SiteMap.home
        let frame = PageFrame(site: site, path: path, theme: site.theme)
        let title = Format.text("report_title")
        var context = frame.context(title: title, crumbs: [.init(label: Format.text("home"), target: nil)], search: true)
        context["heading"] = title
        // The export's time is said once, at the top, not again in the footer.
        context["subtitle"] = Format.text("as_of_export", ["time": Format.time(site.exportedLocal), "date": Format.shortDate(site.exportedLocal.date)])
        context["exportedAt"] = String(site.exportedAt.milliseconds)
        context["exportedText"] = Format.text("date_time", ["date": Format.shortDate(site.exportedLocal.date), "time": Format.time(site.exportedLocal)])
        var markdown = "# \(title)\n\n"
        if site.hasComparison {
            context["compareHref"] = frame.link(SiteMap.compare)
        }
        // Feed readers find the feed from the home; an encrypted archive has none.
        if !site.sealed {
            context["feed"] = ["title": title, "href": frame.link(SiteMap.feed)]
        }
        context["children"] = site.children.map { child -> [String: Any] in
            let cards = self.cards(child, frame: frame)
            markdown += "## \(Markdown.escaped(child.days.child.name))\n\n"
            if let lastEntry = HomeCards(site: site, child: child, frame: frame).lastEntry { markdown += "\(lastEntry)\n\n" }
            markdown += cards.map { "- \($0["label"]!): \($0["value"]!)\($0["detail"].map { " · \($0)" } ?? "") · \($0["today"]!)\n" }.joined() + "\n"
            var item: [String: Any] = [
                "name": child.days.child.name,
                "slug": child.slug.value,
                "palette": child.theme.palette.id,
                "categories": child.theme.strategy.id,
                "icons": child.theme.iconStyle.rawValue,
                "cards": cards,
                "childHref": frame.link(SiteMap.childHome(child.slug)),
                "visitHref": frame.link(SiteMap.visit(child.slug)),
            ]
            if site.visitPDF { item["visitPDFHref"] = frame.link(SiteMap.visitPDF(child.slug)) }
            let homeCards = HomeCards(site: site, child: child, frame: frame)
            item["latestNote"] = homeCards.latestNote
            item["lastEntry"] = homeCards.lastEntry
            if let born = child.days.child.dateOfBirth, let age = Format.age(born: born, on: site.exportedLocal.date) {
                item["age"] = Format.ageOld(age, corrected: Format.correctedAge(child.days.child, on: site.exportedLocal.date))
            }
            if let last = child.days.days.last?.date {
                item["todayHref"] = frame.link(SiteMap.day(child.slug, last))
                item["weekHref"] = frame.link(SiteMap.week(child.slug, containing: last, firstWeekday: site.firstWeekday))
                item["monthHref"] = frame.link(SiteMap.month(child.slug, year: last.year, month: last.month))
            }
            return item
        }
        return Page(path: path, template: "home", title: title, context: context, markdown: markdown)
    }

    private func cards(_ child: Site.Child, frame: PageFrame) -> [[String: Any]] {
        HomeCards(site: site, child: child, frame: frame).cards
    }
}

import Dataset
import Days
import Timekeeping

/// A child's day: header, summary table, the entries in order, and the notes.
struct DayPage {
    let site: Site
    let slug: ChildSlug
    let childDays: ChildDays
    let index: Int

    var day: Day { childDays.days[index] }
    var path: SitePath { Site.dayPath(slug, day.date) }
    var zone: Zone { site.settings.zone }
    var name: String { Markdown.escaped(childDays.child.name) }

    func page() -> Page {
        var text = "# \(name) · \(Format.longDate(day.date))\n\n"
        text += subtitle() + "\n\n"
        text += navigation() + "\n\n"
        if day.isEmpty {
            text += "## Nothing logged\n\nNo feeds, diapers, sleep or notes were logged for \(name) on this day.\n"
            return Page(path: path, title: title, markdown: text)
        }
        text += "## Summary\n\n" + SummaryTable(summary: day.summary, units: site.settings.units, zone: zone).markdown + "\n"
        text += "## Entries\n\n" + entries() + "\n"
        if !day.notes.isEmpty {
            text += "## Notes\n\n" + notes()
        }
        return Page(path: path, title: title, markdown: text)
    }

    var title: String {
        "\(childDays.child.name) · \(Format.longDate(day.date))"
    }

    private func subtitle() -> String {
        var parts: [String] = []
        if let age = day.ageDays.flatMap(Format.age(days:)) {
            parts.append("\(age) old")
        }
        let dayStart = site.settings.dayStart
        parts.append(dayStart == .midnight
            ? "midnight to midnight"
            : "day from \(Format.time(dayStart)) to \(Format.time(dayStart)) the next morning")
        if day.window.length != .hours(24) {
            parts.append("\(day.window.length.hoursAndMinutes) long (clocks changed)")
        }
        return parts.joined(separator: " · ")
    }

    private func navigation() -> String {
        var links: [String] = []
        if index > 0 {
            let previous = childDays.days[index - 1].date
            links.append("[← \(Format.shortDate(previous))](\(path.link(to: Site.dayPath(slug, previous))))")
        }
        links.append("[All days](\(path.link(to: Site.homePath)))")
        if index + 1 < childDays.days.count {
            let next = childDays.days[index + 1].date
            links.append("[\(Format.shortDate(next)) →](\(path.link(to: Site.dayPath(slug, next))))")
        }
        return links.joined(separator: " · ")
    }

    private func entries() -> String {
        var rows: [(time: Instant, order: Int, text: String)] = []
        for feeding in day.feedings {
            rows.append((feeding.startedAt, 0, line(feeding.startedAt, "Feed", EntryText.feeding(feeding, units: site.settings.units), feeding.info)))
        }
        for diaper in day.diapers {
            rows.append((diaper.occurredAt, 1, line(diaper.occurredAt, "Diaper", EntryText.diaper(diaper), diaper.info)))
        }
        for sleep in day.sleeps {
            rows.append((sleep.startedAt, 2, line(sleep.startedAt, "Sleep", EntryText.sleep(sleep, zone: zone, exportedAt: site.exportedAt), sleep.info)))
        }
        for note in day.notes {
            let category = note.category.map { " · " + Markdown.escaped($0) } ?? ""
            rows.append((note.occurredAt, 3, line(note.occurredAt, "Note", "see below" + category, note.info)))
        }
        rows.sort { ($0.time, $0.order) < ($1.time, $1.order) } // stable: same time keeps log order
        return rows.map { "- " + $0.text + "\n" }.joined()
    }

    private func line(_ time: Instant, _ kind: String, _ detail: String, _ info: EventInfo) -> String {
        var text = "\(Format.time(zone.localDateTime(at: time))) · **\(kind)** · \(detail)"
        if let caregiver = info.createdBy, !caregiver.isEmpty {
            text += " · *\(Markdown.escaped(caregiver))*"
        }
        for flag in info.flags.sorted(by: { $0.rawValue < $1.rawValue }) {
            text += " · ⚠ " + EntryText.flag(flag)
        }
        return text
    }

    private func notes() -> String {
        day.notes.map { note in
            var heading = "### " + Format.time(zone.localDateTime(at: note.occurredAt))
            if let category = note.category, !category.isEmpty {
                heading += " · " + Markdown.escaped(category)
            }
            if let caregiver = note.info.createdBy, !caregiver.isEmpty {
                heading += " · " + Markdown.escaped(caregiver)
            }
            return heading + "\n\n" + note.text + "\n\n"
        }.joined()
    }
}

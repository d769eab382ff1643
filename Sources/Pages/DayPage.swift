import Charts
import Dataset
import Days
import Export
import Theme
import Timekeeping

/// A child's day: header with age, figure cards, the 24-hour timeline, the summary
/// table, every entry in time order with its icon, and the notes.
struct DayPage {
    let site: Site
    let child: Site.Child
    let index: Int

    var day: Day { child.days.days[index] }
    var path: SitePath { SiteMap.day(child.slug, day.date) }
    var zone: Zone { site.settings.zone }

    func page() -> Page {
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        let name = child.days.child.name
        let date = day.date
        var context = frame.context(
            title: "\(name) · \(Format.longDate(date))",
            crumbs: [.init(label: Format.text("home"), target: SiteMap.home),
                     .init(label: name, target: SiteMap.childHome(child.slug)),
                     .init(label: Format.month(year: date.year, month: date.month), target: SiteMap.month(child.slug, year: date.year, month: date.month)),
                     .init(label: Format.shortDate(date), target: nil)]
        )
        context["heading"] = Format.longDate(date)
        if day.window.contains(site.exportedAt) {
            context["exported"] = frame.exported
        }
        context["childName"] = name
        context["emptyText"] = Format.text("nothing_logged_for", ["name": name])
        context["subtitle"] = subtitle()
        if index > 0 {
            let previous = child.days.days[index - 1].date
            context["previous"] = ["href": frame.link(SiteMap.day(child.slug, previous)), "label": Format.shortDate(previous)] as [String: Any]
        }
        if index + 1 < child.days.days.count {
            let next = child.days.days[index + 1].date
            context["next"] = ["href": frame.link(SiteMap.day(child.slug, next)), "label": Format.shortDate(next)] as [String: Any]
        }
        context["weekHref"] = frame.link(SiteMap.week(child.slug, containing: date, firstWeekday: site.firstWeekday))
        context["weekLabel"] = Format.text("week_number", ["week": Format.language.formats.integer(date.week(firstWeekday: site.firstWeekday).week)])
        context["monthHref"] = frame.link(SiteMap.month(child.slug, year: date.year, month: date.month))
        context["monthLabel"] = Format.month(year: date.year, month: date.month)

        var markdown = "# \(Markdown.escaped(name)) · \(Format.longDate(date))\n\n\(subtitle())\n\n"
        if day.isEmpty && day.health.count == 0 {
            context["empty"] = true
            markdown += Format.text("nothing_logged_day") + "\n"
        } else {
            let summary = SummaryTable(summary: day.summary, units: site.settings.units, zone: zone, health: day.health,
                                       child: child.days.child).markdown
            let entries = entryList()
            context["cards"] = FigureCards.day(day.summary, units: site.settings.units)
            context["timeline"] = DayTimelineChart(day: day, zone: zone, exportedAt: site.exportedAt).svg(id: "timeline")
            context["summary"] = MarkdownText(generated: summary)
            context["entries"] = MarkdownText(generated: entries.markdown, itemCategories: entries.categories)
            context["notes"] = notes()
            context["hasNotes"] = !day.notes.isEmpty
            markdown += "## \(Format.text("summary"))\n\n\(summary)\n## \(Format.text("entries"))\n\n\(entries.markdown)\n"
            if !day.notes.isEmpty {
                markdown += "## \(Format.text("notes"))\n\n" + day.notes.map { "### \(noteHeading($0))\n\n\($0.text)\n\n" }.joined()
            }
        }
        return Page(path: path, template: "day", title: "\(name) · \(Format.longDate(date))", context: context, markdown: markdown)
    }

    private func subtitle() -> String {
        var parts: [String] = []
        if let born = child.days.child.dateOfBirth, let age = Format.age(born: born, on: day.date) {
            parts.append(Format.ageOld(age, corrected: Format.correctedAge(child.days.child, on: day.date)))
        }
        let dayStart = site.settings.dayStart
        parts.append(dayStart == .midnight
            ? Format.text("day_midnight_to_midnight")
            : Format.text("day_from_to_next_morning", ["time": Format.time(dayStart)]))
        for change in zone.transitions(from: day.window.start, to: day.window.end) {
            parts.append(Format.text("day_length_clock_change", ["length": Format.hoursAndMinutes(day.window.length), "change": Self.clockChange(change, zone: zone)]))
        }
        return parts.joined(separator: " · ")
    }

    /// `the clocks went forward at 2:00 AM: 2:00–3:00 AM did not happen`, or back, with the
    /// repeated hour's two names.
    static func clockChange(_ change: Zone.Transition, zone: Zone) -> String {
        // What the clock would have read at that moment without the change, and what it read.
        let before = Format.time(LocalDateTime(instant: change.instant, offsetSeconds: change.offsetBefore))
        let after = Format.time(LocalDateTime(instant: change.instant, offsetSeconds: change.offsetAfter))
        if change.offsetAfter > change.offsetBefore {
            return Format.text("clocks_forward", ["before": before, "after": after])
        }
        let first = zone.abbreviation(at: change.instant - .seconds(1)), second = zone.abbreviation(at: change.instant)
        return Format.text("clocks_back", ["before": before, "after": after, "first": first, "second": second])
    }

    /// A line of the entry list: when, its place among entries of the same moment, its icon.
    private typealias EntryRow = (time: Instant, order: Int, icon: EventIcon, text: String)

    /// The entries as a Markdown list, and the category of each item in order.
    private func entryList() -> (markdown: String, categories: [String]) {
        var rows = ExportEvent.KindName.allCases.flatMap(entries(of:))
        // Sleep that began before the day: on the timeline, so in the list too, at the day's start.
        for span in day.sleepSpans where span.start < day.window.start {
            let text = "**\(Format.time(day.window.start, in: zone))** · \(Format.category(.sleep)) · "
                + EntryText.continued(span, zone: zone, dayStart: day.window.start)
            rows.append((day.window.start, -1, .sleep, text))
        }
        rows.sort { ($0.time, $0.order) < ($1.time, $1.order) } // stable: same time keeps log order
        return (rows.map { "- \($0.text)\n" }.joined(), rows.map(\.icon.rawValue))
    }

    /// The day's entries of one kind, each as a line of the list.
    private func entries(of kind: ExportEvent.KindName) -> [EntryRow] {
        let units = site.settings.units
        let health = day.health
        switch kind {
        case .feeding:
            return day.feedings.map { ($0.startedAt, 0, .feed, line($0.startedAt, .feed, EntryText.feeding($0, units: units), $0.info)) }
        case .diaper:
            return day.diapers.map { ($0.occurredAt, 1, .diaper, line($0.occurredAt, .diaper, EntryText.diaper($0), $0.info)) }
        case .sleep:
            return day.sleeps.map { ($0.startedAt, 2, .sleep, line($0.startedAt, .sleep, EntryText.sleep($0, zone: zone, exportedAt: site.exportedAt), $0.info)) }
        case .note:
            return day.notes.map { note in
                let category = note.category.map { Markdown.escaped(Format.noteCategory($0)) } ?? Format.text("note_lowercase")
                return (note.occurredAt, 3, .note, line(note.occurredAt, .note, Format.text("note_below", ["category": category]), note.info))
            }
        case .measurement:
            return health.measurements.map { measurement in
                let text = HealthText.measurement(measurement, units: units, child: child.days.child, zone: zone)
                // Logged with its day alone: listed first, without a time it does not have.
                return measurement.untimed
                    ? (day.window.start, -2, .growth, line(untimed: Format.text("growth"), text, measurement.info))
                    : (measurement.occurredAt, 4, .growth, line(measurement.occurredAt, Format.text("growth"), text, measurement.info))
            }
        case .temperature:
            return health.temperatures.map {
                ($0.occurredAt, 4, .temperature, line($0.occurredAt, Format.text("temperature"),
                                                      Format.temperature(celsius: $0.celsius, in: units.temperature), $0.info))
            }
        case .medication:
            return health.medications.map { ($0.occurredAt, 4, .medication, line($0.occurredAt, Format.text("medication"), HealthText.medication($0), $0.info)) }
        case .pumping:
            return health.pumpings.map { ($0.startedAt, 4, .pumping, line($0.startedAt, Format.text("pumping"), HealthText.pumping($0, units: units), $0.info)) }
        case .solids:
            return health.solids.map { ($0.occurredAt, 4, .solids, line($0.occurredAt, Format.text("solids"), HealthText.solids($0), $0.info)) }
        case .tummyTime:
            return health.tummyTimes.map { ($0.startedAt, 4, .tummyTime, line($0.startedAt, Format.text("tummy_time"), Format.minutes($0.durationMinutes), $0.info)) }
        case .vaccination:
            return health.vaccinations.map {
                ($0.occurredAt, 4, .vaccination, line($0.occurredAt, Format.text("vaccination"), HealthText.vaccination($0), $0.info))
            }
        case .milestone:
            return health.milestones.map { ($0.occurredAt, 4, .milestone, line($0.occurredAt, Format.text("milestone"), Markdown.escaped($0.text), $0.info)) }
        case .crying:
            return health.cryings.map { ($0.startedAt, 4, .crying, line($0.startedAt, Format.text("crying"), CryingText.spell($0, zone: zone, note: Markdown.escaped), $0.info)) }
        }
    }

    private func line(_ time: Instant, _ category: Category, _ detail: String, _ info: EventInfo) -> String {
        line(time, Format.category(category), detail, info)
    }

    /// `**9:05 PM** · Feed · detail · *caregiver* · ⚠ flag`.
    private func line(_ time: Instant, _ label: String, _ detail: String, _ info: EventInfo) -> String {
        line(clock: Format.time(time, in: zone), label, detail, info)
    }

    /// `**no time** · Growth · detail`: an entry the app wrote with its day alone.
    private func line(untimed label: String, _ detail: String, _ info: EventInfo) -> String {
        line(clock: Format.text("no_time"), label, detail, info)
    }

    private func line(clock: String, _ label: String, _ detail: String, _ info: EventInfo) -> String {
        var text = "**\(clock)** · \(label) · \(detail)"
        if let caregiver = info.createdBy, !caregiver.isEmpty {
            text += " · *\(Markdown.escaped(caregiver))*"
        }
        for flag in info.flags.byName {
            text += " · ⚠ " + EntryText.flag(flag, units: site.settings.units)
        }
        return text
    }

    private func notes() -> [[String: Any]] {
        day.notes.map { note in
            var item: [String: Any] = [
                "time": Format.time(note.occurredAt, in: zone),
                "noteIcon": Icons.inline(EventIcon.note),
                "text": MarkdownText(note: note.text),
            ]
            item["category"] = note.category.flatMap { $0.isEmpty ? nil : Format.noteCategory($0) }
            item["caregiver"] = note.info.createdBy.flatMap { $0.isEmpty ? nil : $0 }
            if !note.info.flags.isEmpty {
                item["flags"] = Format.language.list(note.info.flags.byName.map { EntryText.flag($0, units: site.settings.units) })
            }
            return item
        }
    }

    private func noteHeading(_ note: Note) -> String {
        [Format.time(note.occurredAt, in: zone), note.category.map(Format.noteCategory), note.info.createdBy]
            .compactMap { $0 }.filter { !$0.isEmpty }.map(Markdown.escaped).joined(separator: " · ")
    }
}

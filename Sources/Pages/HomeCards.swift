import Dataset
import Days
import Export
import Theme
import Timekeeping

/// A child's cards on the family home, each the answer to a night-time question: when the
/// last feed was and which breast comes next, the last diaper, asleep or awake and for how
/// long, and health (the latest temperature, the last dose and when the next may be given,
/// a stool to show the doctor). Times count from the export; each carries its instant
/// (`at`, milliseconds) and how it is said (`form`) so that the page's script can count it
/// again from the reader's clock, and "today" the end of the export's day (`dayEnd`).
struct HomeCards {
    let site: Site
    let child: Site.Child
    let frame: PageFrame

    /// A reading, a dose or a stool colour this recent is on the health card.
    static let recentHealth = Duration.hours(7 * 24)

    var days: [Day] { child.days.days }
    var zone: Zone { site.settings.zone }

    var cards: [[String: Any]] {
        [feed, diaper, sleep, health].map { card in
            var card = card
            let what = card.removeValue(forKey: "todayWhat") as? String ?? ""
            card["today"] = Format.text("figure_when", ["figure": what, "when": todayWords])
            if let end = days.last?.window.end {
                card["dayEnd"] = String(end.milliseconds)
                let dayName = Format.text("on_date", ["date": Format.shortDate(days.last!.date)])
                card["dayName"] = dayName
                card["todayWords"] = todayWords
                card["todayAfter"] = Format.text("figure_when", ["figure": what, "when": dayName])
            }
            return card
        }
    }

    /// An entry older than this before the export is said by its date, not counted in
    /// hours and days: a family that stopped logging is not "645 days" without a feed.
    static let recentEntry = Duration.hours(24)
    /// A date further back than this from the export carries its year.
    static let datesWithoutYear = 183

    /// Whether `instant` is longer before the export than ``recentEntry``.
    func isPast(_ instant: Instant) -> Bool {
        site.exportedAt - instant > Self.recentEntry
    }

    /// `3h 11m ago`, with its instant for the script; for an entry past a day, `Logged Feb 20, 2025`.
    func ago(_ card: inout [String: Any], _ instant: Instant, form: String = "ago") {
        if isPast(instant) {
            card["value"] = Format.text("logged_on", ["date": date(instant)])
            return
        }
        let gap = site.exportedAt - instant
        card["value"] = gap < .minutes(1) ? Format.text("just_now") : Format.text("time_ago", ["time": Format.elapsed(gap)])
        card["at"] = String(instant.milliseconds)
        card["form"] = form
    }

    /// The day page of `instant`, where the card leads.
    func dayHref(_ instant: Instant) -> String? {
        days.last { $0.window.contains(instant) }.map { frame.link(SiteMap.day(child.slug, $0.date)) }
    }

    /// The time, with the date when it is not on the export's day, and the year when that
    /// is more than six months back.
    func clock(_ instant: Instant) -> String {
        guard !isOnLastDay(instant) else { return Format.time(instant, in: zone) }
        return Format.text("date_time", ["date": date(instant), "time": Format.time(instant, in: zone)])
    }

    /// The time alone when the card's value says the date (an entry past a day), else ``clock(_:)``.
    func clockBesideDate(_ instant: Instant) -> String {
        isPast(instant) ? Format.time(instant, in: zone) : clock(instant)
    }

    /// `Fri, Nov 20`, or `Feb 20, 2025` more than six months before the export.
    func date(_ instant: Instant) -> String {
        let date = zone.localDateTime(at: instant).date
        return site.exportedLocal.date.days(since: date) > Self.datesWithoutYear ? Format.dateWithYear(date) : Format.shortDate(date)
    }

    /// `Last entry Feb 20, 2025 — 645 days before this export`, when the child's last entry
    /// of any kind is more than a day before the export: every card is then that old or older.
    var lastEntry: String? {
        guard let last = days.last(where: { !$0.isEmpty || $0.health.count > 0 }), let instant = last.lastEntryTime, isPast(instant) else { return nil }
        let before = site.exportedLocal.date.days(since: zone.localDateTime(at: instant).date)
        return Format.text("last_entry_before_export", ["date": date(instant), "days": Format.text("days_count", count: before)])
    }

    /// The time of `instant` as it follows "at" in a sentence: `7:28 AM`, or before the
    /// export's day `7:28 AM on Fri, Nov 20` (German `07:28 am Fr., 20. Nov.`, after `um`).
    func timeToSay(_ instant: Instant) -> String {
        guard !isOnLastDay(instant) else { return Format.time(instant, in: zone) }
        return Format.time(Format.time(instant, in: zone), onDate: Format.shortDate(zone.localDateTime(at: instant).date))
    }

    private func isOnLastDay(_ instant: Instant) -> Bool {
        days.last.map { $0.window.contains(instant) } ?? false
    }

    /// The card of the last entry of a kind, logged at `instant`: how long ago, its time and
    /// `detail`, leading to its day.
    func entryCard(_ category: Category, _ label: String, at instant: Instant, _ detail: String) -> [String: Any] {
        var card = FigureCards.card(category, label, "", "\(clockBesideDate(instant)) · \(detail)")
        ago(&card, instant)
        card["href"] = dayHref(instant)
        return card
    }

    var today: DaySummary { days.last?.summary ?? DaySummary() }

    /// `today`, saying from when when the day does not start at midnight: `since 7:00 AM`.
    var todayWords: String {
        let start = site.settings.dayStart
        return start == .midnight ? Format.text("today_lowercase") : Format.text("since_time", ["time": Format.time(start)])
    }

    var latest: LatestEntries { LatestEntries(days: days, exportedAt: site.exportedAt) }

    var feed: [String: Any] {
        var card = FigureCards.card(.feed, Format.category(.feed), Format.text("nothing_logged"), "")
        let latest = latest
        if let last = latest.feed {
            card = entryCard(.feed, Format.category(.feed), at: last.startedAt, EntryText.feeding(last, units: site.settings.units))
        }
        if let side = latest.nextSide {
            card["next"] = Format.text(side == .left ? "next_side_left" : "next_side_right")
        }
        card["todayWhat"] = NotLogged.or(Format.text("feeds_count", count: today.feedings.count), .feeds, in: today)
        return card
    }

    var diaper: [String: Any] {
        var card = FigureCards.card(.diaper, Format.category(.diaper), Format.text("nothing_logged"), "")
        if let last = latest.diaper {
            card = entryCard(.diaper, Format.category(.diaper), at: last.occurredAt, EntryText.diaper(last))
        }
        card["todayWhat"] = NotLogged.wetAndDirty(today)
        return card
    }

    var sleep: [String: Any] {
        let label = Format.category(.sleep)
        var card = FigureCards.card(.sleep, label, Format.text("nothing_logged"), "")
        switch latest.sleep {
        case .notEnded(let lastSleep):
            card = FigureCards.card(.sleep, label, Format.text("sleep_not_ended_card"), Format.text("sleep_started_at", ["time": clock(lastSleep.startedAt)]))
            card["href"] = dayHref(lastSleep.startedAt)
        case .asleep(let span):
            card = FigureCards.card(.sleep, label, Format.text("asleep_for", ["length": Format.duration(span.length)]),
                                    Format.text("asleep_since_at_export", ["time": clock(span.start)]))
            card["at"] = String(span.start.milliseconds)
            card["form"] = "asleep"
            card["active"] = true
            card["href"] = days.last.map { frame.link(SiteMap.day(child.slug, $0.date)) }
        case .awake(let span):
            card = FigureCards.card(.sleep, label, Format.text("awake_for", ["length": Format.elapsed(site.exportedAt - span.end)]),
                                    Format.text("woke_at_after", ["time": clockBesideDate(span.end), "length": Format.duration(span.length)]))
            if isPast(span.end) {
                card["value"] = Format.text("logged_on", ["date": date(span.end)])
            } else {
                card["at"] = String(span.end.milliseconds)
                card["form"] = "awake"
            }
            card["href"] = dayHref(span.start)
        case nil:
            break
        }
        card["todayWhat"] = NotLogged.or(Format.text("length_asleep", ["length": Format.duration(.seconds(today.sleep.totalSeconds))]), .sleep, in: today)
        return card
    }
}

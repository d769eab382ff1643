import Charts
import Dataset
import Days
import Timekeeping

/// `<child>/diary.html`: the sleep diary sleep clinics ask for — the last days (14 unless
/// chosen) one row each, 24 hours from the day start, with sleep, feeds, crying and night
/// wakings, and each row's total sleep, longest stretch and its start; a second view
/// double-plotted over 48 hours. It prints on one landscape sheet.
struct DiaryPage {
    let site: Site
    let child: Site.Child

    func page() -> Page {
        let path = SiteMap.diary(child.slug)
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        let name = child.days.child.name
        let title = "\(name) · \(Format.text("sleep_diary"))"
        var context = frame.context(title: title, child: child, label: Format.text("sleep_diary"))
        // The sheet turns to landscape: a day's 24 hours need the width.
        context["stylesheets"] = [SiteMap.themeStylesheet, SiteMap.layoutStylesheet, SiteMap.landscapePaperStylesheet].map { ["href": frame.link($0)] as [String: Any] }
        context["childName"] = name
        context["exported"] = frame.exported
        let facts = GrowthPage.facts(child.days.child, on: site.exportedLocal.date)
        if !facts.isEmpty { context["facts"] = facts }
        if site.visitPDF { context["pdfHref"] = frame.link(SiteMap.diaryPDF(child.slug)) }
        var markdown = "# \(Markdown.escaped(title))\n\n"
        guard let indices = site.diaryIndices(for: child) else {
            context["empty"] = true
            return Page(path: path, template: "diary", title: title, context: context, markdown: markdown + Format.text("no_days_in_chosen_range") + "\n")
        }
        let days = child.days.days
        let range = days[indices.lowerBound].date...days[indices.upperBound].date
        let rangeText = VisitPage.rangeText(range)
        context["rangeText"] = rangeText
        context["caption"] = Format.text("diary_caption", ["exported": frame.exported, "start": Format.time(site.settings.dayStart)])
        context["wakingsNote"] = Format.text("diary_wakings_note", ["from": Format.time(site.settings.napStartMax), "to": Format.time(site.settings.napStartMin)])
        // Each day's wakings, worked out once for both views and the legend.
        let wakings = Dictionary(uniqueKeysWithValues: (indices.lowerBound...min(indices.upperBound + 1, days.count - 1)).map {
            ($0, child.days.nightWakings(at: $0, settings: site.settings))
        })
        let rows = indices.map { row($0, wakings: wakings[$0] ?? [], frame: frame) }
        let shown = Array(days[indices])
        let hasCrying = CryingText.anyLogged(in: shown)
        context["hasCrying"] = hasCrying
        if !hasCrying { context["noCrying"] = Format.text("diary_no_crying") }
        context["rows"] = rows.map(\.context)
        // Rows grow shorter on paper as they grow many: six weeks still fill one sheet.
        context["density"] = rows.count > 31 ? " diary-long" : rows.count > 21 ? " diary-medium" : ""
        context["axis"] = axis(hours: 24)
        context["doubleAxis"] = axis(hours: 48)
        context["doubleRows"] = indices.map { doubleRow($0, wakings: wakings, frame: frame) }
        context["legend"] = legend(shown, hasWakings: indices.contains { wakings[$0]?.isEmpty == false })
        markdown += "\(Markdown.escaped(rangeText))\n\n\(Markdown.escaped(context["caption"] as! String))\n\n"
        markdown += "| \(Format.text("day")) | \(Format.text("total_sleep")) | \(Format.text("longest_stretch")) | \(Format.text("night_wakings")) |"
            + (hasCrying ? " \(Format.text("crying")) |" : "") + "\n|---|---:|---:|---:|" + (hasCrying ? "---:|" : "") + "\n"
        for row in rows {
            markdown += "| \(Markdown.escaped(row.label)) | \(row.total) | \(Markdown.escaped(row.longest)) | \(row.wakings) |"
                + (hasCrying ? " \(Markdown.escaped(row.crying)) |" : "") + "\n"
        }
        markdown += "\n\(Markdown.escaped(context["wakingsNote"] as! String))\n"
        return Page(path: path, template: "diary", title: title, context: context, markdown: markdown)
    }

    /// One row of the 24-hour view: its strip and its figures, as words.
    struct Row {
        let label: String
        let total: String
        let longest: String
        let wakings: String
        let crying: String
        let context: [String: Any]
    }

    private func row(_ index: Int, wakings: [NightWaking], frame: PageFrame) -> Row {
        let day = child.days.days[index]
        let sleep = day.summary.sleep
        let logged = day.summary.logged.contains(.sleep)
        let label = Format.shortDate(day.date)
        let total = logged ? Format.hoursAndMinutes(sleep.total) : Format.text("not_logged")
        let longest = sleep.longest.map {
            Format.text("diary_longest", ["length": Format.hoursAndMinutes($0.length), "time": Format.time($0.start, in: site.settings.zone)])
        } ?? (logged ? "–" : Format.text("not_logged"))
        let wakingCount = logged ? Format.language.formats.integer(wakings.count) : Format.text("not_logged")
        let crying = CryingText.cell(day)
        let strip = DiaryStrip(parts: [DiaryStrip.Part(day: day, wakings: wakings)], zone: site.settings.zone, exportedAt: site.exportedAt,
                               loggingStarted: child.days.loggingStarted)
        var spoken = DayTimelineChart(day: day, zone: site.settings.zone, exportedAt: site.exportedAt).description()
        if !wakings.isEmpty {
            spoken += " " + Format.text("diary_woke_at", ["times": Format.language.list(wakings.map { Format.time($0.start, in: site.settings.zone) })])
        }
        var context: [String: Any] = [
            "label": label, "href": frame.link(SiteMap.day(child.slug, day.date)), "strip": strip.svg(), "spoken": spoken,
            "total": total, "longest": longest, "wakings": wakingCount, "crying": crying,
        ]
        if !logged { context["sleepNotLogged"] = Format.text("sleep_not_logged") }
        return Row(label: label, total: total, longest: longest, wakings: wakingCount, crying: crying, context: context)
    }

    /// A row of the 48-hour view: the day, then the next (nil after the last).
    private func doubleRow(_ index: Int, wakings: [Int: [NightWaking]], frame: PageFrame) -> [String: Any] {
        let days = child.days.days
        let parts = [index, index + 1].map { index -> DiaryStrip.Part? in
            guard days.indices.contains(index) else { return nil }
            return DiaryStrip.Part(day: days[index], wakings: wakings[index] ?? [])
        }
        let strip = DiaryStrip(parts: parts, zone: site.settings.zone, exportedAt: site.exportedAt, loggingStarted: child.days.loggingStarted)
        return ["label": Format.shortDate(days[index].date), "href": frame.link(SiteMap.day(child.slug, days[index].date)), "strip": strip.svg()]
    }

    /// The clock readings above the strips: every 3 hours across a day, every 6 across two,
    /// each set at its line.
    private func axis(hours: Int) -> [[String: Any]] {
        let step = hours / 8
        return (0..<8).map { index in
            let minutes = (site.settings.dayStart.minutes + index * step * 60) % 1440
            return ["label": Format.time(TimeOfDay(minutes: minutes)!)]
        }
    }

    /// The marks the rows use, each named: only those the days have, beyond sleep and feeds.
    private func legend(_ days: [Day], hasWakings: Bool) -> [[String: Any]] {
        var items: [[String: Any]] = [["kind": "sleep", "label": Format.text("sleep")], ["kind": "feed", "label": Format.text("feed")]]
        if days.contains(where: { !$0.cryingSpans.isEmpty }) { items.append(["kind": "crying", "label": Format.text("crying")]) }
        if days.contains(where: { $0.health.cryings.contains { $0.fields.end == nil } }) {
            items.append(["kind": "crying-peak", "label": Format.text("diary_crying_untimed")])
        }
        if hasWakings {
            items.append(["kind": "waking", "label": Format.text("diary_night_waking")])
        }
        if days.contains(where: { $0.window.contains(site.exportedAt) }) || child.days.loggingStarted.map({ started in days.contains { $0.window.contains(started) } }) == true {
            items.append(["kind": "unlived", "label": Format.text("diary_unlived")])
        }
        return items.map { item in item.merging(["key": DiaryStrip.key(item["kind"] as! String)]) { $1 } }
    }
}

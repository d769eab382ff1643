import Charts
import Dataset
import Days
import Export
import Growth
import Timekeeping

/// The pediatrician summary: one sheet for two weeks. Per-day means with lowest and
/// highest and the change against the period before, a compact daily table, the pattern
/// of the range, and its notes; published reference ranges as quiet context.
struct VisitPage {
    let site: Site
    let child: Site.Child

    func page() -> Page {
        let path = SiteMap.visit(child.slug)
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        let name = child.days.child.name
        var context = frame.context(title: "\(name) · \(Format.text("visit_summary"))", child: child, label: Format.text("visit_summary"))
        context["childName"] = name
        context["exported"] = frame.exported
        context["caption"] = Format.text("visit_caption", ["exported": frame.exported, "from": Format.time(site.settings.napStartMin),
                                                           "to": Format.time(site.settings.napStartMax)])
        context["emptyText"] = Format.text("no_days_in_range_for", ["name": name])
        if site.visitPDF { context["pdfHref"] = frame.link(SiteMap.visitPDF(child.slug)) }
        guard let range = site.visitRange(for: child) else {
            context["empty"] = true
            return Page(path: path, template: "visit", title: "\(name) · \(Format.text("visit_summary"))", context: context,
                        markdown: "# \(Markdown.escaped(name)) · \(Format.text("visit_summary"))\n\n\(Format.text("no_days_in_chosen_range"))\n")
        }
        let summary = VisitSummary(child: child.days, range: range, exportedAt: site.exportedAt)
        let length = range.upperBound.days(since: range.lowerBound) + 1
        let rangeText = Self.rangeText(range)
        context["rangeText"] = rangeText
        let rangeNote = site.visitRangeEndsEarly(for: child)
            ? Format.text("visit_range_last_logged", ["date": Format.dateWithYear(child.days.days.last!.date)]) : nil
        context["rangeNote"] = rangeNote
        let agesNote = Self.agesNote(child.days.child, on: range.upperBound)
        context["agesNote"] = agesNote
        var stylesheets = context["stylesheets"] as? [[String: String]] ?? []
        stylesheets.append(["href": frame.link(SiteMap.visitPrintStylesheet(child.slug))])
        context["stylesheets"] = stylesheets
        let facts = Self.facts(child.days.child, on: range.upperBound)
        // Without a birthday there are none, and no "·" to lead them.
        if !facts.isEmpty { context["facts"] = facts.joined(separator: " · ") }
        let table = VisitTable(summary: summary, units: site.settings.units, length: length, exportedAt: site.exportedAt,
                               loggingStarted: child.days.loggingStarted, ageDays: summary.days.last?.ageDays)
        context["averages"] = MarkdownText(generated: table.averages)
        context["references"] = table.references.map { ["text": $0] as [String: Any] }
        context["hasReferences"] = !table.references.isEmpty
        let daily = table.daily
        context["daily"] = MarkdownText(generated: daily)
        let rows = summary.days.map { PatternChart.Row(day: $0, label: Format.shortDate($0.date), shortLabel: Format.monthDay($0.date), href: frame.link(SiteMap.day(child.slug, $0.date))) }
        context["diaryHref"] = frame.link(SiteMap.diary(child.slug))
        context["pattern"] = PatternChart(rows: rows, zone: site.settings.zone, dayStart: site.settings.dayStart, rowHeight: 14)
            .svg(id: "pattern", title: Format.text("sleep_and_feeds_in", ["span": rangeText]))
        // Only what was known by the summary's last day: a later weight is not its latest.
        let knownAsOf = site.visitKnownAsOf(for: child) ?? range.upperBound
        let growth = GrowthText(child, units: site.settings.units).asOf(knownAsOf)
        let hasGrowth = !growth.series.isEmpty
        context.merge(growth.summary(chartID: "visit-weight", asOf: knownAsOf, compact: true)) { $1 }
        // Loss and regain of birth weight matter in the first weeks: beside the days of life
        // when the first page has them, else beside the growth; later visits leave them to the growth page.
        let birthCourse = (summary.days.last?.ageDays ?? .max) <= 60 ? growth.birthCourse : nil
        // In the first weeks the day-by-day table is the first page's, read against the usual.
        let firstWeeks = table.newborn ? daily : nil
        context["hasDaily"] = firstWeeks == nil
        if let firstWeeks {
            context["firstWeeks"] = MarkdownText(generated: firstWeeks)
            context["firstWeeksNote"] = NewbornExpectations.summary
            context["firstWeeksCourse"] = birthCourse
        }
        if hasGrowth {
            context["birthCourse"] = firstWeeks == nil ? birthCourse : nil
            context["growthHref"] = frame.link(SiteMap.growth(child.slug))
        }
        let health = VisitHealth(site: site, child: child, summary: summary, knownAsOf: knownAsOf, growth: growth)
        context.merge(health.context) { $1 }
        let notes = summary.days.flatMap(\.notes)
        context["hasNotes"] = !notes.isEmpty
        context["notes"] = notes.map { note -> [String: Any] in
            var item: [String: Any] = ["when": Format.dayAndTime(note.occurredAt, in: site.settings.zone), "text": MarkdownText(note: note.text)]
            item["category"] = note.category.flatMap { $0.isEmpty ? nil : Format.noteCategory($0) }
            return item
        }
        var markdown = "# \(Markdown.escaped(name)) · \(Format.text("visit_summary"))\n\n" + (facts.isEmpty ? "" : "\(Markdown.escaped(facts.joined(separator: " · ")))\n\n") + "\(rangeText)\n\n"
            + (rangeNote.map { "\($0)\n\n" } ?? "") + (agesNote.map { "\($0)\n\n" } ?? "")
        markdown += health.alertsMarkdown
        if let firstWeeks {
            markdown += "## \(Format.text("first_weeks"))\n\n\(firstWeeks)\n\(NewbornExpectations.summary)\n\n" + (birthCourse.map { "\($0)\n\n" } ?? "")
        }
        if hasGrowth {
            markdown += "## \(Format.text("growth"))\n\n\(growth.latest(asOf: knownAsOf, compact: true))\n" + (firstWeeks == nil ? birthCourse.map { "\($0)\n\n" } ?? "" : "")
        }
        markdown += "## \(Format.text("per_day"))\n\n\(table.averages)\n" + table.references.map { "- \($0)\n" }.joined() + "\n"
        markdown += health.sectionsMarkdown
        if firstWeeks == nil { markdown += "## \(Format.text("each_day"))\n\n\(daily)\n" }
        if !notes.isEmpty {
            markdown += "## \(Format.text("notes"))\n\n" + notes.map { "### \(Format.dayAndTime($0.occurredAt, in: site.settings.zone))\n\n\($0.text)\n\n" }.joined()
        }
        return Page(path: path, template: "visit", title: "\(name) · \(Format.text("visit_summary"))", context: context, markdown: markdown)
    }
}

extension VisitPage {
    /// `Nov 8, 2026 – Nov 21, 2026 (14 days)`.
    static func rangeText(_ range: ClosedRange<LocalDate>) -> String {
        let length = range.upperBound.days(since: range.lowerBound) + 1
        let integer = Format.language.formats.integer
        return Format.text("range_with_days", ["from": Format.text("date_with_year", ["date": Format.shortDate(range.lowerBound), "year": integer(range.lowerBound.year)]),
                                               "to": Format.text("date_with_year", ["date": Format.shortDate(range.upperBound), "year": integer(range.upperBound.year)]),
                                               "days": Format.text("days_count", count: length)])
    }

    /// `Born Saturday, August 1, 2026`, `16 weeks 0 days (3 months) old on Nov 21`.
    static func facts(_ child: Child, on date: LocalDate) -> [String] {
        guard let born = child.dateOfBirth else { return [] }
        var facts = [Format.text("born_on", ["date": Format.longDate(born)])]
        if let age = Format.age(born: born, on: date) {
            let day = Format.shortDate(date)
            facts.append(Format.correctedAge(child, on: date).map { Format.text("age_old_on_date_corrected", ["age": age, "date": day, "corrected": $0]) }
                         ?? Format.text("age_old_on_date", ["age": age, "date": day]))
        }
        return facts
    }

    /// Which age each section reads, for a baby born early whose age is still corrected on
    /// `date`: the growth standards the corrected one, the fever thresholds (NICE NG143)
    /// and the ranges of diapers and sleep the age since birth.
    static func agesNote(_ child: Child, on date: LocalDate) -> String? {
        guard Format.correctedAge(child, on: date) != nil, let early = CorrectedAge.daysEarly(gestationalAgeWeeks: child.gestationalAgeWeeks),
              let length = Format.age(days: early) else { return nil }
        return Format.text("ages_used_corrected", ["early": length])
    }

    /// The stylesheet that puts the child, the birthday and the range in the margin of every
    /// printed page of the summary, with the page number: a second sheet must say whose it is.
    static func printStylesheet(site: Site, child: Site.Child) -> String {
        let name = child.days.child.name
        let integer = Format.language.formats.integer
        let born = child.days.child.dateOfBirth.map {
            " · " + Format.text("born_lowercase", ["date": Format.text("date_with_year", ["date": Format.shortDate($0), "year": integer($0.year)])])
        } ?? ""
        let range = site.visitRange(for: child).map { rangeText($0) } ?? ""
        let visitSummary = Format.text("visit_summary"), pageOf = Format.text("page_of_pages")
        return """
            /* Written by bbreport for \(CSSText.comment(name))'s visit summary. */
            @page {
              @top-left { content: \(CSSText.string(visitSummary + " · " + name + born)); font: 9pt/1.2 system-ui, sans-serif; color: #4a4039; }
              @top-right { content: \(CSSText.string(range)); font: 9pt/1.2 system-ui, sans-serif; color: #4a4039; }
              @bottom-right { content: \(CSSText.pageCounter(pageOf)); font: 9pt/1.2 system-ui, sans-serif; color: #4a4039; }
            }

            """
    }
}

/// Text for a stylesheet, from a family's data.
enum CSSText {
    /// A CSS string: quotes, backslashes and every character that could end the string
    /// or the rule written as escapes.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\", "<", ">", "{", "}", ";", "@":
                result += "\\" + String(scalar.value, radix: 16) + " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
                result += "\\" + String(scalar.value, radix: 16) + " "
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A page-margin box's `content` for `words` with `{page}` and `{pages}` in them:
    /// `"Page " counter(page) " of " counter(pages)`.
    static func pageCounter(_ words: String) -> String {
        var parts: [String] = []
        var rest = Substring(words)
        while let open = rest.firstIndex(of: "{") {
            let counter = ["{page}": "counter(page)", "{pages}": "counter(pages)"].first { rest[open...].hasPrefix($0.key) }
            guard let counter else { break }
            if open > rest.startIndex { parts.append(string(String(rest[..<open]))) }
            parts.append(counter.value)
            rest = rest[rest.index(open, offsetBy: counter.key.count)...]
        }
        if !rest.isEmpty { parts.append(string(String(rest))) }
        return parts.joined(separator: " ")
    }

    /// `text` safe inside a comment: no `*/`.
    static func comment(_ text: String) -> String {
        String(text.replacingOccurrences(of: "*/", with: "* /").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init)).prefix(80).description
    }
}

/// The tables of the visit summary.
struct VisitTable {
    let summary: VisitSummary
    let units: Units
    let length: Int
    let exportedAt: Instant
    let loggingStarted: Instant?
    let ageDays: Int?

    /// `| Per day | Mean | Lowest – highest | Previous 14 days | Change |`.
    var averages: String {
        guard !summary.figures.days.isEmpty else { return Format.text("no_complete_day_in_range") + "\n" }
        let hasPrevious = summary.previous != nil
        var text = "| \(Format.text("per_day")) | \(Format.text("mean")) | \(Format.text("lowest_highest")) |"
            + (hasPrevious ? " \(Format.text("previous_days", count: length)) | \(Format.text("change")) |" : "") + "\n"
        text += "|---|---:|---:|" + (hasPrevious ? "---:|---:|" : "") + "\n"
        for (label, metric) in RangeTables.metrics {
            guard let statistic = summary.statistic(metric), !RangeTables.isNoise(metric, in: summary.figures) else { continue }
            let show = { (number: Double) in RangeTables.value(number, metric, units) }
            text += "| \(label) | \(show(statistic.mean)) | \(show(statistic.minimum)) – \(show(statistic.maximum)) |"
            if hasPrevious {
                let before = summary.previous?.statistic(metric).map { show($0.mean) } ?? "–"
                text += " \(before) | \(summary.change(metric).map { VisitTable.change($0, metric, units) } ?? "–") |"
            }
            text += "\n"
        }
        text += NotLogged.rows(summary.figures, cells: hasPrevious ? 4 : 2)
        var note = RangeTables.countedNote(counted: summary.figures.days.count, of: summary.days,
                                           loggingStarted: loggingStarted, exportedAt: exportedAt)
            + RangeTables.figuresNote(summary.figures)
        if let previous = summary.previous {
            note += " " + Format.text("previous_days_with_entries", ["days": Format.text("days_count", count: length),
                                                                    "with": Format.text("days_count", count: previous.days.count)])
        } else {
            note += " " + Format.text("no_change_shown", ["days": Format.text("days_count", count: length)])
        }
        return text + "\n" + note + "\n"
    }

    /// One row per day; the breast and bottle columns only when the range has such feeds.
    /// With days in the first eight weeks of life (``newborn``), each row also gives the day
    /// of life and what is usual for it, and a whole day below a sign has its cell marked
    /// (``NewbornExpectations``): the table then opens the summary's first page.
    var daily: String {
        let breast = summary.days.contains { $0.summary.feedings.breastCount > 0 }
        let bottle = summary.days.contains { $0.summary.feedings.bottleCount > 0 }
        let hours = { (seconds: Int64) in Format.duration(.seconds(seconds)) }
        let integer = Format.language.formats.integer
        let mark = { (day: Day, count: Int, usual: (Int) -> Int?) in
            newborn && isWhole(day) ? NewbornExpectations.marked(count, usual: day.ageDays.flatMap { usual($0 + 1) }) : integer(count)
        }
        var columns: [(title: String, kind: RoutineKinds, value: (Day) -> String)] = [
            (Format.text("feeds"), .feeds, { mark($0, $0.summary.feedings.count, { _ in NewbornExpectations.feedsPerDay }) }),
        ]
        if breast {
            columns.append((Format.text("breast_left_right"), .feeds, { Format.unbroken("\(integer($0.summary.feedings.startedLeft)) / \(integer($0.summary.feedings.startedRight))") }))
        }
        if bottle {
            columns.append((Format.text("bottle"), .feeds, { day in
                let f = day.summary.feedings
                guard f.bottlesWithAmount > 0 else { return f.bottleCount > 0 ? Format.volumeUnknown(in: units.volume) : "–" }
                let volume = Format.volume(ml: f.bottleML, in: units.volume)
                return f.bottlesWithAmount == f.bottleCount ? volume
                    : volume + " " + Format.unbroken(Format.text("some_of_all", ["some": integer(f.bottlesWithAmount), "all": integer(f.bottleCount)]))
            }))
        }
        columns += [
            (Format.text("wet"), .wet, { mark($0, $0.summary.diapers.wet, NewbornExpectations.wet(dayOfLife:)) }),
            (Format.text("dirty"), .dirty, { mark($0, $0.summary.diapers.dirty, NewbornExpectations.dirty(dayOfLife:)) }),
            (Format.text("sleep"), .sleep, { hours($0.summary.sleep.totalSeconds) }), (Format.text("night"), .sleep, { hours($0.summary.sleep.nightSeconds) }),
            (Format.text("naps"), .sleep, { hours($0.summary.sleep.napSeconds) }),
            (Format.text("longest"), .sleep, { $0.summary.sleep.longest.map { Format.duration($0.length) } ?? "–" }),
        ]
        // A kind no day of the range logged has no column: the means say it was not logged.
        columns = columns.filter { NotLogged.anyLogged($0.kind, in: summary.days) }
        let crying = CryingText.anyLogged(in: summary.days)
        // The day first: on a phone each row is a card headed by its first cell.
        let headings = [Format.text("day")] + (newborn ? [Format.text("day_of_life")] : []) + columns.map(\.title)
            + (crying ? [Format.text("crying")] : []) + (newborn ? [Format.text("usual_feeds_wet_dirty")] : [])
        var text = "| " + headings.joined(separator: " | ") + " |\n|---|" + (newborn ? "---:|" : "")
            + String(repeating: "---:|", count: columns.count + (crying ? 1 : 0)) + (newborn ? "---|" : "") + "\n"
        for day in summary.days {
            let partial = day.window.end > exportedAt ? Format.text("in_parentheses", ["text": Format.text("to_the_export")])
                : (loggingStarted.map { day.window.start < $0 } ?? false) ? Format.text("in_parentheses", ["text": Format.text("logging_began")]) : ""
            // The date never splits; the note after it may go to a second line on a narrow sheet.
            var cells = [Format.unbroken(Format.shortDate(day.date)) + partial]
            cells += day.isEmpty ? columns.map { _ in "–" } : columns.map { NotLogged.or($0.value(day), $0.kind, in: day.summary) }
            if crying { cells.append(CryingText.cell(day)) }
            if newborn {
                let dayOfLife = day.ageDays.map { $0 + 1 }
                cells.insert(dayOfLife.map { $0 >= 1 ? integer($0) : "–" } ?? "–", at: 1)
                cells.append(dayOfLife.flatMap(NewbornExpectations.usual).map(Format.unbroken) ?? "–")
            }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// Whether `day` is whole: not the day logging began in, nor the export's.
    func isWhole(_ day: Day) -> Bool {
        day.window.end <= exportedAt && !(loggingStarted.map { day.window.start < $0 } ?? false)
    }

    /// Published ranges for the child's age, as context for the figures (never a verdict).
    var references: [String] {
        guard let age = ageDays, age >= 0 else { return [] }
        var lines: [String] = []
        // In the first eight weeks the first page's day-by-day table says it for feeds and diapers.
        if age <= 60, !newborn {
            lines.append(Format.text("reference_feeds_newborn"))
        }
        if (5...60).contains(age), !newborn {
            lines.append(Format.text("reference_wet_diapers"))
        }
        switch age {
        case ..<120: lines.append(Format.text("reference_sleep_0_3_months"))
        case ..<365: lines.append(Format.text("reference_sleep_4_12_months"))
        case ..<730: lines.append(Format.text("reference_sleep_1_2_years"))
        default: lines.append(Format.text("reference_sleep_3_5_years"))
        }
        return lines
    }

    /// Whether the range has days in the first eight weeks of life, which the first page's
    /// table says day by day.
    var newborn: Bool {
        NewbornExpectations.applies(to: summary.days)
    }

    /// `+0.8`, `−25m`, `+30 ml`, `±0`.
    static func change(_ value: Double, _ metric: DayMetric, _ units: Units) -> String {
        let shown = RangeTables.value(abs(value), metric, units)
        if shown == RangeTables.value(0, metric, units) { return "±0" }
        return Format.signed(negative: value < 0, shown)
    }
}

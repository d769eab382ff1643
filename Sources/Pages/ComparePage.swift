import Charts
import Dataset
import Days
import Timekeeping

/// `compare.html`, for a family of two children or more: the children side by side by
/// age — when each first slept 6 hours at night, last fed at night and first ate a solid
/// food; their growth percentiles on one chart for each measure; and the trends' figures
/// by week of age, one line a child.
struct ComparePage {
    let site: Site

    func page() -> Page {
        let path = SiteMap.compare
        let frame = PageFrame(site: site, path: path, theme: site.theme)
        let title = Format.text("compare_title")
        var context = frame.context(title: title, crumbs: [.init(label: Format.text("home"), target: SiteMap.home), .init(label: title, target: nil)])
        context["heading"] = title
        context["caption"] = Format.text("compare_caption", ["exported": frame.exported, "from": Format.time(site.settings.napStartMax),
                                                            "to": Format.time(site.settings.napStartMin)])
        let placed = site.children.enumerated().compactMap { AgedChild(child: $1, style: $0) }
        context["legend"] = placed.map { child -> [String: Any] in
            var item: [String: Any] = ["name": child.name, "palette": child.child.theme.palette.id, "swatch": AgeChart.swatch(child.style)]
            item["corrected"] = child.early.flatMap { Format.age(days: $0) }.map { Format.text("compare_corrected", ["early": $0]) }
            return item
        }
        context["unplaced"] = site.children.filter { $0.days.child.dateOfBirth == nil }
            .map { Format.text("compare_no_birthday", ["name": $0.days.child.name]) }
        var markdown = "# \(Markdown.escaped(title))\n\n\(Markdown.escaped(context["caption"] as! String))\n\n"
        for line in context["unplaced"] as! [String] { markdown += "\(Markdown.escaped(line))\n\n" }

        // With no child placed by age there is nothing to set side by side.
        if !placed.isEmpty {
            let landmarks = CompareLandmarks(site: site, children: placed)
            let note = Format.text("compare_landmarks_note", ["from": Format.time(site.settings.napStartMax), "to": Format.time(site.settings.napStartMin)])
            context["landmarks"] = ["table": MarkdownText(generated: landmarks.table), "note": note,
                                    "readings": landmarks.readings.map { ["text": $0.text, "class": $0.known ? "trend-reading" : "caption"] }]
            markdown += "## \(Format.text("compare_landmarks"))\n\n\(landmarks.table)\n"
                + (landmarks.readings.map(\.text) + [note]).map { "\(Markdown.escaped($0))\n\n" }.joined()
        }

        var charts = growthCharts(placed)
        charts += figureCharts(placed)
        for chart in charts {
            markdown += "## \(Markdown.escaped(chart["heading"] as! String))\n\n\(Markdown.escaped(chart["reading"] as! String))\n\n\(chart["markdown"] as! String)\n"
        }
        context["charts"] = charts
        return Page(path: path, template: "compare", title: title, context: context, markdown: markdown)
    }

    /// Each trends figure by week of age: each child's weekly median, the latest week of age
    /// every child has in words, and the medians in a table.
    private func figureCharts(_ placed: [AgedChild]) -> [[String: Any]] {
        let perChild = placed.map { site.trendValues($0.child) }
        guard let figures = perChild.first?.figures else { return [] }
        var charts: [[String: Any]] = []
        for (index, figure) in figures.enumerated() {
            // Each child's weeks of age with a value, as (age in days at the week's start, median).
            let weeks = zip(placed, perChild).map { child, each in child.weeklyMedians(each.values[index]) }
            let drawn = zip(placed, weeks).filter { !$1.isEmpty }
            guard !drawn.isEmpty else { continue }
            let highest = drawn.flatMap { $1.map(\.median) }.max() ?? 0
            let scale = ValueScale.stepped(highest: highest, step: figure.step, label: figure.format)
            let series = drawn.map { child, weeks in
                AgeChart.Series(palette: child.child.theme.palette.id, style: child.style, points: weeks.map { (Double($0.age) + 3.5, $0.median) })
            }
            let reading = Self.reading(figure, drawn)
            let id = "compare-\(figure.id)"
            let chart = AgeChart(series: series, scale: scale, joinWithin: 7, marked: false)
            let table = Self.table(figure, drawn)
            charts.append(["id": id, "heading": figure.name, "reading": reading, "svg": chart.svg(id: id, title: figure.name, description: reading),
                           "summary": Format.text("weekly_medians"), "table": MarkdownText(generated: table), "markdown": table])
        }
        return charts
    }

    /// `At 26 weeks: Ava 5h 10m, Leo 6h 40m.`: the latest week of age every child drawn has.
    static func reading(_ figure: TrendFigure, _ drawn: [(AgedChild, [AgedChild.Week])]) -> String {
        guard drawn.count > 1 else { return Format.text("compare_reading_one", ["name": drawn[0].0.name]) }
        let common = drawn.dropFirst().reduce(Set(drawn[0].1.map(\.age))) { $0.intersection($1.1.map(\.age)) }
        guard let age = common.max() else { return Format.text("compare_reading_apart") }
        let values = drawn.map { child, weeks in
            Format.text("compare_child_value", ["name": child.name, "value": figure.format(weeks.first { $0.age == age }!.median)])
        }
        return Format.sentence(Format.text("compare_reading", ["age": weeks(age), "values": Format.language.list(values)]))
    }

    /// `0 weeks`, `21 weeks`: a week of age by the age in days it starts at.
    static func weeks(_ age: Int) -> String {
        Format.text("age_weeks", count: age / 7)
    }

    /// `| Age | Ava | Leo |`, a row for each week of age any child has.
    static func table(_ figure: TrendFigure, _ drawn: [(AgedChild, [AgedChild.Week])]) -> String {
        var text = tableHead(drawn.map(\.0))
        let columns = drawn.map { Dictionary(uniqueKeysWithValues: $0.1.map { ($0.age, $0.median) }) }
        for age in Set(drawn.flatMap { $0.1.map(\.age) }).sorted() {
            text += "| \(Self.weeks(age)) | " + columns.map { $0[age].map(figure.format) ?? "–" }.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// `| Age | Ava | Leo |` and its alignment row: a table by age, a column a child.
    static func tableHead(_ children: [AgedChild]) -> String {
        "| \(Format.text("age")) | " + children.map { Markdown.escaped($0.name) }.joined(separator: " | ") + " |\n|---|"
            + String(repeating: "---:|", count: children.count) + "\n"
    }

    /// Each measure's WHO percentiles, every child with a sex and a birthday on one chart.
    private func growthCharts(_ placed: [AgedChild]) -> [[String: Any]] {
        GrowthSeries.Kind.allCases.compactMap { kind -> [String: Any]? in
            let drawn = placed.compactMap { child -> (AgedChild, [(date: LocalDate, age: Int, percentile: Double, z: Double)])? in
                let points = (child.child.growth.first { $0.kind == kind }?.points ?? []).compactMap { point in
                    point.percentile.flatMap { percentile in
                        point.z.flatMap { z in point.standardAge.map { (date: point.date, age: $0, percentile: percentile, z: z) } }
                    }
                }
                return points.isEmpty ? nil : (child, points)
            }
            guard !drawn.isEmpty else { return nil }
            let heading = Format.text("compare_percentile", ["kind": kind.name])
            let latest = drawn.map { child, points in
                Format.text("compare_child_value", ["name": child.name, "value": Format.text("compare_percentile_at", [
                    "percentile": Format.ordinal(points.last!.percentile), "age": child.ageText(on: points.last!.date) ?? ""])])
            }
            let reading = Format.sentence(Format.text("compare_percentile_latest", ["values": Format.language.list(latest)]))
            // Spaced as the standards' curves are, by z-score: the 3rd, 15th, 50th, 85th and 97th percentiles.
            let lines = [(3, -1.881), (15, -1.036), (50, 0), (85, 1.036), (97, 1.881)]
            let scale = ValueScale(ticks: lines.map(\.1), floor: -2.5, ceiling: 2.5) { z in
                Format.language.formats.integer(lines.first { abs($0.1 - z) < 0.01 }?.0 ?? 0)
            }
            let series = drawn.map { child, points in
                AgeChart.Series(palette: child.child.theme.palette.id, style: child.style, points: points.map { (Double($0.age), $0.z) })
            }
            // Measurements a few months apart are still one course.
            let chart = AgeChart(series: series, scale: scale, joinWithin: 366, marked: true, plotHeight: 140)
            var table = Self.tableHead(drawn.map(\.0))
            let rows = drawn.enumerated().flatMap { column, each in
                each.1.map { (age: $0.age, text: each.0.ageText(on: $0.date) ?? "", column: column, percentile: $0.percentile) }
            }
            for row in rows.sorted(by: { ($0.age, $0.column) < ($1.age, $1.column) }) {
                let cells = drawn.indices.map { $0 == row.column ? Format.ordinal(row.percentile) : "" }
                table += "| \(row.text) | " + cells.joined(separator: " | ") + " |\n"
            }
            let id = "compare-percentile-\(kind.rawValue)"
            return ["id": id, "heading": heading, "reading": reading, "svg": chart.svg(id: id, title: heading, description: reading),
                    "summary": Format.text("percentile"), "table": MarkdownText(generated: table), "markdown": table]
        }
    }
}

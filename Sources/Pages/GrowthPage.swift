import Bytes
import Charts
import Dataset
import Days
import Growth
import Timekeeping

/// `<child>/growth.html`: every measurement over the WHO percentile curves for the child's
/// sex (weight, length or height, head circumference and BMI for age, weight for length or
/// height), the latest of
/// each with the change since the one before, and all of them in a table.
struct GrowthPage {
    let site: Site
    let child: Site.Child

    func page() -> Page {
        let path = SiteMap.growth(child.slug)
        let frame = PageFrame(site: site, path: path, theme: child.theme)
        let name = child.days.child.name
        let title = "\(name) · \(Format.text("growth"))"
        var context = frame.context(title: title, child: child, label: Format.text("growth"))
        context["exported"] = frame.exported
        let growth = GrowthText(child, units: site.settings.units)
        let facts = Self.facts(child.days.child, on: site.exportedLocal.date)
        if !facts.isEmpty { context["facts"] = facts }
        var markdown = "# \(Markdown.escaped(title))\n\n" + (facts.isEmpty ? "" : "\(Markdown.escaped(facts))\n\n")
        context["missingFacts"] = growth.missingFacts
        let latest = growth.latest(asOf: site.exportedLocal.date)
        context["latest"] = MarkdownText(generated: latest)
        context["birthCourse"] = growth.birthCourse
        let crossings = growth.falteringSigns + growth.crossings(asOf: site.exportedLocal.date)
        context["crossings"] = crossings.map { ["text": $0] }
        let charts: [(id: String, heading: String, svg: Markup?)] = [
            ("growth-weight", Format.text("weight_for_age"), growth.chart(.weight, id: "growth-weight")),
            ("growth-length", Format.text("kind_for_age", ["kind": growth.name(.length)]), growth.chart(.length, id: "growth-length")),
            ("growth-head", Format.text("kind_for_age", ["kind": growth.name(.head)]), growth.chart(.head, id: "growth-head")),
            ("growth-weight-length", Format.text(growth.name(.length) == Format.text("height") ? "weight_for_height" : "weight_for_length"),
             growth.weightForLengthChart(id: "growth-weight-length")),
            ("growth-bmi", Format.text("bmi_for_age"), growth.bmiChart(id: "growth-bmi")),
        ]
        context["charts"] = charts.compactMap { chart in chart.svg.map { ["id": chart.id, "heading": chart.heading, "svg": $0] } }
        context["all"] = MarkdownText(generated: growth.all)
        let velocity = growth.velocityTable
        context["velocity"] = velocity.map { MarkdownText(generated: $0) }
        markdown += growth.missingFacts.map { "\(Markdown.escaped($0))\n\n" } ?? ""
        markdown += "## \(Format.text("latest"))\n\n\(latest)\n" + (growth.birthCourse.map { "\($0)\n\n" } ?? "")
            + crossings.map { "\(Markdown.escaped($0))\n\n" }.joined()
        markdown += velocity.map { "## \(Format.text("weight_gain_between_weighings"))\n\n\($0)\n" } ?? ""
        markdown += "## \(Format.text("every_measurement"))\n\n\(growth.all)"
        return Page(path: path, template: "growth", title: title, context: context, markdown: markdown)
    }

    /// `Girl · born Saturday, August 1, 2026, at 34 weeks · 16 weeks old (corrected age 10
    /// weeks 6 days) at the export`.
    static func facts(_ child: Child, on date: LocalDate) -> String {
        var parts: [String] = []
        switch child.sex {
        case .female?: parts.append(Format.text("girl"))
        case .male?: parts.append(Format.text("boy"))
        case nil: break
        }
        if let born = child.dateOfBirth {
            parts.append(child.gestationalAgeWeeks.map { Format.text("born_at_weeks", ["date": Format.longDate(born), "weeks": Format.gestation(weeks: $0)]) }
                         ?? Format.text("born_lowercase", ["date": Format.longDate(born)]))
            if let age = Format.age(born: born, on: date) {
                parts.append(Format.text("at_the_export", ["age": Format.ageOld(age, corrected: Format.correctedAge(child, on: date))]))
            }
        }
        let text = parts.joined(separator: " · ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}

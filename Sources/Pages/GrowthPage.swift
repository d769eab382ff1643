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
        let title = "\(name) · Growth"
        var context = frame.context(
            title: title,
            crumbs: [.init(label: "Home", target: SiteMap.home), .init(label: name, target: SiteMap.childHome(child.slug)),
                     .init(label: "Growth", target: nil)]
        )
        context["exported"] = frame.exported
        let growth = GrowthText(child, units: site.settings.units)
        let facts = Self.facts(child.days.child, on: site.exportedLocal.date)
        context["facts"] = facts
        var markdown = "# \(Markdown.escaped(title))\n\n\(Markdown.escaped(facts))\n\n"
        context["missingFacts"] = growth.missingFacts
        let latest = growth.latest(asOf: site.exportedLocal.date)
        context["latest"] = MarkdownText(generated: latest)
        context["birthCourse"] = growth.birthCourse
        let crossings = growth.crossings(asOf: site.exportedLocal.date)
        context["crossings"] = crossings.map { ["text": $0] }
        let charts: [(id: String, heading: String, svg: Markup?)] = [
            ("growth-weight", "Weight for age", growth.chart(.weight, id: "growth-weight")),
            ("growth-length", "\(growth.name(.length)) for age", growth.chart(.length, id: "growth-length")),
            ("growth-head", "Head circumference for age", growth.chart(.head, id: "growth-head")),
            ("growth-weight-length", "Weight for \(growth.name(.length).lowercased())", growth.weightForLengthChart(id: "growth-weight-length")),
            ("growth-bmi", "BMI for age", growth.bmiChart(id: "growth-bmi")),
        ]
        context["charts"] = charts.compactMap { chart in chart.svg.map { ["id": chart.id, "heading": chart.heading, "svg": $0] } }
        context["all"] = MarkdownText(generated: growth.all)
        markdown += growth.missingFacts.map { "\(Markdown.escaped($0))\n\n" } ?? ""
        markdown += "## Latest\n\n\(latest)\n" + (growth.birthCourse.map { "\($0)\n\n" } ?? "")
            + crossings.map { "\(Markdown.escaped($0))\n\n" }.joined()
        markdown += "## Every measurement\n\n\(growth.all)"
        return Page(path: path, template: "growth", title: title, context: context, markdown: markdown)
    }

    /// `Girl · born Saturday, August 1, 2026, at 34 weeks · 16 weeks old (corrected age 10
    /// weeks 6 days) at the export`.
    static func facts(_ child: Child, on date: LocalDate) -> String {
        var parts: [String] = []
        switch child.sex {
        case .female?: parts.append("Girl")
        case .male?: parts.append("Boy")
        case nil: break
        }
        if let born = child.dateOfBirth {
            let weeks = child.gestationalAgeWeeks.map { ", at \(Format.gestation(weeks: $0))" } ?? ""
            parts.append("born \(Format.longDate(born))\(weeks)")
            if let age = Format.age(born: born, on: date) {
                parts.append("\(age) old" + (Format.correctedAge(child, on: date).map { " (\($0))" } ?? "") + " at the export")
            }
        }
        let text = parts.joined(separator: " · ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}

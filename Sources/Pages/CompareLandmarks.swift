import Timekeeping

/// The comparison's first table: for each child, when the logs say they first slept 6 hours
/// at night, last fed at night and first ate a solid food, by age; and under it, for each,
/// which child came to it youngest — said only when the logs tell it for certain.
struct CompareLandmarks {
    /// The table in Markdown: a row a landmark, a column a child.
    let table: String
    /// A sentence a landmark: the youngest, or that the logs cannot say (not `known`).
    let readings: [(text: String, known: Bool)]

    init(site: Site, children: [AgedChild]) {
        let findings = children.map { AgeLandmark.findings($0.child.days, nights: site.nights($0.child), settings: site.settings) }
        var table = "| | " + children.map { Markdown.escaped($0.name) }.joined(separator: " | ") + " |\n|---|"
            + String(repeating: "---|", count: children.count) + "\n"
        var readings: [(text: String, known: Bool)] = []
        for kind in AgeLandmark.Kind.allCases {
            let cells = zip(children, findings).map { child, found in Self.text(found[kind] ?? .notLogged, kind, child) }
            table += "| \(Format.text("landmark_" + kind.rawValue)) | " + cells.map(Markdown.escaped).joined(separator: " | ") + " |\n"
            if children.count > 1 {
                readings.append(Self.youngest(kind, children, findings.map { $0[kind] ?? .notLogged }, cells))
            }
        }
        self.table = table
        self.readings = readings
    }

    /// What a finding says in a cell: `9 weeks 2 days, Mar 3, 2026`, `by 27 weeks, when
    /// logging began`, `not yet at 30 weeks`.
    static func text(_ finding: AgeLandmark.Finding, _ kind: AgeLandmark.Kind, _ child: AgedChild) -> String {
        func age(_ date: LocalDate) -> String {
            child.ageText(on: date) ?? Format.correctedAge(child.child.days.child, on: date) ?? Format.shortDate(date)
        }
        switch finding {
        case .notLogged: return Format.text("not_logged")
        case .on(let date): return Format.text("landmark_on", ["age": age(date), "date": Format.date(date)])
        case .between(let first, let last): return Format.text("landmark_between", ["from": age(first), "to": age(last)])
        case .by(let date):
            let start = child.child.days.days.first(where: \.hasDailyEntries).map { age($0.date) } ?? ""
            return kind == .lastNightFeed ? Format.text("landmark_none_logged", ["start": start]) : Format.text("landmark_by", ["age": age(date), "start": start])
        case .notYet(let date): return Format.text(kind == .lastNightFeed ? "landmark_night_feeds_go_on" : "landmark_not_yet", ["age": age(date)])
        }
    }

    /// `First night of 6 hours: Mia was youngest (9 weeks 2 days, Mar 3, 2026).`: the child
    /// whose latest possible age is below every other child's earliest.
    static func youngest(_ kind: AgeLandmark.Kind, _ children: [AgedChild], _ findings: [AgeLandmark.Finding], _ cells: [String]) -> (text: String, known: Bool) {
        let landmark = Format.text("landmark_" + kind.rawValue)
        // A day before the age begins (before the due date of a baby born early) is the youngest of all.
        let spans = zip(children, findings).map { child, finding -> (low: Int, high: Int)? in
            finding.bounds.map { bounds in
                (bounds.earliest.map { child.age(on: $0) ?? -1 } ?? .min, bounds.latest.map { child.age(on: $0) ?? -1 } ?? .max)
            }
        }
        let known = spans.compactMap { $0 }
        if known.count == children.count {
            for (index, span) in known.enumerated() where known.indices.allSatisfy({ $0 == index || span.high < known[$0].low }) {
                return (Format.text("compare_youngest", ["landmark": landmark, "name": children[index].name, "when": cells[index]]), true)
            }
        }
        return (Format.text("compare_youngest_unknown", ["landmark": landmark]), false)
    }
}

import Days
import Export
import Growth
import Timekeeping

/// What the first page of a visit summary points out, each with the published threshold
/// behind it (``AgeContext``): fevers with the doses after them, stool colours, a loss
/// from birth weight, birth weight not regained by day 14, a latest weight months old, a
/// measurement that crossed two major percentile lines, days with few wet diapers, doses
/// given sooner than the app allowed, and reactions to food. Context for the doctor,
/// never a verdict.
struct VisitAlerts {
    struct Item {
        /// `fever`, `stool`, `weight`, `diapers`, `medicine`, `reaction`: the style and icon.
        let kind: String
        let text: String
    }

    let items: [Item]

    init(fevers: [String], stools: StoolAlerts, weight: [String], diapers: String?, tooSoon: [String], reactions: [String]) {
        var items = fevers.map { Item(kind: "fever", text: $0) }
        items += stools.items.map { Item(kind: "stool", text: "\($0.color), \($0.when).") }
        items += weight.map { Item(kind: "weight", text: $0) }
        items += diapers.map { [Item(kind: "diapers", text: $0)] } ?? []
        items += tooSoon.map { Item(kind: "medicine", text: "A dose sooner than allowed: \($0)") }
        items += reactions.map { Item(kind: "reaction", text: "\($0).") }
        self.items = items
    }

    /// Days of life after day 5 and within two months with fewer than 6 wet diapers, among
    /// those whole days that have any diaper logged: `Fewer than 6 wet diapers on Nov 12
    /// (4) and Nov 15 (5): about 6 or more a day is usual from day 5
    /// (AAP).`
    static func fewWetDiapers(_ days: [Day], exportedAt: Instant, loggingStarted: Instant?) -> String? {
        let few = days.filter { day in
            guard let age = day.ageDays, age + 1 > AgeContext.wetDiapersFromDay, age <= AgeContext.wetDiapersUntilDay else { return false }
            let whole = day.window.end <= exportedAt && (loggingStarted.map { day.window.start >= $0 } ?? true)
            return whole && !day.diapers.isEmpty && day.summary.diapers.wet < AgeContext.wetDiapersPerDay
        }
        guard !few.isEmpty else { return nil }
        let list = few.map { "\(Format.unbroken(Format.monthDay($0.date))) (\($0.summary.diapers.wet))" }
        return "Fewer than \(AgeContext.wetDiapersPerDay) wet diapers logged on \(list.joined(separator: ", ")): "
            + "about 6 or more a day is usual from day 5 (American Academy of Pediatrics)."
    }

    /// A newborn's loss of 10 % or more from birth weight, and birth weight not back by day 14.
    static func birthWeight(_ course: BirthWeightCourse?, ageDays: Int?, units: VolumeUnit) -> [String] {
        guard let course, let age = ageDays, age <= 60 else { return [] }
        var lines: [String] = []
        if let lost = course.lostPercent, lost >= AgeContext.birthWeightLossPercent, let lowest = course.lowest {
            lines.append("\(String(format1: lost))\u{00A0}% below birth weight at \(Format.count(lowest.daysOld, "day")) old "
                + "(\(Format.weight(kg: lowest.kilograms, in: units))): a loss of 10\u{00A0}% or more is a reason to check feeding (American Academy of Pediatrics).")
        }
        let by = AgeContext.birthWeightRegainedBy
        if course.lowest != nil, age > by, (course.regained?.daysOld ?? .max) > by {
            lines.append("Not back at birth weight by day \(by)" + (course.regained.map { " (back at \(Format.count($0.daysOld, "day")) old)" } ?? " (not yet at the last weighing)")
                + ": most babies are back by 10–14 days (American Academy of Pediatrics).")
        }
        return lines
    }
}

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
        items += stools.watery.map { [Item(kind: "watery", text: $0)] } ?? []
        items += stools.items.map { Item(kind: "stool", text: Format.text("stool_alert", ["color": $0.color, "when": $0.when])) }
        items += weight.map { Item(kind: "weight", text: $0) }
        items += diapers.map { [Item(kind: "diapers", text: $0)] } ?? []
        items += tooSoon.map { Item(kind: "medicine", text: Format.text("dose_too_soon", ["dose": $0])) }
        items += reactions.map { Item(kind: "reaction", text: Format.sentence($0)) }
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
            return whole && day.summary.logged.contains(.wet) && day.summary.diapers.wet < AgeContext.wetDiapersPerDay
        }
        guard !few.isEmpty else { return nil }
        let integer = Format.language.formats.integer
        let list = few.map { Format.unbroken(Format.monthDay($0.date)) + Format.text("in_parentheses", ["text": integer($0.summary.diapers.wet)]) }
        return Format.text("few_wet_diapers", ["count": integer(AgeContext.wetDiapersPerDay), "days": Format.language.list(list)])
    }

    /// A newborn's loss of 10 % or more from birth weight, and birth weight not back by day 14.
    static func birthWeight(_ course: BirthWeightCourse?, ageDays: Int?, units: Units) -> [String] {
        guard let course, let age = ageDays, age <= 60 else { return [] }
        var lines: [String] = []
        if let lost = course.lostPercent, lost >= AgeContext.birthWeightLossPercent, let lowest = course.lowest {
            lines.append(Format.text("birth_weight_loss", ["percent": Format.percent(Format.language.formats.oneDecimal(lost)), "days": Format.text("days_old_count", count: lowest.daysOld),
                                                           "weight": Format.weight(kg: lowest.kilograms, in: units.weight), "limit": Format.percent(Format.number(AgeContext.birthWeightLossPercent))]))
        }
        let by = AgeContext.birthWeightRegainedBy
        if course.lowest != nil, age > by, (course.regained?.daysOld ?? .max) > by {
            let when = course.regained.map { Format.text("back_at_days_old", ["days": Format.text("days_old_count", count: $0.daysOld)]) }
                ?? Format.text("not_yet_at_last_weighing")
            lines.append(Format.text("birth_weight_not_back", ["day": Format.language.formats.integer(by), "when": when]))
        }
        return lines
    }
}

import Bytes
import Charts
import Dataset
import Days
import Growth
import Export
import Timekeeping

/// Growth as the growth page, the child's home and the visit summary say it: the latest
/// of each measurement with its percentile and the change since the one before, a
/// newborn's loss and regain of birth weight, and the charts.
struct GrowthText {
    let child: Child
    let series: [GrowthSeries]
    let units: Units

    init(_ child: Site.Child, units: Units) {
        self.child = child.days.child
        series = child.growth
        self.units = units
    }

    private init(child: Child, series: [GrowthSeries], units: Units) {
        self.child = child
        self.series = series
        self.units = units
    }

    /// What was known on `date`: the measurements up to its end, a kind not yet measured
    /// left out. A summary of an earlier range never shows a later weight as the latest.
    func asOf(_ date: LocalDate) -> GrowthText {
        GrowthText(child: child, series: series.compactMap { series in
            let points = series.points.filter { $0.date <= date }
            return points.isEmpty ? nil : GrowthSeries(kind: series.kind, points: points)
        }, units: units)
    }

    /// The growth panel of the child's home and the visit summary: the latest figures (how
    /// long before `asOf`), why percentiles are missing, and the weight chart.
    func summary(chartID: String, asOf: LocalDate, compact: Bool = false) -> [String: Any] {
        guard !series.isEmpty else { return [:] }
        var context: [String: Any] = ["hasGrowth": true, "growthLatest": MarkdownText(generated: latest(asOf: asOf, compact: compact))]
        context["growthNote"] = missingFacts
        context["growthChart"] = chart(.weight, id: chartID, compact: compact)
        // The link promises charts only when the growth page has some.
        context["growthLinkText"] = Format.text(hasCharts ? "every_measurement_and_chart" : "every_measurement")
        return context
    }

    /// Whether any measurement can be drawn over age: the birth date is known.
    var hasCharts: Bool {
        series.contains { $0.points.contains { $0.standardAge != nil } }
    }

    func series(_ kind: GrowthSeries.Kind) -> GrowthSeries? {
        series.first { $0.kind == kind }
    }

    /// The kind's name: `Height` for a length last measured past two years, when a child
    /// is measured standing.
    func name(_ kind: GrowthSeries.Kind) -> String {
        guard kind == .length, let days = series(.length)?.points.last?.daysOld, days > GrowthStandard.lastLengthDay else { return kind.name }
        return Format.text("height")
    }

    /// BMI for age over the WHO curves, for weight and length measured on one day.
    func bmiChart(id: String) -> Markup? {
        guard let sex = Sex(child.sex) else { return nil }
        let pairs = WeightForLengthSeries(weight: series(.weight), length: series(.length), sex: sex)
        let points = pairs.points.compactMap { point -> GrowthChart.Point? in
            guard let bmi = point.bmi, let percentile = point.bmiPercentile,
                  let age = point.daysOld.flatMap({ child.standardAge(daysOld: $0) }) else { return nil }
            return GrowthChart.Point(x: Double(age), y: bmi, text: Format.text("bmi_point", ["date": Format.dateWithYear(point.date), "bmi": Format.number(bmi),
                                                                                     "percentile": Format.percentile(percentile)]))
        }
        guard !points.isEmpty else { return nil }
        let corrected = CorrectedAge.daysEarly(gestationalAgeWeeks: child.gestationalAgeWeeks) != nil
        return GrowthChart(kind: .forAge(.bmiForAge), sex: sex, points: points, units: .metric, corrected: corrected)
            .svg(id: id, title: Format.text(corrected ? "chart_bmi_for_corrected_age" : "chart_bmi_for_age"))
    }

    /// Why percentiles are missing, when they are: the standards are read by sex and age.
    var missingFacts: String? {
        switch (child.sex, child.dateOfBirth) {
        case (nil, nil): Format.text("missing_sex_and_birth")
        case (nil, _): Format.text("missing_sex")
        case (_, nil): Format.text("missing_birth")
        default: nil
        }
    }

    /// The latest of each kind measured, a column each: its value, the day with its year,
    /// the child's age then and how long before `asOf` (the summary's last day, or the
    /// export's), marked when over 3 months, its percentile, the change since the
    /// measurement before and, for weight, the change per day.
    /// `compact` calls head circumference `Head`, for a printed summary's narrow column.
    func latest(asOf: LocalDate, compact: Bool = false) -> String {
        let columns = series.compactMap { series in series.points.last.map { (series, $0) } }
        var text = "| \(Format.text("figure")) | " + columns.map { compact && $0.0.kind == .head ? Format.text("head_short") : name($0.0.kind) }.joined(separator: " | ") + " |\n|---|" + String(repeating: "---:|", count: columns.count) + "\n"
        func row(_ label: String, _ cell: (GrowthSeries, GrowthSeries.Point) -> String) {
            text += "| \(label) | " + columns.map { cell($0.0, $0.1) }.joined(separator: " | ") + " |\n"
        }
        row(Format.text("latest")) { Format.growth($1.value, $0.kind, in: units) }
        // The year may go to a second line in a narrow column.
        row(Format.text("measured")) {
            $1.at == nil ? Format.unbroken(Format.text("at_birth"))
                : Format.text("date_with_year", ["date": Format.unbroken(Format.monthDay($1.date)), "year": Format.language.formats.integer($1.date.year)])
        }
        if child.dateOfBirth != nil {
            row(Format.text("age_then")) { _, point in ageThen(point).map(Format.unbroken) ?? "–" }
        }
        row(Format.text("since_then")) { _, point in Self.before(point.date, asOf: asOf) }
        row(Format.text("percentile")) { $1.percentile.map(Format.percentile) ?? "–" }
        row(Format.text("change")) { series, _ in change(series) }
        if let velocity = WeightVelocity.all(series(.weight)).last, velocity.to.date == series(.weight)?.points.last?.date {
            row(Format.text("per_day")) { series, _ in series.kind == .weight ? WeightVelocity.perDay(velocity.perDay, in: units) : "–" }
            row(Format.text("per_kg_a_day")) { series, _ in series.kind == .weight ? WeightVelocity.perKilogram(velocity.gramsPerKilogramPerDay) : "–" }
        }
        return text
    }

    /// `+180 g in 7 days`, `+1.2 cm in 28 days`, or `–` when there is no measurement before;
    /// a change over more than 3 months says so.
    func change(_ series: GrowthSeries) -> String {
        guard let change = series.lastChange else { return "–" }
        return Format.text(change.days > AgeContext.staleMeasurementDays ? "change_in_days_far_apart" : "change_in_days", count: change.days,
                           ["change": Format.unbroken(Format.signed(negative: change.value < 0, Format.growthChange(abs(change.value), series.kind, in: units)))])
    }

    /// `5 weeks 6 days` under eight weeks, then `25 months`: the child's age at `point`.
    func ageThen(_ point: GrowthSeries.Point) -> String? {
        guard let born = child.dateOfBirth, let days = point.daysOld, days >= 0 else { return nil }
        return days < 56 ? Format.age(days: days) : Format.months(from: born, to: point.date)
    }

    /// `same day`, `5 days`, `6 weeks`, `12 months (over 3 months)`: how long before
    /// `asOf` a measurement of `date` was.
    static func before(_ date: LocalDate, asOf: LocalDate) -> String {
        let span = Format.unbroken(span(date, asOf: asOf))
        return asOf.days(since: date) > AgeContext.staleMeasurementDays ? Format.text("over_3_months", ["span": span]) : span
    }

    static func span(_ date: LocalDate, asOf: LocalDate) -> String {
        let days = asOf.days(since: date)
        switch days {
        case ..<1: return Format.text("same_day")
        case ..<14: return Format.text("days_count", count: days)
        case ..<56: return Format.text("age_weeks", count: days / 7)
        default: return AgeContext.months(from: date, to: asOf).map { Format.text("age_months", count: $0) } ?? Format.text("days_count", count: days)
        }
    }

    /// The latest weight when it is older than 3 months on `asOf`: `The latest weight,
    /// 11.70 kg, is from Nov 19, 2025, 12 months before this summary.`
    func staleWeight(asOf: LocalDate) -> String? {
        guard let last = series(.weight)?.points.last, asOf.days(since: last.date) > AgeContext.staleMeasurementDays else { return nil }
        return Format.text("stale_weight", ["weight": Format.weight(kg: last.value, in: units.weight), "date": Format.dateWithYear(last.date),
                                            "span": Self.span(last.date, asOf: asOf)])
    }

    /// The major percentile lines a change between two measurements is read against (the
    /// curves the charts draw).
    static let majorLines: [Double] = [3, 15, 50, 85, 97]

    /// Each change between two measurements in the year before `asOf` (after the first
    /// two weeks, when a newborn's weight falls and comes back) that crossed two or more
    /// major percentile lines: `Weight went from the 62.0th to the 12.1st percentile between
    /// Mar 3, 2026 and Nov 19, 2026, crossing the 50th and 15th lines: a question for the doctor.`
    func crossings(asOf: LocalDate) -> [String] {
        // Weight is read by NICE NG75's signs (``falteringSigns``).
        series.filter { $0.kind != .weight }.flatMap { series in
            let points = series.points.filter { ($0.daysOld ?? 0) >= 14 && $0.percentile != nil }
            return zip(points, points.dropFirst()).compactMap { before, after -> String? in
                guard asOf.days(since: after.date) <= 365, let from = before.percentile, let to = after.percentile else { return nil }
                let crossed = Self.majorLines.filter { $0 > min(from, to) && $0 < max(from, to) }
                guard crossed.count >= 2 else { return nil }
                let lines = (from > to ? crossed.reversed() : crossed).map { Format.ordinal($0) }
                return Format.text("percentile_crossing", ["kind": name(series.kind), "from": Format.ordinal(from), "to": Format.ordinal(to),
                                                           "before": Format.dateWithYear(before.date), "after": Format.dateWithYear(after.date),
                                                           "lines": Format.language.list(lines)])
            }
        }
    }

    /// NICE NG75's signs of faltering growth met by the latest weight (``FalteringGrowth``).
    var falteringSigns: [String] {
        FalteringGrowth(weights: series(.weight), units: units).signs
    }

    /// Weight gained between each two weighings, a day and per kilogram a day; nil with
    /// fewer than two weighings on different days.
    var velocityTable: String? {
        let velocities = WeightVelocity.all(series(.weight))
        return velocities.isEmpty ? nil : WeightVelocity.table(velocities, units: units)
    }

    /// `Birth weight 3.50 kg; lowest 3.22 kg at 3 days old, 8.0 % below; back to birth
    /// weight at 11 days old.`, for a baby weighed in the first four weeks.
    var birthCourse: String? {
        guard let born = child.dateOfBirth, let birth = child.birth.weightKG, let course = birthWeightCourse else { return nil }
        let weighings = weighings
        let birthWeight = Format.weight(kg: birth, in: units.weight)
        guard let lowest = course.lowest, let lost = course.lostPercent else {
            return Format.text("birth_course_not_below", ["weight": birthWeight])
        }
        var parts = [Format.text("birth_weight_value", ["weight": birthWeight]),
                     Format.text("birth_course_lowest", ["weight": Format.weight(kg: lowest.kilograms, in: units.weight), "days": Self.daysOld(lowest.daysOld),
                                                         "percent": Format.percent(Format.language.formats.oneDecimal(lost))])]
        if let regained = course.regained {
            parts.append(Format.text("birth_course_back", ["days": Self.daysOld(regained.daysOld), "date": Format.monthDay(born.adding(days: regained.daysOld))]))
        } else if let last = weighings.max(by: { $0.daysOld < $1.daysOld }) {
            parts.append(Format.text("birth_course_not_back", ["days": Self.daysOld(last.daysOld)]))
        } else {
            return parts.joined(separator: Format.text("clause_separator"))
        }
        return Format.sentence(parts.joined(separator: Format.text("clause_separator")))
    }

    /// The weighings since birth, by days old.
    var weighings: [BirthWeightCourse.Weighing] {
        (series(.weight)?.points ?? []).compactMap { point in
            point.at == nil ? nil : point.daysOld.map { BirthWeightCourse.Weighing(daysOld: $0, kilograms: point.value) }
        }
    }

    /// A newborn's loss and regain of birth weight, when the birth weight and a weighing
    /// of the first four weeks are known.
    var birthWeightCourse: BirthWeightCourse? {
        guard child.dateOfBirth != nil, let birth = child.birth.weightKG else { return nil }
        return BirthWeightCourse(birthKilograms: birth, weighings: weighings)
    }

    static func daysOld(_ days: Int) -> String {
        Format.unbroken(Format.text("days_old_count", count: days))
    }

    /// The chart of `kind` over the WHO curves for the child's sex, or nil without a sex,
    /// a birthday or a measurement the standards cover.
    /// The measurements of `kind` over age: over the WHO curves for the child's sex, or
    /// alone when only the birth date is known.
    func chart(_ kind: GrowthSeries.Kind, id: String, compact: Bool = false) -> Markup? {
        guard let series = series(kind) else { return nil }
        let sex = Sex(child.sex)
        let points = series.points.compactMap { point -> GrowthChart.Point? in
            guard let age = point.standardAge else { return nil }
            return GrowthChart.Point(x: Double(age), y: point.value, text: pointText(point, kind))
        }
        guard !points.isEmpty else { return nil }
        let corrected = CorrectedAge.daysEarly(gestationalAgeWeeks: child.gestationalAgeWeeks) != nil
        return GrowthChart(kind: .forAge(kind.standard), sex: sex, points: points, units: units, corrected: corrected, compact: compact)
            .svg(id: id, title: Format.text(sex == nil ? "kind_for_age" : corrected ? "chart_kind_for_corrected_age" : "chart_kind_for_age", ["kind": name(kind)]))
    }

    /// Weight against length (or height, from two years) over the WHO curves, for
    /// measurements of both on one day: the chart of the child's latest such pair's
    /// standard, with the pairs it covers.
    func weightForLengthChart(id: String) -> Markup? {
        guard let sex = Sex(child.sex) else { return nil }
        let pairs = WeightForLengthSeries(weight: series(.weight), length: series(.length), sex: sex)
        guard let stature = pairs.points.last(where: { $0.percentile != nil })?.stature else { return nil }
        let points = pairs.points.filter { $0.percentile != nil && $0.stature == stature }.map { point in
            GrowthChart.Point(x: point.lengthCM, y: point.weightKG, text: Format.text("weight_at_length_point", [
                "date": Format.dateWithYear(point.date), "weight": Format.weight(kg: point.weightKG, in: units.weight),
                "length": Format.length(cm: point.lengthCM, in: units.length), "percentile": Format.percentile(point.percentile!)]))
        }
        return GrowthChart(kind: .weightFor(stature), sex: sex, points: points, units: units)
            .svg(id: id, title: Format.text(stature == .length ? "chart_weight_for_length" : "chart_weight_for_height"))
    }

    /// `Nov 21, 16 weeks 0 days old: 6.42 kg, percentile 42.1.`
    private func pointText(_ point: GrowthSeries.Point, _ kind: GrowthSeries.Kind) -> String {
        let date = Format.dateWithYear(point.date)
        let when = point.at == nil ? Format.text("at_birth_capital") : ageThen(point).map { Format.text("date_age_old", ["date": date, "age": $0]) } ?? date
        let value = Format.growth(point.value, kind, in: units)
        return point.percentile.map { Format.text("point_value_percentile", ["when": when, "value": value, "percentile": Format.percentile($0)]) }
            ?? Format.text("point_value", ["when": when, "value": value])
    }

    /// Every measurement, newest first: `| Date | Age | Weight | Length | Head |`, each value
    /// with its percentile.
    var all: String {
        struct Row { var date: LocalDate; var daysOld: Int?; var atBirth: Bool; var cells: [GrowthSeries.Kind: String] = [:] }
        /// A row's date, and whether it is the birth row of that date.
        struct Place: Hashable { let date: LocalDate; let atBirth: Bool }
        var rows: [Row] = []
        var rowsAt: [Place: [Int]] = [:]
        // Each value takes the first row of its date that has none of its kind yet, or a
        // new one: those are the rows of the date after the ones its kind has filled.
        // (Searched row by row, a day of thousands of measurements took minutes.)
        for series in series {
            var filled: [Place: Int] = [:]
            for point in series.points {
                let cell = Format.growth(point.value, series.kind, in: units)
                    + (point.percentile.map { Format.text("in_parentheses", ["text": Format.percentile($0)]) } ?? "")
                let place = Place(date: point.date, atBirth: point.at == nil)
                let used = filled[place, default: 0]
                filled[place] = used + 1
                if let placed = rowsAt[place], used < placed.count {
                    rows[placed[used]].cells[series.kind] = cell
                } else {
                    rowsAt[place, default: []].append(rows.count)
                    rows.append(Row(date: point.date, daysOld: point.daysOld, atBirth: place.atBirth, cells: [series.kind: cell]))
                }
            }
        }
        rows.sort { ($0.date, $0.atBirth ? 0 : 1) > ($1.date, $1.atBirth ? 0 : 1) }
        let kinds = GrowthSeries.Kind.allCases.filter { kind in series.contains { $0.kind == kind } }
        var text = "| \(Format.text("date")) | \(Format.text("age")) | " + kinds.map(name).joined(separator: " | ") + " |\n|---|---|" + String(repeating: "---:|", count: kinds.count) + "\n"
        for row in rows {
            let age = row.atBirth ? Format.text("birth_word") : child.dateOfBirth.flatMap { Format.age(born: $0, on: row.date) } ?? "–"
            let date = Format.text("date_with_year", ["date": Format.unbroken(Format.shortDate(row.date)), "year": Format.language.formats.integer(row.date.year)])
            text += "| \(date) | \(Format.unbroken(age)) | "
                + kinds.map { row.cells[$0] ?? "–" }.joined(separator: " | ") + " |\n"
        }
        let early = CorrectedAge.daysEarly(gestationalAgeWeeks: child.gestationalAgeWeeks) != nil
        return text + "\n" + Format.text(early ? "percentiles_in_brackets_corrected" : "percentiles_in_brackets") + "\n"
    }
}

extension Format {
    /// `62nd`, `3rd`, `97th` (`62.` in German): a percentile as a line of the chart is
    /// named, to the whole. English's suffixes go by the number's last digits.
    static func ordinal(_ percentile: Double) -> String {
        language.ordinal(min(99, max(1, Int(percentile.rounded()))))
    }

    /// `42nd` (`42.` in German): a percentile as a doctor says it, a rank to the whole; at
    /// the ends, where a whole would say 0 or 100, to a tenth (`0.3`, `<0.1`, `>99.9`).
    static func percentile(_ value: Double) -> String {
        (1...99).contains(value.rounded()) && value >= 0.95 && value < 99.05
            ? language.ordinal(Int(value.rounded())) : Percentile.text(value, decimal: language.formats.oneDecimal)
    }
}

extension Format {
    /// `Nov 19, 2025`.
    static func dateWithYear(_ date: LocalDate) -> String {
        text("date_with_year", ["date": monthDay(date), "year": language.formats.integer(date.year)])
    }

    /// A difference of `kind`: `180 g` or `6.3 oz` for weight, `1.2 cm` or `0.5 in` otherwise.
    static func growthChange(_ value: Double, _ kind: GrowthSeries.Kind, in units: Units) -> String {
        switch (kind, units.weight) {
        case (.weight, .kg): unbroken(text("unit_g", ["value": language.formats.integer(Int((value * 1000).rounded()))]))
        case (.weight, .lb): unbroken(text("unit_oz", ["value": number(value / UnitConversion.kilogramsPerPound * 16)]))
        default: length(cm: value, in: units.length)
        }
    }

    /// Weeks of pregnancy as doctors write them: `34 weeks 2 days`, `39 weeks`.
    static func gestation(weeks: Double) -> String {
        age(days: Int((weeks * 7).rounded())) ?? text("age_weeks", count: Int(weeks.rounded()))
    }

    /// `corrected age 10 weeks 6 days` for a baby born 3 weeks or more early, until two years; before
    /// the due date, the weeks of pregnancy it is like: `corrected age 35 weeks 2 days of pregnancy`.
    static func correctedAge(_ child: Child, on date: LocalDate) -> String? {
        guard let born = child.dateOfBirth, let early = CorrectedAge.daysEarly(gestationalAgeWeeks: child.gestationalAgeWeeks) else { return nil }
        let days = date.days(since: born)
        guard days >= 0, days <= CorrectedAge.correctedUntil else { return nil }
        if days >= early { return Format.age(days: days - early).map { text("corrected_age", ["age": $0]) } }
        return Format.age(days: 280 - early + days).map { text("corrected_age_of_pregnancy", ["age": $0]) }
    }
}

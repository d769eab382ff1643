import Dataset
import Days
import Growth
import Timekeeping

/// A child's measurements of one kind, by time, each at its age and, where the child's sex
/// says which standard, with its WHO percentile: what the growth chart plots and the
/// growth tables list. The weight, length and head at birth come first when the family
/// gave them.
struct GrowthSeries {
    enum Kind: String, CaseIterable {
        case weight, length, head

        var standard: GrowthStandard {
            switch self {
            case .weight: .weightForAge
            case .length: .lengthForAge
            case .head: .headCircumferenceForAge
            }
        }

        var name: String {
            Format.text("growth_kind_" + rawValue)
        }
    }

    struct Point {
        /// The local date it was measured on (the birthday for the birth measurement).
        let date: LocalDate
        /// When it was logged; nil for the measurement at birth.
        let at: Instant?
        /// Days since birth on `date`, when the birthday is known.
        let daysOld: Int?
        /// The age the standards are read at: corrected for a preterm birth; nil before
        /// the corrected age reaches term or past five years.
        let standardAge: Int?
        /// Kilograms or centimetres.
        let value: Double
        let percentile: Double?
        /// The z-score the percentile comes from.
        let z: Double?
    }

    let kind: Kind
    let points: [Point]

    /// The series of every kind for `child`; a kind with nothing measured is left out.
    static func all(_ child: ChildDays, zone: Zone) -> [GrowthSeries] {
        let measurements = child.days.flatMap(\.health.measurements)
        return Kind.allCases.compactMap { kind in
            var points: [Point] = []
            if let born = child.child.dateOfBirth, let atBirth = child.child.birth.value(kind) {
                points.append(point(kind, atBirth, child: child.child, date: born, at: nil))
            }
            for measurement in measurements {
                guard let value = measurement.value(kind) else { continue }
                points.append(point(kind, value, child: child.child, date: zone.localDateTime(at: measurement.occurredAt).date,
                                    at: measurement.occurredAt))
            }
            return points.isEmpty ? nil : GrowthSeries(kind: kind, points: points)
        }
    }

    static func point(_ kind: Kind, _ value: Double, child: Child, date: LocalDate, at: Instant?) -> Point {
        let daysOld = child.dateOfBirth.map { date.days(since: $0) }
        let standardAge = daysOld.flatMap { $0 <= GrowthStandard.lastDay ? child.standardAge(daysOld: $0) : nil }
        let z = Sex(child.sex).flatMap { sex in
            standardAge.flatMap { kind.standard.z(value, sex: sex, ageDays: Double($0)) }
        }
        return Point(date: date, at: at, daysOld: daysOld, standardAge: standardAge, value: value, percentile: z.map(Percentile.of(z:)), z: z)
    }

    /// The change from the measurement before the last to the last, and per day between
    /// them (nil when measured the same day).
    var lastChange: (value: Double, perDay: Double?, days: Int)? {
        guard points.count >= 2 else { return nil }
        let last = points[points.count - 1], before = points[points.count - 2]
        let days = last.date.days(since: before.date)
        return (last.value - before.value, days > 0 ? (last.value - before.value) / Double(days) : nil, days)
    }
}

/// Weight against length measured on the same day (the last of each that day), with the
/// WHO weight-for-length percentile (weight-for-height from two years) and the child's BMI
/// with its BMI-for-age percentile.
struct WeightForLengthSeries {
    struct Point {
        let date: LocalDate
        /// Days since birth, when the birthday is known.
        let daysOld: Int?
        let lengthCM: Double
        let weightKG: Double
        /// By length or height: nil without a birthday, past five years or outside the table.
        let stature: WeightForStature?
        let percentile: Double?
        let bmi: Double?
        let bmiPercentile: Double?
    }

    let points: [Point]

    init(weight: GrowthSeries?, length: GrowthSeries?, sex: Sex?) {
        guard let weight, let length else {
            points = []
            return
        }
        var weights: [LocalDate: GrowthSeries.Point] = [:]
        for point in weight.points { weights[point.date] = point }
        var lengths: [LocalDate: GrowthSeries.Point] = [:]
        for point in length.points { lengths[point.date] = point }
        points = lengths.keys.sorted().compactMap { date in
            guard let weight = weights[date], let length = lengths[date] else { return nil }
            let stature = weight.daysOld.flatMap { (0...GrowthStandard.lastDay).contains($0) ? WeightForStature(daysOld: $0) : nil }
            let percentile = stature.flatMap { stature in sex.flatMap { stature.percentile(weight.value, sex: $0, centimetres: length.value) } }
            let bmi = BodyMassIndex.of(weightKG: weight.value, centimetres: length.value)
            let bmiPercentile = weight.standardAge.flatMap { age in
                bmi.flatMap { bmi in sex.flatMap { GrowthStandard.bmiForAge.percentile(bmi, sex: $0, ageDays: Double(age)) } }
            }
            return Point(date: date, daysOld: weight.daysOld, lengthCM: length.value, weightKG: weight.value, stature: stature,
                         percentile: percentile, bmi: bmi, bmiPercentile: bmiPercentile)
        }
    }
}

extension Child {
    /// The age in days the growth standards are read at, `daysOld` days after birth.
    func standardAge(daysOld: Int) -> Int? {
        CorrectedAge.days(afterBirth: daysOld, gestationalAgeWeeks: gestationalAgeWeeks)
    }
}

extension BirthMeasurements {
    func value(_ kind: GrowthSeries.Kind) -> Double? {
        switch kind {
        case .weight: weightKG
        case .length: lengthCM
        case .head: headCircumferenceCM
        }
    }
}

extension GrowthMeasurement {
    func value(_ kind: GrowthSeries.Kind) -> Double? {
        switch kind {
        case .weight: self.weightKG
        case .length: self.lengthCM
        case .head: self.headCircumferenceCM
        }
    }
}

/// A child's sex, as the growth standards are given by it.
public enum Sex: String, Sendable, CaseIterable {
    case female, male

    /// The sex another type names by the same word (`female`, `male`): an export's child's.
    public init?<Named: RawRepresentable>(_ named: Named?) where Named.RawValue == String {
        guard let named, let sex = Sex(rawValue: named.rawValue) else { return nil }
        self = sex
    }
}

/// A WHO Child Growth Standard indexed by age: the distribution of one measurement at
/// each day from birth to five years.
public enum GrowthStandard: String, Sendable, CaseIterable {
    case weightForAge = "weight-for-age"
    /// Length lying down to two years, height standing after.
    case lengthForAge = "length-for-age"
    case headCircumferenceForAge = "head-circumference-for-age"
    case bmiForAge = "bmi-for-age"

    /// The last day of age the tables give (60 months).
    public static let lastDay = 1826
    /// The last day a child is measured lying down (two years); standing after.
    public static let lastLengthDay = 730

    /// The LMS at `days` of age (fractional ages between two days are interpolated, as
    /// the WHO's software does); nil outside birth to five years.
    public func lms(sex: Sex, ageDays days: Double) -> LMS? {
        guard days >= 0, days <= Double(Self.lastDay) else { return nil }
        let table = WHOTables.table(self, sex)
        let day = Int(days)
        let fraction = days - Double(day)
        guard fraction > 0, day < Self.lastDay else { return table[day] }
        return table[day].interpolated(to: table[day + 1], at: fraction)
    }

    /// The z-score of `value` (kg, cm or kg/m²) at `days` of age; for weight and BMI with
    /// the WHO's restricted application beyond ±3 SD.
    public func z(_ value: Double, sex: Sex, ageDays days: Double) -> Double? {
        guard value > 0, let lms = lms(sex: sex, ageDays: days) else { return nil }
        return self == .weightForAge || self == .bmiForAge ? lms.restrictedZ(value) : lms.z(value)
    }

    /// The percentile of `value` at `days` of age, 0–100.
    public func percentile(_ value: Double, sex: Sex, ageDays days: Double) -> Double? {
        z(value, sex: sex, ageDays: days).map(Percentile.of(z:))
    }

    /// The value of the curve through `percentile` (3, 15, 50, 85, 97, …) at `days`.
    public func curve(percentile: Double, sex: Sex, ageDays days: Double) -> Double? {
        guard let lms = lms(sex: sex, ageDays: days), percentile > 0, percentile < 100 else { return nil }
        return lms.value(atZ: Percentile.z(of: percentile))
    }
}

extension Percentile {
    /// The z-score of a percentile (the inverse of ``of(z:)``), by bisection to 1e-12.
    public static func z(of percentile: Double) -> Double {
        var low = -10.0, high = 10.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if of(z: middle) < percentile { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

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
/// each day from birth to two years.
public enum GrowthStandard: String, Sendable, CaseIterable {
    case weightForAge = "weight-for-age"
    case lengthForAge = "length-for-age"
    case headCircumferenceForAge = "head-circumference-for-age"

    /// The last day of age the tables give (two years).
    public static let lastDay = 730

    /// The LMS at `days` of age (fractional ages between two days are interpolated, as
    /// the WHO's software does); nil outside birth to two years.
    public func lms(sex: Sex, ageDays days: Double) -> LMS? {
        guard days >= 0, days <= Double(Self.lastDay) else { return nil }
        let table = WHOTables.table(self, sex)
        let day = Int(days)
        let fraction = days - Double(day)
        guard fraction > 0, day < Self.lastDay else { return table[day] }
        return table[day].interpolated(to: table[day + 1], at: fraction)
    }

    /// The z-score of `value` (kg or cm) at `days` of age; for weight with the WHO's
    /// restricted application beyond ±3 SD.
    public func z(_ value: Double, sex: Sex, ageDays days: Double) -> Double? {
        guard value > 0, let lms = lms(sex: sex, ageDays: days) else { return nil }
        return self == .weightForAge ? lms.restrictedZ(value) : lms.z(value)
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

/// The WHO weight-for-length and weight-for-height standards: the distribution of weight
/// at each length of a child measured lying down (under two years, 45–110 cm) or at each
/// height of a child measured standing (two to five years, 65–120 cm), whatever the age.
public enum WeightForStature: Sendable, Equatable {
    case length
    case height

    /// Which one the WHO reads a child at `daysOld` days of age by: length to two years,
    /// height after.
    public init(daysOld: Int) {
        self = daysOld <= GrowthStandard.lastLengthDay ? .length : .height
    }

    /// The lengths or heights the table gives, in cm.
    public var range: ClosedRange<Double> {
        switch self {
        case .length: 45...110
        case .height: 65...120
        }
    }

    /// The LMS at `centimetres` (between two tenths of a centimetre, interpolated as the
    /// WHO's software does); nil outside the table.
    public func lms(sex: Sex, centimetres: Double) -> LMS? {
        guard range.contains(centimetres) else { return nil }
        let table = WHOTables.table(self, sex)
        let tenths = (centimetres - range.lowerBound) * 10
        // Lengths are read to the tenth as written (`63.2` is row 182, not 181.99999).
        let row = Int((tenths + 1e-9).rounded(.down))
        let fraction = tenths - Double(row)
        guard fraction > 1e-9, row + 1 < table.count else { return table[min(row, table.count - 1)] }
        return table[row].interpolated(to: table[row + 1], at: fraction)
    }

    /// The z-score of `weightKG` at `centimetres`, with the WHO's restricted application
    /// beyond ±3 SD (weight is skewed).
    public func z(_ weightKG: Double, sex: Sex, centimetres: Double) -> Double? {
        guard weightKG > 0, let lms = lms(sex: sex, centimetres: centimetres) else { return nil }
        return lms.restrictedZ(weightKG)
    }

    /// The percentile of `weightKG` at `centimetres`, 0–100.
    public func percentile(_ weightKG: Double, sex: Sex, centimetres: Double) -> Double? {
        z(weightKG, sex: sex, centimetres: centimetres).map(Percentile.of(z:))
    }

    /// The weight on the curve through `percentile` at `centimetres`.
    public func curve(percentile: Double, sex: Sex, centimetres: Double) -> Double? {
        guard let lms = lms(sex: sex, centimetres: centimetres), percentile > 0, percentile < 100 else { return nil }
        return lms.value(atZ: Percentile.z(of: percentile))
    }
}

/// Body mass index: kilograms over the square of metres.
public enum BodyMassIndex {
    /// The BMI of `weightKG` at `centimetres`, nil when either is not positive.
    public static func of(weightKG: Double, centimetres: Double) -> Double? {
        guard weightKG > 0, centimetres > 0 else { return nil }
        let metres = centimetres / 100
        return weightKG / (metres * metres)
    }
}

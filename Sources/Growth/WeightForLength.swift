/// The WHO weight-for-length standard: the distribution of weight at each length of a
/// child measured lying down (under two years), from 45 to 110 cm, whatever the age.
public enum WeightForLength {
    /// The lengths the table gives, in cm.
    public static let lengths: ClosedRange<Double> = 45...110

    /// The LMS at `lengthCM` (between two tenths of a centimetre, interpolated as the WHO's
    /// software does); nil outside 45–110 cm.
    public static func lms(sex: Sex, lengthCM length: Double) -> LMS? {
        guard lengths.contains(length) else { return nil }
        let table = WHOTables.weightForLength(sex)
        let tenths = (length - lengths.lowerBound) * 10
        // Lengths are read to the tenth as written (`63.2` is row 182, not 181.99999).
        let row = Int((tenths + 1e-9).rounded(.down))
        let fraction = tenths - Double(row)
        guard fraction > 1e-9, row + 1 < table.count else { return table[min(row, table.count - 1)] }
        return table[row].interpolated(to: table[row + 1], at: fraction)
    }

    /// The z-score of `weightKG` at `lengthCM`, with the WHO's restricted application beyond
    /// ±3 SD (weight is skewed).
    public static func z(_ weightKG: Double, sex: Sex, lengthCM length: Double) -> Double? {
        guard weightKG > 0, let lms = lms(sex: sex, lengthCM: length) else { return nil }
        return lms.restrictedZ(weightKG)
    }

    /// The percentile of `weightKG` at `lengthCM`, 0–100.
    public static func percentile(_ weightKG: Double, sex: Sex, lengthCM length: Double) -> Double? {
        z(weightKG, sex: sex, lengthCM: length).map(Percentile.of(z:))
    }

    /// The weight on the curve through `percentile` at `lengthCM`.
    public static func curve(percentile: Double, sex: Sex, lengthCM length: Double) -> Double? {
        guard let lms = lms(sex: sex, lengthCM: length), percentile > 0, percentile < 100 else { return nil }
        return lms.value(atZ: Percentile.z(of: percentile))
    }
}

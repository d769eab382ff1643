/// The age at which a baby born early is measured against the standards: the WHO curves
/// start at a term birth, so a baby born 3 weeks or more before the due date (at 37 weeks
/// or before) is placed by the age it would have had if born at 40 weeks, until two years
/// after birth.
public enum CorrectedAge {
    /// Births this many days or more before the due date are corrected for.
    public static let earlyDays = 21
    /// Correction stops this many days after birth (two years).
    public static let correctedUntil = 730

    /// The days early a birth at `gestationalAgeWeeks` was, when it is corrected for.
    public static func daysEarly(gestationalAgeWeeks weeks: Double?) -> Int? {
        guard let weeks, weeks > 0, weeks < 40 else { return nil }
        let early = Int((40 * 7 - weeks * 7).rounded())
        return early >= earlyDays ? early : nil
    }

    /// The age in days to read the standards at, `days` after birth: corrected for a
    /// preterm birth until two years; nil before the corrected age reaches term (the
    /// standards do not cover it).
    public static func days(afterBirth days: Int, gestationalAgeWeeks weeks: Double?) -> Int? {
        guard days >= 0 else { return nil }
        guard days <= correctedUntil, let early = daysEarly(gestationalAgeWeeks: weeks) else { return days }
        let corrected = days - early
        return corrected >= 0 ? corrected : nil
    }
}

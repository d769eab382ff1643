import Timekeeping

/// The bounds outside which a time or an amount cannot be real, so that one mistyped
/// value can never make an archive of a thousand years or a figure no number holds.
/// The export reader and the dataset's validation both apply them.
public enum Plausibility {
    /// Nothing logged before 2000 is believed (a clock reset to 1970, a year typed as 0001).
    public static let earliest = ISO8601.instant(from: "2000-01-01T00:00:00Z")!
    /// An export made after 2099 is a damaged file.
    public static let latestExport = ISO8601.instant(from: "2100-01-01T00:00:00Z")!
    /// How far after the export an entry may be (a phone's clock a day ahead) before it is left out.
    public static let afterExport = Duration.hours(24)
    /// How long before the birthday an entry may be (a birthday entered a few days off).
    public static let beforeBirth = Duration.hours(7 * 24)
    /// The longest stretch of sleep believed; longer ones are left out.
    public static let longestSleep = Duration.hours(7 * 24)
    /// How long after the last entry the export may be made and still end the reports.
    public static let exportAfterLastEntry = Duration.hours(366 * 24)
    /// The largest bottle believed, in millilitres.
    public static let largestBottleML = 2000.0
    /// The longest feeding believed, in minutes.
    public static let longestFeedingMinutes = 24.0 * 60
    /// The weights a baby or small child can have, in kilograms; at birth, up to 7.
    public static let weightKG = 0.3...30.0
    public static let birthWeightKG = 0.3...7.0
    /// Lengths, in centimetres; at birth, up to 65.
    public static let lengthCM = 25.0...130.0
    public static let birthLengthCM = 25.0...65.0
    /// Head circumferences, in centimetres; at birth, up to 45.
    public static let headCircumferenceCM = 18.0...60.0
    public static let birthHeadCircumferenceCM = 18.0...45.0
    /// Body temperatures a thermometer on a living child reads, in degrees Celsius.
    public static let celsius = 30.0...45.0
    /// Weeks of pregnancy at a birth.
    public static let gestationalAgeWeeks = 22.0...44.0
    /// The longest wait between two doses of a medicine believed, in minutes: a week.
    public static let longestDoseIntervalMinutes = 7.0 * 24 * 60
    /// The most milk believed from one pumping, in millilitres.
    public static let largestPumpingML = 1000.0

    /// Whether `instant` can be when an export was made.
    public static func isExportTime(_ instant: Instant) -> Bool {
        instant >= earliest && instant < latestExport
    }
}

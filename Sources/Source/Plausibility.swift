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

    /// Whether `instant` can be when an export was made.
    public static func isExportTime(_ instant: Instant) -> Bool {
        instant >= earliest && instant < latestExport
    }
}

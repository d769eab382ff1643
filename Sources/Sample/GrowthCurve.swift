/// How a baby's day changes with age: a value given at a few ages (in days), read
/// in between by straight lines and held flat beyond the last.
struct GrowthCurve: Sendable {
    let points: [(age: Double, value: Double)]

    init(_ points: [(Double, Double)]) {
        self.points = points.map { (age: $0.0, value: $0.1) }
    }

    func value(atAge age: Int) -> Double {
        let age = Double(age)
        guard let first = points.first, age > first.age else { return points.first?.value ?? 0 }
        for (lower, upper) in zip(points, points.dropFirst()) where age <= upper.age {
            let fraction = (age - lower.age) / (upper.age - lower.age)
            return lower.value + (upper.value - lower.value) * fraction
        }
        return points.last!.value
    }
}

/// The patterns the sample follows, from newborn to toddler. Figures follow common
/// paediatric guidance: newborns feed 8–12 times and sleep 14–17 hours a day in short
/// stretches; by a year, 4–6 milk feeds, long nights and two naps; one nap at 18 months.
enum Routine {
    /// Minutes awake between sleeps in the day.
    static let wakeWindowMinutes = GrowthCurve([(0, 55), (30, 65), (90, 90), (180, 150), (270, 180), (365, 210), (480, 300), (730, 330)])
    /// Minutes of a typical nap.
    static let napMinutes = GrowthCurve([(0, 95), (60, 90), (120, 80), (180, 75), (270, 80), (365, 85), (480, 120), (730, 110)])
    /// The latest a nap starts, minutes after midnight: newborns nap at any hour; older
    /// babies' last nap moves into the early afternoon.
    static let latestNapMinutes = GrowthCurve([(0, 21 * 60), (90, 18 * 60), (180, 17 * 60), (365, 16 * 60), (480, 15 * 60 + 30)])
    /// Bedtime, minutes after midnight.
    static let bedtimeMinutes = GrowthCurve([(0, 22 * 60 + 30), (60, 21 * 60), (120, 20 * 60), (240, 19 * 60 + 15), (730, 19 * 60 + 30)])
    /// Expected night wakings.
    static let nightWakings = GrowthCurve([(0, 3), (60, 2.5), (120, 2), (180, 1.5), (270, 1), (365, 0.5), (540, 0.2), (730, 0.1)])
    /// Chance that a daytime wake-up brings a milk feed (solid food takes over).
    static let daytimeFeedChance = GrowthCurve([(0, 1), (180, 1), (300, 0.95), (365, 0.9), (540, 0.6), (730, 0.4)])
    /// Chance of a milk feed in the middle of a long awake stretch (older babies).
    static let snackFeedChance = GrowthCurve([(0, 0), (150, 0), (240, 0.7), (365, 0.6), (540, 0.3), (730, 0)])
    /// Chance of an extra evening cluster feed.
    static let clusterFeedChance = GrowthCurve([(0, 0.7), (42, 0.5), (90, 0.1), (120, 0)])
    /// Breast feeding minutes (lower, upper).
    static let breastMinutesLow = GrowthCurve([(0, 14), (90, 10), (180, 7), (365, 5)])
    static let breastMinutesHigh = GrowthCurve([(0, 32), (90, 22), (180, 16), (365, 12)])
    /// Bottle millilitres (lower, upper).
    static let bottleLow = GrowthCurve([(0, 45), (14, 60), (30, 90), (60, 110), (120, 140), (180, 170), (365, 150)])
    static let bottleHigh = GrowthCurve([(0, 75), (14, 90), (30, 120), (60, 150), (120, 180), (180, 220), (270, 240), (365, 240)])
    /// Chance that a change has poop in it.
    static let poopChance = GrowthCurve([(0, 0.4), (42, 0.3), (180, 0.2), (365, 0.15)])
    /// Extra daytime diaper changes besides those after feeds.
    static let extraDiapers = GrowthCurve([(0, 0.5), (180, 1.2), (365, 2), (730, 2.5)])
    /// Median weight in kg.
    static let weightKG = GrowthCurve([(0, 3.3), (14, 3.6), (30, 4.4), (60, 5.5), (120, 6.8), (180, 7.7), (270, 8.6), (365, 9.5), (450, 10.2), (540, 10.9), (730, 12.0)])
    /// Median length in cm.
    static let lengthCM = GrowthCurve([(0, 50), (30, 54), (60, 58), (120, 63), (180, 67), (270, 71), (365, 75), (450, 78), (540, 81), (730, 87)])
}

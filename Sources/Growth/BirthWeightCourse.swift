/// A newborn's weight against the weight at birth: most babies lose some in the first days
/// and are back to it within about two weeks, and the doctor asks for both figures.
public struct BirthWeightCourse: Sendable, Equatable {
    /// A weighing: days since birth and kilograms.
    public struct Weighing: Sendable, Equatable {
        public let daysOld: Int
        public let kilograms: Double

        public init(daysOld: Int, kilograms: Double) {
            self.daysOld = daysOld
            self.kilograms = kilograms
        }
    }

    /// The weighings that count as the newborn days: the first four weeks.
    public static let newbornDays = 0...28

    public let birthKilograms: Double
    /// The lowest weighing of the newborn days below birth weight, if any.
    public let lowest: Weighing?
    /// The first weighing at or above birth weight after the lowest one, if any.
    public let regained: Weighing?

    /// The course from `weighings` (any order), or nil when none falls in the newborn days.
    public init?(birthKilograms: Double, weighings: [Weighing]) {
        guard birthKilograms > 0 else { return nil }
        let sorted = weighings.filter { $0.daysOld >= 0 && $0.kilograms > 0 }.sorted { $0.daysOld < $1.daysOld }
        let newborn = sorted.filter { Self.newbornDays.contains($0.daysOld) }
        guard !newborn.isEmpty else { return nil }
        self.birthKilograms = birthKilograms
        // The first of equal lows: the day the loss reached its lowest.
        let low = newborn.reduce(nil as Weighing?) { low, weighing in
            weighing.kilograms < (low?.kilograms ?? birthKilograms) ? weighing : low
        }
        lowest = low
        regained = low.flatMap { low in sorted.first { $0.daysOld > low.daysOld && $0.kilograms >= birthKilograms } }
    }

    /// The largest loss in percent of birth weight (positive), if there was one.
    public var lostPercent: Double? {
        lowest.map { (birthKilograms - $0.kilograms) / birthKilograms * 100 }
    }
}

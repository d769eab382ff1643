import Dataset
import Days
import Export
import Timekeeping

/// A figure the trends page follows over a child's history: its name, its value on a
/// whole day that logged it (nil otherwise), how it is written, and its axis's step.
struct TrendFigure {
    let id: String
    let name: String
    let value: (Day) -> Double?
    let format: @Sendable (Double) -> String
    let step: @Sendable (Double) -> Double

    /// Every figure, in the page's order: sleep, feeds, bottles, diapers, wake windows.
    static func all(settings: Settings, weights: [(date: LocalDate, kg: Double)]) -> [TrendFigure] {
        let units = settings.units
        let duration: @Sendable (Double) -> String = { Format.hoursAndMinutes(.seconds(Int64($0.rounded()))) }
        let count: @Sendable (Double) -> String = { Format.number(($0 * 10).rounded() / 10) }
        let hours: @Sendable (Double) -> Double = { highest in
            3_600 * ([1, 2, 3, 4, 6, 8, 12].first { highest / 3_600 / $0 <= 5 } ?? 24)
        }
        let volume: @Sendable (Double) -> String = { Format.volume(ml: $0, in: units.volume) }
        let zone = settings.zone
        let ounce = UnitConversion.millilitresPerOunce
        func metric(_ metric: DayMetric) -> (Day) -> Double? { { metric.value($0.summary) } }
        var figures = [
            TrendFigure(id: "total-sleep", name: Format.text("total_sleep"), value: metric(.totalSleep), format: duration, step: hours),
            TrendFigure(id: "night-sleep", name: Format.text("night_sleep"), value: metric(.nightSleep), format: duration, step: hours),
            TrendFigure(id: "longest-stretch", name: Format.text("longest_stretch"), value: metric(.longestStretch), format: duration, step: hours),
            TrendFigure(id: "feeds", name: Format.text("feeds"), value: metric(.feeds), format: count, step: niceStep),
            TrendFigure(id: "night-feeds", name: Format.text("night_feeds"), value: { day in
                guard day.summary.logged.contains(.feeds) else { return nil }
                return Double(day.feedings.count { !settings.isNap(startingAt: zone.localDateTime(at: $0.startedAt).timeOfDay) })
            }, format: count, step: niceStep),
        ]
        let perKilogram: @Sendable (Double) -> String = { value in
            units.volume == .oz ? Format.text("unit_oz_per_lb", ["value": Format.number((value / ouncesPerPound * 100).rounded() / 100)])
                : Format.text("unit_ml_per_kg", ["value": Format.number(value.rounded())])
        }
        figures += [
            TrendFigure(id: "bottle", name: Format.text("bottle"), value: { day in
                day.summary.feedings.bottlesWithAmount > 0 ? day.summary.feedings.bottleML : nil
            }, format: volume, step: { units.volume == .oz ? niceStep($0 / ounce) * ounce : niceStep($0) }),
            TrendFigure(id: "bottle-per-kg", name: Format.text("bottle_per_kg"), value: { day in
                guard day.summary.feedings.bottlesWithAmount > 0, let kg = weights.last(where: { $0.date <= day.date })?.kg, kg > 0 else { return nil }
                return day.summary.feedings.bottleML / kg
            }, format: perKilogram, step: { units.volume == .oz ? niceStep($0 / ouncesPerPound) * ouncesPerPound : niceStep($0) }),
            TrendFigure(id: "diapers", name: Format.text("diapers"), value: { day in
                day.summary.logged.contains(.diapers) ? Double(day.summary.diapers.count) : nil
            }, format: count, step: niceStep),
            TrendFigure(id: "wake-windows", name: Format.text("wake_windows"), value: { day in
                let windows = day.summary.sleep.loggedWakeWindows
                return windows.count > 0 ? Double(windows.meanSeconds) : nil
            }, format: duration, step: hours),
        ]
        return figures
    }

    /// Millilitres per kilogram in one fluid ounce per pound.
    static let ouncesPerPound = UnitConversion.millilitresPerOunce / UnitConversion.kilogramsPerPound

    /// 1, 2 or 5 times a power of ten, the least that draws `highest` in five steps or fewer.
    @Sendable static func niceStep(_ highest: Double) -> Double {
        guard highest > 0, highest.isFinite else { return 1 }
        var magnitude = 0.01
        while true {
            for factor in [1.0, 2, 5] where highest / (factor * magnitude) <= 5 {
                return factor * magnitude
            }
            magnitude *= 10
        }
    }
}

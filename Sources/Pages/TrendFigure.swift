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

    /// Every figure of `child`, bottles per kilogram read from its weighings.
    static func all(settings: Settings, child: Site.Child, nights: [Night]) -> [TrendFigure] {
        let nightFeeds = Dictionary(uniqueKeysWithValues: child.days.nightFeeds(nights, settings: settings).map { ($0.date, $0.count) })
        return all(settings: settings, weights: (child.growth.first { $0.kind == .weight }?.points ?? []).map { (date: $0.date, kg: $0.value) },
                   nightFeeds: nightFeeds)
    }

    /// Each figure's value on each of `child`'s days: nil on a day not counted whole (the
    /// day logging began and the export's day are partial, a day with nothing no day
    /// without), in one pass; and whether any day counted.
    static func values(_ figures: [TrendFigure], child: Site.Child, exportedAt: Instant) -> (values: [[(date: LocalDate, value: Double?)]], anyCounted: Bool) {
        var values = Array(repeating: [(date: LocalDate, value: Double?)](), count: figures.count)
        var anyCounted = false
        for day in child.days.days {
            let counted = RangeFigures.counts(day, loggingStarted: child.days.loggingStarted, exportedAt: exportedAt)
            anyCounted = anyCounted || counted
            for index in figures.indices {
                values[index].append((date: day.date, value: counted ? figures[index].value(day) : nil))
            }
        }
        return (values, anyCounted)
    }

    /// Every figure, in the page's order: sleep, feeds, bottles, diapers, wake windows.
    /// `nightFeeds` are the night feeds of each night that logged feeds, by its evening
    /// (``ChildDays/nightFeeds(_:settings:)``).
    static func all(settings: Settings, weights: [(date: LocalDate, kg: Double)], nightFeeds: [LocalDate: Int]) -> [TrendFigure] {
        let units = settings.units
        let duration: @Sendable (Double) -> String = { Format.hoursAndMinutes(.seconds(Int64($0.rounded()))) }
        let count: @Sendable (Double) -> String = { Format.number(($0 * 10).rounded() / 10) }
        let hours: @Sendable (Double) -> Double = { highest in
            3_600 * ([1, 2, 3, 4, 6, 8, 12].first { highest / 3_600 / $0 <= 5 } ?? 24)
        }
        let volume: @Sendable (Double) -> String = { Format.volume(ml: $0, in: units.volume) }
        let ounce = UnitConversion.millilitresPerOunce
        func metric(_ metric: DayMetric) -> (Day) -> Double? { { metric.value($0.summary) } }
        var figures = [
            TrendFigure(id: "total-sleep", name: Format.text("total_sleep"), value: metric(.totalSleep), format: duration, step: hours),
            TrendFigure(id: "night-sleep", name: Format.text("night_sleep"), value: metric(.nightSleep), format: duration, step: hours),
            TrendFigure(id: "longest-stretch", name: Format.text("longest_stretch"), value: metric(.longestStretch), format: duration, step: hours),
            TrendFigure(id: "feeds", name: Format.text("feeds"), value: metric(.feeds), format: count, step: niceStep),
            TrendFigure(id: "night-feeds", name: Format.text("night_feeds"), value: { day in nightFeeds[day.date].map(Double.init) },
                        format: count, step: niceStep),
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

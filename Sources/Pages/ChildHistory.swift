import Days
import Speed
import Timekeeping

/// What more than one of a child's pages reads from the child's whole history, worked out
/// once by whichever page asks first (pages are made on any core): the foods first tried
/// (the visit summary's new foods, the trends' markers), the nights, and each trends
/// figure's value on each day (the trends page and the comparison).
final class ChildHistory: Sendable {
    let foodsFirstTried = Memo<[SolidsSummary.FirstTry]>()
    let nights = Memo<[Night]>()
    let trends = Memo<TrendValues>()
}

/// The trends figures of a child and their value on each day (``TrendFigure/values(_:child:exportedAt:)``).
struct TrendValues {
    let figures: [TrendFigure]
    let values: [[(date: LocalDate, value: Double?)]]
    let anyCounted: Bool
}

extension Site {
    /// Every food `child` first tried, over the whole history, in order.
    func foodsFirstTried(_ child: Child) -> [SolidsSummary.FirstTry] {
        child.history.foodsFirstTried.value { SolidsSummary.firstTries(child.days.days, zone: settings.zone) }
    }

    /// `child`'s nights (``ChildDays/nights(settings:)``).
    func nights(_ child: Child) -> [Night] {
        child.history.nights.value { child.days.nights(settings: settings) }
    }

    /// `child`'s trends figures and their daily values.
    func trendValues(_ child: Child) -> TrendValues {
        child.history.trends.value {
            let figures = TrendFigure.all(settings: settings, child: child, nights: nights(child))
            let (values, anyCounted) = TrendFigure.values(figures, child: child, exportedAt: exportedAt)
            return TrendValues(figures: figures, values: values, anyCounted: anyCounted)
        }
    }
}

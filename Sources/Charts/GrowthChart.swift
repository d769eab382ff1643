import Bytes
import Export
import Growth
import Wording

/// A child's measurements over the WHO percentile curves (3rd, 15th, 50th, 85th, 97th) for
/// the child's sex: against age from birth, or weight against length or height. Printed as drawn:
/// the bands are light, the child's line dark, the curves named at their right end.
public struct GrowthChart: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A standard by age: weight, length or height, head circumference, BMI.
        case forAge(GrowthStandard)
        /// Weight by length (under two) or by height (two to five).
        case weightFor(WeightForStature)

        /// The standard's distribution at `x`, which gives each curve's value (kg, cm, kg/m²).
        func lms(sex: Sex, at x: Double) -> LMS? {
            switch self {
            case .forAge(let standard): standard.lms(sex: sex, ageDays: x)
            case .weightFor(let stature): stature.lms(sex: sex, centimetres: x)
            }
        }

        var measuresWeight: Bool {
            switch self {
            case .forAge(let standard): standard == .weightForAge
            case .weightFor: true
            }
        }

        /// Whether `y` is a BMI, the same in every unit.
        var isBMI: Bool { self == .forAge(.bmiForAge) }
    }

    /// One measurement: `x` is the age in days the standard is read at (corrected for a
    /// preterm birth) or, for weight-for-length or height, the length or height in cm; `y`
    /// is kg, cm or kg/m².
    public struct Point: Sendable {
        public let x: Double
        public let y: Double
        /// The measurement in words, for the chart's description.
        public let text: String

        public init(x: Double, y: Double, text: String) {
            self.x = x
            self.y = y
            self.text = text
        }
    }

    public let kind: Kind
    /// The standards' sex; without it the measurements are drawn over age alone, no curves.
    public let sex: Sex?
    /// The measurements in time order.
    public let points: [Point]
    /// The units of the axes: pounds or kilograms, inches or centimetres.
    public let units: Units
    /// Whether the ages are corrected for a preterm birth (said under the axis).
    public let corrected: Bool
    /// Drawn lower, to sit beside a table on a printed summary.
    public let compact: Bool

    public init(kind: Kind, sex: Sex?, points: [Point], units: Units, corrected: Bool = false, compact: Bool = false) {
        self.kind = kind
        self.sex = sex
        self.points = points.filter { $0.y > 0 && Self.domain(kind).contains($0.x) }
        self.units = units
        self.corrected = corrected
        self.compact = compact
    }

    /// The curves drawn, highest first, with the z-score of each worked out once.
    static let percentiles: [(value: Double, z: Double)] = [97.0, 85, 50, 15, 3].map { ($0, Percentile.z(of: $0)) }

    /// Where the standard is defined.
    static func domain(_ kind: Kind) -> ClosedRange<Double> {
        switch kind {
        case .forAge: 0...Double(GrowthStandard.lastDay)
        case .weightFor(let stature): stature.range
        }
    }

    /// The chart as inline SVG, the wide drawing and the narrow one.
    public func svg(id: String, title: String) -> Markup {
        let axes = Axes(chart: self)
        let description = description(axes)
        return ChartSize.both { size, svg in
            draw(id: id, title: title, description: description, axes: axes, size: size, into: &svg)
        }
    }

    private func draw(id: String, title: String, description: String, axes: Axes, size: ChartSize, into svg: inout SVGWriter) {
        let wide = size == .wide
        let height = compact ? (wide ? 230.0 : 210) : (wide ? 300.0 : 280)
        let left = wide ? 46.0 : 36, right = size.width - (wide ? 44 : 34), top = 22.0, bottom = height - 38
        func x(_ value: Double) -> Double { left + (value - axes.x.lowerBound) / (axes.x.upperBound - axes.x.lowerBound) * (right - left) }
        func y(_ value: Double) -> Double { bottom - (value - axes.y.lowerBound) / (axes.y.upperBound - axes.y.lowerBound) * (bottom - top) }
        svg.open(id: id, size: size, height: height, title: title, description: description, class: "growth")

        // Grid and ticks, in the family's units.
        for value in axes.yTicks {
            svg.line(x1: left, y1: y(value), x2: right, y2: y(value), class: "grid")
            svg.text(axes.yLabel(value), x: left - 5, y: y(value) + 3.5, class: "tick", anchor: .end)
        }
        // From the chart's edge, so that a wide unit (`kg/m²`) is drawn whole.
        svg.text(axes.yUnit, x: 2, y: top - 12, class: "tick")
        for (index, tick) in axes.xTicks.enumerated() where wide || index % 2 == 0 {
            svg.line(x1: x(tick.value), y1: top, x2: x(tick.value), y2: bottom, class: "grid")
            if !tick.label.isEmpty { svg.text(tick.label, x: x(tick.value), y: bottom + 14, class: "tick", anchor: .middle) }
        }
        svg.text(axes.xTitle, x: (left + right) / 2, y: bottom + 31, class: "tick", anchor: .middle)
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, class: "axis")

        // The bands between the 3rd and 97th and between the 15th and 85th, then the curves.
        let curves = axes.curves.map { curve in curve.map { (x: x($0.x), y: y($0.y)) } }
        if curves.count == Self.percentiles.count {
            svg.polyline(curves[0] + curves[4].reversed(), closed: true, class: "growth-band-outer")
            svg.polyline(curves[1] + curves[3].reversed(), closed: true, class: "growth-band")
        }
        for (index, percentile) in Self.percentiles.enumerated() where index < curves.count {
            svg.polyline(curves[index], class: percentile.value == 50 ? "growth-curve growth-median" : "growth-curve")
            if let end = curves[index].last {
                // Named as ranks in the language (`97th`, `97.`, `97e`); the narrow drawing has room for the number.
                let language = Language.current, whole = Int(percentile.value)
                svg.text(wide ? language.ordinal(whole) : language.formats.integer(whole), x: end.x + 4, y: end.y + 3.5, class: "tick")
            }
        }

        // The child's measurements, joined in time order.
        let marks = points.map { (x: x($0.x), y: y(axes.display($0.y))) }
        if marks.count > 1 { svg.polyline(marks, class: "growth-line") }
        for mark in marks {
            svg.circle(x: mark.x, y: mark.y, radius: wide ? 3.5 : 3, class: "growth-point")
        }
        svg.close()
    }

    private func description(_ axes: Axes) -> String {
        let language = Language.current
        let curves = switch sex {
        case .female?: language.text("growth_curves_girls", ["range": axes.xRangeText])
        case .male?: language.text("growth_curves_boys", ["range": axes.xRangeText])
        case nil: language.text("growth_no_curves", ["range": axes.xRangeText])
        }
        return curves + " " + (points.isEmpty ? language.text("growth_no_measurement") : points.map(\.text).joined(separator: " "))
    }
}

extension GrowthChart {
    /// The window and ticks of a chart: from birth (or the shortest length) to a little past
    /// the last measurement, and from below the 3rd percentile to above the 97th.
    struct Axes {
        let chart: GrowthChart
        /// In days or cm.
        let x: ClosedRange<Double>
        /// In the family's units.
        let y: ClosedRange<Double>
        let xTicks: [(value: Double, label: String)]
        let yTicks: [Double]
        let yStep: Double
        let xTitle: String
        let xRangeText: String
        /// The curves of ``GrowthChart/percentiles``, in days or cm and display units: the
        /// same for both drawings.
        let curves: [[(x: Double, y: Double)]]

        init(chart: GrowthChart) {
            self.chart = chart
            let language = Language.current, formats = language.formats
            let last = chart.points.map(\.x).max()
            switch chart.kind {
            case .weightFor(let stature):
                let lengths = chart.points.map(\.x), range = stature.range
                let low = max(range.lowerBound, (((lengths.min() ?? range.lowerBound + 5) - 3) / 5).rounded(.down) * 5)
                let high = min(range.upperBound, (((lengths.max() ?? range.lowerBound + 15) + 3) / 5).rounded(.up) * 5)
                x = max(range.lowerBound, min(low, high - 15))...min(range.upperBound, max(high, low + 15))
                let step = chart.units.length == .in ? 2.54 * 2 : 5
                let first = (x.lowerBound / step).rounded(.up) * step
                xTicks = stride(from: first, through: x.upperBound + 1e-9, by: step).map { value in
                    (value, chart.units.length == .in ? ChartText.tenths(value / 2.54) : ChartText.tenths(value))
                }
                let measure = stature == .length ? "length" : "height"
                let unit = language.text(chart.units.length == .in ? "unit_symbol_in" : "unit_symbol_cm")
                xTitle = language.text("growth_axis_" + measure, ["unit": unit])
                xRangeText = language.text("growth_range_" + measure, ["from": xTicks.first?.label ?? "", "to": xTicks.last?.label ?? "", "unit": unit])
            default:
                let age = last ?? 0
                if age <= 49 {
                    // A newborn: eight weeks, week by week.
                    x = 0...56
                    xTicks = (0...8).map { (Double($0 * 7), $0 == 0 ? language.text("tick_birth") : language.text("tick_weeks", ["count": formats.integer($0)])) }
                    xTitle = language.text(chart.corrected ? "growth_axis_corrected_weeks" : "growth_axis_weeks")
                    xRangeText = language.text(chart.corrected ? "growth_range_corrected_age" : "growth_range_age", ["to": language.text("age_weeks", count: 8)])
                } else if age <= Double(GrowthStandard.lastLengthDay) {
                    let month = 30.4375
                    let months = min(24, max(3, Int((age / month + 1).rounded(.up))))
                    let step = months <= 12 ? 1 : months <= 18 ? 2 : 3
                    let shown = (months + step - 1) / step * step
                    x = 0...min(Double(GrowthStandard.lastLengthDay), Double(shown) * month)
                    xTicks = stride(from: 0, through: shown, by: step).map { (min(Double(GrowthStandard.lastLengthDay), Double($0) * month),
                                                                                 $0 == 0 ? language.text("tick_birth") : language.text("tick_months", ["count": formats.integer($0)])) }
                    xTitle = language.text(chart.corrected ? "growth_axis_corrected_months" : "growth_axis_months")
                    xRangeText = language.text(chart.corrected ? "growth_range_corrected_age" : "growth_range_age", ["to": language.text("age_months", count: shown)])
                } else {
                    // Past two years, the whole of the standards: birth to five years, by half years.
                    x = 0...Double(GrowthStandard.lastDay)
                    xTicks = (0...10).map { (half: Int) -> (value: Double, label: String) in
                        let label = half == 0 ? language.text("tick_birth") : half % 2 == 0 ? language.text("tick_years", ["count": formats.integer(half / 2)]) : ""
                        return (min(Double(GrowthStandard.lastDay), Double(half) * 182.625), label)
                    }
                    xTitle = language.text(chart.corrected ? "growth_axis_corrected_years" : "growth_axis_years")
                    xRangeText = language.text(chart.corrected ? "growth_range_corrected_age" : "growth_range_age", ["to": language.text("age_years", count: 5)])
                }
            }
            // The curves over the window, 72 steps each, and the child's values, in display units.
            let window = x
            let samples = (0...72).map { window.lowerBound + (window.upperBound - window.lowerBound) * Double($0) / 72 }
            // Each step's distribution read once for the five curves.
            let steps = chart.sex.map { sex in samples.compactMap { at in chart.kind.lms(sex: sex, at: at).map { (at: at, lms: $0) } } } ?? []
            curves = steps.isEmpty ? [] : GrowthChart.percentiles.map { percentile in
                steps.map { step in (step.at, Self.display(step.lms.value(atZ: percentile.z), chart)) }
            }
            let values = chart.points.map { Self.display($0.y, chart) } + curves.joined().map(\.y)
            let low = values.min() ?? 0, high = values.max() ?? 1
            let span = max(high - low, 0.1)
            let step = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20].first { span / $0 <= 7 } ?? 50
            yStep = step
            y = ((low - span * 0.03) / step).rounded(.down) * step...((high + span * 0.03) / step).rounded(.up) * step
            yTicks = stride(from: y.lowerBound, through: y.upperBound + step / 2, by: step).map { $0 }
        }

        static func display(_ metric: Double, _ chart: GrowthChart) -> Double {
            switch (chart.kind.isBMI, chart.kind.measuresWeight) {
            case (true, _): return metric
            case (false, true): return chart.units.weight == .lb ? metric / UnitConversion.kilogramsPerPound : metric
            case (false, false): return chart.units.length == .in ? UnitConversion.inches(centimeters: metric) : metric
            }
        }

        func display(_ metric: Double) -> Double { Self.display(metric, chart) }

        var yUnit: String {
            Language.current.text(chart.kind.isBMI ? "unit_symbol_bmi" : chart.kind.measuresWeight ? (chart.units.weight == .lb ? "unit_symbol_lb" : "unit_symbol_kg")
                                  : (chart.units.length == .in ? "unit_symbol_in" : "unit_symbol_cm"))
        }

        func yLabel(_ value: Double) -> String {
            yStep < 1 ? ChartText.tenths(value) : Language.current.formats.integer(Int(value.rounded()))
        }
    }
}

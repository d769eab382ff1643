import Bytes
import Wording

/// Children side by side by age, a small multiple of the comparison page: one line for
/// each child, in the child's own colour and a line style of its own (solid, dashed,
/// dotted, dash-dot) with a mark shaped its own way at each point of a measurement, so
/// that the lines are told apart without colour, on grey paper too. Age runs left to
/// right in every language, as time does on the other charts (docs/languages.md).
public struct AgeChart: Sendable {
    /// One child's line: its points by age in days (time order), broken wherever two
    /// points are more than `joinWithin` days apart.
    public struct Series: Sendable {
        public let palette: String
        /// Which of the four line styles and mark shapes: the child's place in the family.
        public let style: Int
        public let points: [(age: Double, value: Double)]

        public init(palette: String, style: Int, points: [(age: Double, value: Double)]) {
            self.palette = palette
            self.style = style
            self.points = points
        }
    }

    public let series: [Series]
    public let scale: ValueScale
    /// Points further apart than this many days are not joined.
    public let joinWithin: Double
    /// Whether each point has its mark (measurements), or the line alone (weekly medians).
    public let marked: Bool

    /// How tall the plot is: taller for a scale whose gridlines are closer.
    public let plotHeight: Double

    public init(series: [Series], scale: ValueScale, joinWithin: Double, marked: Bool, plotHeight: Double = 120) {
        self.series = series
        self.scale = scale
        self.joinWithin = joinWithin
        self.marked = marked
        self.plotHeight = plotHeight
    }

    /// The styles there are before they repeat.
    public static let styles = 4
    static let top = 8.0
    static let month = 30.4375

    /// The chart as inline SVG, drawn once at the narrow width (two a row on a desk).
    public func svg(id: String, title: String, description: String) -> Markup {
        var svg = SVGWriter()
        let size = ChartSize.narrow
        let plotLeft = ChartText.labelRoom(scale.ticks.map(scale.label), size: size, base: 36)
        let plotRight = size.width - 10
        let bottom = Self.top + plotHeight
        let ages = series.flatMap { $0.points.map(\.age) }
        let lowest = ((ages.min() ?? 0) / Self.month).rounded(.down) * Self.month
        let highest = max(lowest + Self.month, ages.max() ?? 0)
        func x(_ age: Double) -> Double { plotLeft + (plotRight - plotLeft) * (age - lowest) / (highest - lowest) }
        func y(_ value: Double) -> Double { bottom - plotHeight * min(max((value - scale.floor) / (scale.ceiling - scale.floor), 0), 1) }
        svg.open(id: id, size: size, height: bottom + 28, title: title, description: description, class: "compare")
        svg.hidden { svg in
            for tick in scale.ticks {
                svg.line(x1: plotLeft, y1: y(tick), x2: plotRight, y2: y(tick), class: tick == scale.floor ? "axis" : "grid")
                svg.text(scale.label(tick), x: plotLeft - 4, y: y(tick) + 4, class: "tick", anchor: .end)
            }
            drawAges(from: lowest, to: highest, x: x, bottom: bottom, into: &svg)
            for line in series {
                svg.group("<g data-palette=\"\(line.palette)\" class=\"compare-child compare-style-\(line.style % Self.styles)\">") { svg in
                    draw(line, x: x, y: y, into: &svg)
                }
            }
        }
        svg.close()
        return svg.markup
    }

    private func draw(_ line: Series, x: (Double) -> Double, y: (Double) -> Double, into svg: inout SVGWriter) {
        var runs: [[(x: Double, y: Double)]] = []
        var previous: Double?
        for point in line.points {
            let at = (x: x(point.age), y: y(point.value))
            if let previous, point.age - previous <= joinWithin { runs[runs.count - 1].append(at) } else { runs.append([at]) }
            previous = point.age
        }
        for run in runs {
            if run.count > 1 { svg.polyline(run, class: "compare-line") }
            // A week alone, or every measurement, shows its mark.
            guard marked || run.count == 1 else { continue }
            for point in run { Self.mark(line.style, x: point.x, y: point.y, into: &svg) }
        }
    }

    /// The child's mark: a circle, a square, a triangle, a diamond.
    static func mark(_ style: Int, x: Double, y: Double, into svg: inout SVGWriter) {
        let r = 3.5
        switch style % styles {
        case 0: svg.circle(x: x, y: y, radius: r, class: "compare-mark")
        case 1: svg.rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: "compare-mark")
        case 2: svg.polyline([(x - r - 0.5, y + r), (x, y - r - 0.5), (x + r + 0.5, y + r)], closed: true, class: "compare-mark")
        default: svg.polyline([(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)], closed: true, class: "compare-mark")
        }
    }

    /// A small picture of each style, for the legend: the line and its mark.
    public static func swatch(_ style: Int) -> Markup {
        var svg = SVGWriter()
        svg.raw("<svg class=\"compare-swatch compare-style-")
        svg.number(Double(style % styles))
        svg.raw("\" viewBox=\"0 0 40 12\" width=\"40\" height=\"12\" aria-hidden=\"true\">")
        svg.line(x1: 1, y1: 6, x2: 39, y2: 6, class: "compare-line")
        mark(style, x: 20, y: 6, into: &svg)
        svg.close()
        return svg.markup
    }

    /// A tick at each month of age, labelled as many months apart as the labels need,
    /// the axis's name under them.
    private func drawAges(from lowest: Double, to highest: Double, x: (Double) -> Double, bottom: Double, into svg: inout SVGWriter) {
        let language = Language.current
        let first = Int((lowest / Self.month).rounded()), last = Int((highest / Self.month).rounded(.down))
        func label(_ months: Int) -> String {
            months > 0 && months % 12 == 0 ? language.text("tick_years", ["count": language.formats.integer(months / 12)])
                : language.text("tick_months", ["count": language.formats.integer(months)])
        }
        let widest = (first...max(first, last)).map { ChartText.estimatedWidth(label($0), fontSize: 13.5) * 1.15 }.max() ?? 30
        let monthWidth = x(Self.month) - x(0)
        let every = [1, 2, 3, 6, 12, 24].first { Double($0) * monthWidth >= widest + 8 } ?? 24
        for months in first...max(first, last) {
            let at = x(Double(months) * Self.month)
            svg.line(x1: at, y1: bottom, x2: at, y2: bottom + (months % every == 0 ? 5 : 3), class: "axis")
            guard months % every == 0 else { continue }
            let text = label(months)
            svg.text(text, x: ChartText.tickX(text, at: at, size: .narrow), y: bottom + 20, class: "tick", anchor: .middle)
        }
    }
}

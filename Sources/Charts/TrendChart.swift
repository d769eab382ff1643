import Bytes
import Days
import Timekeeping
import Wording

/// One figure over a child's whole history, a small multiple of the trends page: each
/// day's value a faint dot, each week's median a line through the band from its 25th to
/// its 75th percentile, months along the axis, and the days of a fever, a vaccination or a
/// new food marked under it. Time runs left to right in every language, as on the other
/// charts (docs/languages.md).
public struct TrendChart: Sendable {
    /// A day's mark under the axis: `fever`, `vaccination` or `food`.
    public struct Marker: Sendable {
        public let date: LocalDate
        public let kind: String

        public init(date: LocalDate, kind: String) {
            self.date = date
            self.kind = kind
        }
    }

    public let first: LocalDate
    public let last: LocalDate
    public let daily: [(date: LocalDate, value: Double)]
    public let spread: WeeklySpread
    public let markers: [Marker]
    /// The values' axis: its step between gridlines, and how a value is written on it.
    public let step: @Sendable (Double) -> Double
    public let label: @Sendable (Double) -> String

    public init(first: LocalDate, last: LocalDate, daily: [(date: LocalDate, value: Double)], spread: WeeklySpread, markers: [Marker],
                step: @escaping @Sendable (Double) -> Double, label: @escaping @Sendable (Double) -> String) {
        self.first = first
        self.last = last
        self.daily = daily
        self.spread = spread
        self.markers = markers
        self.step = step
        self.label = label
    }

    static let top = 8.0
    static let plotHeight = 96.0

    /// The chart as inline SVG, drawn once at the narrow width: a small multiple is as wide
    /// on a desk (two a row) as on a phone, and its words stay their size in both.
    public func svg(id: String, title: String, description: String) -> Markup {
        let highest = max(daily.map(\.value).max() ?? 0, spread.weeks.map(\.upper).max() ?? 0)
        var svg = SVGWriter()
        draw(id: id, title: title, description: description, size: .narrow, scale: .stepped(highest: highest, step: step, label: label), into: &svg)
        return svg.markup
    }

    private func draw(id: String, title: String, description: String, size: ChartSize, scale: ValueScale, into svg: inout SVGWriter) {
        let ticks = scale.ticks, ceiling = scale.ceiling
        let plotLeft = ChartText.labelRoom(ticks.map(label), size: size, base: size == .wide ? 40 : 36)
        let plotRight = size.width - 8
        let bottom = Self.top + Self.plotHeight
        let height = bottom + 40
        let span = Double(last.days(since: first) + 1)
        func x(_ date: LocalDate, _ offset: Double = 0.5) -> Double {
            plotLeft + (plotRight - plotLeft) * (Double(date.days(since: first)) + offset) / span
        }
        func y(_ value: Double) -> Double { bottom - Self.plotHeight * min(max(value / ceiling, 0), 1) }
        svg.open(id: id, size: size, height: height, title: title, description: description, class: "trend")
        svg.hidden { svg in
            for tick in ticks {
                svg.line(x1: plotLeft, y1: y(tick), x2: plotRight, y2: y(tick), class: tick == 0 ? "axis" : "grid")
                svg.text(label(tick), x: plotLeft - 4, y: y(tick) + 4, class: "tick", anchor: .end)
            }
            drawMonths(x: { x($0, 0) }, bottom: bottom, size: size, into: &svg)
            drawSpread(x: { x($0, 3.5) }, y: y, into: &svg)
            // Each day a dot: one path of zero-length strokes, round-capped.
            if !daily.isEmpty {
                svg.raw("<path class=\"trend-day\" d=\"")
                for point in daily {
                    svg.raw("M")
                    svg.number(x(point.date))
                    svg.raw(" ")
                    svg.number(y(point.value))
                    svg.raw("h0")
                }
                svg.raw("\"/>")
            }
            for marker in markers {
                let at = x(marker.date), row = bottom + 8
                switch marker.kind {
                case "fever": svg.polyline([(at - 3.5, row + 3), (at, row - 3), (at + 3.5, row + 3)], closed: true, class: "trend-fever")
                case "vaccination": svg.polyline([(at, row - 3.5), (at + 3.5, row), (at, row + 3.5), (at - 3.5, row)], closed: true, class: "trend-vaccination")
                default: svg.circle(x: at, y: row, radius: 2.5, class: "trend-food")
                }
            }
        }
        svg.close()
    }

    /// A tick at each month's first day, its short name under every one that has room,
    /// and the year under the first and each January.
    private func drawMonths(x: (LocalDate) -> Double, bottom: Double, size: ChartSize, into svg: inout SVGWriter) {
        func next(_ month: LocalDate) -> LocalDate {
            month.month == 12 ? LocalDate(year: month.year + 1, month: 1, day: 1)! : LocalDate(year: month.year, month: month.month + 1, day: 1)!
        }
        var starts: [LocalDate] = []
        var month = LocalDate(year: first.year, month: first.month, day: 1)!
        if month < first { month = next(month) }
        while month <= last {
            starts.append(month)
            month = next(month)
        }
        let formats = Language.current.formats
        // As many months apart as the widest name needs (`سبتمبر` is twice `Sep`).
        let fontSize = size == .wide ? 12.0 : 13.5
        let widest = (1...12).map { ChartText.estimatedWidth(formats.shortMonth($0), fontSize: fontSize) }.max() ?? 30
        let monthWidth = starts.count > 1 ? x(starts[1]) - x(starts[0]) : size.width
        let every = max(1, Int(((widest + 6) / max(monthWidth, 1)).rounded(.up)))
        for (index, start) in starts.enumerated() {
            let at = x(start)
            svg.line(x1: at, y1: bottom, x2: at, y2: bottom + 4, class: "axis")
            // A month begun too near the end for its name has its tick alone (an export of May 1).
            let name = formats.shortMonth(start.month)
            guard index % every == 0, at + 2 + ChartText.estimatedWidth(name, fontSize: fontSize) <= size.width else { continue }
            svg.text(name, x: at + 2, y: bottom + 26, class: "tick")
            if start.month == 1 || index == 0 {
                svg.text(formats.integer(start.year), x: at + 2, y: bottom + 38, class: "tick")
            }
        }
    }

    /// Each week's band and median, broken where a week has no value.
    private func drawSpread(x: (LocalDate) -> Double, y: (Double) -> Double, into svg: inout SVGWriter) {
        var runs: [[WeeklySpread.Week]] = []
        for week in spread.weeks {
            if let previous = runs.last?.last, week.start.days(since: previous.start) == 7 {
                runs[runs.count - 1].append(week)
            } else {
                runs.append([week])
            }
        }
        for run in runs {
            let upper = run.map { (x($0.start), y($0.upper)) }
            let lower = run.reversed().map { (x($0.start), y($0.lower)) }
            if run.count > 1 { svg.polyline(upper + lower, closed: true, class: "trend-band") }
            if run.count > 1 {
                svg.polyline(run.map { (x($0.start), y($0.median)) }, class: "trend-median")
            } else if let week = run.first {
                svg.circle(x: x(week.start), y: y(week.median), radius: 2, class: "trend-median-dot")
            }
        }
    }
}

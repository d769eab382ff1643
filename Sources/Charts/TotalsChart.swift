import Bytes
import Days
import Timekeeping
import Wording

/// Daily totals as bars, one panel each: hours of sleep, feeds, and wet and dirty
/// diapers (wet solid, dirty outlined, so they differ without colour).
public struct TotalsChart: Sendable {
    public struct Column: Sendable {
        public let summary: DaySummary
        public let label: String
        /// The export's own day, not over yet: its bars are drawn lighter and marked "so far".
        public let soFar: Bool

        public init(summary: DaySummary, label: String, soFar: Bool = false) {
            self.summary = summary
            self.label = label
            self.soFar = soFar
        }
    }

    public let columns: [Column]

    public init(columns: [Column]) {
        self.columns = columns
    }

    static let panelHeight = 92.0
    static let barArea = 58.0

    /// The chart as inline SVG, the wide drawing and the narrow one.
    public func svg(id: String, title: String) -> Markup {
        let description = description()
        return ChartSize.both { size, svg in
            draw(id: id, title: title, description: description, size: size, into: &svg)
        }
    }

    private func draw(id: String, title: String, description: String, size: ChartSize, into svg: inout SVGWriter) {
        let wide = size == .wide
        let language = Language.current, formats = language.formats
        // A phone puts each panel's name above its bars, so that the bars have the width.
        // Bars too narrow for their values (a month) get a scale instead: a line at the
        // highest value, which a desk's drawing writes at the right.
        let crowded = (size.width - 100) / Double(max(columns.count, 1)) < 30
        let plotRight = size.width - (wide ? (crowded ? 44 : 12) : 8)
        let panels: [(name: String, kind: RoutineKinds, series: [(values: [Double], style: StaticString)], format: (Double) -> String)] = [
            (language.text("totals_sleep_hours"), .sleep, [(columns.map { Double($0.summary.sleep.totalSeconds) / 3600 }, "bar-sleep")], { formats.oneDecimal($0) }),
            (language.text("feeds"), .feeds, [(columns.map { Double($0.summary.feedings.count) }, "bar-feed")], { formats.integer(Int($0)) }),
            // A wet or dirty count not logged around its day is no bar (-1 is no value).
            (language.text("totals_wet_dirty"), .diapers, [(columns.map { $0.summary.logged.contains(.wet) ? Double($0.summary.diapers.wet) : -1 }, "bar-diaper"),
                             (columns.map { $0.summary.logged.contains(.dirty) ? Double($0.summary.diapers.dirty) : -1 }, "bar-diaper-outline")], { formats.integer(Int($0)) }),
        ]
        let plotLeft = wide ? ChartText.labelRoom(panels.map(\.name), size: size, base: 84) : 8
        let panelHeight = Self.panelHeight + (wide ? 0 : 16)
        let height = panelHeight * Double(panels.count) + (columns.contains(where: \.soFar) ? 28 : 18)
        svg.open(id: id, size: size, height: height, title: title, description: description, class: "totals")
        let slot = (plotRight - plotLeft) / Double(max(columns.count, 1))
        let showValues = slot >= 30 && !(wide && crowded)
        for (index, panel) in panels.enumerated() {
            let top = Double(index) * panelHeight + (wide ? 14 : 30)
            let base = top + Self.barArea
            let maximum = max(panel.series.flatMap(\.values).max() ?? 0, 1)
            if wide {
                svg.text(panel.name, x: plotLeft - 8, y: top + 14, class: "lane-label", anchor: .end)
            } else {
                svg.text(panel.name, x: plotLeft, y: top - 14, class: "lane-label")
            }
            svg.line(x1: plotLeft, y1: base, x2: plotRight, y2: base, class: "axis")
            // A day that did not log the panel's kind has no bar, not a bar of zero: a dash
            // where its value would be, or the words across a panel no day logged.
            let logged = columns.map { $0.summary.logged.contains(panel.kind) }
            if !logged.contains(true) {
                svg.text(language.text("not_logged"), x: (plotLeft + plotRight) / 2, y: base - Self.barArea / 2, class: "value not-logged", anchor: .middle)
            } else if !showValues {
                let highest = panel.series.flatMap(\.values).max() ?? 0
                svg.line(x1: plotLeft, y1: base - Self.barArea, x2: plotRight, y2: base - Self.barArea, class: "grid")
                if wide {
                    svg.text(panel.format(highest), x: plotRight + 4, y: base - Self.barArea + 4, class: "value")
                } else {
                    svg.text(panel.format(highest), x: plotRight, y: top - 14, class: "value", anchor: .end)
                }
            }
            for (column, isLogged) in logged.enumerated() where !isLogged && logged.contains(true) && showValues {
                svg.text("–", x: plotLeft + (Double(column) + 0.5) * slot, y: base - 3, class: "value not-logged", anchor: .middle)
            }
            let seriesWidth = slot * 0.7 / Double(panel.series.count)
            for (seriesIndex, series) in panel.series.enumerated() {
                for (column, value) in series.values.enumerated() where logged[column] && value >= 0 {
                    let barHeight = Self.barArea * value / maximum
                    let x = plotLeft + Double(column) * slot + slot * 0.15 + Double(seriesIndex) * seriesWidth
                    let soFar = columns[column].soFar
                    svg.rect(x: x, y: base - barHeight, width: seriesWidth - 1, height: barHeight, radius: 1.5,
                             class: series.style, soFar ? "so-far" : nil)
                    if showValues, value > 0 {
                        svg.text(panel.format(value), x: x + seriesWidth / 2, y: base - barHeight - 3, class: "value", anchor: .middle)
                    }
                }
            }
            if index == panels.count - 1 {
                for (column, item) in columns.enumerated() where slot >= 18 || column % 7 == 0 || item.soFar {
                    svg.text(item.label, x: plotLeft + (Double(column) + 0.5) * slot, y: base + 13, class: "tick", anchor: .middle)
                    if item.soFar {
                        let label = language.text("so_far")
                        svg.text(label, x: ChartText.tickX(label, at: plotLeft + (Double(column) + 0.5) * slot, size: size), y: base + 24, class: "tick so-far-label", anchor: .middle)
                    }
                }
            }
        }
        svg.close()
    }

    private func description() -> String {
        let language = Language.current, formats = language.formats
        return columns.map { column in
            let s = column.summary
            let label = column.soFar ? language.text("so_far_label", ["label": column.label]) : column.label
            // Most days logged every kind: their one sentence, looked up once.
            if s.logged.isSuperset(of: [.sleep, .feeds, .wet, .dirty]) {
                return language.text("totals_row", ["label": label, "sleep": formats.oneDecimal(Double(s.sleep.totalSeconds) / 3600),
                                                    "feeds": language.text("feeds_count", count: s.feedings.count),
                                                    "wet": formats.integer(s.diapers.wet), "dirty": formats.integer(s.diapers.dirty)])
            }
            let figures = [
                s.logged.contains(.sleep) ? language.text("sleep_hours_part", ["sleep": formats.oneDecimal(Double(s.sleep.totalSeconds) / 3600)])
                    : language.text("sleep_not_logged"),
                s.logged.contains(.feeds) ? language.text("feeds_count", count: s.feedings.count) : language.text("feeds_not_logged"),
                !s.logged.contains(.diapers) ? language.text("diapers_not_logged")
                    : s.logged.isSuperset(of: [.wet, .dirty]) ? language.text("wet_and_dirty", ["wet": formats.integer(s.diapers.wet), "dirty": formats.integer(s.diapers.dirty)])
                    : s.logged.contains(.wet) ? language.text("wet_only", ["wet": formats.integer(s.diapers.wet)]) + ", " + language.text("dirty_not_logged")
                    : s.logged.contains(.dirty) ? language.text("dirty_only", ["dirty": formats.integer(s.diapers.dirty)]) + ", " + language.text("wet_not_logged")
                    : language.text("wet_not_logged") + ", " + language.text("dirty_not_logged"),
            ]
            return language.text("day_row", ["label": label, "figures": language.list(figures)])
        }.joined(separator: " ")
    }
}

@testable import Charts
import Export
import Growth
import Testing

/// The growth chart's window, ticks and marks: where a doctor reads a child against the
/// WHO curves, every number on the axes has to be where the child's values are.
@Suite struct GrowthChartTests {
    static func chart(_ kind: GrowthChart.Kind, _ points: [(Double, Double)], units: Units = .metric) -> GrowthChart {
        GrowthChart(kind: kind, sex: .female, points: points.map { .init(x: $0.0, y: $0.1, text: "\($0.1) at \($0.0).") }, units: units)
    }

    @Test("a newborn's chart runs week by week to 8 weeks, a child under two by month to past the last measurement, an older one by year to five")
    func ageWindow() {
        let newborn = GrowthChart.Axes(chart: Self.chart(.forAge(.weightForAge), [(0, 3.2), (20, 3.9)]))
        #expect(newborn.x == 0...56)
        #expect(newborn.xTicks.map(\.label) == ["Birth", "1 wk", "2 wk", "3 wk", "4 wk", "5 wk", "6 wk", "7 wk", "8 wk"])
        let fiveMonths = GrowthChart.Axes(chart: Self.chart(.forAge(.weightForAge), [(0, 3.2), (150, 6.4)]))
        #expect(fiveMonths.xTicks.last?.label == "6 mo")
        #expect(fiveMonths.x.upperBound >= 150)
        let twoYears = GrowthChart.Axes(chart: Self.chart(.forAge(.lengthForAge), [(0, 50), (700, 85)]))
        #expect(twoYears.x.upperBound == Double(GrowthStandard.lastLengthDay))
        #expect(twoYears.xTicks.map(\.label).last == "24 mo")
        let fourYears = GrowthChart.Axes(chart: Self.chart(.forAge(.lengthForAge), [(0, 50), (700, 85), (1461, 102)]))
        #expect(fourYears.x == 0...Double(GrowthStandard.lastDay))
        #expect(fourYears.xTicks.map(\.label).filter { !$0.isEmpty } == ["Birth", "1 y", "2 y", "3 y", "4 y", "5 y"])
        #expect(fourYears.xTitle == "Age (years)")
    }

    @Test("the value axis holds every measurement and every curve, in ticks of a round step")
    func valueWindow() {
        for points in [[(0.0, 3.2), (60, 5.1)], [(0.0, 1.9), (60, 9.8)], [(30.0, 4.4)]] {
            let axes = GrowthChart.Axes(chart: Self.chart(.forAge(.weightForAge), points))
            let values = points.map(\.1) + axes.curves.joined().map(\.y)
            #expect(values.allSatisfy { axes.y.contains($0) }, "\(points): \(axes.y)")
            #expect(axes.yTicks.count >= 3 && axes.yTicks.count <= 9)
            #expect([0.1, 0.2, 0.5, 1, 2, 5].contains(axes.yStep))
            #expect(abs((axes.y.lowerBound / axes.yStep).rounded() * axes.yStep - axes.y.lowerBound) < 1e-9)
        }
    }

    @Test("in pounds and inches the curves and the marks are converted alike; the axis names the unit")
    func imperial() {
        let metric = GrowthChart.Axes(chart: Self.chart(.forAge(.weightForAge), [(0, 3.4), (90, 6.0)]))
        let imperial = GrowthChart.Axes(chart: Self.chart(.forAge(.weightForAge), [(0, 3.4), (90, 6.0)], units: .us))
        #expect(metric.yUnit == "kg" && imperial.yUnit == "lb")
        #expect(abs(imperial.display(3.4) - 7.4957) < 1e-3)
        let median = metric.curves[2], medianInPounds = imperial.curves[2]
        for (kilograms, pounds) in zip(median, medianInPounds) {
            #expect(abs(kilograms.y / 0.45359237 - pounds.y) < 1e-9)
        }
        let length = GrowthChart.Axes(chart: Self.chart(.weightFor(.length), [(50, 3.4), (60, 6.0)], units: .us))
        #expect(length.xTitle == "Length (in)" && length.yUnit == "lb")
        let bmi = GrowthChart.Axes(chart: Self.chart(.forAge(.bmiForAge), [(800, 16.2)], units: .us))
        #expect(bmi.yUnit == "kg/m²" && bmi.display(16.2) == 16.2)
    }

    @Test("the curves run highest first and stay apart: 97th above 85th above the median above 15th above 3rd")
    func curveOrder() {
        let axes = GrowthChart.Axes(chart: Self.chart(.forAge(.headCircumferenceForAge), [(10, 35), (200, 42)]))
        #expect(axes.curves.count == 5)
        for step in axes.curves[0].indices {
            let column = axes.curves.map { $0[step].y }
            #expect(zip(column, column.dropFirst()).allSatisfy { $0 > $1 }, "\(column)")
        }
    }

    @Test("measurements outside the standard or not above zero are left off, and the description says what is drawn")
    func points() {
        let chart = GrowthChart(kind: .weightFor(.length), sex: .male, points: [
            .init(x: 30, y: 2.0, text: "too short."), .init(x: 60, y: 0, text: "zero."), .init(x: 62, y: 6.1, text: "6.1 kg at 62 cm."),
        ], units: .metric)
        #expect(chart.points.map(\.text) == ["6.1 kg at 62 cm."])
        let svg = String(decoding: chart.svg(id: "g", title: "Weight for length").bytes, as: UTF8.self)
        #expect(svg.contains("WHO curves for boys"))
        #expect(svg.contains("6.1 kg at 62 cm."))
        #expect(!svg.contains("too short"))
        let empty = GrowthChart(kind: .forAge(.weightForAge), sex: .female, points: [], units: .metric)
        #expect(String(decoding: empty.svg(id: "e", title: "Weight").bytes, as: UTF8.self).contains("No measurement to plot."))
    }
}

@Suite struct ChartTextTests {
    @Test("a tick's label at a chart's end moves in just enough to be drawn whole; one inside stays on its tick",
          arguments: [ChartSize.wide, .narrow])
    func tickLabels(size: ChartSize) {
        let fontSize = size == .wide ? 12.7 : 13.5
        for label in ["7 ص", "7a", "07", "午前7"] {
            let half = ChartText.estimatedWidth(label, fontSize: fontSize) / 2
            let right = ChartText.tickX(label, at: size.width - 8, size: size)
            #expect(right + half <= size.width - 1 && right <= size.width - 8, "\(label)")
            #expect(ChartText.tickX(label, at: 0, size: size) - half >= 1, "\(label)")
            #expect(ChartText.tickX(label, at: size.width / 2, size: size) == size.width / 2)
        }
    }
}

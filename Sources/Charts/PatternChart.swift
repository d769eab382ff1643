import Bytes
import Dataset
import Days
import Timekeeping
import Wording

/// Days as rows, each 24 wall-clock hours from the day start, with sleep as bars and
/// feeds as ticks: the shape of nights and naps across a week, a month or a visit range.
/// Rows follow the wall clock so that 7:30 PM lines up on every row, DST days included.
public struct PatternChart: Sendable {
    /// One row: a day, its label, and where the label links to.
    public struct Row: Sendable {
        public let day: Day
        public let label: String
        /// The label where room is short (a phone): `Nov 21`.
        public let shortLabel: String
        public let href: String?

        public init(day: Day, label: String, shortLabel: String? = nil, href: String?) {
            self.day = day
            self.label = label
            self.shortLabel = shortLabel ?? label
            self.href = href
        }
    }

    public let rows: [Row]
    public let zone: Zone
    public let dayStart: TimeOfDay
    /// Height of one day's row in viewBox units (20; 14 is compact enough for paper).
    public let rowHeight: Double

    public init(rows: [Row], zone: Zone, dayStart: TimeOfDay, rowHeight: Double = 20) {
        self.rows = rows
        self.zone = zone
        self.dayStart = dayStart
        self.rowHeight = rowHeight
    }

    static let top = 22.0

    /// The chart as inline SVG, the wide drawing and the narrow one.
    public func svg(id: String, title: String) -> Markup {
        let description = rows.map(Self.description(of:)).joined(separator: " ")
        return ChartSize.both { size, svg in
            draw(id: id, title: title, description: description, size: size, into: &svg)
        }
    }

    private func draw(id: String, title: String, description: String, size: ChartSize, into svg: inout SVGWriter) {
        let wide = size == .wide
        let plotLeft = ChartText.labelRoom(rows.map { wide ? $0.label : $0.shortLabel }, size: size, base: wide ? 84 : 60)
        let plotRight = size.width - (wide ? 12 : 8)
        // Rows that link to their day are read as links, each naming its day's figures; the
        // drawing around them is hidden from assistive technology.
        let linked = rows.contains { $0.href != nil }
        // On a phone a row that is a link is a 44 px touch target (50 of 360 units, drawn
        // about 324 px wide); its lane stays a band of at most 28 units in the row's middle.
        let rowHeight = wide ? self.rowHeight : linked ? 50 : max(self.rowHeight, 24)
        let band = min(rowHeight, 28)
        let inset = (rowHeight - band) / 2
        let height = Self.top + rowHeight * Double(rows.count) + 26
        svg.open(id: id, size: size, height: height, title: title, description: description, class: "pattern", linked: linked)
        func drawing(_ body: (inout SVGWriter) -> Void) {
            if linked { svg.hidden(body) } else { body(&svg) }
        }
        let bottom = Self.top + rowHeight * Double(rows.count)
        drawing { svg in
            for step in 0...8 {
                let x = plotLeft + (plotRight - plotLeft) * Double(step) / 8
                svg.line(x1: x, y1: Self.top - 3, x2: x, y2: bottom, class: step % 2 == 0 ? "grid grid-major" : "grid")
                guard wide || step % 2 == 0 else { continue }
                let minutes = (dayStart.minutes + step * 180) % 1440
                let clock = LocalDateTime(date: LocalDate(daysSinceEpoch: 0), time: TimeOfDay(minutes: minutes)!)
                let label = ChartText.hourLabel(clock)
                svg.text(label, x: ChartText.tickX(label, at: x, size: size), y: Self.top - 8, class: "tick", anchor: .middle)
            }
        }
        for (index, row) in rows.enumerated() {
            let y = Self.top + Double(index) * rowHeight
            let label = wide ? row.label : row.shortLabel
            if let href = row.href {
                // The whole row is the link, not only its words.
                svg.raw("<a href=\"")
                svg.escaped(href)
                svg.raw("\" aria-label=\"")
                svg.escaped(Self.description(of: row))
                svg.raw("\">")
                svg.rect(x: 0, y: y, width: size.width, height: rowHeight, class: "row-hit")
                svg.text(label, x: plotLeft - 6, y: y + rowHeight / 2 + 4, class: "row-label", anchor: .end)
                svg.raw("</a>")
            } else {
                svg.text(label, x: plotLeft - 6, y: y + rowHeight / 2 + 4, class: "row-label", anchor: .end)
            }
            drawing { svg in
                svg.rect(x: plotLeft, y: y + inset + 2, width: plotRight - plotLeft, height: band - 4, radius: 3, class: "lane")
                let start = zone.localDateTime(at: row.day.window.start)
                func x(_ instant: Instant) -> Double {
                    let clamped = max(row.day.window.start, min(instant, row.day.window.end))
                    let minutes = Double(zone.localDateTime(at: clamped).wallClockMilliseconds(since: start)) / 60_000
                    return plotLeft + (plotRight - plotLeft) * min(max(minutes / 1440, 0), 1)
                }
                for span in row.day.sleepSpans {
                    let x1 = x(span.start)
                    let x2 = span.end >= row.day.window.end ? plotRight : x(span.end)
                    svg.rect(x: x1, y: y + inset + band * 0.2, width: max(x2 - x1, 1.5), height: band * 0.6, radius: 2,
                             class: span.isOngoing && span.end <= row.day.window.end ? "bar-sleep bar-ongoing" : "bar-sleep")
                }
                for feeding in row.day.feedings {
                    let position = x(feeding.startedAt)
                    svg.line(x1: position, y1: y + inset + 1, x2: position, y2: y + inset + band - 1, class: "tick-feed")
                }
            }
        }
        // The legend names both marks by shape as well as colour.
        let legendY = bottom + 18
        drawing { svg in
            svg.rect(x: plotLeft, y: legendY - 9, width: 22, height: 10, radius: 2, class: "bar-sleep")
            svg.text(Language.current.text("sleep"), x: plotLeft + 28, y: legendY, class: "legend")
            svg.line(x1: plotLeft + 92, y1: legendY - 11, x2: plotLeft + 92, y2: legendY + 2, class: "tick-feed")
            svg.text(Language.current.text("feed"), x: plotLeft + 100, y: legendY, class: "legend")
        }
        svg.close()
    }

    /// `Sat, Nov 21: 13h 54m asleep, 6 feeds.`, or `sleep not logged` for a day without sleep.
    private static func description(of row: Row) -> String {
        let summary = row.day.summary
        let language = Language.current
        // Most days logged both: their one sentence, looked up once.
        if summary.logged.isSuperset(of: [.sleep, .feeds]) {
            return language.text("pattern_row", ["label": row.label, "sleep": language.hoursAndMinutes(.seconds(summary.sleep.totalSeconds)),
                                                 "feeds": language.text("feeds_count", count: summary.feedings.count)])
        }
        let sleep = summary.logged.contains(.sleep)
            ? language.text("length_asleep", ["length": language.hoursAndMinutes(.seconds(summary.sleep.totalSeconds))]) : language.text("sleep_not_logged")
        let feeds = summary.logged.contains(.feeds) ? language.text("feeds_count", count: summary.feedings.count) : language.text("feeds_not_logged")
        return language.text("day_row", ["label": row.label, "figures": language.list([sleep, feeds])])
    }
}

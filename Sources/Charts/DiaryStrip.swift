import Bytes
import Days
import Timekeeping

/// One row of the sleep diary: a day (or two, double-plotted) of 24 wall-clock hours from
/// the day start, drawn to fill its table cell whatever its width. Sleep is a solid bar in
/// the row's middle, a feed a tick across the whole row, crying a striped band along the
/// bottom (a spell of no length a small peak there), a night waking a notch from the top:
/// each told by shape and place, so the grey print reads as the colour one. No words are
/// drawn: the row's cells say its figures, and the strip is hidden from screen readers.
public struct DiaryStrip: Sendable {
    /// One day's part of the row.
    public struct Part: Sendable {
        public let day: Day
        public let wakings: [NightWaking]

        public init(day: Day, wakings: [NightWaking]) {
            self.day = day
            self.wakings = wakings
        }
    }

    /// The row's days, side by side; nil for a half with no day (after the archive's last).
    public let parts: [Part?]
    public let zone: Zone
    public let exportedAt: Instant
    /// When logging began: the time before it, on the first day, is no time awake.
    public let loggingStarted: Instant?

    public init(parts: [Part?], zone: Zone, exportedAt: Instant, loggingStarted: Instant?) {
        self.parts = parts
        self.zone = zone
        self.exportedAt = exportedAt
        self.loggingStarted = loggingStarted
    }

    /// Minutes of a day across, and the row's height, in the drawing's units.
    static let dayWidth = 1440.0
    static let height = 24.0

    /// The row as inline SVG, stretched to its cell (`preserveAspectRatio="none"`; lines
    /// keep their width by the stylesheet's `vector-effect`).
    public func svg() -> Markup {
        var svg = SVGWriter()
        let width = Self.dayWidth * Double(parts.count)
        svg.raw("<svg class=\"strip\" viewBox=\"0 0 ")
        svg.number(width)
        svg.raw(" ")
        svg.number(Self.height)
        svg.raw("\" preserveAspectRatio=\"none\" aria-hidden=\"true\" focusable=\"false\">")
        svg.rect(x: 0, y: 0, width: width, height: Self.height, class: "lane")
        for hour in stride(from: 3, to: parts.count * 24, by: 3) {
            let x = Double(hour) * 60
            svg.line(x1: x, y1: 0, x2: x, y2: Self.height, class: hour % 24 == 0 ? "grid grid-day" : hour % 6 == 0 ? "grid grid-major" : "grid")
        }
        for (index, part) in parts.enumerated() {
            if let part { draw(part, offset: Double(index) * Self.dayWidth, into: &svg) }
        }
        svg.raw("</svg>")
        return svg.markup
    }

    /// What the legend shows for `kind` (`sleep`, `feed`, `crying`, `crying-peak`,
    /// `waking`, `unlived`): the mark as the rows draw it, at the legend's own scale.
    public static func key(_ kind: String) -> Markup {
        var svg = SVGWriter()
        svg.raw("<svg class=\"strip key\" viewBox=\"0 0 32 24\" aria-hidden=\"true\" focusable=\"false\">")
        svg.rect(x: 0, y: 0, width: 32, height: height, class: "lane")
        switch kind {
        case "sleep": svg.rect(x: 2, y: 6.5, width: 28, height: 11, class: "bar-sleep")
        case "feed": svg.line(x1: 16, y1: 1.5, x2: 16, y2: 22.5, class: "tick-feed")
        case "crying": svg.line(x1: 2, y1: 21.5, x2: 30, y2: 21.5, class: "crying-band")
        case "crying-peak": svg.polyline([(10, 24), (16, 18), (22, 24)], closed: true, class: "crying-peak")
        case "waking": svg.polyline([(7, 0), (25, 0), (16, 7)], closed: true, class: "waking")
        default: svg.rect(x: 0, y: 0, width: 32, height: height, class: "unlived")
        }
        svg.raw("</svg>")
        return svg.markup
    }

    private func draw(_ part: Part, offset: Double, into svg: inout SVGWriter) {
        let window = part.day.window
        let start = zone.localDateTime(at: window.start)
        func x(_ instant: Instant) -> Double {
            let clamped = max(window.start, min(instant, window.end))
            let minutes = Double(zone.localDateTime(at: clamped).wallClockMilliseconds(since: start)) / 60_000
            return offset + min(max(minutes, 0), Self.dayWidth)
        }
        // Time nobody could log yet: before logging began, after the export.
        if let began = loggingStarted, window.contains(began), began > window.start {
            svg.rect(x: offset, y: 0, width: x(began) - offset, height: Self.height, class: "unlived")
        }
        if window.contains(exportedAt) {
            svg.rect(x: x(exportedAt), y: 0, width: offset + Self.dayWidth - x(exportedAt), height: Self.height, class: "unlived")
        }
        for span in part.day.sleepSpans {
            let x1 = x(span.start)
            let x2 = span.end >= window.end ? offset + Self.dayWidth : x(span.end)
            svg.rect(x: x1, y: 6.5, width: max(x2 - x1, 2), height: 11, class: span.isOngoing ? "bar-sleep bar-ongoing" : "bar-sleep")
        }
        for span in part.day.cryingSpans {
            let x1 = x(span.start)
            svg.line(x1: x1, y1: 21.5, x2: max(x(span.end), x1 + 2), y2: 21.5, class: "crying-band")
        }
        for crying in part.day.health.cryings where crying.fields.end == nil {
            let at = x(crying.startedAt)
            svg.polyline([(at - 6, 24), (at, 18), (at + 6, 24)], closed: true, class: "crying-peak")
        }
        for waking in part.wakings {
            let at = x(waking.start)
            svg.polyline([(at - 9, 0), (at + 9, 0), (at, 7)], closed: true, class: "waking")
        }
        for feeding in part.day.feedings {
            let at = x(feeding.startedAt)
            svg.line(x1: at, y1: 1.5, x2: at, y2: 22.5, class: "tick-feed")
        }
        if window.contains(exportedAt) {
            let at = x(exportedAt)
            svg.line(x1: at, y1: 0, x2: at, y2: Self.height, class: "now")
        }
    }
}

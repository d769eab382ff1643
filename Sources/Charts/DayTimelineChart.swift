import Bytes
import Dataset
import Days
import Timekeeping
import Wording

/// The 24-hour timeline of one day, from day start to day start in real time: sleep
/// bars, feed, diaper and note marks with their icons, crying (a lane of its own, on the
/// days that have it), hour ticks in local time (so a 23- or 25-hour day shows its skipped
/// or repeated hour), and the export time when it falls in the day.
public struct DayTimelineChart: Sendable {
    public let day: Day
    public let zone: Zone
    public let exportedAt: Instant

    public init(day: Day, zone: Zone, exportedAt: Instant) {
        self.day = day
        self.zone = zone
        self.exportedAt = exportedAt
    }

    static let top = 24.0
    static let laneHeight = 30.0
    static let laneKeys = ["sleep", "feeds", "diapers", "notes"]

    /// The lanes' catalog keys: crying's only on a day that has some, so that the days
    /// of a family that never logs it look as they always have.
    var laneKeys: [String] {
        hasCrying ? Self.laneKeys + ["crying"] : Self.laneKeys
    }

    var hasCrying: Bool { !day.health.cryings.isEmpty || !day.cryingSpans.isEmpty }

    /// Where the lanes begin and end in each drawing, how big the marks are, and how
    /// often an hour is labelled.
    struct Geometry {
        let size: ChartSize
        /// Room for the lanes' names in the language.
        let plotLeft: Double
        /// Where the lanes end: a mark at the day's last minute is drawn whole.
        var plotRight: Double { size.width - (size == .wide ? 12 : 11) }
        var markSize: Double { size == .wide ? 17 : 19 }
        var labelEvery: Int { size == .wide ? 3 : 6 }
        /// Where the lanes' names end: clear of a mark at the day's first minute, drawn
        /// centred on the lanes' start.
        var labelEnd: Double { plotLeft - markSize / 2 - 3 }
    }

    /// The chart as inline SVG, the wide drawing and the narrow one; `id` must be unique in
    /// the page.
    public func svg(id: String) -> Markup {
        let window = day.window
        let language = Language.current
        let title = language.text("timeline_title", ["from": ChartText.time(zone.localDateTime(at: window.start)),
                                                     "to": ChartText.time(zone.localDateTime(at: window.end)), "length": language.hoursAndMinutes(window.length)])
        let description = description()
        let lanes = laneKeys.map { language.text($0) }
        return ChartSize.both { size, svg in
            let markSize = Geometry(size: size, plotLeft: 0).markSize
            let room = ChartText.labelRoom(lanes, size: size, base: size == .wide ? 70 : 58, gap: markSize / 2 + 5)
            draw(id: id, lanes: lanes, title: title, description: description, geometry: Geometry(size: size, plotLeft: room), into: &svg)
        }
    }

    private func draw(id: String, lanes: [String], title: String, description: String, geometry: Geometry, into svg: inout SVGWriter) {
        let window = day.window
        let bottom = Self.top + Self.laneHeight * Double(lanes.count)
        let height = bottom + 8
        svg.open(id: id, size: geometry.size, height: height, title: title, description: description, class: "timeline")

        // Lanes and their labels.
        for (index, lane) in lanes.enumerated() {
            let y = Self.top + Double(index) * Self.laneHeight
            svg.rect(x: geometry.plotLeft, y: y + 3, width: geometry.plotRight - geometry.plotLeft, height: Self.laneHeight - 6, radius: 4, class: "lane")
            svg.text(lane, x: geometry.labelEnd, y: y + Self.laneHeight / 2 + 4, class: "lane-label", anchor: .end)
        }
        // A tick every real hour, labelled every third (sixth when narrow) with the local clock reading.
        let hours = Int((window.length.milliseconds + 3_599_999) / 3_600_000)
        for hour in 0...hours {
            let instant = window.start + .hours(Int64(hour))
            guard instant <= window.end else { break }
            let x = self.x(instant, geometry)
            svg.line(x1: x, y1: Self.top - 4, x2: x, y2: bottom, class: hour % 3 == 0 ? "grid grid-major" : "grid")
            if hour % geometry.labelEvery == 0, hour < hours || window.length == .hours(Int64(hours)) {
                let label = ChartText.hourLabel(zone.localDateTime(at: instant))
                svg.text(label, x: ChartText.tickX(label, at: x, size: geometry.size), y: Self.top - 8, class: "tick", anchor: .middle)
            }
        }

        let sleepY = Self.top + 7
        for span in day.sleepSpans {
            let start = max(span.start, window.start)
            let end = min(span.end, window.end)
            let x1 = x(start, geometry)
            let x2 = max(x(end, geometry), x1 + 1.5)
            svg.rect(x: x1, y: sleepY, width: x2 - x1, height: Self.laneHeight - 14, radius: 3, class: "bar-sleep")
            if span.isOngoing && span.end <= window.end {
                // Open-ended: a dashed continuation and an arrow past the export time.
                let reach = min(x2 + 26, geometry.plotRight)
                svg.line(x1: x2, y1: sleepY + 8, x2: reach, y2: sleepY + 8, class: "ongoing")
                svg.raw("<path class=\"ongoing-arrow\" d=\"M")
                svg.number(reach - 5)
                svg.raw(" ")
                svg.number(sleepY + 3)
                svg.raw("l5 5-5 5\"/>")
            }
        }
        drawCrying(geometry, into: &svg)
        // The day's window, for a reader checking that each mark sits at its time.
        svg.group("<g class=\"marks\" data-start=\"\(window.start.milliseconds)\" data-end=\"\(window.end.milliseconds)\">") { svg in
            mark(.feed, day.feedings.map { $0.startedAt }, lane: 1, geometry, into: &svg)
            mark(.diaper, day.diapers.map { $0.occurredAt }, lane: 2, geometry, into: &svg)
            mark(.note, day.notes.map { $0.occurredAt }, lane: 3, geometry, into: &svg)
            if hasCrying { mark(.crying, day.health.cryings.map(\.startedAt), lane: 4, geometry, into: &svg) }
        }
        // A lane of a kind the day did not log says so, rather than look like a day without.
        for (lane, kind) in [(0, RoutineKinds.sleep), (1, .feeds), (2, .diapers)] where !day.summary.logged.contains(kind) {
            svg.text(Language.current.text("not_logged"), x: (geometry.plotLeft + geometry.plotRight) / 2,
                     y: Self.top + Double(lane) * Self.laneHeight + Self.laneHeight / 2 + 4, class: "lane-empty", anchor: .middle)
        }

        if window.contains(exportedAt) {
            let x = self.x(exportedAt, geometry)
            svg.line(x1: x, y1: Self.top - 2, x2: x, y2: bottom, class: "now")
            svg.text(Language.current.text("export_marker"), x: min(x + 3, geometry.plotRight - 30), y: height - 1, class: "now-label")
        }
        svg.close()
    }

    /// Each stretch of crying as a thin bar across its lane, under the marks of the
    /// spells' starts: how long is read from the bar, that it was crying from the icon.
    private func drawCrying(_ geometry: Geometry, into svg: inout SVGWriter) {
        let center = Self.top + 4 * Self.laneHeight + Self.laneHeight / 2
        for span in day.cryingSpans {
            let x1 = x(max(span.start, day.window.start), geometry)
            let x2 = max(x(min(span.end, day.window.end), geometry), x1 + 1.5)
            svg.rect(x: x1, y: center - 3, width: x2 - x1, height: 6, radius: 2, class: "bar-crying")
        }
    }

    enum Kind {
        case feed, diaper, note, crying

        /// The event category's name (crying's own icon), as the icons and the stylesheet call it.
        var name: StaticString {
            switch self {
            case .feed: "feed"
            case .diaper: "diaper"
            case .note: "note"
            case .crying: "crying"
            }
        }
    }

    /// A mark for each time, centred on it: never moved. Marks that would cover one another
    /// are drawn smaller, as small as still reads as an icon, and closer than that as ticks
    /// (a busy evening of feeds on a phone); the lane's name says what they are. Marks of
    /// the same minute lie on one another, counted (`×2`) where there is room.
    private func mark(_ kind: Kind, _ times: [Instant], lane: Int, _ geometry: Geometry, into svg: inout SVGWriter) {
        let center = Self.top + Double(lane) * Self.laneHeight + Self.laneHeight / 2
        let xs = times.map { x(max(day.window.start, min($0, day.window.end)), geometry) }
        // Most lanes have room for every icon: drawn at once, with no runs worked out.
        if zip(xs, xs.dropFirst()).allSatisfy({ $1 - $0 >= geometry.markSize + 1 }) {
            for (index, x) in xs.enumerated() {
                svg.icon(kind.name, centerX: x, centerY: center, size: geometry.markSize, at: times[index].milliseconds)
            }
            return
        }
        let spots = MarkSpot.spots(xs)
        for run in MarkRun.runs(spots.map(\.x), size: geometry.markSize) {
            for spotIndex in run.indices {
                let spot = spots[spotIndex]
                for index in spot.indices {
                    let at = times[index].milliseconds
                    if let size = run.iconSize {
                        svg.icon(kind.name, centerX: xs[index], centerY: center, size: size, at: at)
                    } else {
                        svg.tick(kind.name, centerX: xs[index], centerY: center, height: geometry.markSize, at: at)
                    }
                }
                let next = spots.indices.contains(spotIndex + 1) ? spots[spotIndex + 1].x - geometry.markSize / 2 : geometry.plotRight + 12
                if spot.indices.count > 1, let size = run.iconSize, next - (spot.x + size / 2) >= Self.countRoom(geometry.size) {
                    svg.text("×" + Language.current.formats.integer(spot.indices.count), x: spot.x + size / 2 + 1.5, y: center + 4, class: "mark-count")
                }
            }
        }
    }

    /// The room a count (`×2`) takes after its marks.
    static func countRoom(_ size: ChartSize) -> Double { size == .wide ? 16 : 20 }

    private func x(_ instant: Instant, _ geometry: Geometry) -> Double {
        let window = day.window
        let fraction = Double((instant - window.start).milliseconds) / Double(window.length.milliseconds)
        return geometry.plotLeft + (geometry.plotRight - geometry.plotLeft) * fraction
    }

    /// The chart in words, for screen readers (the sleep diary's rows say theirs too).
    public func description() -> String {
        let language = Language.current
        let clock = { (instant: Instant) in ChartText.time(zone.localDateTime(at: instant)) }
        func times(_ key: String, _ none: String, _ instants: [Instant]) -> String {
            instants.isEmpty ? language.text(none) : language.text(key, ["times": language.list(instants.map(clock))])
        }
        var parts: [String] = []
        let sleeps = day.sleepSpans.map { span in
            language.text("time_range", ["from": clock(max(span.start, day.window.start)),
                                         "to": span.isOngoing ? language.text("still_asleep_at_export") : clock(min(span.end, day.window.end))])
        }
        parts.append(sleeps.isEmpty ? language.text("timeline_no_sleep") : language.text("timeline_asleep", ["times": language.list(sleeps)]))
        parts.append(times("timeline_feeds_at", "timeline_no_feeds", day.feedings.map { $0.startedAt }))
        parts.append(times("timeline_diapers_at", "timeline_no_diapers", day.diapers.map { $0.occurredAt }))
        if !day.notes.isEmpty {
            parts.append(times("timeline_notes_at", "timeline_notes_at", day.notes.map { $0.occurredAt }))
        }
        if hasCrying {
            let spans = day.cryingSpans.map { span in
                language.text("time_range", ["from": clock(max(span.start, day.window.start)), "to": clock(min(span.end, day.window.end))])
            }
            let untimed = day.health.cryings.filter { $0.fields.end == nil }.map { clock($0.startedAt) }
            parts.append(language.text("timeline_crying", ["times": language.list(spans + untimed)]))
        }
        return parts.joined(separator: " ")
    }
}

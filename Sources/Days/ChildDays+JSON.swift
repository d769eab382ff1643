import Dataset
import Foundation
import JSONText
import Timekeeping

extension ChildDays {
    /// `days.json` as docs/archive.md specifies: a small header, then one day per line, so a
    /// year of days stays readable and diffs line by line. Same days, same bytes.
    ///
    /// Written directly rather than through `JSONEncoder` (which took 65 µs a day, the
    /// longest single job of a rebuild), with the same bytes: keys sorted, slashes not
    /// escaped, whole numbers without a fraction.
    public func json() -> Data {
        json { _, _ in nil }
    }

    /// The bytes of ``json()``, each day for which `unchanged(index)` holds copied from
    /// `previous`, this child's `days.json` from an earlier build, rather than written
    /// anew: a nightly build changes two days of hundreds. A day whose line `previous`
    /// does not hold is written as usual.
    public func json(reusing previous: Data, unchanged: (Int) -> Bool) -> Data {
        previous.withUnsafeBytes { bytes in
            let lines = DayLines(bytes)
            return json { index, date in unchanged(index) ? lines.line(for: date) : nil }
        }
    }

    /// `days.json`, with each day's line given by `reused` (asked by the day's number and
    /// date) when it has one. Days are read in place: a day copied out retains each of its
    /// lists, and a nightly build goes over every day of the archive.
    private func json(reused: (Int, LocalDate) -> UnsafeRawBufferPointer?) -> Data {
        let zone = calendar.zone
        var json = JSONWriter("{\n  \"child\": ", capacity: 1024 * (days.count + 1))
        json.object { object in
            object.field("date_of_birth", child.dateOfBirth.map { JSONWriter.string($0.description) } ?? "null")
            object.field("id", string: child.id)
            object.field("name", string: child.name)
        }
        json.raw(",\n  \"timezone\": \(JSONWriter.string(zone.identifier)),\n  \"day_start\": \(JSONWriter.string(calendar.dayStart.description)),\n  \"days\": ")
        if days.isEmpty {
            json.raw("[]")
        } else {
            json.raw("[\n    ")
            for index in days.indices {
                if index > 0 { json.raw(",\n    ") }
                if let line = reused(index, days[index].date) {
                    json.raw(bytes: line)
                } else {
                    Self.line(days[index], zone: zone, into: &json)
                }
            }
            json.raw("\n  ]")
        }
        json.raw("\n}\n")
        return json.takeData()
    }

    private static let stoolColorsByName = StoolColor.allCases.sorted { $0.rawValue < $1.rawValue }
    private static let stoolConsistenciesByName = StoolConsistency.allCases.sorted { $0.rawValue < $1.rawValue }

    /// One day of `days.json`: its date, then the keys in sorted order at every level.
    private static func line(_ day: Day, zone: Zone, into json: inout JSONWriter) {
        let summary = day.summary
        let f = summary.feedings
        let d = summary.diapers
        let s = summary.sleep
        json.object { object in
            // The date first (the one key out of order: a day's line is found by it), then sorted.
            object.field("date", string: day.date.description)
            object.object("crying") { crying in
                crying.field("count", summary.crying.spells)
                crying.field("seconds", summary.crying.seconds)
                crying.field("untimed", summary.crying.untimed)
            }
            object.object("diapers") { diapers in
                diapers.field("both", d.both)
                diapers.field("count", d.count)
                diapers.field("dirty", d.dirty)
                diapers.field("dirty_logged", summary.logged.contains(.dirty) ? "true" : "false")
                diapers.field("dry", d.dry)
                diapers.field("logged", summary.logged.contains(.diapers) ? "true" : "false")
                diapers.field("pee", d.pee)
                diapers.field("poop", d.poop)
                diapers.object("stool_colors") { colors in
                    for color in Self.stoolColorsByName {
                        if let count = d.stoolColors[color] { colors.field(named: color.rawValue, count) }
                    }
                }
                diapers.object("stool_consistencies") { consistencies in
                    for consistency in Self.stoolConsistenciesByName {
                        if let count = d.stoolConsistencies[consistency] { consistencies.field(named: consistency.rawValue, count) }
                    }
                }
                diapers.field("wet", d.wet)
                diapers.field("wet_logged", summary.logged.contains(.wet) ? "true" : "false")
            }
            object.field("end", string: ISO8601.string(from: day.window.end, in: zone))
            object.object("feedings") { feedings in
                feedings.object("bottle") { bottle in
                    bottle.field("count", f.bottleCount)
                    bottle.field("ml", number: f.bottleML)
                }
                feedings.object("breast") { breast in
                    breast.field("both_sides", f.bothSides)
                    breast.field("count", f.breastCount)
                    breast.field("left", f.startedLeft)
                    breast.field("minutes", number: f.breastMinutes)
                    breast.field("right", f.startedRight)
                }
                feedings.field("count", f.count)
                // Feeding intervals carry mean and longest only; wake windows add the count.
                feedings.gaps("interval_seconds", f.intervals, counted: false)
                feedings.field("logged", summary.logged.contains(.feeds) ? "true" : "false")
            }
            let h = day.health
            // Each value only when measured.
            object.array("measurements", h.measurements) { json, measurement in
                json.object { object in
                    object.field("at", string: ISO8601.string(from: measurement.occurredAt, in: zone))
                    if let value = measurement.headCircumferenceCM { object.field("head_circumference_cm", number: value) }
                    if let value = measurement.lengthCM { object.field("length_cm", number: value) }
                    if let value = measurement.weightKG { object.field("weight_kg", number: value) }
                }
            }
            object.object("medication") { medication in
                medication.field("doses", h.medications.count)
            }
            object.object("notes") { notes in
                notes.field("count", summary.noteCount)
            }
            object.object("pumping") { pumping in
                pumping.field("count", h.pumpings.count)
                pumping.field("ml", number: h.pumpingML)
            }
            object.object("sleep") { sleep in
                sleep.field("longest_seconds", s.longest.map { String($0.length.roundedSeconds) } ?? "null")
                sleep.field("longest_started_at", s.longest.map { JSONWriter.string(ISO8601.string(from: $0.start, in: zone)) } ?? "null")
                sleep.field("logged", summary.logged.contains(.sleep) ? "true" : "false")
                sleep.field("nap_seconds", s.napSeconds)
                sleep.field("night_seconds", s.nightSeconds)
                sleep.field("ongoing", s.ongoing ? "true" : "false")
                sleep.field("started", s.started)
                sleep.field("total_seconds", s.totalSeconds)
                sleep.gaps("wake_window_seconds", s.wakeWindows, counted: true)
            }
            object.object("solids") { solids in
                solids.field("count", h.solids.count)
            }
            object.field("start", string: ISO8601.string(from: day.window.start, in: zone))
            object.object("temperature") { temperature in
                temperature.field("count", h.temperatures.count)
                temperature.field("max_celsius", h.maxCelsius.map(JSONWriter.number) ?? "null")
            }
            object.object("tummy_time") { tummyTime in
                tummyTime.field("count", h.tummyTimes.count)
                tummyTime.field("minutes", number: h.tummyTimeMinutes)
            }
        }
    }
}

/// The day lines of a `days.json` as ``ChildDays/json()`` lays it out: one day a line,
/// each `{"date":"YYYY-MM-DD",…}` after four spaces, the dates consecutive. What a line
/// holds is not checked: callers copy lines only from a file whose bytes they know.
private struct DayLines {
    let bytes: UnsafeRawBufferPointer
    /// Each line's bytes, without the comma between lines.
    private var lines: [Range<Int>] = []
    private var first: LocalDate?
    private static let opening = Array(#"    {"date":""#.utf8)

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        var start = 0
        while start < bytes.count {
            let end = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start).map { UnsafeRawPointer($0) - bytes.baseAddress! } ?? bytes.count
            // Only whole lines: a file cut short has no newline after its last.
            if end < bytes.count, end - start > Self.opening.count + 10, bytes[start..<start + Self.opening.count].elementsEqual(Self.opening) {
                let last = bytes[end - 1] == UInt8(ascii: ",") ? end - 1 : end
                if bytes[last - 1] == UInt8(ascii: "}") {
                    if lines.isEmpty { first = date(at: start + 4) }
                    lines.append(start + 4..<last)
                }
            }
            start = end + 1
        }
    }

    /// The line of `date`, when the file has it where consecutive dates put it.
    func line(for date: LocalDate) -> UnsafeRawBufferPointer? {
        guard let first else { return nil }
        let index = date.days(since: first)
        guard lines.indices.contains(index), holds(date, at: lines[index].lowerBound) else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[lines[index]])
    }

    /// Whether the line starting at `offset` is `date`'s: its ten digits and dashes
    /// compared in place (a nightly build asks for every day of the archive).
    private func holds(_ date: LocalDate, at offset: Int) -> Bool {
        let start = offset + Self.opening.count - 4
        func digits(_ value: Int, _ count: Int, at position: Int) -> Bool {
            var value = value
            for place in stride(from: position + count - 1, through: position, by: -1) {
                guard bytes[start + place] == UInt8(ascii: "0") + UInt8(value % 10) else { return false }
                value /= 10
            }
            return value == 0
        }
        guard (0...9999).contains(date.year), bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else { return false }
        return digits(date.year, 4, at: 0) && digits(date.month, 2, at: 5) && digits(date.day, 2, at: 8)
    }

    /// The date of the line starting at `offset`.
    private func date(at offset: Int) -> LocalDate? {
        let digits = offset + Self.opening.count - 4
        return LocalDate(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[digits..<digits + 10]), as: UTF8.self))
    }
}

extension JSONWriter {
    /// `{count, mean, longest}` in seconds, or null when no gap ends in the day.
    mutating func gaps(_ key: StaticString, _ gaps: GapFigures, counted: Bool) {
        guard gaps.count > 0 else { return field(key, "null") }
        object(key) { object in
            if counted { object.field("count", gaps.count) }
            object.field("longest", gaps.longest.roundedSeconds)
            object.field("mean", gaps.meanSeconds)
        }
    }
}

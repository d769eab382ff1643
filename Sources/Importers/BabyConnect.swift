import Foundation
import Source
import Timekeeping

/// BabyConnect's CSV export: `Date and Time,End Time,Duration (min),Activity,Quantity,Extra
/// data,Text,Notes,Caregiver`, newest first, one child per file. Times `12/12/20 7:47 PM`;
/// a bare quantity is in the app's US units (oz, lb, in); the caregiver's initials become
/// who logged the row. `Text` repeats the row in words and is not kept.
struct BabyConnect: NamedColumnsFormat {
    static let timeExample = "12/12/20 7:47 PM"
    static let requiredColumns = ["Date and Time", "Activity"]

    /// The file's columns, found once.
    private struct Columns {
        let time, activity: ImportFile.Column
        let child, end, duration, quantity, extra, text, notes, caregiver: ImportFile.Column?

        init(_ file: ImportFile) {
            time = file.column("Date and Time")!
            activity = file.column("Activity")!
            child = file.column("Child", "Child Name", "Baby")
            end = file.column("End Time")
            duration = file.column(startingWith: "Duration")
            quantity = file.column("Quantity")
            extra = file.column("Extra data")
            text = file.column("Text")
            notes = file.column("Notes")
            caregiver = file.column("Caregiver")
        }
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        let c = Columns(file)
        for (row, reading) in try file.rowsInTimeOrder(by: c.time, like: timeExample, zone: clock.zone, newestFirst: true) {
            guard let child = try children.id(c.child.map { row[$0.index] }, column: c.child?.name, file: file.name,
                                              line: row.line, app: "BabyConnect", family: &family) else { continue }
            let start = clock.place(reading)
            let type = row[c.activity.index]
            let read = try events(row, c, file: file, start: start, clock: &clock, startReading: reading)
            let note = ImportedFamily.note(file.text(row, c.notes), category: Self.category(type), at: start)
            let kinds = (read ?? []) + [note].compactMap { $0 }
            let caregiver = file.text(row, c.caregiver)
            family.add(kinds, child: child, createdBy: caregiver.isEmpty ? nil : caregiver, row: row.cells, file: file.name,
                       unread: read == nil ? type : nil)
        }
    }

    private static func events(_ row: CSVTable.Row, _ c: Columns, file: ImportFile, start: Instant, clock: inout WallClock,
                               startReading: LocalDateTime) throws(ImportProblem) -> [ExportEvent.Kind]? {
        let words = Words(file.text(row, c.extra) + " " + file.text(row, c.text))
        let minutes = try file.amount(row, c.duration, "minutes like 15", Quantities.minutesNumber)
        let end = try endTime(row, c.end, file: file, start: start, startReading: startReading, clock: &clock)
        let elapsed = end.map { Double(($0 - start).milliseconds) / 60_000 } ?? minutes
        func ml() throws(ImportProblem) -> Double? {
            try file.amount(row, c.quantity, "an amount like 4 (oz) or 120 ml", { Quantities.millilitres($0, defaultUnit: "oz") })
        }
        switch row[c.activity.index].lowercased() {
        case "bottle", "bottle feeding":
            return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: elapsed, amountML: try ml()))]
        case "nursing", "breastfeeding", "breast feeding":
            let (side, both) = words.breast
            return [.feeding(.init(startedAt: start, type: .breast, startedSide: side, bothSides: both, durationMinutes: elapsed))]
        case "diaper", "diaper change":
            let dirty = words.contains("bm", "dirty", "poop"), wet = words.contains("wet", "pee")
            let type: ExportEvent.DiaperType
            if dirty && wet { type = .both } else if dirty { type = .poop } else if wet { type = .pee }
            else if words.contains("dry") { type = .dry }
            else { throw file.problem(row, c.extra ?? c.activity, "expected BM, Wet, BM and wet or Dry") }
            return [.diaper(.init(occurredAt: start, type: type))]
        case "sleep", "nap":
            return [.sleep(.init(startedAt: start, endedAt: end ?? minutes.map { start.adding(minutes: $0) }))]
        case "pumping", "pump":
            let left = words.contains("left"), right = words.contains("right")
            return [.pumping(.init(startedAt: start, amountML: try ml(), durationMinutes: elapsed,
                                   side: left && right ? .both : left ? .left : right ? .right : nil))]
        case "solid", "solids", "food":
            let food = file.text(row, c.extra)
            return [.solids(.init(occurredAt: start, food: food.isEmpty ? nil : food))]
        case "tummy time":
            return [.tummyTime(.init(startedAt: start, durationMinutes: max(0, elapsed ?? 0)))]
        case let activity:
            return try MeasuredActivity.events(activity, row, file: file, amount: c.quantity, name: c.extra, at: start)
        }
    }

    /// The row's end: a whole time, or a time of day alone on the start's day (the next day
    /// when that is earlier than the start).
    private static func endTime(_ row: CSVTable.Row, _ column: ImportFile.Column?, file: ImportFile, start: Instant, startReading: LocalDateTime,
                                clock: inout WallClock) throws(ImportProblem) -> Instant? {
        guard let column, !row[column.index].isEmpty else { return nil }
        let text = row[column.index]
        if let reading = TimeText.reading(text, order: file.order) {
            return clock.end(reading, after: start)
        }
        guard let millisecond = TimeText.millisecondOfDay(text) else { throw file.problem(row, column, "expected a time like \(timeExample) or 9:15 PM") }
        var reading = LocalDateTime(date: startReading.date, millisecondOfDay: millisecond)
        if reading < startReading { reading = LocalDateTime(date: startReading.date.adding(days: 1), millisecondOfDay: millisecond) }
        return clock.end(reading, after: start)
    }

    private static func category(_ activity: String) -> String? {
        switch activity.lowercased() {
        case "": nil
        case "bottle", "nursing", "bottle feeding", "breastfeeding", "breast feeding": "feeding"
        case "diaper change": "diaper"
        case "nap": "sleep"
        case let other: other
        }
    }
}

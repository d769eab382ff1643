import Foundation
import Export
import Timekeeping

/// BabyConnect's CSV export: `Date and Time,End Time,Duration (min),Activity,Quantity,Extra
/// data,Text,Notes,Caregiver`, newest first, one child per file. Times `12/12/20 7:47 PM`;
/// a bare quantity is in the app's US units (oz, lb, in); the caregiver's initials become
/// who logged the row. `Duration (min)` is the app's own count of minutes, without the
/// pauses that `End Time` includes; a nursing row's `Text` gives the minutes per side in
/// the order they were nursed (`(16m left, 6m right)`). `Text` otherwise repeats the row in
/// words and is not kept.
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
        try children.checkCount(file, column: c.child)
        for (row, reading) in file.rowsInTimeOrder(by: c.time, like: timeExample, zone: clock.zone, newestFirst: true, kind: { $0[c.activity.index] }) where family.tooLarge == nil {
            let type = row[c.activity.index]
            let source = file.source(row, kind: type)
            guard let child = try children.id(c.child.map { row[$0.index] }, column: c.child?.name, row: source,
                                              app: "BabyConnect", family: &family) else { continue }
            let start = clock.place(reading)
            let caregiver = file.text(row, c.caregiver)
            let note = ImportedFamily.note(file.text(row, c.notes), category: Self.category(type), at: start)
            family.addRow(source, cells: row.cells, child: child, createdBy: caregiver.isEmpty ? nil : caregiver, note: note) { () throws(ImportProblem) in
                try events(row, c, file: file, start: start, clock: &clock, startReading: reading)
            }
        }
    }

    private static func events(_ row: CSVTable.Row, _ c: Columns, file: ImportFile, start: Instant, clock: inout WallClock,
                               startReading: LocalDateTime) throws(ImportProblem) -> [ExportEvent.Kind]? {
        let words = Words(file.text(row, c.extra) + " " + file.text(row, c.text))
        let minutes = file.amount(row, c.duration, "minutes like 15", Quantities.minutesNumber)
        let end = try endTime(row, c.end, file: file, start: start, startReading: startReading, clock: &clock)
        let elapsed = minutes ?? end.map { Double(($0 - start).milliseconds) / 60_000 }
        func ml() -> Double? {
            file.amount(row, c.quantity, "an amount like 4 (oz) or 120 ml", { Quantities.millilitres($0, defaultUnit: "oz") })
        }
        switch row[c.activity.index].lowercased() {
        case "bottle", "bottle feeding":
            return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: elapsed, amountML: ml()))]
        case "nursing", "breastfeeding", "breast feeding":
            return [nursing(row, c, file: file, start: start, minutes: minutes, elapsed: elapsed, words: words)]
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
            return [.pumping(.init(startedAt: start, amountML: ml(), durationMinutes: elapsed,
                                   side: left && right ? .both : left ? .left : right ? .right : nil))]
        case "solid", "solids", "food":
            let food = file.text(row, c.extra)
            return [.solids(.init(occurredAt: start, food: food.isEmpty ? nil : food))]
        case "tummy time":
            return [.tummyTime(.init(startedAt: start, durationMinutes: max(0, elapsed ?? 0)))]
        case let activity:
            return MeasuredActivity.events(activity, row, file: file, amount: c.quantity, name: c.extra, bare: .us, at: start)
        }
    }

    /// A nursing row: the minutes are `Duration (min)`, else the sides' in `Text`, else the
    /// span; the side started on is the first written in `Text`, else the one named in
    /// `Extra data`. When the sides do not add up to `Duration`, a warning says so.
    private static func nursing(_ row: CSVTable.Row, _ c: Columns, file: ImportFile, start: Instant, minutes: Double?, elapsed: Double?,
                                words: Words) -> ExportEvent.Kind {
        let sides = sideMinutes(file.text(row, c.text))
        var side: ExportEvent.Side?, both: Bool
        if let first = sides.first {
            side = first.side
            both = Set(sides.map(\.side)).count == 2
        } else {
            (side, both) = Words(file.text(row, c.extra)).breast
            if side == nil && !both { (side, both) = words.breast }
        }
        let sum = sides.isEmpty ? nil : sides.reduce(0) { $0 + $1.minutes }
        if let sum, let minutes, abs(sum - minutes) >= 1, let column = c.duration {
            file.log.decided(file.problem(row, column, "the minutes per side in \"Text\" add up to \(Quantities.whole(sum))"),
                "the app's duration is kept")
        }
        return .feeding(.init(startedAt: start, type: .breast, startedSide: side, bothSides: both, durationMinutes: minutes ?? sum ?? elapsed))
    }

    /// `Nursed (16m left, 6m right)` → left 16, right 6, in the order written.
    static func sideMinutes(_ text: String) -> [(side: ExportEvent.Side, minutes: Double)] {
        let pattern = /(?:(\d{1,3})\s*h\s*)?(\d{1,4})\s*m(?:in)?\s*(left|right)/.ignoresCase()
        return text.matches(of: pattern).map { match in
            let hours = match.output.1.flatMap { Double($0) } ?? 0
            let minutes = Double(match.output.2) ?? 0
            return (match.output.3.lowercased() == "left" ? .left : .right, hours * 60 + minutes)
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

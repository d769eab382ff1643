import Foundation
import Source
import Timekeeping

/// BabyConnect's CSV export: `Date and Time,End Time,Duration (min),Activity,Quantity,Extra
/// data,Text,Notes,Caregiver`, newest first, one child per file. Times `12/12/20 7:47 PM`;
/// a bare quantity is in the app's US units (oz, lb, in); the caregiver's initials become
/// who logged the row. `Text` repeats the row in words and is not kept.
struct BabyConnect: AppFormat {
    static let timeExample = "12/12/20 7:47 PM"
    static let requiredColumns = ["Date and Time", "Activity"]

    static func matches(_ file: ImportFile) -> Bool {
        requiredColumns.allSatisfy { file.column($0) != nil }
    }

    static func mismatch(_ file: ImportFile) -> String {
        "no column " + requiredColumns.filter { file.column($0) == nil }.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        let time = file.column("Date and Time")!, activity = file.column("Activity")!
        let childColumn = file.column("Child", "Child Name", "Baby")
        var rows: [(row: CSVTable.Row, start: LocalDateTime)] = []
        for row in file.table.rows {
            rows.append((row, try file.time(row, time, like: timeExample)))
        }
        for (row, reading) in TimeOrder.arrange(rows, zone: clock.zone, newestFirst: true) {
            guard let child = try children.id(childColumn.map { row[$0.index] }, column: childColumn?.name, file: file.name,
                                              line: row.line, app: "BabyConnect", family: &family) else { continue }
            let start = clock.place(reading)
            let type = row[activity.index]
            let read = try events(row, file: file, start: start, clock: &clock, startReading: reading)
            let note = ImportedFamily.note(file.text(row, file.column("Notes")), category: Self.category(type), at: start)
            let kinds = (read ?? []) + [note].compactMap { $0 }
            let caregiver = file.text(row, file.column("Caregiver"))
            family.add(kinds, child: child, createdBy: caregiver.isEmpty ? nil : caregiver, row: row.cells, file: file.name,
                       unread: read == nil ? type : nil)
        }
    }

    private static func events(_ row: CSVTable.Row, file: ImportFile, start: Instant, clock: inout WallClock,
                               startReading: LocalDateTime) throws(ImportProblem) -> [ExportEvent.Kind]? {
        let quantity = file.column("Quantity")
        let words = (file.text(row, file.column("Extra data")) + " " + file.text(row, file.column("Text"))).lowercased()
        let minutes = try file.amount(row, file.column(startingWith: "Duration"), "minutes like 15", Quantities.minutesNumber)
        let end = try endTime(row, file: file, start: start, startReading: startReading, clock: &clock)
        let elapsed = end.map { Double(($0 - start).milliseconds) / 60_000 } ?? minutes
        switch row[file.column("Activity")!.index].lowercased() {
        case "bottle", "bottle feeding":
            let ml = try file.amount(row, quantity, "an amount like 4 (oz) or 120 ml", { Quantities.millilitres($0, defaultUnit: "oz") })
            return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: elapsed, amountML: ml))]
        case "nursing", "breastfeeding", "breast feeding":
            let left = Self.mentions(words, "left"), right = Self.mentions(words, "right")
            return [.feeding(.init(startedAt: start, type: .breast, startedSide: left && !right ? .left : right && !left ? .right : nil,
                                   bothSides: left && right || Self.mentions(words, "both"), durationMinutes: elapsed))]
        case "diaper", "diaper change":
            let dirty = Self.mentions(words, "bm") || Self.mentions(words, "dirty") || Self.mentions(words, "poop")
            let wet = Self.mentions(words, "wet") || Self.mentions(words, "pee")
            let type: ExportEvent.DiaperType
            if dirty && wet { type = .both } else if dirty { type = .poop } else if wet { type = .pee }
            else if Self.mentions(words, "dry") { type = .dry }
            else { throw file.problem(row, file.column("Extra data") ?? file.column("Activity")!, "expected BM, Wet, BM and wet or Dry") }
            return [.diaper(.init(occurredAt: start, type: type))]
        case "sleep", "nap":
            return [.sleep(.init(startedAt: start, endedAt: end ?? minutes.map { start.adding(minutes: $0) }))]
        case "pumping", "pump":
            let ml = try file.amount(row, quantity, "an amount like 4 (oz) or 120 ml", { Quantities.millilitres($0, defaultUnit: "oz") })
            let left = Self.mentions(words, "left"), right = Self.mentions(words, "right")
            return [.pumping(.init(startedAt: start, amountML: ml, durationMinutes: elapsed,
                                   side: left && right ? .both : left ? .left : right ? .right : nil))]
        case "solid", "solids", "food":
            let food = file.text(row, file.column("Extra data"))
            return [.solids(.init(occurredAt: start, food: food.isEmpty ? nil : food))]
        case "tummy time":
            return [.tummyTime(.init(startedAt: start, durationMinutes: max(0, elapsed ?? 0)))]
        case let activity:
            return try MeasuredActivity.events(activity, row, file: file, amount: quantity, name: file.column("Extra data"), at: start)
        }
    }

    /// The row's end: a whole time, or a time of day alone on the start's day (the next day
    /// when that is earlier than the start).
    private static func endTime(_ row: CSVTable.Row, file: ImportFile, start: Instant, startReading: LocalDateTime,
                                clock: inout WallClock) throws(ImportProblem) -> Instant? {
        guard let column = file.column("End Time"), !row[column.index].isEmpty else { return nil }
        let text = row[column.index]
        if let reading = TimeText.reading(text, order: file.order) {
            return clock.end(reading, after: start)
        }
        guard let millisecond = TimeText.millisecondOfDay(text) else { throw file.problem(row, column, "expected a time like \(timeExample) or 9:15 PM") }
        var reading = LocalDateTime(date: startReading.date, millisecondOfDay: millisecond)
        if reading < startReading { reading = LocalDateTime(date: startReading.date.adding(days: 1), millisecondOfDay: millisecond) }
        return clock.end(reading, after: start)
    }

    /// Whether `word` stands alone in `text`.
    private static func mentions(_ text: String, _ word: String) -> Bool {
        text.split(whereSeparator: { !$0.isLetter }).contains { $0 == word }
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

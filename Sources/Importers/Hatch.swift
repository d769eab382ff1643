import Foundation
import Export
import Timekeeping

/// Hatch Baby's CSV export: `Baby Name,Start Time,End Time,Activity,Amount,Percentile,
/// Duration,Info,Notes,` (a trailing empty column), several children in one file. Times
/// `02/22/2022 7:41 PM`, but Hatch also writes `02/22/2022 14:41 PM` (24 hours with a
/// suffix) and `0:00 AM` for midnight: both are read as the clock meant them. Amounts
/// carry their unit (`4 oz`, `120 ml`, `8 lbs 4 oz`) or are bare numbers in what Hatch
/// keeps: a bare bottle is oz, a bare weight kg (its `Percentile` fits only kilograms),
/// a bare length cm. Hatch's own percentiles are not kept, as bbreport works them out
/// from the WHO standard.
struct Hatch: NamedColumnsFormat {
    static let timeExample = "02/22/2022 7:41 PM"
    static let requiredColumns = ["Baby Name", "Start Time", "Activity"]

    /// The file's columns, found once.
    private struct Columns {
        let baby, time, activity: ImportFile.Column
        let end, amount, duration, info, notes: ImportFile.Column?

        init(_ file: ImportFile) {
            baby = file.column("Baby Name")!
            time = file.column("Start Time")!
            activity = file.column("Activity")!
            end = file.column("End Time")
            amount = file.column("Amount")
            duration = file.column("Duration")
            info = file.column("Info")
            notes = file.column("Notes")
        }
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        let c = Columns(file)
        try children.checkCount(file, column: c.baby)
        for (row, reading) in file.rowsInTimeOrder(by: c.time, like: timeExample, zone: clock.zone, newestFirst: true, kind: { $0[c.activity.index] }) where family.tooLarge == nil {
            let type = row[c.activity.index]
            let source = file.source(row, kind: type)
            guard let child = try children.id(row[c.baby.index], column: c.baby.name, row: source, app: "Hatch Baby", family: &family) else { continue }
            let start = clock.place(reading)
            let note = ImportedFamily.note(file.text(row, c.notes), category: type.isEmpty ? nil : type.lowercased(), at: start)
            family.addRow(source, cells: row.cells, child: child, note: note) { () throws(ImportProblem) in
                let end = try file.optionalTime(row, c.end, like: timeExample).map { clock.end($0, after: start) }
                return try events(row, c, file: file, start: start, end: end)
            }
        }
    }

    /// The events of one row, or nil for an activity bbreport does not read. Minutes are
    /// Hatch's own `Duration` where it gives one, else `Start Time` to `End Time`.
    private static func events(_ row: CSVTable.Row, _ c: Columns, file: ImportFile, start: Instant, end: Instant?) throws(ImportProblem) -> [ExportEvent.Kind]? {
        let words = Words(file.text(row, c.info))
        let minutes = file.amount(row, c.duration, "a duration like 0:15:00 or 15", Quantities.minutesNumber)
            ?? end.map { Double(($0 - start).milliseconds) / 60_000 }
        func ml() -> Double? {
            file.amount(row, c.amount, "an amount like 4 oz or 120 ml", { Quantities.millilitres($0, defaultUnit: "oz") })
        }
        switch row[c.activity.index].lowercased() {
        case "feeding", "feed", "bottle", "nursing":
            if file.text(row, c.amount).isEmpty && words.contains("left", "right", "breastfeeding", "nursing", "both") {
                let (side, both) = words.breast
                return [.feeding(.init(startedAt: start, type: .breast, startedSide: side, bothSides: both, durationMinutes: minutes))]
            }
            return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: minutes, amountML: ml()))]
        case "diaper":
            let wet = words.contains("wet", "pee"), dirty = words.contains("dirty", "poop", "poo")
            let type: ExportEvent.DiaperType
            if (wet && dirty) || words.contains("both", "mixed") { type = .both }
            else if dirty { type = .poop } else if wet { type = .pee } else if words.contains("dry") { type = .dry }
            else { throw file.problem(row, c.info ?? c.activity, "expected Wet, Dirty, Wet and Dirty or Dry") }
            return [.diaper(.init(occurredAt: start, type: type))]
        case "sleep":
            return [.sleep(.init(startedAt: start, endedAt: end ?? minutes.map { start.adding(minutes: $0) }))]
        case "pumping", "pump":
            let left = words.contains("left"), right = words.contains("right")
            return [.pumping(.init(startedAt: start, amountML: ml(), durationMinutes: minutes,
                                   side: left && right || words.contains("both") ? .both : left ? .left : right ? .right : nil))]
        case let activity:
            return MeasuredActivity.events(activity, row, file: file, amount: c.amount, name: c.info, bare: .metric, at: start)
        }
    }
}

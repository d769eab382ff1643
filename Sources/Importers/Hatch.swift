import Foundation
import Source
import Timekeeping

/// Hatch Baby's CSV export: `Baby Name,Start Time,End Time,Activity,Amount,Percentile,
/// Duration,Info,Notes,` (a trailing empty column), several children in one file. Times
/// `02/22/2022 7:41 PM`, but Hatch also writes `02/22/2022 14:41 PM` (24 hours with a
/// suffix) and `0:00 AM` for midnight: both are read as the clock meant them. Amounts
/// carry their unit (`4 oz`, `120 ml`, `8 lbs 4 oz`); Hatch's own percentiles are not kept,
/// as bbreport works them out from the WHO standard.
struct Hatch: AppFormat {
    static let timeExample = "02/22/2022 7:41 PM"
    static let requiredColumns = ["Baby Name", "Start Time", "Activity"]

    static func matches(_ file: ImportFile) -> Bool {
        requiredColumns.allSatisfy { file.column($0) != nil }
    }

    static func mismatch(_ file: ImportFile) -> String {
        "no column " + requiredColumns.filter { file.column($0) == nil }.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        let time = file.column("Start Time")!, activity = file.column("Activity")!, baby = file.column("Baby Name")!
        var rows: [(row: CSVTable.Row, start: LocalDateTime)] = []
        for row in file.table.rows {
            rows.append((row, try file.time(row, time, like: timeExample)))
        }
        for (row, reading) in TimeOrder.arrange(rows, zone: clock.zone, newestFirst: true) {
            guard let child = try children.id(row[baby.index], column: baby.name, file: file.name, line: row.line,
                                              app: "Hatch Baby", family: &family) else { continue }
            let start = clock.place(reading)
            let end = try file.optionalTime(row, file.column("End Time"), like: timeExample).map { clock.end($0, after: start) }
            let type = row[activity.index]
            let read = try events(row, file: file, start: start, end: end)
            let category: String? = type.lowercased() == "feeding" ? "feeding" : type.isEmpty ? nil : type.lowercased()
            let kinds = (read ?? []) + [ImportedFamily.note(file.text(row, file.column("Notes")), category: category, at: start)].compactMap { $0 }
            family.add(kinds, child: child, createdBy: nil, row: row.cells, file: file.name, unread: read == nil ? type : nil)
        }
    }

    private static func events(_ row: CSVTable.Row, file: ImportFile, start: Instant, end: Instant?) throws(ImportProblem) -> [ExportEvent.Kind]? {
        let amount = file.column("Amount")
        let info = file.text(row, file.column("Info")).lowercased()
        let words = Set(info.split(whereSeparator: { !$0.isLetter }).map(String.init))
        var minutes = end.map { Double(($0 - start).milliseconds) / 60_000 }
        if minutes == nil { minutes = try file.amount(row, file.column("Duration"), "a duration like 0:15:00 or 15", Quantities.minutesNumber) }
        func ml() throws(ImportProblem) -> Double? {
            try file.amount(row, amount, "an amount like 4 oz or 120 ml", { Quantities.millilitres($0, defaultUnit: "oz") })
        }
        switch row[file.column("Activity")!.index].lowercased() {
        case "feeding", "feed", "bottle", "nursing":
            let left = words.contains("left"), right = words.contains("right")
            if file.text(row, amount).isEmpty && (left || right || words.contains("breastfeeding") || words.contains("nursing") || words.contains("both")) {
                return [.feeding(.init(startedAt: start, type: .breast, startedSide: left && !right ? .left : right && !left ? .right : nil,
                                       bothSides: left && right || words.contains("both"), durationMinutes: minutes))]
            }
            return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: minutes, amountML: try ml()))]
        case "diaper":
            let wet = words.contains("wet") || words.contains("pee"), dirty = words.contains("dirty") || words.contains("poop") || words.contains("poo")
            let type: ExportEvent.DiaperType
            if (wet && dirty) || words.contains("both") || words.contains("mixed") { type = .both }
            else if dirty { type = .poop } else if wet { type = .pee } else if words.contains("dry") { type = .dry }
            else { throw file.problem(row, file.column("Info") ?? file.column("Activity")!, "expected Wet, Dirty, Wet and Dirty or Dry") }
            return [.diaper(.init(occurredAt: start, type: type))]
        case "sleep":
            return [.sleep(.init(startedAt: start, endedAt: end ?? minutes.map { start.adding(minutes: $0) }))]
        case "pumping", "pump":
            let left = words.contains("left"), right = words.contains("right")
            return [.pumping(.init(startedAt: start, amountML: try ml(), durationMinutes: minutes,
                                   side: left && right || words.contains("both") ? .both : left ? .left : right ? .right : nil))]
        case let activity:
            return try MeasuredActivity.events(activity, row, file: file, amount: amount, name: file.column("Info"), at: start)
        }
    }
}

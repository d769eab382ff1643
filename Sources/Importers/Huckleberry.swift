import Foundation
import Source
import Timekeeping

/// Huckleberry's CSV export: `Type,Start,End,Duration,Start Condition,Start Location,End
/// Condition,Notes` (newer files add `Logged By` and quote every cell), newest first, one
/// child per file. What each column holds depends on the row's type (see the README).
struct Huckleberry: AppFormat {
    static let requiredColumns = ["Type", "Start", "End", "Duration", "Start Condition", "Start Location", "End Condition", "Notes"]
    static let timeExample = "2024-10-25 18:16"

    static func matches(_ file: ImportFile) -> Bool {
        requiredColumns.allSatisfy { file.table.column($0) != nil }
    }

    static func mismatch(_ file: ImportFile) -> String {
        "no column " + requiredColumns.filter { file.table.column($0) == nil }.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private struct Columns {
        let type, start, end, duration, startCondition, startLocation, endCondition, notes: Int
        let loggedBy: Int?
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        let table = file.table
        let c = Columns(type: table.column("Type")!, start: table.column("Start")!, end: table.column("End")!,
                        duration: table.column("Duration")!, startCondition: table.column("Start Condition")!,
                        startLocation: table.column("Start Location")!, endCondition: table.column("End Condition")!,
                        notes: table.column("Notes")!, loggedBy: table.column("Logged By"))
        guard let child = try children.id(nil, column: nil, file: file.name, line: 1, app: "Huckleberry", family: &family) else { return }
        let reader = Huckleberry(file: file)
        var rows: [(row: CSVTable.Row, start: LocalDateTime)] = []
        for row in table.rows {
            rows.append((row, try reader.time(row, c.start, "Start")))
        }
        for (row, startReading) in TimeOrder.arrange(rows, zone: clock.zone, newestFirst: true) {
            let start = clock.place(startReading)
            let end: Instant? = row[c.end].isEmpty ? nil : clock.end(try reader.time(row, c.end, "End"), after: start)
            let type = row[c.type]
            let read = try reader.events(row, c, start: start, end: end)
            let kinds = (read ?? []) + [Self.note(row[c.notes], type: type, at: start)].compactMap { $0 }
            family.add(kinds, child: child, createdBy: c.loggedBy.map { row[$0] }.flatMap { $0.isEmpty ? nil : $0 },
                       row: row.cells, file: file.name, unread: read == nil ? type : nil)
        }
    }

    let file: ImportFile

    /// The events of one row, or nil for a type bbreport does not read.
    private func events(_ row: CSVTable.Row, _ c: Columns, start: Instant, end: Instant?) throws(ImportProblem) -> [ExportEvent.Kind]? {
        let minutes = end.map { Double(($0 - start).milliseconds) / 60_000 } ?? Quantities.minutes(row[c.duration])
        switch row[c.type].lowercased() {
        case "feed", "feeding":
            switch row[c.startLocation].lowercased() {
            case "breast":
                let right = Self.sideMinutes(row[c.startCondition]), left = Self.sideMinutes(row[c.endCondition])
                let both = left != nil && right != nil
                let side: ExportEvent.Side? = both ? nil : left != nil ? .left : right != nil ? .right : nil
                let total = minutes ?? ((left ?? 0) + (right ?? 0) > 0 ? (left ?? 0) + (right ?? 0) : nil)
                return [.feeding(.init(startedAt: start, type: .breast, startedSide: side, bothSides: both, durationMinutes: total))]
            case "bottle":
                let amount = row[c.endCondition]
                let millilitres = amount.isEmpty ? nil : try quantity(row, c.endCondition, "End Condition", "an amount like 80ml or 4oz", Quantities.millilitres(amount))
                return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: minutes, amountML: millilitres))]
            default:
                return nil
            }
        case "diaper":
            let contents = row[c.endCondition].lowercased()
            let type: ExportEvent.DiaperType
            if contents.hasPrefix("both") { type = .both }
            else if contents.hasPrefix("poo") { type = .poop }
            else if contents.hasPrefix("pee") { type = .pee }
            else if contents.hasPrefix("dry") { type = .dry }
            else { throw problem(row, "End Condition", "expected Pee, Poo, Both or Dry") }
            let color = Self.stoolColor(row[c.duration])
            return [.diaper(.init(occurredAt: start, type: type, stoolColor: type == .poop || type == .both ? color : nil))]
        case "sleep":
            return [.sleep(.init(startedAt: start, endedAt: end))]
        case "pump":
            let left = row[c.startCondition], right = row[c.endCondition]
            let leftML = left.isEmpty ? nil : try quantity(row, c.startCondition, "Start Condition", "an amount like 80ml", Quantities.millilitres(left))
            let rightML = right.isEmpty ? nil : try quantity(row, c.endCondition, "End Condition", "an amount like 80ml", Quantities.millilitres(right))
            let side: ExportEvent.PumpingSide? = leftML != nil && rightML != nil ? .both : leftML != nil ? .left : rightML != nil ? .right : nil
            let total = (leftML == nil && rightML == nil) ? nil : (leftML ?? 0) + (rightML ?? 0)
            return [.pumping(.init(startedAt: start, amountML: total, durationMinutes: minutes, side: side))]
        case "growth":
            let weight = row[c.startCondition], length = row[c.startLocation], head = row[c.endCondition]
            let measurement = ExportEvent.Measurement(
                occurredAt: start,
                weightKG: weight.isEmpty ? nil : try quantity(row, c.startCondition, "Start Condition", "a weight like 4.09kg or 8.5lbs", Quantities.kilograms(weight)),
                lengthCM: length.isEmpty ? nil : try quantity(row, c.startLocation, "Start Location", "a length like 52cm or 20.5in", Quantities.centimetres(length)),
                headCircumferenceCM: head.isEmpty ? nil : try quantity(row, c.endCondition, "End Condition", "a length like 36cm or 14in", Quantities.centimetres(head)))
            return [.measurement(measurement)]
        case "temp", "temperature":
            let reading = [row[c.startCondition], row[c.endCondition], row[c.startLocation]].first { Quantities.celsius($0) != nil }
            guard let reading, let celsius = Quantities.celsius(reading) else {
                throw problem(row, "Start Condition", "expected a temperature like 37.4°C or 99.5°F")
            }
            return [.temperature(.init(occurredAt: start, celsius: celsius))]
        case "meds", "medication", "medicine":
            let name = row[c.startCondition].isEmpty ? "Medicine" : row[c.startCondition]
            let dose = [row[c.startLocation], row[c.endCondition]].filter { !$0.isEmpty }.joined(separator: " ")
            return [.medication(.init(occurredAt: start, name: name, dose: dose.isEmpty ? nil : dose))]
        case "solids":
            let food = row[c.startCondition]
            let reaction = row[c.endCondition]
            return [.solids(.init(occurredAt: start, food: food.isEmpty ? nil : food, reaction: reaction.isEmpty ? nil : reaction))]
        case "tummy time":
            return [.tummyTime(.init(startedAt: start, durationMinutes: max(0, minutes ?? 0)))]
        default:
            return nil
        }
    }

    /// `00:35R` → 35 minutes; `Null r` (no such side) → nil.
    static func sideMinutes(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.lowercased().hasPrefix("null"), let last = trimmed.last, "LRlr".contains(last) else { return nil }
        return Quantities.minutes(String(trimmed.dropLast()))
    }

    /// Huckleberry's colours; grey, white and clay are the pale of a stool colour card.
    static func stoolColor(_ text: String) -> ExportEvent.StoolColor? {
        switch text.lowercased() {
        case "yellow": .yellow
        case "green": .green
        case "brown": .brown
        case "black": .black
        case "red": .red
        case "gray", "grey", "white", "clay", "pale": .pale
        default: nil
        }
    }

    /// A row's notes as a note at its time (Huckleberry writes line breaks as `\\n`).
    static func note(_ text: String, type: String, at time: Instant) -> ExportEvent.Kind? {
        let category: String? = switch type.lowercased() {
        case "": nil
        case "feed": "feeding"
        case "temp": "temperature"
        case "meds", "medicine": "medication"
        case let other: other
        }
        return ImportedFamily.note(text.replacingOccurrences(of: "\\n", with: "\n"), category: category, at: time)
    }

    /// `2024-10-25 18:16`.
    private func time(_ row: CSVTable.Row, _ column: Int, _ name: String) throws(ImportProblem) -> LocalDateTime {
        let text = row[column]
        let parts = text.split(separator: " ")
        guard parts.count == 2, let date = LocalDate(String(parts[0])), let time = TimeOfDay(String(parts[1])) else {
            throw problem(row, name, "expected a time like \(Self.timeExample)")
        }
        return LocalDateTime(date: date, time: time)
    }

    private func quantity(_ row: CSVTable.Row, _ column: Int, _ name: String, _ expected: String, _ value: Double?) throws(ImportProblem) -> Double {
        guard let value, value >= 0 else { throw problem(row, name, "expected \(expected)") }
        return value
    }

    private func problem(_ row: CSVTable.Row, _ column: String, _ expected: String) -> ImportProblem {
        file.problem(row, ImportFile.Column(index: file.table.column(column) ?? 0, name: column), expected)
    }
}

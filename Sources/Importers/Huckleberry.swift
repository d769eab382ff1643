import Foundation
import Export
import Timekeeping

/// Huckleberry's CSV export: `Type,Start,End,Duration,Start Condition,Start Location,End
/// Condition,Notes` (newer files add `Logged By` and quote every cell), newest first, one
/// child per file. What each column holds depends on the row's type (see docs/importers.md).
struct Huckleberry: NamedColumnsFormat {
    static let requiredColumns = ["Type", "Start", "End", "Duration", "Start Condition", "Start Location", "End Condition", "Notes"]
    static let timeExample = "2024-10-25 18:16"

    private struct Columns {
        let type, start, end, duration, startCondition, startLocation, endCondition, notes: ImportFile.Column
        let loggedBy: ImportFile.Column?

        init(_ file: ImportFile) {
            type = file.column("Type")!; start = file.column("Start")!; end = file.column("End")!
            duration = file.column("Duration")!; startCondition = file.column("Start Condition")!
            startLocation = file.column("Start Location")!; endCondition = file.column("End Condition")!
            notes = file.column("Notes")!; loggedBy = file.column("Logged By")
        }
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        let c = Columns(file)
        guard let child = try children.id(nil, column: nil, row: RowSource(file: file.name, line: 1, kind: ""), app: "Huckleberry",
                                          family: &family) else { return }
        let rows = file.rowsInTimeOrder(zone: clock.zone, newestFirst: true, kind: { $0[c.type.index] }) { row throws(ImportProblem) in
            try time(row, c.start, file)
        }
        for (row, startReading) in rows where family.tooLarge == nil {
            let start = clock.place(startReading)
            let type = row[c.type.index]
            let loggedBy = file.text(row, c.loggedBy)
            family.addRow(file.source(row, kind: type), cells: row.cells, child: child, createdBy: loggedBy.isEmpty ? nil : loggedBy,
                          note: note(row[c.notes.index], type: type, at: start)) { () throws(ImportProblem) in
                let end: Instant? = row[c.end.index].isEmpty ? nil : clock.end(try time(row, c.end, file), after: start)
                return try events(row, c, file, start: start, end: end)
            }
        }
    }

    /// The events of one row, or nil for a type bbreport does not read. Minutes are the
    /// app's own where it keeps them (`Duration`, and a breast feed's minutes per side,
    /// which leave out its pauses), else `Start` to `End`.
    private static func events(_ row: CSVTable.Row, _ c: Columns, _ file: ImportFile, start: Instant, end: Instant?) throws(ImportProblem) -> [ExportEvent.Kind]? {
        // `Duration` holds a stool's colour in a diaper row: read only where it is minutes.
        func appMinutes() -> Double? { file.amount(row, c.duration, "a duration like 00:15", Quantities.minutes) }
        let elapsed = end.map { Double(($0 - start).milliseconds) / 60_000 }
        func minutes() -> Double? { appMinutes() ?? elapsed }
        func ml(_ column: ImportFile.Column, _ expected: String) -> Double? {
            file.amount(row, column, expected, { Quantities.millilitres($0) })
        }
        switch row[c.type.index].lowercased() {
        case "feed", "feeding":
            switch row[c.startLocation.index].lowercased() {
            case "breast":
                let right = sideMinutes(row[c.startCondition.index]), left = sideMinutes(row[c.endCondition.index])
                let both = left != nil && right != nil
                let side: ExportEvent.Side? = both ? nil : left != nil ? .left : right != nil ? .right : nil
                let sides = (left ?? 0) + (right ?? 0) > 0 ? (left ?? 0) + (right ?? 0) : nil
                let duration = appMinutes()
                if let sides, let duration, abs(sides - duration) >= 1 {
                    file.log.decided(file.problem(row, c.duration, "the minutes per side add up to \(Quantities.whole(sides))"),
                        "the minutes per side are kept")
                }
                return [.feeding(.init(startedAt: start, type: .breast, startedSide: side, bothSides: both, durationMinutes: sides ?? duration ?? elapsed))]
            case "bottle":
                return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: minutes(), amountML: ml(c.endCondition, "an amount like 80ml or 4oz")))]
            default:
                return nil
            }
        case "diaper":
            let contents = row[c.endCondition.index].lowercased()
            let type: ExportEvent.DiaperType
            if contents.hasPrefix("both") { type = .both }
            else if contents.hasPrefix("poo") { type = .poop }
            else if contents.hasPrefix("pee") { type = .pee }
            else if contents.hasPrefix("dry") { type = .dry }
            else { throw file.problem(row, c.endCondition, "expected Pee, Poo, Both or Dry") }
            let color = ExportEvent.StoolColor(word: row[c.duration.index])
            // `Poo:small`, `Both, pee:large poo:small`: how much stool, after `poo:`.
            let amount = contents.range(of: "poo:").flatMap { ExportEvent.StoolAmount(rawValue: String(contents[$0.upperBound...].prefix(while: \.isLetter))) }
            let stool = type == .poop || type == .both
            return [.diaper(.init(occurredAt: start, type: type, stoolColor: stool ? color : nil, stoolAmount: stool ? amount : nil))]
        case "sleep":
            return [.sleep(.init(startedAt: start, endedAt: end))]
        case "pump":
            let leftML = ml(c.startCondition, "an amount like 80ml"), rightML = ml(c.endCondition, "an amount like 80ml")
            let side: ExportEvent.PumpingSide? = leftML != nil && rightML != nil ? .both : leftML != nil ? .left : rightML != nil ? .right : nil
            let total = (leftML == nil && rightML == nil) ? nil : (leftML ?? 0) + (rightML ?? 0)
            return [.pumping(.init(startedAt: start, amountML: total, durationMinutes: minutes(), side: side))]
        case "growth":
            let measurement = ExportEvent.Measurement(
                occurredAt: start,
                weightKG: file.measured(row, c.startCondition, .weight, "a weight like 4.09kg or 8.5lbs"),
                lengthCM: file.measured(row, c.startLocation, .length, "a length like 52cm, 20.5in or 1.75ft.in"),
                headCircumferenceCM: file.measured(row, c.endCondition, .headCircumference, "a length like 36cm or 14in"))
            guard measurement.weightKG != nil || measurement.lengthCM != nil || measurement.headCircumferenceCM != nil else { return [] }
            return [.measurement(measurement)]
        case "temp", "temperature":
            let column = [c.startCondition, c.endCondition, c.startLocation].first { Quantities.celsius(row[$0.index]) != nil }
            guard let column, let celsius = file.measured(row, column, .temperature, "a temperature like 37.4°C or 99.5°F") else {
                throw file.problem(row, c.startCondition, "expected a temperature like 37.4°C or 99.5°F")
            }
            return [.temperature(.init(occurredAt: start, celsius: celsius))]
        case "meds", "medication", "medicine":
            // The dose is in `Start Condition` (`1.5ml`), the medicine's name in `Start Location`.
            let name = row[c.startLocation.index]
            let dose = [row[c.startCondition.index], row[c.endCondition.index]].filter { !$0.isEmpty }.joined(separator: " ")
            return [.medication(.init(occurredAt: start, name: name.isEmpty ? "Medicine" : name, dose: dose.isEmpty ? nil : dose))]
        case "solids":
            let food = row[c.startCondition.index], reaction = row[c.endCondition.index]
            return [.solids(.init(occurredAt: start, food: food.isEmpty ? nil : food, reaction: reaction.isEmpty ? nil : reaction))]
        case "tummy time":
            return [.tummyTime(.init(startedAt: start, durationMinutes: max(0, minutes() ?? 0)))]
        default:
            return nil
        }
    }

    /// `00:35R` → 35 minutes; `Null r` (no such side) → nil.
    static func sideMinutes(_ text: String) -> Double? {
        let trimmed = text.trimmedSpaces
        guard !trimmed.lowercased().hasPrefix("null"), let last = trimmed.last, "LRlr".contains(last) else { return nil }
        return Quantities.minutes(String(trimmed.dropLast()))
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

    /// `2024-10-25 18:16`: Huckleberry writes nothing else, so a slashed date is refused
    /// rather than read in an order the file cannot tell.
    private static func time(_ row: CSVTable.Row, _ column: ImportFile.Column, _ file: ImportFile) throws(ImportProblem) -> LocalDateTime {
        let parts = row[column.index].split(separator: " ")
        guard parts.count == 2, let date = LocalDate(String(parts[0])), let time = TimeOfDay(String(parts[1])) else {
            throw file.problem(row, column, "expected a time like \(timeExample)")
        }
        return LocalDateTime(date: date, time: time)
    }
}

extension ExportEvent.StoolColor {
    /// A colour as the apps name it; grey, white and clay are the pale of a stool colour card.
    init?(word: String) {
        switch word.lowercased() {
        case "yellow": self = .yellow
        case "green": self = .green
        case "brown": self = .brown
        case "black": self = .black
        case "red": self = .red
        case "gray", "grey", "white", "clay", "pale": self = .pale
        default: return nil
        }
    }
}

extension ExportEvent.StoolConsistency {
    /// A texture as the apps name it: Glow's `Pasty` is soft, `Diarrhea` watery.
    init?(texture: String) {
        switch texture.trimmingCharacters(in: .whitespaces).lowercased() {
        case "watery", "diarrhea", "diarrhoea", "water": self = .watery
        case "runny", "loose": self = .runny
        case "seedy", "curdy": self = .seedy
        case "pasty", "soft", "mushy", "creamy": self = .soft
        case "formed", "normal", "solid": self = .formed
        case "hard", "pellets", "pebbles", "firm": self = .hard
        case "mucousy", "mucus", "mucous", "slimy": self = .mucousy
        default: return nil
        }
    }
}

import Foundation
import Export
import Timekeeping

/// The rows of one of Feed Baby's files as events (the table in docs/importers.md).
struct FeedBabyRows {
    let file: ImportFile
    let content: FeedBaby.Content
    let child: String
    /// Each feed's paused minutes, by its id.
    let pauses: [String: Double]

    /// Two breast rows are one feed when the second, on the other side, starts within this
    /// many minutes of the first one's end: Feed Baby starts a new row at every switch.
    static let switchMinutes = 10.0

    /// The app's kind of row, for the summary.
    var kind: String {
        switch content {
        case .medicineRecords: "medicine"
        case .journal: "journal entry"
        case .teeth: "tooth"
        default: String(content.rawValue.dropLast())
        }
    }

    mutating func read(into family: inout ImportedFamily, clock: inout WallClock) {
        guard content != .medicines else {
            // The list of the family's medicines: its doses are in medicine_records.csv.
            for row in file.table.rows { family.log.row(file: file.name, line: row.line, kind: "medicine", .leftOut("a list of medicines, not doses")) }
            return
        }
        if content == .growths { return readGrowths(into: &family, zone: clock.zone) }
        guard let timeColumn = file.column("Start Time", "Time", "Pumping Time", "Recorded Time") else {
            for row in file.table.rows { family.log.row(file: file.name, line: row.line, kind: kind, .leftOut("no time column")) }
            return
        }
        let rows = file.rowsInTimeOrder(zone: clock.zone, newestFirst: true, kind: { _ in kind }) { row throws(ImportProblem) in
            guard let reading = FeedBaby.reading(row[timeColumn.index]) else { throw file.problem(row, timeColumn, "expected a time like \(FeedBaby.timeExample)") }
            return reading
        }
        var breast: (index: Int, side: ExportEvent.Side, end: Instant)?
        for (row, reading) in rows where family.tooLarge == nil {
            let start = clock.place(reading)
            let source = file.source(row, kind: kind)
            let note = ImportedFamily.note(file.text(row, file.column("Notes")), category: category, at: start)
            if content == .feeds, let side = breastSide(row) {
                let end = endTime(row, clock: &clock, after: start) ?? start
                let minutes = feedMinutes(row, start: start, end: end)
                if let open = breast, open.side != side, Double((start - open.end).milliseconds) <= Self.switchMinutes * 60_000,
                   family.extendBreastFeed(at: open.index, minutes: minutes) {
                    family.log.row(file: file.name, line: row.line, kind: kind, .read)
                    if let note { family.add([note], child: child, createdBy: nil, row: row.cells, from: source, outcome: nil) }
                    breast = (open.index, side, max(open.end, end))
                    continue
                }
                let feed = ExportEvent.Kind.feeding(.init(startedAt: start, type: .breast, startedSide: side, durationMinutes: minutes))
                let before = family.events.count
                family.add([feed] + [note].compactMap { $0 }, child: child, createdBy: nil, row: row.cells, from: source)
                breast = family.events.count > before ? (before, side, end) : nil
                continue
            }
            // The app's schedule is in the file too: only a vaccine marked completed was given.
            if content == .vaccinations, !["1", "true"].contains(file.text(row, file.column("Completed")).lowercased()) {
                family.log.row(file: file.name, line: row.line, kind: kind, .leftOut("not given: the app's schedule"))
                continue
            }
            family.addRow(source, cells: row.cells, child: child, note: note) { () throws(ImportProblem) in
                try events(row, start: start, clock: &clock)
            }
        }
    }

    /// The category of a row's note.
    private var category: String {
        switch content {
        case .feeds: "feeding"
        case .excretions: "diaper"
        case .sleeps: "sleep"
        case .pumpings: "pumping"
        case .medicineRecords: "medication"
        case .temperatures: "temperature"
        case .vaccinations: "vaccination"
        case .teeth: "milestone"
        default: kind
        }
    }

    /// The events of a row (not a breast feed's); nil for a kind bbreport does not read.
    private func events(_ row: CSVTable.Row, start: Instant, clock: inout WallClock) throws(ImportProblem) -> [ExportEvent.Kind]? {
        func column(_ names: String...) -> ImportFile.Column? {
            names.lazy.compactMap { file.column($0) }.first
        }
        switch content {
        case .feeds:
            let type = file.text(row, column("Feed Type")).lowercased()
            let end = endTime(row, clock: &clock, after: start)
            if type == "bottle" {
                return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: feedMinutes(row, start: start, end: end ?? start),
                                       amountML: quantity(row)))]
            }
            if type == "meal" || type == "solid" || type == "solids" {
                let grams = file.amount(row, column("Quantity (ml or g)"), "grams like 30", { Double($0) })
                let food = [file.text(row, column("Food Type")), grams.map { "(\(Quantities.written($0)) g)" } ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
                return [.solids(.init(occurredAt: start, food: food.isEmpty ? nil : food))]
            }
            throw file.problem(row, named: "Feed Type", "expected Left Breast, Right Breast, Bottle or Meal")
        case .excretions:
            let type: ExportEvent.DiaperType
            switch file.text(row, column("Type")).lowercased() {
            case "pee": type = .pee
            case "poo", "poop": type = .poop
            case "pee and poo", "poo and pee": type = .both
            case "dry diaper", "dry": type = .dry
            default: throw file.problem(row, named: "Type", "expected Pee, Poo, Pee and Poo or Dry Diaper")
            }
            return [.diaper(.init(occurredAt: start, type: type))]
        case .sleeps:
            if let end = endTime(row, clock: &clock, after: start) { return [.sleep(.init(startedAt: start, endedAt: end))] }
            let minutes = file.amount(row, column("Approximate Duration (Minutes)"), "minutes like 95", Quantities.minutesNumber)
            return [.sleep(.init(startedAt: start, endedAt: minutes.flatMap { $0 > 0 ? start.adding(minutes: $0) : nil }))]
        case .pumpings:
            let end = endTime(row, clock: &clock, after: start, column: "Finished Time")
            let minutes = file.amount(row, column("Duration"), "minutes like 15", Quantities.minutesNumber)
                ?? end.map { Double(($0 - start).milliseconds) / 60_000 }
            let side: ExportEvent.PumpingSide? = switch file.text(row, column("Side")).uppercased() {
            case "LEFT": .left
            case "RIGHT": .right
            case "LEFT_AND_RIGHT", "BOTH": .both
            default: nil
            }
            return [.pumping(.init(startedAt: start, amountML: quantity(row), durationMinutes: minutes, side: side))]
        case .medicineRecords:
            let name = file.text(row, column("Medicine")), dose = [file.text(row, column("Quantity")), file.text(row, column("Unit"))].filter { !$0.isEmpty }
            return [.medication(.init(occurredAt: start, name: name.isEmpty ? "Medicine" : name, dose: dose.isEmpty ? nil : dose.joined(separator: " ")))]
        case .temperatures:
            let unit = file.text(row, column("Unit")).uppercased()
            let written = unit.hasPrefix("F") ? "°F" : unit.hasPrefix("C") ? "°C" : ""
            guard let celsius = file.measured(row, column("Temperature"), .temperature, "a temperature like 37.4", unit: written) else { return [] }
            return [.temperature(.init(occurredAt: start, celsius: celsius))]
        case .vaccinations:
            let name = file.text(row, column("Vaccine Name"))
            return [.vaccination(.init(occurredAt: start, name: name.isEmpty ? "Vaccine" : name))]
        case .teeth:
            let tooth = file.text(row, column("Tooth"))
            return [.milestone(.init(occurredAt: start, text: tooth.isEmpty ? "A tooth came through" : "Tooth: \(tooth)"))]
        case .journal:
            let category = file.text(row, column("Category")), sub = file.text(row, column("Sub Category"))
            let what = [category, sub].filter { !$0.isEmpty }.joined(separator: ": ")
            switch category.lowercased() {
            case "milestone", "milestones":
                return [.milestone(.init(occurredAt: start, text: sub.isEmpty ? "Milestone" : sub))]
            case "tummy time":
                let end = endTime(row, clock: &clock, after: start)
                return [.tummyTime(.init(startedAt: start, durationMinutes: end.map { Double(($0 - start).milliseconds) / 60_000 } ?? 0))]
            default:
                return what.isEmpty ? nil : ImportedFamily.note(what, category: "journal entry", at: start).map { [$0] }
            }
        case .pauses, .medicines, .growths:
            return nil
        }
    }

    /// Left or right, for a breast feed's row.
    private func breastSide(_ row: CSVTable.Row) -> ExportEvent.Side? {
        switch file.text(row, file.column("Feed Type")).lowercased() {
        case "left breast", "left": .left
        case "right breast", "right": .right
        default: nil
        }
    }

    /// A feed's minutes: `Duration (Minutes)`, which includes its pauses, less them; else its span.
    private func feedMinutes(_ row: CSVTable.Row, start: Instant, end: Instant) -> Double? {
        let paused = pauses[file.text(row, file.column("id", "Id"))] ?? 0
        let total = file.amount(row, file.column("Duration (Minutes)"), "minutes like 15", Quantities.minutesNumber)
            ?? (end > start ? Double((end - start).milliseconds) / 60_000 : nil)
        return total.map { max(0, $0 - paused) }
    }

    /// The end in `column`, placed after `start`; nil when the cell is empty or unreadable
    /// (a warning says which).
    private func endTime(_ row: CSVTable.Row, clock: inout WallClock, after start: Instant, column name: String = "End Time") -> Instant? {
        guard let column = file.column(name), !row[column.index].isEmpty else { return nil }
        guard let reading = FeedBaby.reading(row[column.index]) else {
            file.log.valueLeftOut(file.problem(row, column, "expected a time like \(FeedBaby.timeExample)"))
            return nil
        }
        return clock.end(reading, after: start)
    }

    /// A bottle's or pumping's millilitres: the column of the row's `Unit` (`METRIC` ml,
    /// `IMPERIAL` oz), else whichever is filled.
    private func quantity(_ row: CSVTable.Row) -> Double? {
        let metric = file.column("Quantity (ml or g)"), imperial = file.column("Quantity (oz)"), plain = file.column("Quantity")
        let unit = file.text(row, file.column("Unit")).uppercased()
        if let plain, metric == nil {
            let bare = unit.hasPrefix("IMP") || unit.hasPrefix("OZ") ? "oz" : "ml"
            return file.amount(row, plain, "an amount like 120", { Quantities.millilitres($0, defaultUnit: bare) })
        }
        let ml = { file.amount(row, metric, "an amount like 120", { Quantities.millilitres($0) }) }
        let oz = { file.amount(row, imperial, "an amount like 4", { Quantities.millilitres($0, defaultUnit: "oz") }) }
        return unit.hasPrefix("IMP") ? oz() ?? ml() : ml() ?? oz()
    }

    /// `growths.csv`: a measurement at noon of its `Day`, a date in the phone's language.
    private func readGrowths(into family: inout ImportedFamily, zone: Zone) {
        guard let day = file.column("Day") else { return }
        let months = MonthNames.language(naming: Set(file.table.rows.compactMap { Self.dayWords(row: $0, day).map(\.month) }))
        for row in file.table.rows {
            let source = file.source(row, kind: kind)
            guard let words = Self.dayWords(row: row, day), let month = months?.months[MonthNames.normalized(words.month)],
                  let date = LocalDate(year: words.year, month: month, day: words.day) else {
                family.log.rowLeftOut(file.problem(row, day, "expected a day like 2 May 2021 in the phone's language"), kind: kind)
                continue
            }
            let time = zone.instant(on: date, at: TimeOfDay(hour: 12, minute: 0)!)
            let kg = unit(row, "Weight Unit", Self.weightUnits), cm = unit(row, "Length Unit", Self.lengthUnits)
            func measured(_ name: String, _ unit: String?, _ measure: Measure) -> Double? {
                guard let unit else { return nil }
                return file.measured(row, file.column(name), measure, "a number like 4.2", unit: unit).flatMap { $0 > 0 ? $0 : nil }
            }
            let measurement = ExportEvent.Measurement(occurredAt: time, weightKG: measured("Weight", kg, .weight),
                                                      lengthCM: measured("Height", cm, .length), headCircumferenceCM: measured("Head", cm, .headCircumference),
                                                      untimed: true)
            let measuredAny = measurement.weightKG != nil || measurement.lengthCM != nil || measurement.headCircumferenceCM != nil
            let note = ImportedFamily.note(file.text(row, file.column("Notes")), category: "growth", at: time)
            family.add((measuredAny ? [.measurement(measurement)] : []) + [note].compactMap { $0 }, child: child, createdBy: nil, row: row.cells, from: source,
                       outcome: measuredAny ? .read : .leftOut("nothing measured"))
        }
    }

    /// The units Feed Baby writes in `Weight Unit` and `Length Unit` (lower case), each as
    /// ``Quantities`` reads it; an empty cell is the metric unit.
    static let weightUnits = ["": "kg", "kg": "kg", "kgs": "kg", "g": "g", "gr": "g", "grams": "g", "lb": "lb", "lbs": "lb", "pounds": "lb",
                              "oz": "oz", "ounces": "oz", "metric": "kg", "imperial": "lb"]
    static let lengthUnits = ["": "cm", "cm": "cm", "mm": "mm", "in": "in", "inch": "in", "inches": "in", "metric": "cm", "imperial": "in"]

    /// The unit a row's `column` names, as ``Quantities`` reads it; nil, with a warning,
    /// when it is none Feed Baby writes: the row's values in that unit are left out.
    private func unit(_ row: CSVTable.Row, _ column: String, _ units: [String: String]) -> String? {
        let text = file.text(row, file.column(column))
        if let unit = units[text.lowercased()] { return unit }
        let known = units.keys.filter { !$0.isEmpty && $0.count <= 3 }.sorted().joined(separator: ", ")
        file.log.valueLeftOut(file.problem(row, named: column, "expected a unit (\(known))"))
        return nil
    }

    /// `20 Apr. 2021` → 20, `Apr.`, 2021.
    static func dayWords(row: CSVTable.Row, _ column: ImportFile.Column) -> (day: Int, month: String, year: Int)? {
        let words = row[column.index].split(separator: " ").map(String.init)
        guard words.count >= 3, let day = Int(words[0].trimmingCharacters(in: CharacterSet(charactersIn: "."))), let year = Int(words.last!),
              (1...31).contains(day), (1900...2999).contains(year) else { return nil }
        let month = words.dropFirst().dropLast().filter { $0.lowercased() != "de" }.joined(separator: " ")
        return month.isEmpty ? nil : (day, month, year)
    }
}

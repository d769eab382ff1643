import Foundation
import Export
import Timekeeping

/// Glow Baby's CSV export: a file per kind (`glow_feed_bottle.csv`, `glow_feed_breast.csv`,
/// `glow_feed_solid.csv`, `glow_diaper.csv`, `glow_sleep.csv`, `glow_growth.csv`), one child,
/// times `02/22/2022 7:41:09 PM`, rows in no particular order. Glow's sleep button leaves
/// many sleeps of a minute or less behind when it is tapped twice; those are left out and
/// counted.
struct Glow: AppFormat {
    static let timeExample = "02/22/2022 7:41:09 PM"

    /// What one file holds, told by its columns.
    enum Content: String {
        case bottle = "feeding", breast, solids, diaper, sleep, growth

        /// The file's kind of row, as the summary names it.
        var rowKind: String {
            switch self {
            case .bottle: "bottle"
            case .breast: "breast feed"
            case .solids: "solid meal"
            case .diaper: "diaper"
            case .sleep: "sleep"
            case .growth: "growth"
            }
        }
    }

    static func content(of file: ImportFile) -> Content? {
        if file.column("Time of feeding") != nil { return file.column("Ingredients") != nil ? .solids : .bottle }
        if file.column("Start time") != nil && file.column("Left duration") != nil { return .breast }
        if file.column("Diaper time") != nil { return .diaper }
        if file.column("Begin time") != nil && file.column("End time") != nil { return .sleep }
        if file.column("Date") != nil && file.column("Weight(kg)", "Weight(lb)", "Height(cm)", "Height(in)", "Head Circ.(cm)", "Head Circ.(in)") != nil { return .growth }
        return nil
    }

    static func matches(_ file: ImportFile) -> Bool {
        content(of: file) != nil || file.stem.hasPrefix("glow_")
    }

    static func mismatch(_ file: ImportFile) -> String {
        "no column \"Time of feeding\", \"Start time\", \"Diaper time\", \"Begin time\" or \"Date\""
    }

    /// The longest sleep taken for a tap on the sleep button rather than a sleep.
    static let tapMinutes = 1.0

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        guard let content = content(of: file) else {
            // Another of Glow's files (pumping…) whose columns bbreport does not know.
            let kind = file.stem.replacingOccurrences(of: "glow_", with: "").replacingOccurrences(of: "_", with: " ")
            for row in file.table.rows { family.unreadRow(file.source(row, kind: kind), summarised: true) }
            return
        }
        guard let child = try children.id(nil, column: nil, row: RowSource(file: file.name, line: 1, kind: content.rowKind),
                                          app: "Glow Baby", family: &family) else { return }
        let time = file.column("Time of feeding", "Start time", "Diaper time", "Begin time", "Date")!
        let rows = file.rowsInTimeOrder(by: time, like: content == .growth ? "02/22/2022" : timeExample, dateAlone: content == .growth,
                                        zone: clock.zone, kind: { _ in content.rowKind })
        var taps = 0
        for (row, reading) in rows where family.tooLarge == nil {
            let start = clock.place(reading)
            let source = file.source(row, kind: content.rowKind)
            if content == .sleep, let end = file.column("End time"), let ended = TimeText.reading(row[end.index], order: file.order),
               (0...Int64(tapMinutes * 60_000)).contains(ended.wallClockMilliseconds(since: reading)) {
                taps += 1
                family.log.row(file: file.name, line: row.line, kind: content.rowKind, .leftOut("a tap on the sleep button"))
                continue
            }
            family.addRow(source, cells: [content.rawValue] + row.cells, child: child, note: nil) { () throws(ImportProblem) in
                try event(row, content, file: file, start: start, clock: &clock).map { [$0] } ?? []
            }
        }
        if taps > 0 {
            family.remark("\(file.name): left out \(taps) \(taps == 1 ? "sleep" : "sleeps") of a minute or less (a tap on the sleep button, not a sleep)")
        }
    }

    /// The row's event; nil for a growth row that measured nothing.
    private static func event(_ row: CSVTable.Row, _ content: Content, file: ImportFile, start: Instant,
                              clock: inout WallClock) throws(ImportProblem) -> ExportEvent.Kind? {
        switch content {
        case .bottle:
            let ml = file.amount(row, file.column("Amount(ml)", "Amount (ml)"), "an amount like 90", { Quantities.millilitres($0) })
                ?? file.amount(row, file.column("Amount(oz)", "Amount (oz)"), "an amount like 3", { Quantities.millilitres($0, defaultUnit: "oz") })
            return .feeding(.init(startedAt: start, type: .bottle, amountML: ml))
        case .breast:
            let left = file.amount(row, file.column("Left duration"), "minutes like 10", Quantities.minutesNumber)
            let right = file.amount(row, file.column("Right duration"), "minutes like 10", Quantities.minutesNumber)
            let usedLeft = (left ?? 0) > 0, usedRight = (right ?? 0) > 0
            let total = usedLeft || usedRight ? (left ?? 0) + (right ?? 0) : nil
            return .feeding(.init(startedAt: start, type: .breast, startedSide: usedLeft == usedRight ? nil : usedLeft ? .left : .right,
                                  bothSides: usedLeft && usedRight, durationMinutes: total))
        case .solids:
            // The amount is of food (grams as Glow writes it), kept with the food's name.
            let ingredients = file.text(row, file.column("Ingredients"))
            let amount = [file.text(row, file.column("Amount")), file.text(row, file.column("Unit type"))].filter { !$0.isEmpty }.joined(separator: " ")
            let food = [ingredients, amount.isEmpty ? "" : "(\(amount))"].filter { !$0.isEmpty }.joined(separator: " ")
            let reaction = file.text(row, file.column("Baby's reaction", "Reaction"))
            return .solids(.init(occurredAt: start, food: food.isEmpty ? nil : food, reaction: reaction.isEmpty ? nil : reaction))
        case .diaper:
            let contents = file.column("In the diaper")
            let type: ExportEvent.DiaperType
            switch file.text(row, contents).lowercased() {
            case "pee", "wet": type = .pee
            case "poo", "poop": type = .poop
            case "pee and poo", "poo and pee", "both", "mixed": type = .both
            case "dry", "none", "clean": type = .dry
            default:
                throw file.problem(row, contents ?? file.column("Diaper time")!, "expected pee, poo, pee and poo or dry")
            }
            let dirty = type == .poop || type == .both
            let stool = dirty ? ExportEvent.StoolColor(word: file.text(row, file.column("Color", "Colour"))) : nil
            // `Texture`: Seedy, Pasty, Runny, Watery, Hard, Mucousy; a word not known is a warning.
            var consistency: ExportEvent.StoolConsistency?
            if dirty, let texture = file.column("Texture"), !file.text(row, texture).isEmpty {
                consistency = ExportEvent.StoolConsistency(texture: file.text(row, texture))
                if consistency == nil { file.log.valueLeftOut(file.problem(row, texture, "expected a texture such as seedy, pasty, runny, watery or hard")) }
            }
            return .diaper(.init(occurredAt: start, type: type, stoolColor: stool, stoolConsistency: consistency))
        case .sleep:
            guard let column = file.column("End time"), let endReading = try file.optionalTime(row, column, like: timeExample) else {
                return .sleep(.init(startedAt: start, endedAt: nil))
            }
            let ended = clock.end(endReading, after: start)
            guard ended >= start else { throw file.problem(row, column, "expected an end after the begin time") }
            return .sleep(.init(startedAt: start, endedAt: ended))
        case .growth:
            // The metric column, else the imperial one, each in the unit its header names.
            func measured(_ names: (String, String), _ measure: Measure, _ example: String) -> Double? {
                for column in [file.column(names.0), file.column(names.1)].compactMap({ $0 }) {
                    if let value = file.measured(row, column, measure, example, unit: column.unit) { return value }
                }
                return nil
            }
            let weight = measured(("Weight(kg)", "Weight(lb)"), .weight, "a weight like 4.2")
            let length = measured(("Height(cm)", "Height(in)"), .length, "a length like 52.5")
            let head = measured(("Head Circ.(cm)", "Head Circ.(in)"), .headCircumference, "a length like 36")
            guard weight != nil || length != nil || head != nil else { return nil }
            // `02/22/2022` alone: the day's noon, said without a time.
            let untimed = file.column("Date").map { !row[$0.index].contains(":") } ?? false
            return .measurement(.init(occurredAt: start, weightKG: weight, lengthCM: length, headCircumferenceCM: head, untimed: untimed))
        }
    }
}

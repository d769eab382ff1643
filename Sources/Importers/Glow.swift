import Foundation
import Source
import Timekeeping

/// Glow Baby's CSV export: a file per kind (`glow_feed_bottle.csv`, `glow_diaper.csv`,
/// `glow_sleep.csv`, `glow_growth.csv`), one child, times `02/22/2022 7:41:09 PM`, rows in
/// no particular order. Glow's sleep button leaves many sleeps of a minute or less behind
/// when it is tapped twice; those are left out and counted.
struct Glow: AppFormat {
    static let timeExample = "02/22/2022 7:41:09 PM"

    /// What one file holds, told by its columns.
    enum Content: String {
        case bottle = "feeding", diaper, sleep, growth
    }

    static func content(of file: ImportFile) -> Content? {
        if file.column("Time of feeding") != nil { return .bottle }
        if file.column("Diaper time") != nil { return .diaper }
        if file.column("Begin time") != nil && file.column("End time") != nil { return .sleep }
        if file.column("Date") != nil && file.column("Weight(kg)", "Weight(lb)", "Height(cm)", "Height(in)", "Head Circ.(cm)", "Head Circ.(in)") != nil { return .growth }
        return nil
    }

    static func matches(_ file: ImportFile) -> Bool {
        content(of: file) != nil || file.stem.hasPrefix("glow_")
    }

    static func mismatch(_ file: ImportFile) -> String {
        "no column \"Time of feeding\", \"Diaper time\", \"Begin time\" or \"Date\""
    }

    /// The longest sleep taken for a tap on the sleep button rather than a sleep.
    static let tapMinutes = 1.0

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        guard let content = content(of: file) else {
            // Another of Glow's files (breast feeds, pumping…) whose columns bbreport does not know.
            for _ in file.table.rows { family.unreadRow(file.stem.replacingOccurrences(of: "glow_", with: "").replacingOccurrences(of: "_", with: " "), file: file.name) }
            return
        }
        guard let child = try children.id(nil, column: nil, file: file.name, line: 1, app: "Glow Baby", family: &family) else { return }
        let time = file.column("Time of feeding", "Diaper time", "Begin time", "Date")!
        let rows = try file.rowsInTimeOrder(by: time, like: content == .growth ? "02/22/2022" : timeExample, dateAlone: content == .growth,
                                            zone: clock.zone)
        var taps = 0
        let millilitres = file.column("Amount(ml)", "Amount (ml)"), ounces = file.column("Amount(oz)", "Amount (oz)")
        let contents = file.column("In the diaper"), color = file.column("Color", "Colour"), end = file.column("End time")
        // Growth: the metric column, else the imperial one, each in the unit its header names.
        let growth = [("Weight(kg)", "Weight(lb)"), ("Height(cm)", "Height(in)"), ("Head Circ.(cm)", "Head Circ.(in)")]
            .map { [file.column($0.0), file.column($0.1)].compactMap { $0 } }
        for (row, reading) in rows {
            let start = clock.place(reading)
            let kind: ExportEvent.Kind
            switch content {
            case .bottle:
                var ml = try file.amount(row, millilitres, "an amount like 90", { Quantities.millilitres($0) })
                if ml == nil { ml = try file.amount(row, ounces, "an amount like 3", { Quantities.millilitres($0, defaultUnit: "oz") }) }
                kind = .feeding(.init(startedAt: start, type: .bottle, amountML: ml))
            case .diaper:
                let type: ExportEvent.DiaperType
                switch file.text(row, contents).lowercased() {
                case "pee", "wet": type = .pee
                case "poo", "poop": type = .poop
                case "pee and poo", "poo and pee", "both", "mixed": type = .both
                case "dry", "none", "clean": type = .dry
                default:
                    throw file.problem(row, contents ?? time, "expected pee, poo, pee and poo or dry")
                }
                let stool = type == .poop || type == .both ? ExportEvent.StoolColor(word: file.text(row, color)) : nil
                kind = .diaper(.init(occurredAt: start, type: type, stoolColor: stool))
            case .sleep:
                guard let endReading = try file.optionalTime(row, end, like: timeExample) else {
                    kind = .sleep(.init(startedAt: start, endedAt: nil))
                    break
                }
                let ended = clock.end(endReading, after: start)
                guard ended >= start else { throw file.problem(row, end!, "expected an end after the begin time") }
                if Double((ended - start).milliseconds) <= tapMinutes * 60_000 {
                    taps += 1
                    continue
                }
                kind = .sleep(.init(startedAt: start, endedAt: ended))
            case .growth:
                func measured(_ columns: [ImportFile.Column], _ read: (String) -> Double?, _ example: String) throws(ImportProblem) -> Double? {
                    for column in columns {
                        if let value = try file.amount(row, column, example, { read("\($0) \(column.unit)") }) { return value }
                    }
                    return nil
                }
                let weight = try measured(growth[0], Quantities.kilograms, "a weight like 4.2")
                let length = try measured(growth[1], Quantities.centimetres, "a length like 52.5")
                let head = try measured(growth[2], Quantities.centimetres, "a length like 36")
                guard weight != nil || length != nil || head != nil else { continue }
                kind = .measurement(.init(occurredAt: start, weightKG: weight, lengthCM: length, headCircumferenceCM: head))
            }
            family.add([kind], child: child, createdBy: nil, row: [content.rawValue] + row.cells, file: file.name)
        }
        if taps > 0 {
            family.remark("\(file.name): left out \(taps) \(taps == 1 ? "sleep" : "sleeps") of a minute or less (a tap on the sleep button, not a sleep)")
        }
    }
}

import Foundation
import Source
import Timekeeping

/// Baby Tracker's (Nighp) CSV export: one file per kind (`nursing.csv`, `diaper.csv`,
/// `sleep.csv`, `expressed.csv`, `formula.csv`, `pump.csv`, `growth.csv`, …, sometimes
/// `Ava_nursing.csv`), each row naming its child in `Baby` — except pumping, which is the
/// parent's. Times `1/13/26, 19:54` (or `7:54 PM`, as the phone is set); units live in
/// the header: `Amount (oz.)`.
struct BabyTracker: AppFormat {
    static let timeExample = "1/13/26, 19:54"

    /// What one file holds, told by its columns.
    enum Content: Equatable {
        case nursing, diaper, sleep, bottle, pump, growth, temperature, medication
        /// A kind bbreport does not read (medicine, vaccines, milestones…): its notes are kept.
        case other(String)

        var category: String {
            switch self {
            case .nursing, .bottle: "feeding"
            case .diaper: "diaper"
            case .sleep: "sleep"
            case .pump: "pumping"
            case .growth: "growth"
            case .temperature: "temperature"
            case .medication: "medication"
            case .other(let kind): kind
            }
        }
    }

    static func matches(_ file: ImportFile) -> Bool {
        file.column("Time") != nil && (file.column("Baby") != nil || namesNoChild(file))
            && file.column("Type") == nil
    }

    static func mismatch(_ file: ImportFile) -> String {
        file.column("Time") == nil ? "no column \"Time\"" : "no column \"Baby\""
    }

    /// Pumping is the parent's: the file has amounts per side and no `Baby`.
    static func namesNoChild(_ file: ImportFile) -> Bool {
        file.column("Baby") == nil && file.column(startingWith: "Left amount") != nil
    }

    static func content(of file: ImportFile) -> Content {
        if file.column("Status") != nil { return .diaper }
        if file.column(startingWith: "Left amount") != nil { return .pump }
        if file.column("Start Side") != nil || file.column(startingWith: "Left duration") != nil { return .nursing }
        if file.column(startingWith: "Duration") != nil { return .sleep }
        if file.column("Medication", "Medicine", "Medication name") != nil { return .medication }
        if file.column(startingWith: "Amount") != nil { return .bottle }
        if ["Weight", "Length", "Height", "Head"].contains(where: { file.column(startingWith: $0) != nil }) { return .growth }
        if file.column(startingWith: "Temp") != nil { return .temperature }
        // `Ava_medication` → medication.
        let kind = file.stem.split(separator: "_").last.map(String.init) ?? file.stem
        return .other(kind.isEmpty ? "other" : kind)
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        let content = content(of: file)
        let time = file.column("Time")!, baby = file.column("Baby"), note = file.column("Note", "Notes")
        var rows: [(row: CSVTable.Row, start: LocalDateTime)] = []
        for row in file.table.rows {
            rows.append((row, try file.time(row, time, like: timeExample)))
        }
        for (row, reading) in TimeOrder.arrange(rows, zone: clock.zone, newestFirst: true) {
            guard let child = try children.id(baby.map { row[$0.index] }, column: baby?.name, file: file.name, line: row.line,
                                              app: "Baby Tracker", family: &family, borrow: true) else { continue }
            let start = clock.place(reading)
            let read = try events(row, content, file: file, start: start)
            let kinds = read + [ImportedFamily.note(file.text(row, note), category: content.category, at: start)].compactMap { $0 }
            var unread: String?
            if case .other(let kind) = content { unread = kind }
            family.add(kinds, child: child, createdBy: nil, row: [content.category] + row.cells, file: file.name, unread: unread)
        }
    }

    private static func events(_ row: CSVTable.Row, _ content: Content, file: ImportFile, start: Instant) throws(ImportProblem) -> [ExportEvent.Kind] {
        switch content {
        case .nursing:
            let left = try file.amount(row, file.column(startingWith: "Left duration"), "minutes like 12", Quantities.minutesNumber)
            let right = try file.amount(row, file.column(startingWith: "Right duration"), "minutes like 12", Quantities.minutesNumber)
            let total = try file.amount(row, file.column(startingWith: "Total Duration"), "minutes like 25", Quantities.minutesNumber)
            let both = (left ?? 0) > 0 && (right ?? 0) > 0
            let startSide = file.text(row, file.column("Start Side")).lowercased()
            let side: ExportEvent.Side? = startSide.hasPrefix("l") ? .left : startSide.hasPrefix("r") ? .right
                : (left ?? 0) > 0 && !both ? .left : (right ?? 0) > 0 && !both ? .right : nil
            let minutes = total ?? ((left ?? 0) + (right ?? 0) > 0 ? (left ?? 0) + (right ?? 0) : nil)
            return [.feeding(.init(startedAt: start, type: .breast, startedSide: side, bothSides: both, durationMinutes: minutes))]
        case .diaper:
            let status = file.column("Status")!
            let type: ExportEvent.DiaperType
            switch row[status.index].lowercased() {
            case "wet": type = .pee
            case "dirty": type = .poop
            case "mixed": type = .both
            case "dry": type = .dry
            default: throw file.problem(row, status, "expected Wet, Dirty, Mixed or Dry")
            }
            return [.diaper(.init(occurredAt: start, type: type))]
        case .sleep:
            let minutes = try file.amount(row, file.column(startingWith: "Duration"), "minutes like 95", Quantities.minutesNumber)
            return [.sleep(.init(startedAt: start, endedAt: minutes.map { start.adding(minutes: $0) }))]
        case .bottle:
            let amount = file.column(startingWith: "Amount")!
            let ml = try file.amount(row, amount, "an amount like 3.5", { Quantities.millilitres($0, defaultUnit: Self.unit(amount)) })
            return [.feeding(.init(startedAt: start, type: .bottle, amountML: ml))]
        case .pump:
            let left = file.column(startingWith: "Left amount")!, right = file.column(startingWith: "Right amount")
            let total = file.column(startingWith: "Total amount")
            func ml(_ column: ImportFile.Column?) throws(ImportProblem) -> Double? {
                guard let column else { return nil }
                return try file.amount(row, column, "an amount like 3.5", { Quantities.millilitres($0, defaultUnit: Self.unit(column)) })
            }
            let leftML = try ml(left), rightML = try ml(right)
            let sides = (leftML ?? 0) + (rightML ?? 0)
            let amount = try ml(total) ?? (leftML == nil && rightML == nil ? nil : sides)
            let leftMinutes = try file.amount(row, file.column(startingWith: "Left duration"), "minutes like 12", Quantities.minutesNumber)
            let rightMinutes = try file.amount(row, file.column(startingWith: "Right duration"), "minutes like 12", Quantities.minutesNumber)
            let minutes = try file.amount(row, file.column(startingWith: "Total Duration"), "minutes like 25", Quantities.minutesNumber)
                ?? (leftMinutes == nil && rightMinutes == nil ? nil : (leftMinutes ?? 0) + (rightMinutes ?? 0))
            let usedLeft = (leftML ?? 0) > 0 || (leftMinutes ?? 0) > 0, usedRight = (rightML ?? 0) > 0 || (rightMinutes ?? 0) > 0
            let side: ExportEvent.PumpingSide? = usedLeft && usedRight ? .both : usedLeft ? .left : usedRight ? .right : nil
            return [.pumping(.init(startedAt: start, amountML: amount, durationMinutes: minutes, side: side))]
        case .growth:
            func measured(_ prefixes: [String], _ expected: String, _ read: @escaping (String) -> Double?) throws(ImportProblem) -> Double? {
                guard let column = prefixes.lazy.compactMap({ file.column(startingWith: $0) }).first else { return nil }
                let unit = Self.unit(column)
                return try file.amount(row, column, expected, { text in read(Double(text) != nil && !unit.isEmpty ? "\(text) \(unit)" : text) })
            }
            let weight = try measured(["Weight"], "a weight like 4.2", Quantities.kilograms)
            let length = try measured(["Length", "Height"], "a length like 52.5", Quantities.centimetres)
            let head = try measured(["Head"], "a length like 36", Quantities.centimetres)
            guard weight != nil || length != nil || head != nil else { return [] }
            return [.measurement(.init(occurredAt: start, weightKG: weight, lengthCM: length, headCircumferenceCM: head))]
        case .temperature:
            let column = file.column(startingWith: "Temp")!
            let unit = Self.unit(column)
            guard let celsius = try file.amount(row, column, "a temperature like 37.4", { Quantities.celsius(unit.isEmpty ? $0 : "\($0) \(unit)") }) else { return [] }
            return [.temperature(.init(occurredAt: start, celsius: celsius))]
        case .medication:
            let name = file.text(row, file.column("Medication", "Medicine", "Medication name"))
            let dose = file.text(row, file.column("Amount", "Dose"))
            return [.medication(.init(occurredAt: start, name: name.isEmpty ? "Medicine" : name, dose: dose.isEmpty ? nil : dose))]
        case .other:
            return []
        }
    }

    /// The unit a header names: `Amount (oz.)` → `oz`, `Weight (lbs)` → `lbs`, `Temperature (°F)` → `°f`.
    static func unit(_ column: ImportFile.Column) -> String {
        guard let open = column.name.lastIndex(of: "("), let close = column.name.lastIndex(of: ")"), open < close else { return "" }
        let unit = column.name[column.name.index(after: open)..<close].trimmingCharacters(in: .whitespaces).lowercased()
        return unit.hasSuffix(".") ? String(unit.dropLast()) : unit
    }
}

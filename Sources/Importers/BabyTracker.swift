import Foundation
import Export
import Timekeeping

/// Baby Tracker's (Nighp) CSV export: one file per kind (`nursing.csv`, `diaper.csv`,
/// `sleep.csv`, `expressed.csv`, `formula.csv`, `pump.csv`, `growth.csv`, …, sometimes
/// `Ava_nursing.csv`), each row naming its child in `Baby` — except pumping, which is the
/// parent's. Times `1/13/26, 19:54` (or `7:54 PM`, as the phone is set); units live in
/// the header: `Amount (oz.)`. Vaccines and milestones have files of their own.
struct BabyTracker: AppFormat {
    static let timeExample = "1/13/26, 19:54"

    /// What one file holds, told by its columns.
    enum Content: Equatable {
        case nursing, diaper, sleep, bottle, pump, growth, temperature, medication, vaccine, milestone
        /// A kind bbreport does not read (bath, activities…): its notes are kept.
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
            case .vaccine: "vaccine"
            case .milestone: "milestone"
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
        if file.column("Vaccine", "Vaccination", "Vaccine name") != nil { return .vaccine }
        if file.column("Milestone", "Milestone name") != nil { return .milestone }
        if file.column(startingWith: "Amount") != nil { return .bottle }
        if ["Weight", "Length", "Height", "Head"].contains(where: { file.column(startingWith: $0) != nil }) { return .growth }
        if file.column(startingWith: "Temp") != nil { return .temperature }
        // `Ava_medication` → medication.
        let kind = file.stem.split(separator: "_").last.map(String.init) ?? file.stem
        return .other(kind.isEmpty ? "other" : kind)
    }

    /// The file's columns, found once: the prefixes carry the header's unit after them.
    private struct Columns {
        let time: ImportFile.Column
        let baby, note, startSide, status, leftMinutes, rightMinutes, totalMinutes, sleepMinutes: ImportFile.Column?
        let amount, leftAmount, rightAmount, totalAmount, weight, length, head, temperature, medicine, dose: ImportFile.Column?
        let vaccine, milestone: ImportFile.Column?

        init(_ file: ImportFile) {
            time = file.column("Time")!
            baby = file.column("Baby")
            note = file.column("Note", "Notes")
            startSide = file.column("Start Side")
            status = file.column("Status")
            leftMinutes = file.column(startingWith: "Left duration")
            rightMinutes = file.column(startingWith: "Right duration")
            totalMinutes = file.column(startingWith: "Total Duration")
            sleepMinutes = file.column(startingWith: "Duration")
            amount = file.column(startingWith: "Amount")
            leftAmount = file.column(startingWith: "Left amount")
            rightAmount = file.column(startingWith: "Right amount")
            totalAmount = file.column(startingWith: "Total amount")
            weight = file.column(startingWith: "Weight")
            length = file.column(startingWith: "Length") ?? file.column(startingWith: "Height")
            head = file.column(startingWith: "Head")
            temperature = file.column(startingWith: "Temp")
            medicine = file.column("Medication", "Medicine", "Medication name")
            dose = file.column("Amount", "Dose")
            vaccine = file.column("Vaccine", "Vaccination", "Vaccine name")
            milestone = file.column("Milestone", "Milestone name")
        }
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        let content = content(of: file)
        let c = Columns(file)
        try children.checkCount(file, column: c.baby)
        for (row, reading) in file.rowsInTimeOrder(by: c.time, like: timeExample, zone: clock.zone, newestFirst: true, kind: { _ in content.category }) where family.tooLarge == nil {
            let source = file.source(row, kind: content.category)
            guard let child = try children.id(c.baby.map { row[$0.index] }, column: c.baby?.name, row: source,
                                              app: "Baby Tracker", family: &family, borrow: true) else { continue }
            let start = clock.place(reading)
            let note = ImportedFamily.note(file.text(row, c.note), category: content.category, at: start)
            family.addRow(source, cells: [content.category] + row.cells, child: child, note: note) { () throws(ImportProblem) in
                if case .other = content { return nil }
                return try events(row, content, c, file: file, start: start)
            }
        }
    }

    private static func events(_ row: CSVTable.Row, _ content: Content, _ c: Columns, file: ImportFile, start: Instant) throws(ImportProblem) -> [ExportEvent.Kind] {
        func minutes(_ column: ImportFile.Column?, _ example: String) -> Double? {
            file.amount(row, column, "minutes like \(example)", Quantities.minutesNumber)
        }
        /// Minutes per side, and the total (else the sides' sum when either is given).
        func sides() -> (left: Double?, right: Double?, total: Double?) {
            (minutes(c.leftMinutes, "12"), minutes(c.rightMinutes, "12"), minutes(c.totalMinutes, "25"))
        }
        func ml(_ column: ImportFile.Column?) -> Double? {
            guard let column else { return nil }
            return file.amount(row, column, "an amount like 3.5", { Quantities.millilitres($0, defaultUnit: column.unit) })
        }
        switch content {
        case .nursing:
            let (left, right, total) = sides()
            let both = (left ?? 0) > 0 && (right ?? 0) > 0
            let startSide = file.text(row, c.startSide).lowercased()
            let side: ExportEvent.Side? = startSide.hasPrefix("l") ? .left : startSide.hasPrefix("r") ? .right
                : (left ?? 0) > 0 && !both ? .left : (right ?? 0) > 0 && !both ? .right : nil
            let sum = (left ?? 0) + (right ?? 0)
            if let total, let column = c.totalMinutes, sum > 0, abs(sum - total) >= 1 {
                file.log.decided(file.problem(row, column, "the minutes per side add up to \(Quantities.whole(sum))"), "the app's total is kept")
            }
            return [.feeding(.init(startedAt: start, type: .breast, startedSide: side, bothSides: both, durationMinutes: total ?? (sum > 0 ? sum : nil)))]
        case .diaper:
            let status = c.status!
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
            let minutes = minutes(c.sleepMinutes, "95")
            return [.sleep(.init(startedAt: start, endedAt: minutes.map { start.adding(minutes: $0) }))]
        case .bottle:
            return [.feeding(.init(startedAt: start, type: .bottle, amountML: ml(c.amount)))]
        case .pump:
            let leftML = ml(c.leftAmount), rightML = ml(c.rightAmount)
            let amount = ml(c.totalAmount) ?? (leftML == nil && rightML == nil ? nil : (leftML ?? 0) + (rightML ?? 0))
            let (leftMinutes, rightMinutes, total) = sides()
            let minutes = total ?? (leftMinutes == nil && rightMinutes == nil ? nil : (leftMinutes ?? 0) + (rightMinutes ?? 0))
            let usedLeft = (leftML ?? 0) > 0 || (leftMinutes ?? 0) > 0, usedRight = (rightML ?? 0) > 0 || (rightMinutes ?? 0) > 0
            let side: ExportEvent.PumpingSide? = usedLeft && usedRight ? .both : usedLeft ? .left : usedRight ? .right : nil
            return [.pumping(.init(startedAt: start, amountML: amount, durationMinutes: minutes, side: side))]
        case .growth:
            func measured(_ column: ImportFile.Column?, _ expected: String, _ measure: Measure) -> Double? {
                file.measured(row, column, measure, expected, unit: column?.unit ?? "")
            }
            let weight = measured(c.weight, "a weight like 4.2", .weight)
            let length = measured(c.length, "a length like 52.5", .length)
            let head = measured(c.head, "a length like 36", .headCircumference)
            guard weight != nil || length != nil || head != nil else { return [] }
            return [.measurement(.init(occurredAt: start, weightKG: weight, lengthCM: length, headCircumferenceCM: head))]
        case .temperature:
            let column = c.temperature!
            guard let celsius = file.measured(row, column, .temperature, "a temperature like 37.4", unit: column.unit) else { return [] }
            return [.temperature(.init(occurredAt: start, celsius: celsius))]
        case .medication:
            let name = file.text(row, c.medicine), dose = file.text(row, c.dose)
            return [.medication(.init(occurredAt: start, name: name.isEmpty ? "Medicine" : name, dose: dose.isEmpty ? nil : dose))]
        case .vaccine:
            let name = file.text(row, c.vaccine), dose = file.text(row, c.dose)
            guard !name.isEmpty else { throw file.problem(row, c.vaccine!, "expected the vaccine's name") }
            return [.vaccination(.init(occurredAt: start, name: name, dose: dose.isEmpty ? nil : dose))]
        case .milestone:
            let text = file.text(row, c.milestone)
            guard !text.isEmpty else { throw file.problem(row, c.milestone!, "expected the milestone") }
            return [.milestone(.init(occurredAt: start, text: text))]
        case .other:
            return []
        }
    }
}

import Foundation
import Export
import Timekeeping

/// Baby Daybook's rows as events, a kind of action at a time (the table in docs/importers.md).
struct DaybookActions {
    typealias Table = SQLiteBackup.Table
    typealias Row = [SQLiteBackup.Value]

    let file: String
    let babies: [String: BabyDaybook.Baby]
    /// A custom type's uid → its title; a group's uid → its title.
    let types: [String: String]
    let groups: [String: String]

    /// Actions that are not feeds, diapers, sleep or health: counted, their notes kept.
    /// `potty` is toilet training, not a diaper: counting it as one would change the wet
    /// and dirty figures a doctor reads.
    static let unread: Set = ["drink", "bath", "potty", "toothbrushing", "walking_outside", "playtime", "other", "doctor_visit"]

    /// Reads every row of `daily_actions`.
    mutating func read(_ table: Table, into family: inout ImportedFamily) {
        let place = "\(file) (\(table.name))"
        for (index, row) in table.rows.enumerated() {
            let type = table.value(row, "type").text
            let kind = BabyDaybook.builtInTypes.contains(type) ? type : types[type].map { $0.isEmpty ? "custom" : $0 } ?? (type.isEmpty ? "(no type)" : "custom")
            let source = RowSource(file: place, line: index + 1, kind: kind)
            guard let baby = baby(table, row, source, into: &family), let start = instant(table.value(row, "start_millis")) else {
                if babies[table.value(row, "baby_uid").text] != nil {
                    family.log.rowLeftOut(ImportProblem(file: place, line: index + 1, column: "start_millis",
                                                        message: "expected a time, found \"\(table.value(row, "start_millis").text)\""), kind: kind)
                }
                continue
            }
            let uid = table.value(row, "uid").text
            let note = ImportedFamily.note(table.value(row, "notes").text, category: Self.category(of: kind), at: start)
            let events = BabyDaybook.builtInTypes.contains(type) && !Self.unread.contains(type)
                ? self.events(type, table, row, start: start, baby: baby, source: source, log: family.log) : nil
            family.add(record: events ?? [], note: note, child: baby.id, uid: uid, cells: row, from: source,
                       outcome: events == nil ? .leftOut(ImportedFamily.unreadKind) : .read)
        }
    }

    /// The category of an action's note, named as the other apps' are.
    static func category(of kind: String) -> String {
        switch kind {
        case "breastfeeding", "bottle": "feeding"
        case "diaper_change": "diaper"
        case "sleeping": "sleep"
        case "pump": "pumping"
        case "food": "solids"
        case "medicine": "medication"
        default: kind.replacingOccurrences(of: "_", with: " ")
        }
    }

    /// The events of one action of a built-in `type`.
    private func events(_ type: String, _ table: Table, _ row: Row, start: Instant, baby: BabyDaybook.Baby, source: RowSource,
                        log: ImportLog) -> [ExportEvent.Kind] {
        func value(_ column: String) -> SQLiteBackup.Value { table.value(row, column) }
        /// Minutes of milliseconds in `column`; nil for none.
        func minutes(_ column: String) -> Double? {
            guard let millis = value(column).number, millis > 0 else { return nil }
            return millis / 60_000
        }
        let end = instant(value("end_millis"))
        let group = groups[value("group_uid").text] ?? ""
        switch type {
        case "breastfeeding":
            let left = minutes("left_duration"), right = minutes("right_duration")
            let both = left != nil && right != nil
            // `side` is the breast in use when the timer stopped: with both, the feed began on the other.
            let stopped: ExportEvent.Side? = ExportEvent.Side(rawValue: value("side").text.lowercased())
            let side: ExportEvent.Side? = both ? stopped.map { $0 == .left ? .right : .left } : left != nil ? .left : right != nil ? .right : stopped
            let sides = both || left != nil || right != nil ? (left ?? 0) + (right ?? 0) : nil
            if let sides, let timer = minutes("duration"), abs(sides - timer) >= 1 {
                log.decided(problem(source, "duration", "the minutes per side add up to \(Quantities.whole(sides)), found \(Quantities.whole(timer))"),
                    "the minutes per side are kept")
            }
            return [.feeding(.init(startedAt: start, type: .breast, startedSide: side, bothSides: both, durationMinutes: sides ?? minutes("duration")))]
        case "bottle":
            return [.feeding(.init(startedAt: start, type: .bottle, durationMinutes: minutes("duration"), amountML: positive(value("volume"), "volume", source, log)))]
        case "pump":
            let left = minutes("left_duration"), right = minutes("right_duration")
            let side: ExportEvent.PumpingSide? = left != nil && right != nil ? .both : left != nil ? .left : right != nil ? .right
                : ExportEvent.PumpingSide(rawValue: value("side").text.lowercased())
            let sides = left == nil && right == nil ? nil : (left ?? 0) + (right ?? 0)
            return [.pumping(.init(startedAt: start, amountML: positive(value("volume"), "volume", source, log), durationMinutes: sides ?? minutes("duration"), side: side))]
        case "diaper_change":
            let pee = value("pee").integer == 1, poo = value("poo").integer == 1
            return [.diaper(.init(occurredAt: start, type: pee && poo ? .both : poo ? .poop : pee ? .pee : .dry))]
        case "sleeping":
            // A timer still running at the backup is a sleep in progress.
            if value("in_progress").integer == 1 { return [.sleep(.init(startedAt: start, endedAt: nil))] }
            let ended = end ?? minutes("duration").map { start.adding(minutes: $0) }
            guard let ended else {
                log.valueLeftOut(problem(source, "end_millis", "expected the sleep's end, found 0"))
                return [.sleep(.init(startedAt: start, endedAt: nil))]
            }
            return [.sleep(.init(startedAt: start, endedAt: ended))]
        case "food":
            let amount = [positive(value("amount"), "amount", source, log).map(Quantities.written), value("amount_unit").text].compactMap { $0 }.filter { !$0.isEmpty }
            let food = [group, amount.isEmpty ? "" : "(\(amount.joined(separator: " ")))"].filter { !$0.isEmpty }.joined(separator: " ")
            let reaction = value("reaction").text
            return [.solids(.init(occurredAt: start, food: food.isEmpty ? nil : food, reaction: reaction.isEmpty ? nil : reaction))]
        case "medicine":
            let dose = [positive(value("amount"), "amount", source, log).map(Quantities.written), value("amount_unit").text].compactMap { $0 }.filter { !$0.isEmpty }
            return [.medication(.init(occurredAt: start, name: group.isEmpty ? "Medicine" : group, dose: dose.isEmpty ? nil : dose.joined(separator: " ")))]
        case "temperature":
            guard let celsius = value("temperature").number, celsius > 0 else {
                log.valueLeftOut(problem(source, "temperature", "expected a temperature in °C, found \"\(value("temperature").text)\""))
                return []
            }
            // Saved as a float: 36.800000000000004 is 36.8.
            let reading = measured(celsius, "temperature", .temperature, source, log)
            return [.temperature(.init(occurredAt: start, celsius: (reading * 100).rounded() / 100))]
        case "vaccination":
            return [.vaccination(.init(occurredAt: start, name: group.isEmpty ? "Vaccine" : group))]
        case "symptom":
            return ImportedFamily.note(group.isEmpty ? "Symptom" : "Symptom: \(group)", category: "symptom", at: start).map { [$0] } ?? []
        case "tummy_time":
            return [.tummyTime(.init(startedAt: start, durationMinutes: minutes("duration") ?? end.map { Double(($0 - start).milliseconds) / 60_000 } ?? 0))]
        case "crying":
            // The end when the timer was stopped, else the minutes typed; a timer still running has neither.
            let running = value("in_progress").integer == 1
            return [.crying(.init(startedAt: start, endedAt: running ? nil : end, durationMinutes: running || end != nil ? nil : minutes("duration")))]
        default:
            return []
        }
    }

    /// Reads `growth`: a measurement of whichever of weight (kg), height and head size (cm)
    /// is not 0.
    mutating func readGrowth(_ table: Table, into family: inout ImportedFamily) {
        let place = "\(file) (\(table.name))"
        for (index, row) in table.rows.enumerated() {
            let source = RowSource(file: place, line: index + 1, kind: "growth")
            guard let baby = baby(table, row, source, into: &family), let time = instant(table.value(row, "date_millis")) else { continue }
            func read(_ column: String, _ measure: Measure) -> Double? {
                positive(table.value(row, column), column, source, family.log).map { measured($0, column, measure, source, family.log) }
            }
            let measurement = ExportEvent.Measurement(occurredAt: time, weightKG: read("weight", .weight), lengthCM: read("height", .length),
                                                      headCircumferenceCM: read("head_size", .headCircumference))
            let measuredAny = measurement.weightKG != nil || measurement.lengthCM != nil || measurement.headCircumferenceCM != nil
            family.add(record: measuredAny ? [.measurement(measurement)] : [], note: ImportedFamily.note(table.value(row, "notes").text, category: "growth", at: time),
                       child: baby.id, uid: table.value(row, "uid").text, cells: row, from: source,
                       outcome: measuredAny ? .read : .leftOut("nothing measured"))
        }
    }

    /// Reads a table of texts at a time (`daily_notes`, `moments`) as notes.
    mutating func readNotes(_ table: Table, category: String, into family: inout ImportedFamily) {
        let place = "\(file) (\(table.name))"
        let timeColumn = ["date_millis", "start_millis", "day_millis", "time_millis", "millis"].first(where: table.has)
        let textColumn = ["notes", "note", "text", "description"].first(where: table.has)
        for (index, row) in table.rows.enumerated() {
            let source = RowSource(file: place, line: index + 1, kind: category)
            guard let baby = baby(table, row, source, into: &family) else { continue }
            guard let time = timeColumn.flatMap({ instant(table.value(row, $0)) }) else {
                family.log.rowLeftOut(problem(source, timeColumn ?? "date_millis", "expected a time"), kind: category)
                continue
            }
            let note = ImportedFamily.note(textColumn.map { table.value(row, $0).text } ?? "", category: category, at: time)
            family.add(record: [], note: note, child: baby.id, uid: table.value(row, "uid").text, cells: row, from: source,
                       outcome: note == nil ? .leftOut("empty") : .read)
        }
    }

    /// The baby of `row`; nil, counted, for a baby another than the one asked for or not in `babies`.
    private func baby(_ table: Table, _ row: Row, _ source: RowSource, into family: inout ImportedFamily) -> BabyDaybook.Baby? {
        if let baby = babies[table.value(row, "baby_uid").text] { return baby }
        family.log.row(file: source.file, line: source.line, kind: source.kind, .leftOut("of another child, or none in the backup"))
        return nil
    }

    /// The instant of UTC milliseconds; nil for 0 and for what no clock reads.
    private func instant(_ value: SQLiteBackup.Value) -> Instant? {
        guard let millis = value.integer, millis > 0, millis < 10_000_000_000_000 else { return nil }
        return Instant(milliseconds: millis)
    }

    /// A number above 0; nil for the 0 (or the empty cell) that means "not given", and nil
    /// with a warning naming the row for anything else (`-80`, `lots`).
    private func positive(_ value: SQLiteBackup.Value, _ column: String, _ source: RowSource, _ log: ImportLog) -> Double? {
        if let number = value.number, number > 0 { return number }
        guard value.number != 0, !value.text.isEmpty else { return nil }
        log.valueLeftOut(problem(source, column, "expected a number above 0, found \"\(TerminalText.safe(String(value.text.prefix(60))))\""))
        return nil
    }

    /// `number` of `column`, written in the export's unit of `measure`; in another unit, with
    /// a note, when only that one is a child's.
    private func measured(_ number: Double, _ column: String, _ measure: Measure, _ source: RowSource, _ log: ImportLog) -> Double {
        let reading = measure.reading(number, in: measure.units[0])
        if let note = reading.reread { log.decided(problem(source, column, note.message), note.consequence) }
        return reading.value
    }

    private func problem(_ source: RowSource, _ column: String, _ message: String) -> ImportProblem {
        ImportProblem(file: source.file, line: source.line, column: column, message: message)
    }
}

extension BabyDaybook {
    /// The kinds of action the app itself defines (`da_types.uid` and `daily_actions.type`).
    static let builtInTypes: Set = ["breastfeeding", "bottle", "diaper_change", "sleeping", "food", "pump", "drink", "bath", "potty",
                                    "toothbrushing", "medicine", "temperature", "doctor_visit", "vaccination", "symptom", "crying",
                                    "tummy_time", "walking_outside", "playtime", "other"]
}

extension ImportedFamily {
    /// Adds the events of a database row whose `uid` is its id, so the same row gives the same
    /// ids in every backup, edited or not; `cells` make the id of a row without one.
    mutating func add(record kinds: [ExportEvent.Kind], note: ExportEvent.Kind?, child: String, uid: String, cells: [SQLiteBackup.Value],
                      from row: RowSource, outcome: ImportLog.Outcome) {
        let all = ImportedFamily.oneEntry(kinds, note: note)
        let key = uid.isEmpty ? cells.map(\.text) : ["uid", uid]
        add(all, child: child, createdBy: nil, row: key, from: row, outcome: outcome)
    }
}

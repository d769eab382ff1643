import Export
import Foundation
import Hashing
import Timekeeping

/// Records Baby Buddy keeps that have no place in a Baby Basics report, counted by reason.
public enum BabyBuddySkip: String, Sendable, CaseIterable, Comparable {
    case parentOrSelfFed
    case unknownFeeding
    case emptyMeasurement
    case emptyNote

    /// `skipped 2 parent- or self-fed feedings (Baby Buddy feedings 12, 31): they are meals,
    /// not breast or bottle feeds; their notes are kept`, naming Baby Buddy's own ids (the
    /// first few), which the family can look up there.
    public func sentence(ids: [Int]) -> String {
        let count = ids.count
        let (one, many, record, why) = switch self {
        case .parentOrSelfFed: ("parent- or self-fed milk feeding", "parent- or self-fed milk feedings", "feeding",
                                "they are not breast or bottle feeds; their notes are kept")
        case .unknownFeeding: ("feeding of a type or method bbreport does not know", "feedings of a type or method bbreport does not know",
                               "feeding", "a newer Baby Buddy may have added it; their notes are kept")
        case .emptyMeasurement: ("measurement without a value", "measurements without a value", "measurement", "there is nothing to plot; their notes are kept")
        case .emptyNote: ("empty note", "empty notes", "note", "there is nothing to show")
        }
        let shown = ids.prefix(Self.idsShown).map(String.init).joined(separator: ", ") + (count > Self.idsShown ? ", …" : "")
        return "skipped \(count) \(count == 1 ? one : many) (Baby Buddy \(count == 1 ? record : record + "s") \(shown)): \(why)"
    }

    /// How many ids a skip sentence names.
    static let idsShown = 5

    public static func < (lhs: BabyBuddySkip, rhs: BabyBuddySkip) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Baby Buddy's records as export events (the table in docs/inputs.md). Ids are derived from
/// the server's address and Baby Buddy's numbers, so the same data gives the same export
/// every night and builds stay incremental.
struct BabyBuddyMapping {
    /// `bb1a2b3c4d`: the server's part of every id.
    let prefix: String
    let amountUnit: VolumeUnit
    /// Where a date without a time (a weight, a height) is placed: noon in this zone.
    let zone: Zone
    /// The Baby Buddy ids of the records left out, by reason.
    private(set) var skipped: [BabyBuddySkip: [Int]] = [:]

    /// Feeding types that are milk; `solid food` is the other.
    static let milk: Set = ["breast milk", "formula", "fortified breast milk"]

    /// Millilitres in a US fluid ounce.
    static let millilitresPerOunce = 29.5735295625

    init(server: URL, amountUnit: VolumeUnit, zone: Zone = .current) {
        var address = server.absoluteString.lowercased()
        while address.hasSuffix("/") { address.removeLast() }
        prefix = "bb" + String(ContentHash(Data(address.utf8)).description.prefix(8))
        self.amountUnit = amountUnit
        self.zone = zone
    }

    func childID(_ number: Int) -> String {
        "\(prefix)-child-\(number)"
    }

    func child(_ record: BabyBuddyChild) -> ExportChild {
        let name = [record.firstName, record.lastName].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        return ExportChild(id: childID(record.id), name: name.isEmpty ? "Child \(record.id)" : name, dateOfBirth: record.birthDate,
                           dueDate: record.dueDate)
    }

    mutating func events(for record: BabyBuddyFeeding, child: String) -> [ExportEvent] {
        // An end equal to the start means no duration was recorded (a bottle logged after the fact).
        let minutes = record.end.map { Double($0.milliseconds - record.start.milliseconds) / 60_000 }.flatMap { $0 > 0 ? $0 : nil }
        let id = "\(prefix)-feeding-\(record.id)"
        let notes = note(record.notes, at: record.start, id: "\(id)-notes", child: child, category: "feeding")
        guard record.type != "solid food" else {
            return [ExportEvent(id: id, childID: child, kind: .solids(.init(occurredAt: record.start)))] + notes
        }
        guard Self.milk.contains(record.type) else { return skip(.unknownFeeding, record.id) + notes }
        let feeding: ExportEvent.Feeding
        switch record.method {
        case "left breast":
            feeding = .init(startedAt: record.start, type: .breast, startedSide: .left, durationMinutes: minutes)
        case "right breast":
            feeding = .init(startedAt: record.start, type: .breast, startedSide: .right, durationMinutes: minutes)
        case "both breasts":
            feeding = .init(startedAt: record.start, type: .breast, bothSides: true, durationMinutes: minutes)
        case "bottle":
            let millilitres = record.amount.map { amountUnit == .oz ? $0 * Self.millilitresPerOunce : $0 }
            feeding = .init(startedAt: record.start, type: .bottle, durationMinutes: minutes, amountML: millilitres)
        case "parent fed", "self fed":
            return skip(.parentOrSelfFed, record.id) + notes
        default:
            return skip(.unknownFeeding, record.id) + notes
        }
        return [ExportEvent(id: id, childID: child, kind: .feeding(feeding))] + notes
    }

    func events(for record: BabyBuddySleep, child: String) -> [ExportEvent] {
        [ExportEvent(id: "\(prefix)-sleep-\(record.id)", childID: child, kind: .sleep(.init(startedAt: record.start, endedAt: record.end)))]
            + note(record.notes, at: record.start, id: "\(prefix)-sleep-\(record.id)-notes", child: child, category: "sleep")
    }

    func events(for record: BabyBuddyChange, child: String) -> [ExportEvent] {
        let type: ExportEvent.DiaperType
        switch (record.wet, record.solid) {
        case (true, true): type = .both
        case (true, false): type = .pee
        case (false, true): type = .poop
        case (false, false): type = .dry
        }
        // Baby Buddy's colours are the stool's; a colour it may add later is left out.
        let color = record.solid ? record.color.flatMap { ExportEvent.StoolColor(rawValue: $0.lowercased()) } : nil
        return [ExportEvent(id: "\(prefix)-change-\(record.id)", childID: child,
                            kind: .diaper(.init(occurredAt: record.time, type: type, stoolColor: color)))]
            + note(record.notes, at: record.time, id: "\(prefix)-change-\(record.id)-notes", child: child, category: "diaper")
    }

    mutating func events(for record: BabyBuddyNote, child: String) -> [ExportEvent] {
        guard !record.note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return skip(.emptyNote, record.id) }
        return [ExportEvent(id: "\(prefix)-note-\(record.id)", childID: child, kind: .note(.init(occurredAt: record.time, text: record.note)))]
    }

    /// Baby Buddy's three measurement endpoints.
    enum Measured: String {
        case weight, height, headCircumference = "head-circumference"
    }

    /// A weight (kg, or lb where the family uses ounces), height or head circumference (cm,
    /// or in) at noon of its date.
    mutating func events(for record: BabyBuddyMeasurement, _ measured: Measured, child: String) -> [ExportEvent] {
        let id = "\(prefix)-\(measured.rawValue)-\(record.id)"
        let time = zone.instant(on: record.date, at: TimeOfDay(hour: 12, minute: 0)!)
        let notes = note(record.notes, at: time, id: "\(id)-notes", child: child, category: "growth")
        guard let value = record.value else { return skip(.emptyMeasurement, record.id) + notes }
        let imperial = amountUnit == .oz
        // A date alone: the day's noon, said without a time.
        let measurement: ExportEvent.Measurement = switch measured {
        case .weight: .init(occurredAt: time, weightKG: imperial ? UnitConversion.kilograms(pounds: value) : value, untimed: true)
        case .height: .init(occurredAt: time, lengthCM: imperial ? UnitConversion.centimeters(inches: value) : value, untimed: true)
        case .headCircumference: .init(occurredAt: time, headCircumferenceCM: imperial ? UnitConversion.centimeters(inches: value) : value, untimed: true)
        }
        return [ExportEvent(id: id, childID: child, kind: .measurement(measurement))] + notes
    }

    /// A temperature: Baby Buddy keeps no unit, and a body's °C (30–45) and °F (86–113)
    /// never meet, so above 50 it is read as °F.
    func events(for record: BabyBuddyTemperature, child: String) -> [ExportEvent] {
        let celsius = record.temperature > 50 ? UnitConversion.celsius(fahrenheit: record.temperature) : record.temperature
        return [ExportEvent(id: "\(prefix)-temperature-\(record.id)", childID: child, kind: .temperature(.init(occurredAt: record.time, celsius: celsius)))]
            + note(record.notes, at: record.time, id: "\(prefix)-temperature-\(record.id)-notes", child: child, category: "temperature")
    }

    func events(for record: BabyBuddyPumping, child: String) -> [ExportEvent] {
        let minutes = record.end.map { Double($0.milliseconds - record.start.milliseconds) / 60_000 }.flatMap { $0 > 0 ? $0 : nil }
        let millilitres = record.amount.map { amountUnit == .oz ? $0 * Self.millilitresPerOunce : $0 }
        return [ExportEvent(id: "\(prefix)-pumping-\(record.id)", childID: child,
                            kind: .pumping(.init(startedAt: record.start, amountML: millilitres, durationMinutes: minutes)))]
            + note(record.notes, at: record.start, id: "\(prefix)-pumping-\(record.id)-notes", child: child, category: "pumping")
    }

    /// A tummy time; its milestone ("rolled over!") is a milestone at its start.
    func events(for record: BabyBuddyTummyTime, child: String) -> [ExportEvent] {
        let minutes = max(0, Double(record.end.milliseconds - record.start.milliseconds) / 60_000)
        var events = [ExportEvent(id: "\(prefix)-tummy-time-\(record.id)", childID: child, kind: .tummyTime(.init(startedAt: record.start, durationMinutes: minutes)))]
        if let text = record.milestone?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            events.append(ExportEvent(id: "\(prefix)-tummy-time-\(record.id)-milestone", childID: child,
                                      kind: .milestone(.init(occurredAt: record.start, text: text))))
        }
        return events
    }

    /// A dose of medicine: `2.5 ml`, `1 tablets`, with the interval Baby Buddy keeps until the
    /// next may be given; a record without a name is still a dose (`Medicine`).
    func events(for record: BabyBuddyMedication, child: String) -> [ExportEvent] {
        let name = record.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let dose = record.dosage.map { [Self.number($0), record.dosageUnit ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }
        let medication = ExportEvent.Medication(occurredAt: record.time, name: name.isEmpty ? "Medicine" : name, dose: dose,
                                                nextDoseIntervalMinutes: record.nextDoseInterval.flatMap(Self.minutes(ofDuration:)))
        return [ExportEvent(id: "\(prefix)-medication-\(record.id)", childID: child, kind: .medication(medication))]
            + note(record.notes, at: record.time, id: "\(prefix)-medication-\(record.id)-notes", child: child, category: "medication")
    }

    /// `2.5`, `1`: a dosage as a person writes it.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Minutes of a Django duration (`04:00:00`, `1 02:30:00`, `00:45:00.000000`, `3600`);
    /// nil when it is none, or not positive.
    static func minutes(ofDuration text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard (1...2).contains(parts.count) else { return nil }
        let days = parts.count == 2 ? Double(parts[0]) : 0
        let clock = parts.last!.split(separator: ":").map { Double($0) }
        guard let days, days >= 0, days < 1000, clock.allSatisfy({ $0 != nil && $0! >= 0 }), (1...3).contains(clock.count) else { return nil }
        let seconds = clock.reduce(0.0) { $0 * 60 + $1! }
        let minutes = days * 1440 + seconds / 60
        return minutes > 0 && minutes.isFinite ? minutes : nil
    }

    /// The `notes` of a feeding, sleep or change, kept as a note at its time.
    private func note(_ text: String?, at time: Instant, id: String, child: String, category: String) -> [ExportEvent] {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        return [ExportEvent(id: id, childID: child, kind: .note(.init(occurredAt: time, text: text, category: category)))]
    }

    private mutating func skip(_ reason: BabyBuddySkip, _ id: Int) -> [ExportEvent] {
        skipped[reason, default: []].append(id)
        return []
    }
}

/// Baby Buddy's names for the events its records became.
public enum BabyBuddyNames {
    /// `Baby Buddy sleep 1234` for an event id this mapping made (`bb1a2b3c4d-sleep-1234`,
    /// `…-feeding-12-notes`), so that a warning names the record as the family finds it.
    public static func record(eventID id: String) -> String? {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].count == 10, parts[0].hasPrefix("bb"),
              parts[0].dropFirst(2).allSatisfy(\.isHexDigit) else { return nil }
        var rest = parts.dropFirst()
        if rest.last == "notes" || rest.last == "milestone" { rest = rest.dropLast() }
        guard let number = rest.last, !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber), rest.count >= 2 else { return nil }
        guard let name = names[rest.dropLast().joined(separator: "-")] else { return nil }
        return "Baby Buddy \(name) \(number)"
    }

    /// The kinds of record in the ids, by their name in words.
    private static let names = ["feeding": "feeding", "sleep": "sleep", "change": "diaper change", "note": "note", "weight": "weight",
                                "height": "height", "head-circumference": "head circumference", "temperature": "temperature",
                                "pumping": "pumping", "tummy-time": "tummy time", "medication": "medication", "child": "child"]
}

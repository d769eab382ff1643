import Foundation
import Hashing
import Timekeeping

/// Records Baby Buddy keeps that have no place in a Baby Basics report, counted by reason.
public enum BabyBuddySkip: String, Sendable, CaseIterable, Comparable {
    case solidFood
    case parentOrSelfFed
    case unknownFeeding
    case dryChange
    case emptyNote

    /// `skipped 12 solid-food feedings: bbreport counts milk feeds`.
    public func sentence(count: Int) -> String {
        let (one, many, why) = switch self {
        case .solidFood: ("solid-food feeding", "solid-food feedings", "bbreport counts milk feeds")
        case .parentOrSelfFed: ("parent- or self-fed feeding", "parent- or self-fed feedings", "they are meals, not breast or bottle feeds")
        case .unknownFeeding: ("feeding of a type or method bbreport does not know", "feedings of a type or method bbreport does not know",
                               "a newer Baby Buddy may have added it")
        case .dryChange: ("dry diaper change", "dry diaper changes", "neither wet nor solid, so neither pee nor poop")
        case .emptyNote: ("empty note", "empty notes", "there is nothing to show")
        }
        return "skipped \(count) \(count == 1 ? one : many): \(why)"
    }

    public static func < (lhs: BabyBuddySkip, rhs: BabyBuddySkip) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Baby Buddy's records as export events (the table in the README). Ids are derived from
/// the server's address and Baby Buddy's numbers, so the same data gives the same export
/// every night and builds stay incremental.
struct BabyBuddyMapping {
    /// `bb1a2b3c4d`: the server's part of every id.
    let prefix: String
    let amountUnit: VolumeUnit
    private(set) var skipped: [BabyBuddySkip: Int] = [:]

    /// Feeding types that are milk; `solid food` is the other.
    static let milk: Set = ["breast milk", "formula", "fortified breast milk"]

    /// Millilitres in a US fluid ounce.
    static let millilitresPerOunce = 29.5735295625

    init(server: URL, amountUnit: VolumeUnit) {
        var address = server.absoluteString.lowercased()
        while address.hasSuffix("/") { address.removeLast() }
        prefix = "bb" + String(ContentHash(Data(address.utf8)).description.prefix(8))
        self.amountUnit = amountUnit
    }

    func childID(_ number: Int) -> String {
        "\(prefix)-child-\(number)"
    }

    func child(_ record: BabyBuddyChild) -> ExportChild {
        let name = [record.firstName, record.lastName].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        return ExportChild(id: childID(record.id), name: name.isEmpty ? "Child \(record.id)" : name, dateOfBirth: record.birthDate)
    }

    mutating func events(for record: BabyBuddyFeeding, child: String) -> [ExportEvent] {
        // An end equal to the start means no duration was recorded (a bottle logged after the fact).
        let minutes = record.end.map { Double($0.milliseconds - record.start.milliseconds) / 60_000 }.flatMap { $0 > 0 ? $0 : nil }
        guard record.type != "solid food" else { return skip(.solidFood) }
        guard Self.milk.contains(record.type) else { return skip(.unknownFeeding) }
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
            return skip(.parentOrSelfFed)
        default:
            return skip(.unknownFeeding)
        }
        return [ExportEvent(id: "\(prefix)-feeding-\(record.id)", childID: child, kind: .feeding(feeding))]
            + note(record.notes, at: record.start, id: "\(prefix)-feeding-\(record.id)-notes", child: child, category: "feeding")
    }

    func events(for record: BabyBuddySleep, child: String) -> [ExportEvent] {
        [ExportEvent(id: "\(prefix)-sleep-\(record.id)", childID: child, kind: .sleep(.init(startedAt: record.start, endedAt: record.end)))]
            + note(record.notes, at: record.start, id: "\(prefix)-sleep-\(record.id)-notes", child: child, category: "sleep")
    }

    mutating func events(for record: BabyBuddyChange, child: String) -> [ExportEvent] {
        let type: ExportEvent.DiaperType
        switch (record.wet, record.solid) {
        case (true, true): type = .both
        case (true, false): type = .pee
        case (false, true): type = .poop
        case (false, false): return skip(.dryChange)
        }
        return [ExportEvent(id: "\(prefix)-change-\(record.id)", childID: child, kind: .diaper(.init(occurredAt: record.time, type: type)))]
            + note(record.notes, at: record.time, id: "\(prefix)-change-\(record.id)-notes", child: child, category: "diaper")
    }

    mutating func events(for record: BabyBuddyNote, child: String) -> [ExportEvent] {
        guard !record.note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return skip(.emptyNote) }
        return [ExportEvent(id: "\(prefix)-note-\(record.id)", childID: child, kind: .note(.init(occurredAt: record.time, text: record.note)))]
    }

    /// The `notes` of a feeding, sleep or change, kept as a note at its time.
    private func note(_ text: String?, at time: Instant, id: String, child: String, category: String) -> [ExportEvent] {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        return [ExportEvent(id: id, childID: child, kind: .note(.init(occurredAt: time, text: text, category: category)))]
    }

    private mutating func skip(_ reason: BabyBuddySkip) -> [ExportEvent] {
        skipped[reason, default: 0] += 1
        return []
    }
}

import Dataset
import Days
import Export
import Testing
import Timekeeping

/// A day's digest decides whether its pages are made again: every field of every kind of
/// event the day holds must change it, or a page would keep saying what the export no
/// longer does.
@Suite struct DigestTests {
    typealias Kind = ExportEvent.Kind

    static func at(_ time: String) -> Instant { Fixture.at("2026-11-20T\(time):00-06:00") }

    /// One event of each kind, every field given.
    static let base: [Kind] = [
        .feeding(.init(startedAt: at("07:00"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 20)),
        .feeding(.init(startedAt: at("08:00"), type: .bottle, amountML: 120)),
        .diaper(.init(occurredAt: at("09:00"), type: .poop, stoolColor: .yellow, stoolConsistency: .seedy, stoolAmount: .small)),
        .sleep(.init(startedAt: at("10:00"), endedAt: at("11:00"))),
        .note(.init(occurredAt: at("12:00"), text: "a note", category: "health")),
        .measurement(.init(occurredAt: at("13:00"), weightKG: 6.1, lengthCM: 61, headCircumferenceCM: 40)),
        .temperature(.init(occurredAt: at("14:00"), celsius: 37.2)),
        .medication(.init(occurredAt: at("15:00"), name: "Paracetamol", dose: "2.5 ml", nextDoseIntervalMinutes: 240)),
        .pumping(.init(startedAt: at("16:00"), amountML: 90, durationMinutes: 15, side: .left)),
        .solids(.init(occurredAt: at("17:00"), food: "pear", reaction: "liked it")),
        .tummyTime(.init(startedAt: at("18:00"), durationMinutes: 10)),
        .vaccination(.init(occurredAt: at("19:00"), name: "MMR", dose: "1")),
        .milestone(.init(occurredAt: at("20:00"), text: "Rolls over")),
    ]

    /// Each field of each kind changed in turn: the event's index in ``base`` and the event
    /// as changed.
    static let changes: [(String, Int, Kind)] = [
        ("feeding time", 0, .feeding(.init(startedAt: at("07:05"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 20))),
        ("feeding side", 0, .feeding(.init(startedAt: at("07:00"), type: .breast, startedSide: .right, bothSides: true, durationMinutes: 20))),
        ("both sides", 0, .feeding(.init(startedAt: at("07:00"), type: .breast, startedSide: .left, bothSides: false, durationMinutes: 20))),
        ("feeding minutes", 0, .feeding(.init(startedAt: at("07:00"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 25))),
        ("feeding type", 1, .feeding(.init(startedAt: at("08:00"), type: .breast, amountML: 120))),
        ("bottle ml", 1, .feeding(.init(startedAt: at("08:00"), type: .bottle, amountML: 130))),
        ("diaper time", 2, .diaper(.init(occurredAt: at("09:05"), type: .poop, stoolColor: .yellow, stoolConsistency: .seedy, stoolAmount: .small))),
        ("diaper type", 2, .diaper(.init(occurredAt: at("09:00"), type: .both, stoolColor: .yellow, stoolConsistency: .seedy, stoolAmount: .small))),
        ("stool colour", 2, .diaper(.init(occurredAt: at("09:00"), type: .poop, stoolColor: .green, stoolConsistency: .seedy, stoolAmount: .small))),
        ("stool consistency", 2, .diaper(.init(occurredAt: at("09:00"), type: .poop, stoolColor: .yellow, stoolConsistency: .soft, stoolAmount: .small))),
        ("stool amount", 2, .diaper(.init(occurredAt: at("09:00"), type: .poop, stoolColor: .yellow, stoolConsistency: .seedy, stoolAmount: .large))),
        ("sleep start", 3, .sleep(.init(startedAt: at("10:05"), endedAt: at("11:00")))),
        ("sleep end", 3, .sleep(.init(startedAt: at("10:00"), endedAt: at("11:05")))),
        ("note time", 4, .note(.init(occurredAt: at("12:05"), text: "a note", category: "health"))),
        ("note text", 4, .note(.init(occurredAt: at("12:00"), text: "a note!", category: "health"))),
        ("note category", 4, .note(.init(occurredAt: at("12:00"), text: "a note", category: "sleep"))),
        ("measurement time", 5, .measurement(.init(occurredAt: at("13:05"), weightKG: 6.1, lengthCM: 61, headCircumferenceCM: 40))),
        ("weight", 5, .measurement(.init(occurredAt: at("13:00"), weightKG: 6.2, lengthCM: 61, headCircumferenceCM: 40))),
        ("length", 5, .measurement(.init(occurredAt: at("13:00"), weightKG: 6.1, lengthCM: 62, headCircumferenceCM: 40))),
        ("head", 5, .measurement(.init(occurredAt: at("13:00"), weightKG: 6.1, lengthCM: 61, headCircumferenceCM: 40.5))),
        ("untimed", 5, .measurement(.init(occurredAt: at("13:00"), weightKG: 6.1, lengthCM: 61, headCircumferenceCM: 40, untimed: true))),
        ("temperature time", 6, .temperature(.init(occurredAt: at("14:05"), celsius: 37.2))),
        ("celsius", 6, .temperature(.init(occurredAt: at("14:00"), celsius: 38.2))),
        ("medication time", 7, .medication(.init(occurredAt: at("15:05"), name: "Paracetamol", dose: "2.5 ml", nextDoseIntervalMinutes: 240))),
        ("medicine", 7, .medication(.init(occurredAt: at("15:00"), name: "Ibuprofen", dose: "2.5 ml", nextDoseIntervalMinutes: 240))),
        ("dose", 7, .medication(.init(occurredAt: at("15:00"), name: "Paracetamol", dose: "5 ml", nextDoseIntervalMinutes: 240))),
        ("dose interval", 7, .medication(.init(occurredAt: at("15:00"), name: "Paracetamol", dose: "2.5 ml", nextDoseIntervalMinutes: 360))),
        ("pumping time", 8, .pumping(.init(startedAt: at("16:05"), amountML: 90, durationMinutes: 15, side: .left))),
        ("pumped ml", 8, .pumping(.init(startedAt: at("16:00"), amountML: 95, durationMinutes: 15, side: .left))),
        ("pumping minutes", 8, .pumping(.init(startedAt: at("16:00"), amountML: 90, durationMinutes: 16, side: .left))),
        ("pumping side", 8, .pumping(.init(startedAt: at("16:00"), amountML: 90, durationMinutes: 15, side: .both))),
        ("solids time", 9, .solids(.init(occurredAt: at("17:05"), food: "pear", reaction: "liked it"))),
        ("food", 9, .solids(.init(occurredAt: at("17:00"), food: "apple", reaction: "liked it"))),
        ("reaction", 9, .solids(.init(occurredAt: at("17:00"), food: "pear", reaction: "a rash"))),
        ("tummy time start", 10, .tummyTime(.init(startedAt: at("18:05"), durationMinutes: 10))),
        ("tummy time minutes", 10, .tummyTime(.init(startedAt: at("18:00"), durationMinutes: 12))),
        ("vaccination time", 11, .vaccination(.init(occurredAt: at("19:05"), name: "MMR", dose: "1"))),
        ("vaccine", 11, .vaccination(.init(occurredAt: at("19:00"), name: "Varicella", dose: "1"))),
        ("vaccine dose", 11, .vaccination(.init(occurredAt: at("19:00"), name: "MMR", dose: "2"))),
        ("milestone time", 12, .milestone(.init(occurredAt: at("20:05"), text: "Rolls over"))),
        ("milestone text", 12, .milestone(.init(occurredAt: at("20:00"), text: "Sits up"))),
    ]

    /// The digest of 20 November when the events are `kinds`, each logged by `caregivers[index]`.
    static func digest(_ kinds: [Kind], caregivers: [String?]? = nil) throws -> String {
        let document = ExportDocument(
            exportedAt: Fixture.at("2026-11-22T22:00:00-06:00"),
            settings: ExportSettings(timezone: Fixture.chicago),
            children: [ExportChild(id: "c", name: "Ava", dateOfBirth: LocalDate("2026-08-01"))],
            events: kinds.enumerated().map { ExportEvent(id: "e\($0.offset)", childID: "c", createdBy: caregivers?[$0.offset] ?? "Mom", kind: $0.element) })
        let (family, warnings) = Family.validated(from: document)
        #expect(warnings.isEmpty, "every event is kept: \(warnings)")
        let days = ChildDays(record: family.children[0], settings: family.settings, exportedAt: family.exportedAt)
        let index = try #require(days.days.firstIndex { $0.date == LocalDate("2026-11-20") })
        return "\(days.digests[index])"
    }

    @Test("every field of every kind of event changes its day's digest, and who logged it too")
    func everyField() throws {
        let before = try Self.digest(Self.base)
        #expect(try Self.digest(Self.base) == before, "the same day gives the same digest")
        for (field, index, changed) in Self.changes {
            var kinds = Self.base
            kinds[index] = changed
            #expect(try Self.digest(kinds) != before, "\(field) changed and the day's digest did not")
        }
        for index in Self.base.indices {
            var caregivers = [String?](repeating: "Mom", count: Self.base.count)
            caregivers[index] = "Dad"
            #expect(try Self.digest(Self.base, caregivers: caregivers) != before, "the caregiver of \(Self.base[index]) changed and the digest did not")
        }
    }
}

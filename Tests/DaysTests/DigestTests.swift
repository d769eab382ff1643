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
        .crying(.init(startedAt: at("21:00"), endedAt: at("21:40"), durationMinutes: 35, note: "hungry")),
    ]

    /// Each field of each kind changed in turn, through the kind's own list of its fields
    /// (``KindFields``), so a field added to a kind is changed here too: its name, the
    /// event's index in ``base`` and the event as changed.
    static var changes: [(String, Int, Kind)] {
        base.indices.flatMap { index in
            (0..<FieldChanger.count(of: base[index])).map { target in
                var changer = FieldChanger(target: target)
                var kind = base[index]
                kind.visitFields(&changer)
                return ("\(base[index].name!.rawValue).\(changer.changed ?? "?")", index, kind)
            }
        }
    }

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
        let changes = Self.changes
        #expect(changes.count == 51, "the kinds' fields: \(changes.map(\.0))")
        for (field, index, changed) in changes {
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

/// Changes the field visited `target`-th (from 0) of an event, to a value its kind still
/// allows: five minutes later, one more, a character more, the flag turned, the next choice.
struct FieldChanger: FieldVisitor {
    typealias Failure = Never
    let target: Int
    private var seen = 0
    /// The key of the field changed.
    private(set) var changed: String?

    init(target: Int) {
        self.target = target
    }

    /// How many fields `kind` declares; checked against the stored properties of its fields.
    static func count(of kind: ExportEvent.Kind) -> Int {
        var counter = FieldChanger(target: -1)
        var copy = kind
        copy.visitFields(&counter)
        guard case .some(let fields) = Mirror(reflecting: kind).children.first?.value else { return counter.seen }
        #expect(Mirror(reflecting: fields).children.count == counter.seen, "\(kind): a stored field is not in its kind's list of fields")
        return counter.seen
    }

    private mutating func isTarget(_ key: ExportEvent.CodingKeys) -> Bool {
        defer { seen += 1 }
        guard seen == target else { return false }
        changed = key.rawValue
        return true
    }

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) {
        if isTarget(key) { value = Instant(milliseconds: value.milliseconds + 300_000) }
    }

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) {
        if isTarget(key) { value = value.map { Instant(milliseconds: $0.milliseconds + 300_000) } }
    }

    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) {
        if isTarget(key) { value += 1 }
    }

    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) {
        if isTarget(key) { value = (value ?? 0) + 1 }
    }

    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) {
        if isTarget(key) { value += "!" }
    }

    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) {
        if isTarget(key) { value = (value ?? "") + "!" }
    }

    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) {
        if isTarget(key) { value.toggle() }
    }

    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) {
        if isTarget(key) { value = Self.next(after: value) }
    }

    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) {
        if isTarget(key) { value = value.map(Self.next) ?? Choice.allCases[0] }
    }

    private static func next<Choice: FieldChoice>(after value: Choice) -> Choice {
        let cases = Choice.allCases
        return cases[(cases.firstIndex(of: value)! + 1) % cases.count]
    }
}

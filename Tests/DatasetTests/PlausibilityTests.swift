import Dataset
import Export
import Testing
import Timekeeping

/// One impossible value must cost nothing: it is warned about with its path and left out,
/// and the rest of the family's data stands as it would without it.
@Suite struct PlausibilityTests {
    static func at(_ text: String) -> Instant { ISO8601.instant(from: text)! }

    static let export = at("2026-11-21T22:00:00Z")

    static func document(birthday: String? = "2026-08-01", exportedAt: Instant = export, _ extra: [ExportEvent.Kind]) -> ExportDocument {
        let ordinary: [ExportEvent.Kind] = [
            .diaper(.init(occurredAt: at("2026-11-20T10:00:00Z"), type: .pee)),
            .diaper(.init(occurredAt: at("2026-11-21T10:00:00Z"), type: .poop)),
            .note(.init(occurredAt: at("2026-11-21T12:00:00Z"), text: "fine")),
        ]
        let events = (ordinary + extra).enumerated().map { ExportEvent(id: "e\($0.offset)", childID: "c", kind: $0.element) }
        return ExportDocument(exportedAt: exportedAt, settings: ExportSettings(),
                              children: [ExportChild(id: "c", name: "Ava", dateOfBirth: birthday.flatMap { LocalDate($0) })],
                              events: events)
    }

    @Test("an impossible time is left out with its path; the child's first entry stays the real one", arguments: [
        (ExportEvent.Kind.diaper(.init(occurredAt: at("0001-01-01T00:00:00Z"), type: .pee)),
         "events[3].occurred_at: 0001-01-01T00:00:00Z is before 2000, earlier than any real entry; left out"),
        (.note(.init(occurredAt: at("1969-12-31T23:59:00Z"), text: "epoch")),
         "events[3].occurred_at: 1969-12-31T23:59:00Z is before 2000, earlier than any real entry; left out"),
        (.feeding(.init(startedAt: at("2026-11-23T22:00:01Z"), type: .bottle, amountML: 90)),
         "events[3].started_at: 2 days after the export was made, more than a clock can be off; left out"),
        (.sleep(.init(startedAt: at("2026-11-21T01:00:00Z"), endedAt: at("9999-01-01T00:00:00Z"))),
         "events[3].ended_at: expected a sleep of at most 7 days, found 2,911,753 days; left out"),
        (.note(.init(occurredAt: at("2016-11-21T12:00:00Z"), text: "typo")),
         "events[3].occurred_at: 2016-11-21T12:00:00Z is more than a week before the birthday (2026-08-01); left out"),
        (.sleep(.init(startedAt: at("2026-10-01T20:00:00Z"), endedAt: at("2026-11-20T07:00:00Z"))),
         "events[3].ended_at: expected a sleep of at most 7 days, found 49 days; left out"),
    ])
    func impossibleTimes(event: ExportEvent.Kind, warning: String) {
        let (family, warnings) = Family.validated(from: Self.document([event]))
        #expect(warnings.map(\.description) == [warning])
        let ava = family.children[0]
        #expect(ava.firstEventTime == Self.at("2026-11-20T10:00:00Z"))
        #expect(ava.diapers.count + ava.notes.count + ava.feedings.count + ava.sleeps.count == 3)
        #expect(family.exportedAt == Self.export)
    }

    @Test("a sleep without an end begun more than a day before the export was not ended in the app: kept, said once, not a long sleep",
          arguments: ["2026-11-01T20:00:00Z", "2026-11-20T12:00:00Z"])
    func sleepNeverEnded(start: String) {
        let (family, warnings) = Family.validated(from: Self.document([.sleep(.init(startedAt: Self.at(start), endedAt: nil))]))
        let length = (Self.export - Self.at(start)).spoken
        #expect(warnings.map(\.description) == ["events[3]: a sleep still going at the export after \(length) was not ended in the app; kept as started, not counted as sleep"])
        let sleep = family.children[0].sleeps.first
        #expect(sleep?.isUnended(exportedAt: family.exportedAt) == true && sleep?.info.flags.isEmpty == true)
    }

    @Test("an amount no bottle holds, or a feeding longer than a day, costs that value only: the feed stays with the rest", arguments: [
        (ExportEvent.Kind.feeding(.init(startedAt: at("2026-11-21T08:00:00Z"), type: .bottle, amountML: 1e19)),
         "events[3].amount_ml: expected at most 2000 ml in a bottle, found 1e+19 ml; the amount is left out, the feeding kept"),
        (.feeding(.init(startedAt: at("2026-11-21T08:00:00Z"), type: .breast, startedSide: .left, durationMinutes: 1e20)),
         "events[3].duration_minutes: expected a feeding of at most a day, found 1e+20 minutes; the duration is left out, the feeding kept"),
        (.feeding(.init(startedAt: at("2026-11-21T08:00:00Z"), type: .bottle, durationMinutes: 5.5e20, amountML: 118)),
         "events[3].duration_minutes: expected a feeding of at most a day, found 5.5e+20 minutes; the duration is left out, the feeding kept"),
        (.feeding(.init(startedAt: at("2026-11-21T08:00:00Z"), type: .bottle, amountML: 2000.5)),
         "events[3].amount_ml: expected at most 2000 ml in a bottle, found 2000.5 ml; the amount is left out, the feeding kept"),
    ])
    func impossibleAmounts(event: ExportEvent.Kind, warning: String) throws {
        let (family, warnings) = Family.validated(from: Self.document([event]))
        #expect(warnings.map(\.description) == [warning])
        let feeding = try #require(family.children[0].feedings.first { $0.info.index == 3 })
        guard case .feeding(let given) = event else { return }
        #expect(feeding.durationMinutes == ((given.durationMinutes ?? 0) > 1440 ? nil : given.durationMinutes))
        #expect(feeding.amountML == ((given.amountML ?? 0) > 2000 ? nil : given.amountML))
        #expect(feeding.startedSide == given.startedSide && feeding.type == given.type)
    }

    @Test("a feeding 20 hours after the export is kept and flagged, as before")
    func slightlyAfterExport() {
        let (family, warnings) = Family.validated(from: Self.document([
            .feeding(.init(startedAt: Self.at("2026-11-22T18:00:00Z"), type: .bottle, amountML: 90)),
        ]))
        #expect(warnings.map(\.description) == ["events[3].started_at: 20h after the export was made; kept, flagged"])
        #expect(family.children[0].feedings.first?.info.flags == [.afterExport])
    }

    @Test("a birthday that cannot be is not used, and no entry is lost for it", arguments: [
        ("2030-01-01", "children[0].date_of_birth: 2030-01-01 is after the export was made; not used, so ages are not shown"),
        ("1987-05-04", "children[0].date_of_birth: 1987-05-04 is before 2000; not used, so ages are not shown"),
        ("2026-11-21", "children[0].date_of_birth: 2026-11-21 is after 2 of Ava's 3 entries; not used, so ages are not shown"),
    ])
    func impossibleBirthday(birthday: String, warning: String) {
        var document = Self.document(birthday: birthday, [])
        if birthday == "2026-11-21" {
            // Two entries long before that birthday, one on it: the birthday is the mistake.
            document.events[0].kind = .diaper(.init(occurredAt: Self.at("2026-10-01T10:00:00Z"), type: .pee))
            document.events[1].kind = .diaper(.init(occurredAt: Self.at("2026-10-02T10:00:00Z"), type: .pee))
        }
        let (family, warnings) = Family.validated(from: document)
        #expect(warnings.map(\.description) == [warning])
        #expect(family.children[0].child.dateOfBirth == nil)
        #expect(family.children[0].diapers.count == 2 && family.children[0].notes.count == 1)
    }

    @Test("an export made years after the last entry ends the reports with that entry")
    func lateExport() {
        let (family, warnings) = Family.validated(from: Self.document(exportedAt: Self.at("2099-01-01T00:00:00Z"), []))
        #expect(warnings.map(\.description) == [
            "exported_at: 2099-01-01T00:00:00Z is 26,338 days after the last entry; the reports end with that entry (2026-11-21T12:00:00Z)",
        ])
        #expect(family.exportedAt == Self.at("2026-11-21T12:00:00Z"))
        // Within a year it is the family's own business: the export's time stands.
        let (onTime, none) = Family.validated(from: Self.document(exportedAt: Self.at("2027-09-01T00:00:00Z"), []))
        #expect(none.isEmpty)
        #expect(onTime.exportedAt == Self.at("2027-09-01T00:00:00Z"))
    }

    @Test("a name, caregiver or category longer than 200 characters is cut there: every page repeats it")
    func longNames() {
        var document = Self.document([
            .note(.init(occurredAt: Self.at("2026-11-21T13:00:00Z"), text: "x", category: String(repeating: "c", count: 5_000))),
        ])
        document.children[0].name = String(repeating: "A", count: 3_000_000)
        document.events[0].createdBy = String(repeating: "é", count: 201)
        let (family, warnings) = Family.validated(from: document)
        #expect(warnings.map(\.description) == [
            "children[0].name: a name of 3,000,000 characters; only the first 200 are used",
            "events[0].created_by: a caregiver's name of 201 characters; only the first 200 are used",
            "events[3].category: a category of 5,000 characters; only the first 200 are used",
        ])
        #expect(family.children[0].child.name.count == 200)
        #expect(family.children[0].notes.last?.category?.count == 200)
    }
}

import Dataset
import Export
import Testing
import Timekeeping

/// Growth and health values no child or thermometer can show are left out with their path;
/// believable ones are kept, sorted, and placed by their time.
@Suite struct HealthValidationTests {
    static func at(_ text: String) -> Instant { ISO8601.instant(from: text)! }

    static func validated(child: ExportChild = ExportChild(id: "c", name: "Ava", dateOfBirth: LocalDate("2026-08-01")),
                          _ kinds: [ExportEvent.Kind]) -> (family: Family, warnings: [String]) {
        let events = kinds.enumerated().map { ExportEvent(id: "e\($0.offset)", childID: "c", kind: $0.element) }
        let document = ExportDocument(exportedAt: at("2026-11-21T22:00:00Z"), settings: ExportSettings(), children: [child], events: events)
        let (family, warnings) = Family.validated(from: document)
        return (family, warnings.map(\.description))
    }

    @Test("values outside what a child can measure are left out, each with its path", arguments: [
        (ExportEvent.Kind.measurement(.init(occurredAt: at("2026-11-20T10:00:00Z"), weightKG: 3400)),
         "events[0].weight_kg: expected a weight of 0.3–30 kg, found 3400 kg; left out"),
        (.measurement(.init(occurredAt: at("2026-11-20T10:00:00Z"), lengthCM: 6.1)),
         "events[0].length_cm: expected a length of 25–130 cm, found 6.1 cm; left out"),
        (.measurement(.init(occurredAt: at("2026-11-20T10:00:00Z"), headCircumferenceCM: 410)),
         "events[0].head_circumference_cm: expected a head circumference of 18–60 cm, found 410 cm; left out"),
        (.measurement(.init(occurredAt: at("2026-11-20T10:00:00Z"))),
         "events[0]: a measurement with no weight, length or head circumference; skipped"),
        (.temperature(.init(occurredAt: at("2026-11-20T10:00:00Z"), celsius: 100.4)),
         "events[0].celsius: expected a body temperature of 30–45 °C, found 100.4 °C (as °F it would be 38.0 °C); left out"),
        (.temperature(.init(occurredAt: at("2026-11-20T10:00:00Z"), celsius: 3.7)),
         "events[0].celsius: expected a body temperature of 30–45 °C, found 3.7 °C; left out"),
        (.medication(.init(occurredAt: at("2026-11-20T10:00:00Z"), name: "  ")),
         "events[0].name: a medication with no name; skipped"),
        (.tummyTime(.init(startedAt: at("2026-11-20T10:00:00Z"), durationMinutes: 2000)),
         "events[0].duration_minutes: expected tummy time of at most a day, found 2000 minutes; left out"),
        (.vaccination(.init(occurredAt: at("2026-11-20T10:00:00Z"), name: " ")),
         "events[0].name: a vaccination with no name; skipped"),
        (.milestone(.init(occurredAt: at("2026-11-20T10:00:00Z"), text: "\n")),
         "events[0].text: a milestone with no text; skipped"),
        (.crying(.init(startedAt: at("2026-11-20T10:00:00Z"), endedAt: at("2026-11-20T09:50:00Z"))),
         "events[0].ended_at: expected crying to end after it starts, found an end 10m before its start; left out"),
        (.crying(.init(startedAt: at("2026-11-20T10:00:00Z"), endedAt: at("2026-11-21T11:00:00Z"))),
         "events[0].ended_at: expected crying of at most a day, found 25h; left out"),
    ])
    func leftOut(kind: ExportEvent.Kind, warning: String) {
        let (family, warnings) = Self.validated([kind])
        #expect(warnings == [warning])
        let record = family.children[0]
        #expect(record.health.count == 0)
    }

    @Test("a pumping keeps its time and side when its amount cannot be real", arguments: [
        (-20.0, "events[0].amount_ml: expected an amount of 0 ml or more, found -20 ml; the amount is left out, the pumping kept"),
        (4000, "events[0].amount_ml: expected at most 1000 ml from one pumping, found 4000 ml; the amount is left out, the pumping kept"),
    ])
    func pumpingKept(amount: Double, warning: String) throws {
        let (family, warnings) = Self.validated([.pumping(.init(startedAt: Self.at("2026-11-20T10:00:00Z"), amountML: amount, side: .left))])
        #expect(warnings == [warning])
        let pumping = try #require(family.children[0].health.pumpings.first)
        #expect(pumping.amountML == nil && pumping.side == .left)
    }

    @Test("a measurement keeps its believable values when one of them is not")
    func partlyKept() throws {
        let (family, warnings) = Self.validated([.measurement(.init(occurredAt: Self.at("2026-11-20T10:00:00Z"), weightKG: 6.4, lengthCM: 640))])
        #expect(warnings == ["events[0].length_cm: expected a length of 25–130 cm, found 640 cm; left out"])
        let measurement = try #require(family.children[0].health.measurements.first)
        #expect(measurement.weightKG == 6.4 && measurement.lengthCM == nil)
    }

    @Test("the child's facts at birth are used only when believable")
    func birth() {
        let child = ExportChild(id: "c", name: "Ava", dateOfBirth: LocalDate("2026-08-01"), sex: .female, gestationalAgeWeeks: 50,
                                birthWeightKG: 3.21, birthLengthCM: 49.5, birthHeadCircumferenceCM: 340)
        let (family, warnings) = Self.validated(child: child, [])
        #expect(warnings == [
            "children[0].birth_head_circumference_cm: 340 cm is not a head circumference at birth (18–45 cm); left out",
            "children[0].gestational_age_weeks: 50 weeks is not a pregnancy (22–44 weeks); left out",
        ])
        let facts = family.children[0].child
        #expect(facts.sex == .female && facts.gestationalAgeWeeks == nil)
        #expect(facts.birth == BirthMeasurements(weightKG: 3.21, lengthCM: 49.5, headCircumferenceCM: nil))
    }

    @Test("a due date gives the weeks of pregnancy, and wins over weeks that disagree; one that cannot be, or has no birthday, is not used", arguments: [
        (LocalDate("2026-08-01"), "2026-09-12", nil as Double?, 34.0 as Double?, [] as [String]),
        (LocalDate("2026-08-01"), "2026-09-12", 36, 34, ["children[0].gestational_age_weeks: 36 weeks and the due date 2026-09-12 (34 weeks) disagree; the due date is used"]),
        (LocalDate("2026-08-01"), "2026-09-12", 34.5, 34, []),
        (LocalDate("2026-08-01"), "2027-03-01", 35, 35,
         ["children[0].due_date: 2027-03-01 is not a due date for a birth on 2026-08-01 (22–44 weeks of pregnancy, found 9.7); left out"]),
        (nil, "2026-09-12", nil, nil, ["children[0].due_date: a due date with no birthday says nothing of the age; not used"]),
    ])
    func dueDate(born: LocalDate?, due: String, weeks: Double?, expected: Double?, warnings expectedWarnings: [String]) {
        let child = ExportChild(id: "c", name: "Ava", dateOfBirth: born, gestationalAgeWeeks: weeks, dueDate: LocalDate(due))
        let (family, warnings) = Self.validated(child: child, [])
        #expect(warnings == expectedWarnings)
        #expect(family.children[0].child.gestationalAgeWeeks == expected)
    }

    @Test("health entries are sorted by time and count toward the archive's first and last entries")
    func sortedAndSpanning() {
        let (family, warnings) = Self.validated([
            .temperature(.init(occurredAt: Self.at("2026-11-21T10:00:00Z"), celsius: 37.9)),
            .temperature(.init(occurredAt: Self.at("2026-11-20T10:00:00Z"), celsius: 37.1)),
            .solids(.init(occurredAt: Self.at("2026-11-02T12:00:00Z"), food: "pear", reaction: nil)),
            .medication(.init(occurredAt: Self.at("2026-11-21T20:00:00Z"), name: "Vitamin D", dose: "1 drop")),
        ])
        #expect(warnings.isEmpty)
        let record = family.children[0]
        #expect(record.health.temperatures.map { $0.celsius } == [37.1, 37.9])
        #expect(record.firstEventTime == Self.at("2026-11-02T12:00:00Z"))
        #expect(record.lastEventTime == Self.at("2026-11-21T20:00:00Z"))
    }
}

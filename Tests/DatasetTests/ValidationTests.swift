@testable import Dataset
import Export
import Testing
import Timekeeping

@Suite struct ValidationTests {
    static func at(_ text: String) -> Instant { ISO8601.instant(from: text)! }

    static let children = [
        ExportChild(id: "ava", name: "Ava", dateOfBirth: LocalDate("2026-08-01")),
        ExportChild(id: "leo", name: "Leo", dateOfBirth: nil),
        ExportChild(id: "ava", name: "Ava again", dateOfBirth: nil),
    ]

    static func event(_ id: String, _ kind: ExportEvent.Kind, child: String = "ava") -> ExportEvent {
        ExportEvent(id: id, childID: child, kind: kind)
    }

    static let messy = ExportDocument(
        exportedAt: at("2026-11-21T22:00:00Z"),
        settings: ExportSettings(),
        children: children,
        events: [
            event("a", .sleep(.init(startedAt: at("2026-11-21T01:00:00Z"), endedAt: at("2026-11-21T05:00:00Z")))),
            event("b", .sleep(.init(startedAt: at("2026-11-21T04:00:00Z"), endedAt: at("2026-11-21T06:00:00Z")))),
            event("c", .sleep(.init(startedAt: at("2026-11-21T09:00:00Z"), endedAt: at("2026-11-21T08:00:00Z")))),
            event("d", .diaper(.init(occurredAt: at("2026-11-22T01:30:00Z"), type: .pee))),
            event("e", .diaper(.init(occurredAt: at("2026-11-21T10:00:00Z"), type: .pee)), child: "nobody"),
            event("a", .diaper(.init(occurredAt: at("2026-11-21T11:00:00Z"), type: .poop))),
            event("f", .feeding(.init(startedAt: at("2026-11-21T12:00:00Z"), type: .breast, durationMinutes: -5))),
            event("g", .feeding(.init(startedAt: at("2026-11-21T12:30:00Z"), type: .bottle, amountML: -30))),
            event("h", .sleep(.init(startedAt: at("2026-11-18T12:00:00Z"), endedAt: at("2026-11-19T14:10:00Z")))),
            event("i", .feeding(.init(startedAt: at("2026-11-21T13:00:00Z"), type: .bottle, amountML: 650))),
            event("j", .unknown(type: "bath")),
            event("k", .note(.init(occurredAt: at("2026-11-21T14:00:00Z"), text: "fine")), child: "leo"),
            event("l", .diaper(.init(occurredAt: at("1999-12-31T00:00:00Z"), type: .pee)), child: "leo"),
        ],
        duplicateKeys: ["events[11].text"]
    )

    @Test("every kind of data problem is one warning with its path, in the export's order")
    func warnings() {
        let (_, warnings) = Family.validated(from: Self.messy)
        #expect(warnings.map(\.description) == [
            #"children[2].id: duplicate of children[0] (id "ava"); skipped, the first is kept"#,
            "events[1]: this sleep overlaps the one at events[0]; the two are counted once in the totals",
            "events[2].ended_at: expected a sleep to end after it starts, found an end 1h before its start; left out",
            "events[3].occurred_at: 3h 30m after the export was made; kept, flagged",
            #"events[4].child_id: no child has id "nobody"; skipped"#,
            #"events[5].id: duplicate of events[0] (id "a"); skipped, the first is kept"#,
            "events[6].duration_minutes: expected a duration of 0 minutes or more, found -5 minutes; the duration is left out, the feeding kept",
            "events[7].amount_ml: expected an amount of 0 ml or more, found -30 ml; the amount is left out, the feeding kept",
            "events[8]: a sleep of 26h 10m is longer than 24 hours; kept, flagged",
            "events[9].amount_ml: 650 ml in one feeding is more than 500 ml; kept, flagged",
            #"events[10].type: unknown event type "bath"; skipped"#,
            "events[11].text: given twice in one object; the first value is used",
            "events[12].occurred_at: 1999-12-31T00:00:00Z is before 2000, earlier than any real entry; left out",
        ])
        #expect(Set(warnings.map(\.kind)) == Set(DataWarning.Kind.allCases))
    }

    @Test("skipped events are gone; kept ones carry their flags; lists are sorted by time")
    func keptAndSkipped() {
        let (family, _) = Family.validated(from: Self.messy)
        #expect(family.children.map(\.child.name) == ["Ava", "Leo"])
        let ava = family.children[0]
        func ids(_ infos: [EventInfo]) -> [String] { infos.map { Self.messy.events[$0.index].id } }
        #expect(ids(ava.sleeps.map(\.info)) == ["h", "a", "b"])
        #expect(ava.sleeps[2].info.flags == [.overlappingSleep])
        #expect(ava.sleeps[0].info.flags == [.longSleep])
        #expect(ids(ava.diapers.map(\.info)) == ["d"])
        #expect(ava.diapers[0].info.flags == [.afterExport])
        // A negative duration or amount costs that value only.
        #expect(ids(ava.feedings.map(\.info)) == ["f", "g", "i"])
        #expect(ava.feedings[0].durationMinutes == nil && ava.feedings[1].amountML == nil)
        #expect(ava.feedings[2].info.flags == [.largeBottle])
        #expect(family.children[1].notes.map(\.info.path) == ["events[11]"])
    }

    @Test("a family of many children is checked as a small one is (children found by a table, not one by one)")
    func manyChildren() {
        var large = Self.messy
        large.children += (1...10).map { ExportChild(id: "child\($0)", name: "Child \($0)", dateOfBirth: nil) }
        large.events.append(Self.event("m", .diaper(.init(occurredAt: Self.at("2026-11-21T15:00:00Z"), type: .pee)), child: "child10"))
        let (small, smallWarnings) = Family.validated(from: Self.messy)
        let (family, warnings) = Family.validated(from: large)
        #expect(warnings.map(\.description) == smallWarnings.map(\.description))
        #expect(family.children.count == 12)
        for (index, record) in small.children.enumerated() {
            let same = family.children[index]
            #expect(same.child.name == record.child.name)
            #expect(same.sleeps == record.sleeps && same.diapers == record.diapers && same.feedings == record.feedings && same.notes == record.notes)
        }
        #expect(family.children[11].diapers.map { large.events[$0.info.index].id } == ["m"])
    }

    @Test("settings: the export's over the defaults (the build's order is ReportTests' SettingLevelsTests)")
    func settingsPrecedence() throws {
        var document = Self.messy
        document.settings = ExportSettings(timezone: Zone(identifier: "America/Chicago"), dayStart: TimeOfDay("07:00"), units: .oz)
        let fromExport = Family.validated(from: document).family.settings
        #expect(fromExport.zone.identifier == "America/Chicago")
        #expect(fromExport.dayStart == TimeOfDay("07:00"))
        #expect(fromExport.units == Units(volume: .oz))
        #expect(fromExport.napStartMin == TimeOfDay("06:00") && fromExport.napStartMax == TimeOfDay("18:00"))
        let defaults = Family.validated(from: Self.messy).family.settings
        #expect(defaults.dayStart == .midnight && defaults.units == .metric)
    }

    @Test("the usual units of a region: US units in the United States and Liberia, metric elsewhere and without one",
          arguments: [("US" as String?, Units.us), ("LR", .us), ("GB", .metric), ("CA", .metric), ("DE", .metric), ("JP", .metric),
                      ("PR", .metric), (nil, .metric), ("us", .us), ("ZZZZ", .metric), ("", .metric)])
    func usualUnits(region: String?, units: Units) {
        #expect(Units.usual(inRegion: region) == units)
    }
}

@Suite struct EventIDsTests {
    @Test("duplicate ids are found as they are when every id's hash meets another's", arguments: [false, true])
    func duplicates(colliding: Bool) {
        let ids = ["a", "b", "a", "c", "b", "d", "c", "a", "e"]
        let events = ids.map { ExportEvent(id: $0, childID: "ava", kind: .unknown(type: "x")) }
        var table = colliding ? EventIDs(capacity: 4) { _ in 7 } : EventIDs(capacity: 4)
        let earlier = events.indices.map { table.earlier(than: $0, in: events) }
        #expect(earlier == [nil, nil, 0, nil, 1, nil, 3, 0, nil])
    }

    @Test("a table told of fewer events than it meets grows, and still finds every duplicate")
    func grows() {
        let events = (0..<500).map { ExportEvent(id: "e\($0 % 300)", childID: "ava", kind: .unknown(type: "x")) }
        var table = EventIDs(capacity: 1)
        let earlier = events.indices.map { table.earlier(than: $0, in: events) }
        #expect(earlier == events.indices.map { $0 < 300 ? nil : $0 - 300 })
    }
}

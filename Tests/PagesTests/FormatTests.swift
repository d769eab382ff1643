import Dataset
import Pages
import Export
import Testing
import Timekeeping

@Suite struct FormatTests {
    @Test("ages read as weeks and days", arguments: [
        (0, "0 days"), (1, "1 day"), (6, "6 days"), (7, "1 week"), (8, "1 week 1 day"),
        (14, "2 weeks"), (115, "16 weeks 3 days"), (-1, nil),
    ])
    func ages(days: Int, text: String?) {
        #expect(Format.age(days: days) == text)
    }

    @Test("times use the 12-hour clock", arguments: [
        ("00:05", "12:05 AM"), ("09:05", "9:05 AM"), ("12:00", "12:00 PM"), ("21:05", "9:05 PM"), ("23:59", "11:59 PM"),
    ])
    func times(time: String, text: String) {
        #expect(Format.time(TimeOfDay(time)!) == text)
    }

    @Test("the hour a fall-back change repeats says which it is; every other time says nothing more", arguments: [
        ("2026-11-01T00:30:00-05:00", "12:30 AM"), ("2026-11-01T01:30:00-05:00", "1:30 AM CDT"),
        ("2026-11-01T01:30:00-06:00", "1:30 AM CST"), ("2026-11-01T01:59:00-06:00", "1:59 AM CST"),
        ("2026-11-01T02:00:00-06:00", "2:00 AM"), ("2026-03-08T01:59:00-06:00", "1:59 AM"), ("2026-03-08T03:00:00-05:00", "3:00 AM"),
    ])
    func repeatedHour(timestamp: String, text: String) throws {
        let zone = try #require(Zone(identifier: "America/Chicago"))
        #expect(Format.time(try #require(ISO8601.instant(from: timestamp)), in: zone) == text)
    }

    @Test("volumes in ml or oz, the number never parted from its unit", arguments: [
        (90.0, VolumeUnit.ml, "90\u{00A0}ml"), (88.7, .ml, "88.7\u{00A0}ml"), (90, .oz, "3\u{00A0}oz"), (120, .oz, "4.1\u{00A0}oz"),
    ])
    func volumes(ml: Double, unit: VolumeUnit, text: String) {
        #expect(Format.volume(ml: ml, in: unit) == text)
    }

    @Test("entry details as the day page lists them")
    func entries() {
        let info = EventInfo(index: 0)
        let at = ISO8601.instant(from: "2026-11-21T03:10:00-06:00")!
        func feeding(_ fields: ExportEvent.Feeding) -> String { EntryText.feeding(Feeding(info: info, fields: fields), units: .metric) }
        #expect(feeding(.init(startedAt: at, type: .breast, startedSide: .left, bothSides: true, durationMinutes: 18)) == "Left breast → right · 18\u{00A0}min")
        #expect(feeding(.init(startedAt: at, type: .breast, startedSide: .right, durationMinutes: 15)) == "Right breast · 15\u{00A0}min")
        #expect(feeding(.init(startedAt: at, type: .breast)) == "Breast")
        #expect(feeding(.init(startedAt: at, type: .bottle, amountML: 90)) == "Bottle · 90\u{00A0}ml")
        #expect(EntryText.diaper(Diaper(info: info, fields: .init(occurredAt: at, type: .both))) == "Pee + poop")
        let chicago = Zone(identifier: "America/Chicago")!
        let sleep = Sleep(info: info, fields: .init(startedAt: ISO8601.instant(from: "2026-11-20T21:05:00-06:00")!, endedAt: ISO8601.instant(from: "2026-11-21T02:50:00-06:00")))
        #expect(EntryText.sleep(sleep, zone: chicago, exportedAt: at) == "until 2:50 AM · 5h\u{00A0}45m")
        let ongoing = Sleep(info: info, fields: .init(startedAt: ISO8601.instant(from: "2026-11-20T21:05:00-06:00")!, endedAt: nil))
        #expect(EntryText.sleep(ongoing, zone: chicago, exportedAt: at) == "still asleep at export · 6h\u{00A0}5m so\u{00A0}far")
    }
}

@Suite struct ElapsedTests {
    @Test("time before the export reads in hours within a day, then in days", arguments: [
        // Each part whole (a no-break space inside), the line free to break between them.
        (Duration.minutes(135), "2h 15m"), (.hours(23) + .minutes(59), "23h 59m"), (.hours(24), "1\u{00A0}day"), (.hours(37) + .minutes(35), "1\u{00A0}day 13h"),
        (.hours(47), "1\u{00A0}day 23h"), (.hours(52), "2\u{00A0}days 4h"), (.hours(72), "3\u{00A0}days"),
        (.hours(468) + .minutes(42), "19\u{00A0}days"),
    ])
    func elapsed(duration: Duration, text: String) {
        #expect(Format.elapsed(duration) == text)
    }
}

@Suite struct MonthsTests {
    @Test("whole calendar months of age", arguments: [
        ("2026-01-23", "2026-11-21", "9 months"), ("2026-01-23", "2026-11-23", "10 months"),
        ("2026-01-31", "2026-02-28", "1 month"), ("2026-01-31", "2026-02-27", "0 months"),
        ("2025-07-20", "2026-11-21", "16 months"), ("2024-02-29", "2025-02-28", "12 months"),
    ])
    func months(birth: String, date: String, text: String) {
        #expect(Format.months(from: LocalDate(birth)!, to: LocalDate(date)!) == text)
    }
}

@Suite struct ChildAgeTests {
    @Test("a child's age: weeks and days, then with months, then from two years in years and months", arguments: [
        ("2026-11-01", "2026-11-21", "2 weeks 6 days"), ("2026-08-01", "2026-11-21", "16 weeks (3 months)"),
        ("2024-11-22", "2026-11-21", "104 weeks 1 day (23 months)"), ("2024-11-21", "2026-11-21", "2 years"),
        ("2023-09-20", "2026-11-21", "3 years 2 months"), ("2022-10-21", "2026-11-21", "4 years 1 month"),
    ])
    func age(birth: String, date: String, text: String) {
        #expect(Format.age(born: LocalDate(birth)!, on: LocalDate(date)!) == text)
    }
}

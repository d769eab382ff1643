import Dataset
import Days
import Testing
import Timekeeping

@Suite struct FeedingAndDiaperFiguresTests {
    @Test("feedings are counted by type and side, with minutes and millilitres")
    func feedingCounts() {
        var fixture = Fixture()
        fixture.breast("2026-11-21T03:10:00-06:00", side: .left, both: true, minutes: 18)
        fixture.breast("2026-11-21T06:10:00-06:00", side: .right, minutes: 12)
        fixture.breast("2026-11-21T09:10:00-06:00", side: .left)
        fixture.bottle("2026-11-21T12:40:00-06:00", ml: 90)
        fixture.bottle("2026-11-21T15:40:00-06:00", ml: nil)
        fixture.bottle("2026-11-21T18:40:00-06:00", ml: 88.7)
        let feedings = fixture.days().summary("2026-11-21").feedings
        #expect(feedings.count == 6)
        #expect(feedings.breastCount == 3)
        #expect(feedings.startedLeft == 2)
        #expect(feedings.startedRight == 1)
        #expect(feedings.bothSides == 1)
        #expect(feedings.breastMinutes == 30)
        #expect(feedings.bottleCount == 3)
        #expect(feedings.bottleML == 178.7)
    }

    @Test("feeding intervals end in the day they are counted in, across midnight and the day start", arguments: [
        ("00:00", "2026-11-21", 1, Duration.h(2, 30), Duration.h(2, 30)),
        ("00:00", "2026-11-22", 2, Duration.h(3), Duration.h(2, 45)),
        ("07:00", "2026-11-21", 3, Duration.h(3), Duration.h(2, 40)),
    ])
    func intervals(dayStart: String, date: String, count: Int, longest: Duration, mean: Duration) throws {
        var fixture = Fixture()
        fixture.dayStart = try #require(TimeOfDay(dayStart))
        fixture.bottle("2026-11-21T20:00:00-06:00", ml: 90)
        fixture.bottle("2026-11-21T22:30:00-06:00", ml: 90)
        fixture.bottle("2026-11-22T01:30:00-06:00", ml: 90) // 3h, across midnight
        fixture.bottle("2026-11-22T04:00:00-06:00", ml: 90) // 2h30
        let figures = fixture.days().summary(date).feedings.intervals
        #expect(figures.count == count)
        #expect(figures.longest == longest)
        #expect(figures.mean == mean)
    }

    @Test("diapers: wet is pee plus both, dirty is poop plus both")
    func diapers() {
        var fixture = Fixture()
        for type in [DiaperType.pee, .pee, .poop, .both, .both, .pee] {
            fixture.diaper("2026-11-21T10:00:00-06:00", type)
        }
        let diapers = fixture.days().summary("2026-11-21").diapers
        #expect(diapers.count == 6)
        #expect((diapers.pee, diapers.poop, diapers.both) == (3, 1, 2))
        #expect(diapers.wet == 5)
        #expect(diapers.dirty == 3)
    }

    @Test("every date from the first event's day to the export's day has a day, empty ones included")
    func emptyDays() {
        var fixture = Fixture()
        fixture.exportedAt = "2026-11-25T12:00:00-06:00"
        fixture.note("2026-11-21T10:00:00-06:00")
        fixture.diaper("2026-11-24T10:00:00-06:00", .pee)
        fixture.diaper("2026-11-30T10:00:00-06:00", .pee) // after the export: outside the range
        let days = fixture.days()
        #expect(days.days.map(\.date.description) == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"])
        #expect(days.days[1].isEmpty && days.days[2].isEmpty && days.days[4].isEmpty)
        #expect(days.summary("2026-11-22") == DaySummary())
        #expect(days.summary("2026-11-21").noteCount == 1)
        #expect(days.days[3].ageDays == 115)
    }

    @Test("a child with nothing logged still has the export's day")
    func noEvents() {
        let days = Fixture().days()
        #expect(days.days.map(\.date.description) == ["2026-11-22"])
    }
}

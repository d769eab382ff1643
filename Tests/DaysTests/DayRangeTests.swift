import Days
import Testing
import Timekeeping

@Suite struct DayRangeTests {
    @Test("the archive spans only believable data: one entry in year 1, 1969 or 2099 adds no day", arguments: [
        "0001-01-01T00:00:00Z", "1969-12-31T23:00:00Z", "2099-06-01T00:00:00Z", "2016-11-21T12:00:00-06:00",
    ])
    func oneBadTimeAddsNoDay(time: String) {
        var fixture = Fixture()
        fixture.diaper("2026-11-20T09:00:00-06:00", .pee)
        fixture.diaper(time, .poop)
        fixture.diaper("2026-11-22T09:00:00-06:00", .both)
        let days = fixture.days()
        #expect(days.days.map(\.date.description) == ["2026-11-20", "2026-11-21", "2026-11-22"])
        #expect(days.days.reduce(0) { $0 + $1.summary.diapers.count } == 2)
    }
}

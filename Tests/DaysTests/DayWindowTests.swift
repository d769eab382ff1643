import Days
import Testing
import Timekeeping

@Suite struct DayWindowTests {
    @Test("day windows start at the day start in the family's zone, 23 and 25 hours long across DST", arguments: [
        ("2026-11-21", "00:00", "2026-11-21T00:00:00-06:00", "2026-11-22T00:00:00-06:00", 24),
        ("2026-11-21", "07:00", "2026-11-21T07:00:00-06:00", "2026-11-22T07:00:00-06:00", 24),
        ("2026-03-08", "00:00", "2026-03-08T00:00:00-06:00", "2026-03-09T00:00:00-05:00", 23),
        ("2026-03-07", "07:00", "2026-03-07T07:00:00-06:00", "2026-03-08T07:00:00-05:00", 23),
        ("2026-03-08", "07:00", "2026-03-08T07:00:00-05:00", "2026-03-09T07:00:00-05:00", 24),
        ("2026-11-01", "00:00", "2026-11-01T00:00:00-05:00", "2026-11-02T00:00:00-06:00", 25),
        ("2026-10-31", "07:00", "2026-10-31T07:00:00-05:00", "2026-11-01T07:00:00-06:00", 25),
        ("2026-03-07", "02:30", "2026-03-07T02:30:00-06:00", "2026-03-08T03:30:00-05:00", 24),
    ])
    func windows(date: String, dayStart: String, start: String, end: String, hours: Int64) throws {
        let calendar = DayCalendar(zone: Fixture.chicago, dayStart: try #require(TimeOfDay(dayStart)))
        let window = calendar.window(of: try #require(LocalDate(date)))
        #expect(ISO8601.string(from: window.start, in: Fixture.chicago) == start)
        #expect(ISO8601.string(from: window.end, in: Fixture.chicago) == end)
        #expect(window.length == .hours(hours))
    }

    @Test("an instant belongs to the day whose window contains it", arguments: [
        ("2026-11-21T06:59:59-06:00", "07:00", "2026-11-20"),
        ("2026-11-21T07:00:00-06:00", "07:00", "2026-11-21"),
        ("2026-11-21T23:59:59-06:00", "00:00", "2026-11-21"),
        ("2026-11-22T00:00:00-06:00", "00:00", "2026-11-22"),
        ("2026-11-01T01:30:00-06:00", "00:00", "2026-11-01"), // the second 01:30
        ("2026-11-01T06:30:00-06:00", "07:00", "2026-10-31"),
        ("2026-03-08T03:30:00-05:00", "07:00", "2026-03-07"),
    ])
    func membership(instant: String, dayStart: String, date: String) throws {
        let calendar = DayCalendar(zone: Fixture.chicago, dayStart: try #require(TimeOfDay(dayStart)))
        #expect(calendar.date(containing: Fixture.at(instant)) == LocalDate(date))
    }
}

import Testing
@testable import Timekeeping

@Suite struct ZoneTests {
    let chicago = Zone(identifier: "America/Chicago")!

    @Test("day starts around DST changes in Chicago", arguments: [
        ("2026-03-07", "00:00", "2026-03-07T00:00:00-06:00"),
        ("2026-03-08", "00:00", "2026-03-08T00:00:00-06:00"),
        ("2026-03-08", "02:30", "2026-03-08T03:30:00-05:00"), // skipped: moved forward
        ("2026-03-08", "07:00", "2026-03-08T07:00:00-05:00"),
        ("2026-11-01", "01:30", "2026-11-01T01:30:00-05:00"), // happens twice: the first
        ("2026-11-01", "07:00", "2026-11-01T07:00:00-06:00"),
    ])
    func wallClock(date: String, time: String, expected: String) throws {
        let instant = chicago.instant(on: try #require(LocalDate(date)), at: try #require(TimeOfDay(time)))
        #expect(ISO8601.string(from: instant, in: chicago) == expected)
    }

    @Test("the spring-forward day is 23 hours and the fall-back day 25", arguments: [
        ("2026-03-08", 23), ("2026-11-01", 25), ("2026-07-01", 24),
    ])
    func dayLength(date: String, hours: Int64) throws {
        let day = try #require(LocalDate(date))
        let start = chicago.instant(on: day, at: .midnight)
        let end = chicago.instant(on: day.adding(days: 1), at: .midnight)
        #expect(end - start == .hours(hours))
    }

    @Test("local readings round-trip through instants")
    func roundTrip() throws {
        let instant = try #require(ISO8601.instant(from: "2026-11-01T06:30:00Z"))
        let local = chicago.localDateTime(at: instant)
        #expect(local.date == LocalDate("2026-11-01"))
        #expect(local.hour == 1 && local.minute == 30)
        let later = chicago.localDateTime(at: instant + .hours(1))
        #expect(later.hour == 1 && later.minute == 30) // the second 01:30, now CST
    }
}

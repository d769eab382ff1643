import Testing
@testable import Timekeeping

@Suite struct LocalDateTests {
    @Test("days since the epoch agree both ways", arguments: [
        ("1970-01-01", 0), ("2026-11-21", 20_778), ("2000-02-29", 11_016), ("1969-12-31", -1),
    ])
    func epochDays(text: String, days: Int) throws {
        let date = try #require(LocalDate(text))
        #expect(date.daysSinceEpoch == days)
        #expect(LocalDate(daysSinceEpoch: days) == date)
        #expect(date.description == text)
    }

    @Test("invalid dates are rejected", arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "26-11-21", "2026/11/21", "2026-11-2x"])
    func invalid(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test("weekdays are ISO numbered", arguments: [("2026-11-21", 6), ("2026-11-23", 1), ("1970-01-01", 4)])
    func weekday(text: String, weekday: Int) throws {
        #expect(try #require(LocalDate(text)).weekday == weekday)
    }

    @Test("times of day parse HH:MM", arguments: [("07:00", 420), ("00:00", 0), ("23:59", 1439)])
    func timeOfDay(text: String, minutes: Int) {
        #expect(TimeOfDay(text)?.minutes == minutes)
    }

    @Test("bad times of day are rejected", arguments: ["24:00", "7:00", "07:60", "0700", "ab:cd"])
    func badTimeOfDay(text: String) {
        #expect(TimeOfDay(text) == nil)
    }
}

@Suite struct ISOWeekTests {
    @Test("ISO weeks, including years with 53 weeks and weeks that straddle New Year", arguments: [
        ("2026-11-21", 2026, 47), ("2026-01-01", 2026, 1), ("2025-12-29", 2026, 1),
        ("2026-12-31", 2026, 53), ("2027-01-03", 2026, 53), ("2027-01-04", 2027, 1), ("2021-01-03", 2020, 53),
    ])
    func weeks(date: String, year: Int, week: Int) throws {
        let day = try #require(LocalDate(date))
        #expect(day.isoWeek.year == year)
        #expect(day.isoWeek.week == week)
        #expect(day.startOfISOWeek.weekday == 1)
    }
}

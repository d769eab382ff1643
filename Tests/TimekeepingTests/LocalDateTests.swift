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

@Suite struct WeekStartTests {
    @Test("a week from any first day holds the date, starts on that day, and is named by the ISO week of its one Monday", arguments: [
        // Sunday-first: Sun Nov 1 opens ISO week 45's Monday-to-Saturday.
        ("2026-11-01", 7, "2026-11-01", 2026, 45), ("2026-11-07", 7, "2026-11-01", 2026, 45), ("2026-11-08", 7, "2026-11-08", 2026, 46),
        // Saturday-first: Sat Oct 31 – Fri Nov 6 holds Monday Nov 2.
        ("2026-10-31", 6, "2026-10-31", 2026, 45), ("2026-11-06", 6, "2026-10-31", 2026, 45),
        // Monday-first is ISO's own.
        ("2026-11-01", 1, "2026-10-26", 2026, 44), ("2027-01-03", 1, "2026-12-28", 2026, 53),
        // Across New Year: Sun Jan 3, 2027 opens the week of Monday Jan 4, ISO week 1 of 2027.
        ("2027-01-03", 7, "2027-01-03", 2027, 1), ("2027-01-02", 7, "2026-12-27", 2026, 53),
    ])
    func weeks(date: String, firstWeekday: Int, start: String, year: Int, week: Int) throws {
        let day = try #require(LocalDate(date))
        let first = day.startOfWeek(firstWeekday: firstWeekday)
        #expect(first.description == start)
        #expect(first.weekday == firstWeekday && day.days(since: first) < 7 && day >= first)
        #expect(day.week(firstWeekday: firstWeekday) == (year, week))
    }
}

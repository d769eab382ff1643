import Days
import Testing
import Timekeeping

@Suite struct SleepFiguresTests {
    @Test("a sleep across the day start is split between both days", arguments: [
        // day start, sleep, first day's part, second day's part
        ("00:00", "2026-11-20T21:05:00-06:00", "2026-11-21T02:50:00-06:00", Duration.h(2, 55), Duration.h(2, 50)),
        ("07:00", "2026-11-21T05:00:00-06:00", "2026-11-21T09:30:00-06:00", Duration.h(2), Duration.h(2, 30)),
        ("07:00", "2026-11-20T21:05:00-06:00", "2026-11-21T02:50:00-06:00", Duration.h(5, 45), Duration.zero),
    ])
    func splitAtDayStart(dayStart: String, start: String, end: String, first: Duration, second: Duration) throws {
        var fixture = Fixture()
        fixture.dayStart = try #require(TimeOfDay(dayStart))
        fixture.sleep(start, end)
        let days = fixture.days()
        #expect(days.summary("2026-11-20").sleep.total == first)
        #expect(days.summary("2026-11-21").sleep.total == second)
    }

    @Test("sleeps spanning the DST changes count real elapsed time", arguments: [
        // 01:00 CST to 04:00 CDT on the 23-hour day is two hours asleep.
        ("2026-03-08T01:00:00-06:00", "2026-03-08T04:00:00-05:00", "2026-03-08", Duration.h(2)),
        // 00:30 CDT to 02:30 CST on the 25-hour day is three hours asleep.
        ("2026-11-01T00:30:00-05:00", "2026-11-01T02:30:00-06:00", "2026-11-01", Duration.h(3)),
        // A whole night ending at the 07:00 day start of the 25-hour day.
        ("2026-10-31T19:00:00-05:00", "2026-11-01T07:00:00-06:00", "2026-10-31", Duration.h(13)),
    ])
    func acrossDST(start: String, end: String, date: String, total: Duration) {
        var fixture = Fixture()
        fixture.dateOfBirth = "2026-03-01"
        fixture.dayStart = TimeOfDay("07:00")!
        fixture.sleep(start, end)
        // With a 07:00 day start, sleeps before 07:00 belong to the previous day.
        let days = fixture.days()
        let day = days.days.first { $0.summary.sleep.total > .zero }
        #expect(day?.summary.sleep.total == total)
        #expect(day?.summary.sleep.longest?.length == total)
        _ = date
    }

    @Test("the 23- and 25-hour days hold a full day of sleep exactly")
    func wholeDaysAcrossDST() {
        var fixture = Fixture()
        fixture.dateOfBirth = "2026-03-01"
        fixture.sleep("2026-03-07T12:00:00-06:00", "2026-03-09T12:00:00-05:00")
        fixture.sleep("2026-10-31T12:00:00-05:00", "2026-11-02T12:00:00-06:00")
        let days = fixture.days()
        #expect(days.summary("2026-03-08").sleep.total == .hours(23))
        #expect(days.summary("2026-11-01").sleep.total == .hours(25))
    }

    @Test("overlapping sleeps are counted once")
    func overlapsCountedOnce() {
        var fixture = Fixture()
        fixture.sleep("2026-11-21T13:00:00-06:00", "2026-11-21T15:00:00-06:00")
        fixture.sleep("2026-11-21T14:00:00-06:00", "2026-11-21T16:30:00-06:00") // overlaps by 1h
        fixture.sleep("2026-11-21T14:15:00-06:00", "2026-11-21T14:45:00-06:00") // inside both
        let sleep = fixture.days().summary("2026-11-21").sleep
        #expect(sleep.total == .h(3, 30))
        #expect(sleep.started == 1)
        #expect(sleep.longest?.length == .h(3, 30))
    }

    @Test("thousands of sleeps overlapping in one day merge into one stretch holding every one, in order")
    func manyOverlaps() {
        var fixture = Fixture()
        for minute in 0..<3_000 {
            fixture.sleep("2026-11-21T10:00:00-06:00", "2026-11-21T\(11 + minute % 10):\(String(format: "%02d", minute % 60)):00-06:00")
        }
        fixture.sleep("2026-11-21T22:00:00-06:00", "2026-11-21T23:00:00-06:00")
        let days = fixture.days()
        let day = days.day(for: LocalDate("2026-11-21")!)!
        #expect(day.sleepSpans.count == 2)
        #expect(day.sleepSpans.first?.sleeps.map(\.info.index) == Array(0..<3_000))
        #expect(day.sleepSpans.first?.length == .h(10, 59))
        #expect(day.summary.sleep.started == 2)
    }

    @Test("a sleep still in progress counts up to the export and is marked ongoing")
    func ongoing() {
        var fixture = Fixture()
        fixture.exportedAt = "2026-11-22T01:00:00-06:00"
        fixture.sleep("2026-11-21T20:00:00-06:00", nil)
        let days = fixture.days()
        #expect(days.days.map(\.date) == [LocalDate("2026-11-21")!, LocalDate("2026-11-22")!])
        #expect(days.summary("2026-11-21").sleep.total == .h(4))
        #expect(days.summary("2026-11-21").sleep.ongoing)
        #expect(days.summary("2026-11-21").sleep.longest?.length == .h(5))
        #expect(days.summary("2026-11-22").sleep.total == .h(1))
        #expect(days.summary("2026-11-22").sleep.ongoing)
        #expect(days.summary("2026-11-22").sleep.started == 0)
    }

    @Test("nap or night is decided by the wall-clock time the sleep starts", arguments: [
        ("2026-11-21T05:59:00-06:00", false),
        ("2026-11-21T06:00:00-06:00", true),
        ("2026-11-21T13:00:00-06:00", true),
        ("2026-11-21T17:59:00-06:00", true),
        ("2026-11-21T18:00:00-06:00", false),
        ("2026-11-21T23:00:00-06:00", false),
    ])
    func napOrNight(start: String, isNap: Bool) {
        var fixture = Fixture()
        fixture.sleep(start, "2026-11-21T23:30:00-06:00")
        let sleep = fixture.days().summary("2026-11-21").sleep
        #expect((sleep.nap > .zero) == isNap)
        #expect((sleep.night > .zero) == !isNap)
        #expect(sleep.nap + sleep.night == sleep.total)
    }

    @Test("nap bounds are configurable")
    func napBounds() {
        var fixture = Fixture()
        fixture.sleep("2026-11-21T18:30:00-06:00", "2026-11-21T19:00:00-06:00")
        let sleep = fixture.days(napStartMin: TimeOfDay("07:00"), napStartMax: TimeOfDay("19:00")).summary("2026-11-21").sleep
        #expect(sleep.nap == .minutes(30))
    }

    @Test("a night sleep that runs past the day start keeps its nap/night class on both sides")
    func classKeptAcrossDayStart() {
        var fixture = Fixture()
        fixture.dayStart = TimeOfDay("07:00")!
        fixture.sleep("2026-11-21T19:00:00-06:00", "2026-11-22T08:00:00-06:00")
        let days = fixture.days()
        #expect(days.summary("2026-11-21").sleep.night == .h(12))
        #expect(days.summary("2026-11-22").sleep.night == .h(1))
        #expect(days.summary("2026-11-22").sleep.nap == .zero)
    }

    @Test("the longest stretch starts in the day and is measured whole into the next")
    func longestStretch() {
        var fixture = Fixture()
        fixture.sleep("2026-11-21T13:00:00-06:00", "2026-11-21T14:30:00-06:00")
        fixture.sleep("2026-11-21T21:05:00-06:00", "2026-11-22T02:50:00-06:00")
        fixture.sleep("2026-11-22T03:30:00-06:00", "2026-11-22T06:00:00-06:00")
        let days = fixture.days()
        let first = days.summary("2026-11-21").sleep
        #expect(first.longest?.length == .h(5, 45))
        #expect(first.longest?.start == Fixture.at("2026-11-21T21:05:00-06:00"))
        #expect(first.started == 2)
        let second = days.summary("2026-11-22").sleep
        #expect(second.longest?.length == .h(2, 30)) // the 21:05 sleep started the day before
        #expect(second.started == 1)
    }

    @Test("wake windows are the awake gaps between sleeps, counted in the day they end, across midnight")
    func wakeWindows() {
        var fixture = Fixture()
        fixture.sleep("2026-11-21T19:00:00-06:00", "2026-11-21T22:00:00-06:00")
        fixture.sleep("2026-11-22T00:30:00-06:00", "2026-11-22T05:00:00-06:00") // gap 2h30 ends on the 22nd
        fixture.sleep("2026-11-22T06:00:00-06:00", "2026-11-22T07:00:00-06:00") // gap 1h
        fixture.sleep("2026-11-22T07:00:00-06:00", "2026-11-22T08:00:00-06:00") // touching: no wake window
        let days = fixture.days()
        #expect(days.summary("2026-11-21").sleep.wakeWindows.count == 0)
        let windows = days.summary("2026-11-22").sleep.wakeWindows
        #expect(windows.count == 2)
        #expect(windows.longest == .h(2, 30))
        #expect(windows.mean == .h(1, 45))
    }

    @Test("no wake window follows a sleep still in progress")
    func noWakeAfterOngoing() {
        var fixture = Fixture()
        fixture.exportedAt = "2026-11-21T23:00:00-06:00"
        fixture.sleep("2026-11-21T20:00:00-06:00", nil)
        fixture.sleep("2026-11-21T22:00:00-06:00", "2026-11-21T22:30:00-06:00")
        let sleep = fixture.days().summary("2026-11-21").sleep
        #expect(sleep.wakeWindows.count == 0)
        #expect(sleep.total == .h(3))
    }
}

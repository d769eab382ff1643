import Days
import Testing
import Timekeeping

/// A kind the family did not log in a day is not a zero: the day says which kinds it
/// logged, and means, lowest and highest count only the days that logged the kind.
@Suite struct NotLoggedTests {
    /// Feeds every day; diapers and sleep on the 18th and 19th only: the family stopped
    /// logging them after the 19th.
    static func days() -> ChildDays {
        var fixture = Fixture()
        for date in ["18", "19", "20", "21"] {
            fixture.bottle("2026-11-\(date)T08:00:00-06:00", ml: 120)
            fixture.bottle("2026-11-\(date)T12:00:00-06:00", ml: 120)
        }
        for date in ["18", "19"] {
            fixture.diaper("2026-11-\(date)T09:00:00-06:00", .pee)
            fixture.diaper("2026-11-\(date)T13:00:00-06:00", .both)
            fixture.sleep("2026-11-\(date)T13:30:00-06:00", "2026-11-\(date)T15:00:00-06:00")
        }
        return fixture.days()
    }

    @Test("a day says which routine kinds it logged: a feed, a diaper change, sleep reaching into it")
    func loggedKinds() {
        let days = Self.days()
        #expect(days.summary("2026-11-19").logged == RoutineKinds.all.union([.wet, .dirty]))
        #expect(days.summary("2026-11-20").logged == .feeds)
        #expect(days.summary("2026-11-20").diapers.wet == 0, "the figure is kept as counted")
    }

    @Test("a dry check logs diapers; a sleep from the evening before logs sleep in the day it reaches")
    func dryCheckAndOvernightSleep() {
        var fixture = Fixture()
        fixture.diaper("2026-11-20T09:00:00-06:00", .dry)
        fixture.sleep("2026-11-20T22:00:00-06:00", "2026-11-21T05:00:00-06:00")
        fixture.bottle("2026-11-21T06:00:00-06:00", ml: 90)
        let days = fixture.days()
        #expect(days.summary("2026-11-20").logged == [.diapers, .sleep, .wet], "a dry check says no pee: wet is logged")
        #expect(days.summary("2026-11-21").logged == [.feeds, .sleep])
    }

    @Test("a day that did not log a kind has no value for its figures", arguments: DayMetric.allCases)
    func noValue(metric: DayMetric) {
        let summary = Self.days().summary("2026-11-20")
        if metric.kind == .feeds {
            #expect(metric.value(summary) != nil)
        } else {
            #expect(metric.value(summary) == nil)
        }
    }

    @Test("means, lowest and highest count only the days that logged the kind")
    func means() {
        let days = Self.days()
        let figures = RangeFigures(days: Array(days.days), loggingStarted: nil, exportedAt: Fixture.at("2026-11-23T00:00:00-06:00"))
        #expect(figures.days.count == 4)
        let wet = figures.statistic(.wet)
        #expect(wet?.mean == 2 && wet?.minimum == 2 && wet?.maximum == 2 && wet?.days == 2)
        #expect(figures.statistic(.totalSleep)?.minimum == 5400)
        #expect(figures.statistic(.feeds)?.days == 4)
        #expect(figures.daysLogging(.diapers) == 2 && figures.daysLogging(.feeds) == 4)
    }

    @Test("a day of stools alone has its wet diapers not logged, unless a wet one was logged within three days")
    func wetApart() {
        var fixture = Fixture()
        fixture.diaper("2026-11-10T09:00:00-06:00", .pee)
        for date in ["10", "12", "14", "20"] { fixture.diaper("2026-11-\(date)T12:00:00-06:00", .poop) }
        let days = fixture.days()
        #expect(days.summary("2026-11-12").logged.contains(.wet), "a pee two days before: zero wet is a zero")
        #expect(!days.summary("2026-11-14").logged.contains(.wet), "four days from any wet diaper: not logged")
        #expect(days.summary("2026-11-20").logged.contains(.dirty))
        #expect(DayMetric.wet.value(days.summary("2026-11-14")) == nil && DayMetric.dirty.value(days.summary("2026-11-14")) == 1)
    }
}

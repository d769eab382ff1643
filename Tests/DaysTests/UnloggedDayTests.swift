import Days
import Testing
import Timekeeping

/// A day nobody logged is not a day without feeds or sleep: the gaps that reach back over
/// it stay in `days.json` but leave the figures pages show and average.
@Suite struct UnloggedDayTests {
    /// Feeds and sleeps on the 19th, nothing on the 20th, feeds and sleeps again on the 21st.
    static func days() -> ChildDays {
        var fixture = Fixture()
        fixture.bottle("2026-11-19T18:00:00-06:00", ml: 90)
        fixture.bottle("2026-11-19T21:10:00-06:00", ml: 90)
        fixture.sleep("2026-11-19T21:30:00-06:00", "2026-11-19T23:00:00-06:00")
        fixture.bottle("2026-11-21T02:00:00-06:00", ml: 90) // 28h50m after the last, over the 20th
        fixture.bottle("2026-11-21T05:00:00-06:00", ml: nil)
        fixture.sleep("2026-11-21T03:00:00-06:00", "2026-11-21T04:30:00-06:00") // 28h after the last
        fixture.sleep("2026-11-21T07:00:00-06:00", "2026-11-21T08:00:00-06:00")
        return fixture.days()
    }

    @Test("a gap over a day with no feed logged stays in days.json's figures but leaves the logged ones")
    func feedingGap() {
        let feedings = Self.days().summary("2026-11-21").feedings
        #expect(feedings.intervals.count == 2 && feedings.intervals.longest == .h(28, 50))
        #expect(feedings.loggedIntervals.count == 1 && feedings.loggedIntervals.longest == .h(3))
        #expect(feedings.unloggedIntervals == 1)
    }

    @Test("a wake window over a day with no sleep logged is left out the same way")
    func wakeGap() {
        let sleep = Self.days().summary("2026-11-21").sleep
        #expect(sleep.wakeWindows.count == 2 && sleep.wakeWindows.longest == .h(28))
        #expect(sleep.loggedWakeWindows.count == 1 && sleep.loggedWakeWindows.longest == .h(2, 30))
        #expect(sleep.unloggedWakeWindows == 1)
    }

    @Test("a gap from the evening before is an ordinary gap")
    func overnightGap() {
        let feedings = Self.days().summary("2026-11-19").feedings
        #expect(feedings.loggedIntervals.count == 1 && feedings.unloggedIntervals == 0)
    }

    @Test("bottles without an amount are unknown, not 0 ml", arguments: [
        ([90.0, nil], 1, 90.0 as Double?), ([nil, nil], 0, nil), ([Double?](), 0, 0.0),
    ])
    func unknownAmounts(amounts: [Double?], known: Int, ml: Double?) {
        var fixture = Fixture()
        fixture.breast("2026-11-21T01:00:00-06:00", side: .left)
        for (offset, amount) in amounts.enumerated() {
            fixture.bottle("2026-11-21T0\(offset + 2):00:00-06:00", ml: amount)
        }
        let feedings = fixture.days().summary("2026-11-21").feedings
        #expect(feedings.bottlesWithAmount == known)
        #expect(feedings.knownBottleML == ml)
        #expect(DayMetric.bottleML.value(fixture.days().summary("2026-11-21")) == ml)
    }
}

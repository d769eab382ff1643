import Days
import Testing
import Timekeeping

@Suite struct NightTests {
    /// Two nights with a midnight day start: each night's stretch across midnight read once,
    /// each belonging to its evening; the bedtime feed, a settling feed and the morning's
    /// feed are not night feeds, the feeds at 11:40 PM and 3:10 AM are.
    @Test("a night runs from its evening's first sleep to its last; only feeds inside it, past settling, are night feeds")
    func nightsAndTheirFeeds() {
        var fixture = Fixture()
        fixture.exportedAt = "2026-11-22T12:00:00-06:00"
        fixture.sleep("2026-11-20T13:00:00-06:00", "2026-11-20T14:00:00-06:00")
        fixture.sleep("2026-11-20T19:30:00-06:00", "2026-11-21T01:45:00-06:00")
        fixture.sleep("2026-11-21T02:00:00-06:00", "2026-11-21T06:30:00-06:00")
        fixture.sleep("2026-11-21T20:00:00-06:00", "2026-11-22T03:00:00-06:00")
        fixture.sleep("2026-11-22T03:30:00-06:00", "2026-11-22T05:50:00-06:00")
        for time in ["2026-11-20T19:00:00-06:00", "2026-11-20T19:45:00-06:00", "2026-11-20T23:40:00-06:00",
                     "2026-11-21T01:50:00-06:00", "2026-11-21T06:40:00-06:00", "2026-11-21T19:40:00-06:00",
                     "2026-11-22T03:10:00-06:00", "2026-11-22T07:00:00-06:00"] {
            fixture.breast(time, side: .left)
        }
        let settings = fixture.settings(napStartMin: TimeOfDay("06:00"), napStartMax: TimeOfDay("18:00"))
        let days = fixture.days(napStartMin: TimeOfDay("06:00"), napStartMax: TimeOfDay("18:00"))
        let nights = days.nights(settings: settings)
        #expect(nights.map(\.date) == [LocalDate("2026-11-20")!, LocalDate("2026-11-21")!])
        #expect(nights.map(\.longest) == [Duration.h(6, 15), Duration.h(7)])
        #expect(nights.first?.start == Fixture.at("2026-11-20T19:30:00-06:00"))
        #expect(nights.first?.end == Fixture.at("2026-11-21T06:30:00-06:00"))
        // Nov 20: 11:40 PM and 1:50 AM; not 7 PM (before bed), 7:45 PM (settling) or 6:40 AM.
        // Nov 21: 3:10 AM; 7:40 PM is before that night's first sleep.
        #expect(days.nightFeeds(nights, settings: settings).map(\.count) == [2, 1])
    }
}

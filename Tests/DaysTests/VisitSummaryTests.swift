import Days
import Foundation
import Testing
import Timekeeping

@Suite struct VisitSummaryTests {
    /// Six days around the 25-hour 2026-11-01, exported on the evening of the last.
    static func fixture() -> ChildDays {
        var fixture = Fixture()
        fixture.dayStart = TimeOfDay("07:00")!
        fixture.exportedAt = "2026-11-03T21:00:00-06:00"
        let days: [(String, String)] = [("2026-10-29", "-05:00"), ("2026-10-30", "-05:00"), ("2026-10-31", "-05:00"),
                                        ("2026-11-01", "-06:00"), ("2026-11-02", "-06:00"), ("2026-11-03", "-06:00")]
        for (index, (date, offset)) in days.enumerated() {
            let next = ISO8601.string(from: Fixture.at("\(date)T12:00:00\(offset)") + .hours(24), in: Fixture.chicago).prefix(10)
            let nextOffset = index < 2 ? "-05:00" : "-06:00"
            for feed in 0..<(5 + index % 3) {
                fixture.bottle("\(date)T\(Self.twoDigits(8 + feed * 2)):15:00\(offset)", ml: Double(90 + 10 * index + 5 * feed))
            }
            fixture.breast("\(date)T07:30:00\(offset)", side: index % 2 == 0 ? .left : .right, both: index == 3, minutes: Double(10 + index))
            for diaper in 0..<(4 + index % 2) {
                fixture.diaper("\(date)T\(Self.twoDigits(9 + diaper * 3)):00:00\(offset)", diaper == 0 ? .both : .pee)
            }
            fixture.sleep("\(date)T13:00:00\(offset)", "\(date)T14:\(10 + index * 5):00\(offset)")
            // The night of the 31st runs through the fall-back hour.
            fixture.sleep("\(date)T19:\(Self.twoDigits(10 * index)):00\(offset)", index == 5 ? nil : "\(next)T06:30:00\(nextOffset)")
        }
        return fixture.days()
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The per-day values of `path` in days.json for `dates`, read from the JSON itself.
    static func values(_ json: [[String: Any]], _ dates: Set<String>, _ path: [String]) -> [Double] {
        json.filter { dates.contains($0["date"] as! String) }.compactMap { day in
            var value: Any? = day
            for key in path { value = (value as? [String: Any])?[key] }
            return (value as? NSNumber)?.doubleValue
        }
    }

    @Test("means, lowest, highest and change agree with days.json, across the 25-hour day", arguments: [
        (DayMetric.feeds, ["feedings", "count"]), (.breastFeeds, ["feedings", "breast", "count"]),
        (.startedLeft, ["feedings", "breast", "left"]), (.breastMinutes, ["feedings", "breast", "minutes"]),
        (.bottleML, ["feedings", "bottle", "ml"]), (.wet, ["diapers", "wet"]), (.dirty, ["diapers", "dirty"]),
        (.totalSleep, ["sleep", "total_seconds"]), (.nightSleep, ["sleep", "night_seconds"]),
        (.napSleep, ["sleep", "nap_seconds"]), (.longestStretch, ["sleep", "longest_seconds"]),
        (.feedingInterval, ["feedings", "interval_seconds", "mean"]),
    ])
    func againstDaysJSON(metric: DayMetric, path: [String]) throws {
        let child = Self.fixture()
        let json = try #require(JSONSerialization.jsonObject(with: child.json()) as? [String: Any])
        let days = try #require(json["days"] as? [[String: Any]])
        // The range Nov 1–3; the 3rd is the export's day, not over, so the means count the 1st and 2nd.
        let summary = VisitSummary(child: child, range: LocalDate("2026-11-01")!...LocalDate("2026-11-03")!,
                                   exportedAt: Fixture.at("2026-11-03T21:00:00-06:00"))
        #expect(summary.days.count == 3)
        #expect(summary.figures.days.map(\.date.description) == ["2026-11-01", "2026-11-02"])
        let now = Self.values(days, ["2026-11-01", "2026-11-02"], path)
        // The period before is Oct 29–31, but the 29th is the day logging began: not a whole day.
        #expect(summary.previous?.days.map(\.date.description) == ["2026-10-30", "2026-10-31"])
        let before = Self.values(days, ["2026-10-30", "2026-10-31"], path)
        let statistic = try #require(summary.statistic(metric))
        #expect(abs(statistic.mean - now.reduce(0, +) / Double(now.count)) < 1e-9)
        #expect(statistic.minimum == now.min())
        #expect(statistic.maximum == now.max())
        let change = try #require(summary.change(metric))
        #expect(abs(change - (now.reduce(0, +) / Double(now.count) - before.reduce(0, +) / Double(before.count))) < 1e-9)
    }

    @Test("the 25-hour day counts 25 hours of sleep window, and its night is measured whole")
    func fallBackNight() throws {
        let child = Self.fixture()
        let day = try #require(child.day(for: LocalDate("2026-10-31")!))
        #expect(day.window.length == .hours(25))
        // 19:20 CDT to 06:30 CST: 11h 10m on the clock, 12h 10m asleep.
        #expect(day.summary.sleep.longest?.length == .h(12, 10))
    }

    @Test("no change is given when the period before has no data")
    func noPrevious() throws {
        let child = Self.fixture()
        let summary = VisitSummary(child: child, range: LocalDate("2026-10-30")!...LocalDate("2026-11-01")!,
                                   exportedAt: Fixture.at("2026-11-03T21:00:00-06:00"))
        #expect(summary.previous == nil)
        #expect(summary.change(.feeds) == nil)
        #expect(summary.statistic(.feeds) != nil)
    }
}

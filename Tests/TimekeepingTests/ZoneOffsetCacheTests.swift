import Foundation
import Testing
@testable import Timekeeping

@Suite struct ZoneOffsetCacheTests {
    @Test("offsets kept by stretch are the database's own at every second tried, across every change of a year",
          arguments: [("America/Chicago", 1_767_225_600 as Int64), ("America/St_Johns", 1_767_225_600), ("Australia/Lord_Howe", 1_767_225_600),
                      ("Asia/Kathmandu", 1_767_225_600), ("Pacific/Chatham", 1_767_225_600), ("Europe/Dublin", 1_767_225_600),
                      // 1947: British Double Summer Time, two changes each way; 1986: Kathmandu's offset itself changed.
                      ("Europe/London", -725_846_400), ("Asia/Kathmandu", 504_921_600), ("Pacific/Apia", 1_293_840_000)])
    func sameAsDatabase(identifier: String, start: Int64) throws {
        let zone = try #require(Zone(identifier: identifier))
        let database = try #require(TimeZone(identifier: identifier))
        // Every 7 minutes 13 seconds for a year, twice (the second pass reads the kept offsets),
        // and every second between two of those whose offsets differ (each change of a year).
        let offset = { (second: Int64) in database.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second))) }
        var seconds = Array(stride(from: start, to: start + 366 * 86_400, by: 433))
        for (earlier, later) in zip(seconds, seconds.dropFirst()) where offset(earlier) != offset(later) {
            seconds += earlier...later
        }
        for _ in 0..<2 {
            for second in seconds {
                let expected = offset(second)
                guard zone.offsetSeconds(at: Instant(milliseconds: second * 1000)) == expected else {
                    Issue.record("\(identifier) at \(second): expected \(expected)")
                    return
                }
            }
        }
    }

    /// Offsets of a made-up zone: an hour ahead from second 1,000,000 to 5,000,000.
    static func truth(_ second: Int64) -> Int { second >= 1_000_000 && second < 5_000_000 ? 3600 : 0 }

    /// How many times a stretch asked `database` for an offset, and whether every offset it
    /// gives is the truth.
    static func asked(nextChange: @escaping @Sendable (Int64) -> Int64?) -> (calls: Int, exact: Bool) {
        final class Counter: @unchecked Sendable { var calls = 0 }
        let counter = Counter()
        let database = OffsetCache.Database(offset: { counter.calls += 1; return truth($0) }, nextChange: nextChange)
        let cache = OffsetCache()
        let seconds = Array(stride(from: Int64(0), to: 8_000_000, by: 997)) + [999_999, 1_000_000, 4_999_999, 5_000_000]
        let exact = seconds.allSatisfy { cache.offset(at: $0, from: database) == truth($0) }
        return (counter.calls, exact)
    }

    @Test("the changes the database tells of are taken once checked; told wrongly or not at all, every hour is asked")
    func toldOrAsked() {
        let told = Self.asked { second in [1_000_000, 5_000_000].first { $0 > second } }
        #expect(told.exact)
        // A day's worth of questions per stretch, not an hour's.
        #expect(told.calls < 1_000)
        let wrongs: [@Sendable (Int64) -> Int64?] = [{ _ in nil }, { $0 + 7 }, { _ in 3_000_000 }, { second in [1_000_001, 5_000_000].first { $0 > second } }]
        for wrong in wrongs {
            let asked = Self.asked(nextChange: wrong)
            #expect(asked.exact)
            #expect(asked.calls > 4_000)
        }
    }
}

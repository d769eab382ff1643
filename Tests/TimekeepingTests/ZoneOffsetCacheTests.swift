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
}

import Foundation
import Testing
@testable import Timekeeping

@Suite struct ZoneOffsetCacheTests {
    @Test("offsets kept by quarter hour are the database's own at every second tried, across every change of a year",
          arguments: ["America/Chicago", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "Europe/Dublin"])
    func sameAsDatabase(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let database = try #require(TimeZone(identifier: identifier))
        let start: Int64 = 1_767_225_600 // 2026-01-01T00:00:00Z
        // Every 7 minutes 13 seconds for a year, twice (the second pass reads the kept offsets),
        // and each second on either side of every change.
        var seconds = Array(stride(from: start, to: start + 366 * 86_400, by: 433))
        for transition in zone.transitions(from: Instant(milliseconds: start * 1000), to: Instant(milliseconds: (start + 366 * 86_400) * 1000)) {
            let at = transition.instant.milliseconds / 1000
            seconds += (at - 901)...(at + 901)
        }
        for _ in 0..<2 {
            for second in seconds {
                let expected = database.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
                guard zone.offsetSeconds(at: Instant(milliseconds: second * 1000)) == expected else {
                    Issue.record("\(identifier) at \(second): expected \(expected)")
                    return
                }
            }
        }
    }
}

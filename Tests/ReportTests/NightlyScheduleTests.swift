import Foundation
import Report
import Testing
import Timekeeping

/// `build --nightly`: once a night, from the configured time on, whenever the timer runs.
@Suite struct NightlyScheduleTests {
    let berlin = Zone(identifier: "Europe/Berlin")!

    func instant(_ text: String) -> Instant {
        ISO8601.instant(from: text)!
    }

    func schedule(at time: String = "02:15") throws -> (NightlySchedule, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nightly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (NightlySchedule(time: TimeOfDay(time), zone: berlin, output: folder.appendingPathComponent("archive").path), folder)
    }

    @Test("the first run builds; after it nothing until the clock next reads the time, in the family's zone")
    func onceANight() throws {
        let (schedule, folder) = try schedule()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(schedule.stamp.lastPathComponent == ".archive.bbreport-nightly")
        #expect(schedule.isDue(now: instant("2026-11-28T16:00:00Z")))
        try schedule.recordBuild(at: instant("2026-11-28T16:00:00Z"))
        #expect(schedule.lastBuild() == instant("2026-11-28T16:00:00Z"))
        // 02:15 in Berlin in November is 01:15 UTC.
        #expect(!schedule.isDue(now: instant("2026-11-29T01:14:59Z")))
        #expect(schedule.isDue(now: instant("2026-11-29T01:15:00Z")))
        try schedule.recordBuild(at: instant("2026-11-29T01:15:30Z"))
        #expect(!schedule.isDue(now: instant("2026-11-29T23:59:00Z")))
        // A machine off for three nights builds once when it is back.
        #expect(schedule.isDue(now: instant("2026-12-02T09:00:00Z")))
    }

    @Test("on the night the clock skips 02:15 the build is due an hour later, at 03:15; on the night it repeats it, at the first")
    func daylightSaving() throws {
        let (schedule, folder) = try schedule()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(schedule.lastScheduled(atOrBefore: instant("2026-03-29T12:00:00Z")) == instant("2026-03-29T01:15:00Z"))
        #expect(schedule.lastScheduled(atOrBefore: instant("2026-10-25T12:00:00Z")) == instant("2026-10-25T00:15:00Z"))
        #expect(schedule.lastScheduled(atOrBefore: instant("2026-10-25T00:14:00Z")) == instant("2026-10-24T00:15:00Z"))
    }

    @Test("a record that is not a time, or too long to be one, means a build is due")
    func damagedRecord() throws {
        let (schedule, folder) = try schedule()
        defer { try? FileManager.default.removeItem(at: folder) }
        for text in ["yesterday", String(repeating: "2", count: 100), ""] {
            try Data(text.utf8).write(to: schedule.stamp)
            #expect(schedule.lastBuild() == nil, "\(text.prefix(12))")
            #expect(schedule.isDue(now: instant("2026-11-29T12:00:00Z")))
        }
    }
}

import Archive
import Foundation
import InputFiles
import Timekeeping

/// When a nightly build is due: once a night, from the configuration's `nightly_at` on in
/// the family's zone, counted from the last nightly build that succeeded. That build's time
/// is kept beside the archive, in `.NAME.bbreport-nightly`, so a night missed while the
/// machine was off, or whose build failed, is built on the next run.
public struct NightlySchedule: Sendable {
    /// The time of night a build is due when the configuration names none.
    public static let defaultTime = TimeOfDay(hour: 2, minute: 15)!

    public let time: TimeOfDay
    public let zone: Zone
    /// The file that holds the time of the last nightly build.
    public let stamp: URL

    public init(time: TimeOfDay?, zone: Zone, output: String) {
        self.time = time ?? Self.defaultTime
        self.zone = zone
        let archive = URL(fileURLWithPath: output).standardizedFileURL
        stamp = archive.deletingLastPathComponent().appendingPathComponent(ArchiveWriter.sideName(of: archive.lastPathComponent, ".bbreport-nightly"))
    }

    /// The last instant at or before `now` when the zone's clock read `time` (on a night
    /// whose clock skips it, as much later as the clock jumps: 03:15 for 02:15).
    public func lastScheduled(atOrBefore now: Instant) -> Instant {
        let today = zone.localDateTime(at: now).date
        let todays = zone.instant(on: today, at: time)
        return todays <= now ? todays : zone.instant(on: today.adding(days: -1), at: time)
    }

    /// Whether a build is due at `now`: none has succeeded since the last scheduled time.
    public func isDue(now: Instant) -> Bool {
        guard let last = lastBuild() else { return true }
        return last < lastScheduled(atOrBefore: now)
    }

    /// The time of the last nightly build, or nil when none is recorded (or the record is
    /// not one: then a build is due, which is the safe side).
    public func lastBuild() -> Instant? {
        guard let bytes = try? FileInput.bytes(stamp.path, limit: 64) else { return nil }
        return ISO8601.instant(utf8: Array(bytes.prefix { $0 != UInt8(ascii: "\n") }))
    }

    /// Records `now`, to the second, as the time of the last nightly build.
    public func recordBuild(at now: Instant) throws(Diagnostic) {
        let text = ISO8601.string(from: Instant(seconds: now.milliseconds / 1000), offsetSeconds: 0, zulu: true) + "\n"
        do {
            try Data(text.utf8).write(to: stamp, options: .atomic)
        } catch {
            throw Diagnostic(.error, "\(stamp.path): the time of this nightly build could not be written (\(error.localizedDescription))",
                             hint: "the archive is built; the next run builds it again")
        }
    }
}

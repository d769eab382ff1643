import Foundation
import Testing

/// Which days a visit summary covers, and what it shows of the days around them.
extension VisitRangeTests {
    /// The sample with its last 33 days holding only three weighings: the family stopped
    /// logging the day, and still weighs at check-ups.
    static func growthTail(in folder: URL) throws -> String {
        let weighings: [[String: Any]] = ["2026-10-28", "2026-11-05", "2026-11-14"].enumerated().map { index, date in
            ["id": "weighing-\(index)", "type": "measurement", "occurred_at": "\(date)T10:00:00-06:00", "weight_kg": 8.1 + 0.1 * Double(index)]
        }
        return try FamilyExports.sample(in: folder, adding: weighings) { event in
            FamilyExports.time(event) >= "2026-10-20" && event["type"] as? String != "measurement"
        }
    }

    @Test("when the export's last weeks hold only measurements, the default range ends on the last day logged, says so, and shows the latest weight")
    func endsOnLastDayLogged() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try Self.growthTail(in: folder)
        let result = try Tool.run(["build", export, "-o", "out", "--markdown"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("note: Ava's visit summary covers 2026-10-06 to 2026-10-19, the last days with feeds, diapers, sleep, notes or doses logged: the 33 days after it, to the export's 2026-11-21, have measurements, vaccinations or milestones only (shown to the export)\nhint: --visit-from and --visit-to choose another range\n"), "\(result.stderr)")
        let visit = try String(contentsOf: folder.appendingPathComponent("out/ava/visit.md"), encoding: .utf8)
        #expect(visit.contains("Tue, Oct 6, 2026 – Mon, Oct 19, 2026 (14 days)"))
        #expect(visit.contains("Ends on the last day with feeds, diapers, sleep, notes or doses logged; measurements and vaccinations run on to the export, Nov 21, 2026."))
        #expect(!visit.contains("No complete day with entries in this range"))
        #expect(visit.contains("| Vitamin D · 1 drop | 13 |"), "the range's doses: \(visit)")
        #expect(visit.contains("| Latest | 8.30\u{00A0}kg |"), "the latest weight, to the export")
        // A range chosen by hand is not moved, and the build says nothing of it.
        let chosen = try Tool.run(["build", export, "-o", "out", "--markdown", "-q", "--visit-to", "2026-11-21"], in: folder)
        #expect(chosen.status == 0 && !chosen.stderr.contains("visit summary covers"))
        let emptyRange = try String(contentsOf: folder.appendingPathComponent("out/ava/visit.md"), encoding: .utf8)
        #expect(emptyRange.contains("Sun, Nov 8, 2026 – Sat, Nov 21, 2026 (14 days)"))
    }

    @Test("a summary of an earlier range shows only what was known by its last day: no later weight as the latest")
    func knownByItsLastDay() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try FamilyExports.sample(in: folder) { _ in false }
        let result = try Tool.run(["build", export, "-o", "out", "--markdown", "-q", "--visit-from", "2026-03-01", "--visit-to", "2026-03-14"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let visit = try String(contentsOf: folder.appendingPathComponent("out/ava/visit.md"), encoding: .utf8)
        #expect(visit.contains("| Latest | 4.42\u{00A0}kg |"), "\(visit)")
        #expect(visit.contains("| Measured | Mar\u{00A0}9, 2026 |"))
        #expect(visit.contains("| Since then | 5\u{00A0}days |"))
        #expect(!visit.contains("Nov\u{00A0}21, 2026"), "the export's weighing is after the range")
    }
}

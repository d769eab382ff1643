import Foundation
import Testing

/// An export made long after the family stopped logging, its last sleep never ended in
/// the app: the home says when the last entry was, never "awake for 207 days".
@Suite struct OldExportTests {
    /// The sample to Feb 20, 2025, its last sleep without an end, exported on Sep 15, 2025.
    static func build(in folder: URL, _ arguments: [String] = []) throws -> Tool.Result {
        let written = try Tool.run(["sample", "--children", "1", "--days", "120", "--end", "2025-02-20", "-o", "sample.json"], in: folder)
        #expect(written.status == 0)
        var export = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("sample.json"))) as? [String: Any])
        var events = export["events"] as? [[String: Any]] ?? []
        let last = try #require(events.indices.filter { events[$0]["type"] as? String == "sleep" }.max { FamilyExports.time(events[$0]) < FamilyExports.time(events[$1]) })
        events[last]["ended_at"] = nil
        export["events"] = events
        export["exported_at"] = "2025-09-15T09:00:00-05:00"
        try JSONSerialization.data(withJSONObject: export).write(to: folder.appendingPathComponent("export.json"))
        return try Tool.run(["build", "export.json", "-o", "out", "--markdown"] + arguments, in: folder)
    }

    @Test("the home says when the last entry was, each card its date with the year; a sleep never ended is not counted")
    func home() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.build(in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("a sleep still going at the export after 206 days was not ended in the app; kept as started, not counted as sleep"), "\(result.stderr)")
        let home = try String(contentsOf: folder.appendingPathComponent("out/index.md"), encoding: .utf8)
        #expect(home.contains("Last entry Feb 20, 2025 — 207 days before this export"), "\(home)")
        #expect(home.contains("- Feed: Logged Feb 20, 2025 · "), "\(home)")
        #expect(home.contains("- Sleep: Not ended in the app · started Feb 20, 2025, "))
        #expect(!home.contains(" ago") && !home.contains("Awake for") && !home.contains("Asleep for"), "\(home)")
        let day = try String(contentsOf: folder.appendingPathComponent("out/ava/2025/02/20.md"), encoding: .utf8)
        #expect(day.contains(" · Sleep · not ended in the app"), "\(day)")
        // The days after it are not asleep: their sleep is not logged, not "(so far)".
        let month = try String(contentsOf: folder.appendingPathComponent("out/ava/2025/03/index.md"), encoding: .utf8)
        #expect(!month.contains("so far") && !month.contains("24h"), "\(month)")
    }

    @Test("in Japanese the home says neither 207 days asleep nor awake")
    func japanese() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.build(in: folder, ["--language", "ja", "-q"]).status == 0)
        let home = try String(contentsOf: folder.appendingPathComponent("out/index.md"), encoding: .utf8)
        #expect(home.contains("最後の記録は"), "\(home)")
        #expect(home.contains("アプリで終了されていません") && home.contains("に記録"))
        #expect(!home.contains("睡眠中") && !home.contains("起きて"), "\(home)")
    }
}

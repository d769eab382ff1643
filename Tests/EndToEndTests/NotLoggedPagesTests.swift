import Foundation
import Testing

/// Exports shaped like real families', made from the sample and changed as those families'
/// logging changed.
enum FamilyExports {
    /// The sample (one child, Ava, 300 days to Nov 21, 2026) with the events for which `drop`
    /// holds left out and `adding` added (each given Ava's id), written to `export.json` in `folder`.
    static func sample(in folder: URL, days: Int = 300, adding: [[String: Any]] = [],
                       dropping drop: ([String: Any]) -> Bool) throws -> String {
        let written = try Tool.run(["sample", "--children", "1", "--days", String(days), "-o", "sample.json"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        var export = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("sample.json"))) as? [String: Any])
        let child = try #require((export["children"] as? [[String: Any]])?.first?["id"] as? String)
        export["events"] = (export["events"] as? [[String: Any]] ?? []).filter { !drop($0) } + adding.map { $0.merging(["child_id": child]) { $1 } }
        try JSONSerialization.data(withJSONObject: export).write(to: folder.appendingPathComponent("export.json"))
        return "export.json"
    }

    /// The event's time as written: `started_at` or `occurred_at`.
    static func time(_ event: [String: Any]) -> String {
        (event["started_at"] ?? event["occurred_at"]) as? String ?? ""
    }
}

/// A family that stopped logging diapers and sleep on March 18 but still logs feeds: nothing
/// after March reads as a day without a wet diaper or without sleep.
@Suite struct NotLoggedPagesTests {
    static func build(_ arguments: [String]) throws -> URL {
        let folder = try temporaryFolder()
        let export = try FamilyExports.sample(in: folder) { event in
            ["diaper", "sleep"].contains(event["type"] as? String) && FamilyExports.time(event) >= "2026-03-18"
        }
        let result = try Tool.run(["build", export, "-o", "out", "--markdown", "-q"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return folder.appendingPathComponent("out")
    }

    static func text(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("day, week and visit summary in German say \"nicht eingetragen\", never 0 nass or 0 Min. Schlaf")
    func german() throws {
        let out = try Self.build(["--language", "de"])
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let day = try Self.text(out, "ava/2026/11/20.md")
        #expect(day.contains("| Windeln | nicht eingetragen |"), "\(day)")
        #expect(day.contains("| Schlaf | nicht eingetragen |"))
        let html = try Self.text(out, "ava/2026/11/20.html")
        #expect(!html.contains("0 nass"), "no card of zero wet diapers")
        #expect(html.contains("Windeln nicht eingetragen."), "the timeline says so to a screen reader")
        let visit = try Self.text(out, "ava/visit.md")
        #expect(visit.contains("| Windeln | nicht eingetragen | – | – | – |"), "\(visit)")
        #expect(visit.contains("| Schlaf | nicht eingetragen | – | – | – |"))
        #expect(!visit.contains("Nasse Windeln") && !visit.contains("| Nass |"), "no row or column of wet diapers")
        #expect(!visit.contains("Weniger als 6 nasse Windeln"))
        let week = try Self.text(out, "ava/weeks/2026-W46.md")
        #expect(week.contains("Windeln: an keinem dieser Tage eingetragen."), "\(week)")
    }

    @Test("the week logging stopped counts its means over the days that logged each kind, and says so")
    func weekOfTheChange() throws {
        let out = try Self.build([])
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        // Sunday-first weeks: the week of Sunday, March 15 logged diapers until Wednesday the 18th.
        let week = try Self.text(out, "ava/weeks/2026-W12.md")
        #expect(week.contains("Diapers: logged on"), "\(week)")
        #expect(week.contains("| not logged |"), "the days after it say so in their cells")
        let home = try Self.text(out, "index.html")
        #expect(home.contains("not logged"), "today's counts of diapers and sleep")
        #expect(!home.contains("0 wet · 0 dirty"))
    }

    @Test("days.json keeps the figures and flags the kinds a day did not log")
    func daysJSON() throws {
        let out = try Self.build([])
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let json = try Self.text(out, "ava/days.json")
        let line = try #require(json.split(separator: "\n").first { $0.contains(#""date":"2026-11-20""#) })
        #expect(line.contains(#""diapers":{"both":0,"count":0,"dirty":0,"dirty_logged":false,"dry":0,"logged":false,"#))
        #expect(line.contains(#""logged":true},"measurements""#), "feeds logged")
        #expect(line.contains(#""sleep":{"longest_seconds":null,"longest_started_at":null,"logged":false,"#))
    }
}

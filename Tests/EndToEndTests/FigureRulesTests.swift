import Foundation
import Testing

/// Figures that cannot mislead a doctor or a tired parent, as the built pages show them.
@Suite struct FigureRulesTests {
    /// Two weeks of bottles and naps in Chicago (Nov 1–14, 2026, across the fall-back
    /// change), one bottle in six without an amount on even days, nothing at all logged on
    /// Nov 5, and an export in the afternoon of Nov 14.
    static func export() throws -> Data {
        var events: [[String: Any]] = []
        func add(_ event: [String: Any]) { events.append(event.merging(["id": "e\(events.count)", "child_id": "c"]) { $1 }) }
        for day in 1...14 where day != 5 {
            let date = String(format: "2026-11-%02d", day)
            let offset = day == 1 ? "-05:00" : "-06:00"
            for hour in [1, 5, 9, 13, 17, 21] where !(day == 14 && hour > 13) {
                var bottle: [String: Any] = ["type": "feeding", "feeding_type": "bottle", "started_at": String(format: "%@T%02d:00:00%@", date, hour, hour < 2 ? offset : "-06:00")]
                if !(day % 2 == 0 && hour == 21) { bottle["amount_ml"] = 100 }
                add(bottle)
            }
            add(["type": "sleep", "started_at": "\(date)T10:00:00-06:00", "ended_at": "\(date)T11:00:00-06:00"])
            if day != 14 { add(["type": "sleep", "started_at": "\(date)T14:00:00-06:00", "ended_at": "\(date)T15:30:00-06:00"]) }
        }
        // The hour that happens twice on Nov 1: one diaper in each.
        add(["type": "diaper", "diaper_type": "pee", "occurred_at": "2026-11-01T01:30:00-05:00"])
        add(["type": "diaper", "diaper_type": "poop", "occurred_at": "2026-11-01T01:30:00-06:00"])
        let export: [String: Any] = [
            "format": "babybasics-export", "version": 1, "exported_at": "2026-11-14T15:00:00-06:00",
            "settings": ["timezone": "America/Chicago"],
            "children": [["id": "c", "name": "Ava", "date_of_birth": "2026-10-20"]], "events": events,
        ]
        return try JSONSerialization.data(withJSONObject: export)
    }

    func build() throws -> URL {
        let folder = try temporaryFolder()
        try Self.export().write(to: folder.appendingPathComponent("two-weeks.json"))
        let result = try Tool.run(["build", "two-weeks.json", "-o", "out", "--markdown", "-q"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return folder
    }

    func read(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("out/" + path), encoding: .utf8)
    }

    @Test("unknown bottle amounts are not 0 ml: means and ranges use the bottles that have one, and say how many did")
    func bottleAmounts() throws {
        let folder = try build()
        defer { try? FileManager.default.removeItem(at: folder) }
        let visit = try read(folder, "ava/visit.md")
        let bottleRow = try #require(visit.split(separator: "\n").first { $0.hasPrefix("| Bottle |") })
        #expect(bottleRow.hasPrefix("| Bottle | 545\u{00A0}ml | 500\u{00A0}ml – 600\u{00A0}ml |"), "\(bottleRow)")
        // Counted: Nov 2–4 and 6–13 (Nov 1 logging began, Nov 5 nothing, Nov 14 the export's day): 66 bottles, 6 without an amount.
        #expect(visit.contains("Bottle amounts: on 60 of 66 bottles; a day's millilitres count only those."))
        // Born Oct 20: in the first weeks each day has its day of life (6 feeds are under the usual 8).
        let rows = visit.split(separator: "\n")
        let monday = try #require(rows.first { $0.hasPrefix("| Mon,\u{00A0}Nov\u{00A0}2 | 14 |") }, "\(visit)")
        #expect(monday.contains(" | 500\u{00A0}ml (5\u{00A0}of\u{00A0}6) |"), "\(monday)")
        let tuesday = try #require(rows.first { $0.hasPrefix("| Tue,\u{00A0}Nov\u{00A0}3 | 15 |") })
        #expect(tuesday.contains(" | 600\u{00A0}ml |"), "\(tuesday)")
        #expect(!visit.contains("| 0\u{00A0}ml –"))
        let day = try read(folder, "ava/2026/11/02.md")
        #expect(day.contains("6 bottle (500\u{00A0}ml on 5 of them)"))
    }

    @Test("a day nobody logged does not distort the next: its gaps are left out of the pages, and the page says why")
    func unloggedDay() throws {
        let folder = try build()
        defer { try? FileManager.default.removeItem(at: folder) }
        let day = try read(folder, "ava/2026/11/06.md")
        #expect(day.contains("| Between feeds | mean 4h, longest 4h (the gap since then is left out: the day before was not logged) |"), "\(day)")
        #expect(day.contains("| Wake windows | 1, mean 3h, longest 3h (the gap since then is left out: the day before was not logged) |"))
        let visit = try read(folder, "ava/visit.md")
        let between = try #require(visit.split(separator: "\n").first { $0.hasPrefix("| Between feeds |") })
        #expect(between.hasPrefix("| Between feeds | 4h | 4h – 4h |"), "\(between)")
        #expect(visit.contains("Between feeds leaves out 1 gap across a day with no feed logged."))
        // days.json keeps its definition (docs/archive.md): the 30-hour gap ends on Nov 6.
        let json = try read(folder, "ava/days.json")
        let line = try #require(json.split(separator: "\n").first { $0.contains("\"date\":\"2026-11-06\"") })
        #expect(line.contains("\"interval_seconds\":{\"longest\":100800,"), "\(line)")
    }

    @Test("the export's own day is marked as so far, in the tables and the totals bars")
    func soFar() throws {
        let folder = try build()
        defer { try? FileManager.default.removeItem(at: folder) }
        let week = try read(folder, "ava/weeks/2026-W46.html")
        #expect(week.contains(">Sat, Nov 14</a> (so far)</td>"), "\(week)")
        #expect(week.contains("class=\"bar-sleep so-far\""))
        #expect(week.contains(">so far</text>"))
        #expect(week.contains("Sat (so far): "))
        let other = try read(folder, "ava/weeks/2026-W45.html")
        #expect(!other.contains("so far"))
    }

    @Test("on the fall-back day the repeated hour is told apart, and the change is said")
    func repeatedHour() throws {
        let folder = try build()
        defer { try? FileManager.default.removeItem(at: folder) }
        let day = try read(folder, "ava/2026/11/01.md")
        #expect(day.contains("25h long: the clocks went back from 2:00 AM to 1:00 AM, so 1:00 AM – 2:00 AM happened twice (CDT, then CST)"))
        #expect(day.contains("**1:30 AM CDT** · Diaper · Pee"))
        #expect(day.contains("**1:30 AM CST** · Diaper · Poop"))
        #expect(day.contains("**1:00 AM CDT** · Feed · Bottle"))
        #expect(day.contains("**5:00 AM** · Feed"))
    }
}

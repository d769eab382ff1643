import Foundation
import Testing

/// A newborn's visit summary: each day of life on the first page, its feeds and wet and
/// dirty diapers against the day-by-day signs that feeding is going well, a miss marked by
/// word and shape; the loss and regain of birth weight beside them.
@Suite struct FirstWeeksTests {
    /// Born Nov 12 (day 1), ten days old at the export: 8 feeds, 7 wet and 1 dirty a day, but
    /// 4 wet on day 6 (Nov 17) and 6 feeds on day 8 (Nov 19); weighed 3.22 kg on day 3 and
    /// 3.55 kg on day 10 against 3.50 kg at birth.
    static let export: String = {
        var events = (12...21).flatMap { date -> [String] in
            var day = VisitHealthTests.ordinaryDay("2026-11-\(date)", wet: date == 17 ? 4 : 7)
            if date == 19 { day.removeFirst(2) }
            day.append(#""type": "diaper", "occurred_at": "2026-11-\#(date)T16:40:00-06:00", "diaper_type": "poop""#)
            return day
        }
        events += [
            #""type": "measurement", "occurred_at": "2026-11-14T09:00:00-06:00", "weight_kg": 3.22"#,
            #""type": "measurement", "occurred_at": "2026-11-21T09:00:00-06:00", "weight_kg": 3.55"#,
        ]
        return VisitHealthTests.export(born: "2026-11-12", birthWeight: 3.5, events: events)
    }()

    @Test("a 10-day-old: each day of life with its feeds and diapers against the usual, day 6's 4 wet and day 8's 6 feeds marked, on the first page")
    func daysOfLife() async throws {
        let (_, markdown, page) = try await VisitHealthTests.visit(Self.export, arguments: ["--language", "en-US"])
        let rows = markdown.split(separator: "\n").map(String.init)
        for (start, cells) in [("| Thu, Nov 12 (logging began) | 1 |", ["| 8 |", "| 7 | 2 |", "| 8+ · 1+ · 1+ |"]),
                               ("| Tue, Nov 17 | 6 |", ["| 8 |", "| 4 ▼ below 5+ | 2 |", "| 8+ · 5+ · 2+ |"]),
                               ("| Thu, Nov 19 | 8 |", ["| 6 ▼ below 8+ |", "| 7 | 2 |", "| 8+ · 6+ · 2+ |"]),
                               ("| Sat, Nov 21 (to the export) | 10 |", ["| 8 |", "| 7 | 2 |", "| 8+ · 6+ · 2+ |"])] {
            let row = try #require(rows.first { $0.hasPrefix(start) }, "\(start)\n\(markdown)")
            for cell in cells { #expect(row.contains(cell), "\(cell) in \(row)") }
        }
        // A day that logging began in is not held to the usual, however few its feeds.
        #expect(!rows.contains { $0.hasPrefix("| Thu, Nov 12") && $0.contains("▼") })
        #expect(markdown.contains("Birth weight 7 lb 11.5 oz; lowest 7 lb 1.6 oz at 2 days old, 8.0 % below; back to birth weight at 9 days old (Nov 21)."), "\(markdown)")
        // The panel comes before the figures; it is the daily table, not said twice.
        let panels = page.all("section.panel").map { $0.attribute("class") ?? "" }
        let first = try #require(panels.firstIndex { $0.contains("visit-first-weeks") })
        #expect(first < (panels.firstIndex { $0.contains("visit-averages") } ?? 0))
        #expect(!markdown.contains("## Each day") && markdown.contains("| Day | Day of life | Feeds |"))
    }

    @Test("the first weeks in German, Japanese and Arabic", arguments: [
        ("de", "4 ▼ unter 5+"), ("ja", "4 ▼ 目安5+未満"), ("ar", "4 ▼ دون 5+"),
    ])
    func languages(language: String, miss: String) async throws {
        let (_, markdown, _) = try await VisitHealthTests.visit(Self.export, arguments: ["--language", language])
        #expect(markdown.contains(miss), "\(markdown)")
    }

    @Test("printed, the days of life and day 6's miss are on page 1")
    func pageOne() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.export.utf8).write(to: folder.appendingPathComponent("export.json"))
        #expect(try await Tool.run(["build", "export.json", "-o", "out", "-q", "--pdf", "--paper", "letter", "--language", "en-US"], in: folder).status == 0)
        let first = try Poppler.text(folder.appendingPathComponent("out/ava/visit.pdf"), page: 1).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(first.contains("The first weeks, day by day") && first.contains("4 ▼ below 5+"), "\(first)")
    }
}

import Foundation
import Testing

/// Crying on the pages a doctor reads: the visit summary's minutes a day, and beside them how
/// the record compares with each part of the rule of threes, in every language's words; the
/// day's timeline lane; never the name of a condition.
@Suite struct CryingPagesTests {
    /// Three weeks and a day of a seven-week-old: on the 1st, 3rd, 5th and 7th of each week
    /// (Nov 1–7, 8–14, 15–21) 3h 10m of crying from 5 PM (3h 30m on Nov 12), on the other
    /// days an hour; a feed, a diaper and a sleep every day, so that every day is logged.
    static let export: String = {
        var events: [String] = []
        let long: Set = [1, 3, 5, 7, 8, 10, 12, 14, 15, 17, 19, 21]
        for day in 0...21 {
            let date = day == 0 ? "2026-10-31" : String(format: "2026-11-%02d", day)
            let offset = day == 0 ? "-05:00" : "-06:00"
            let minutes = day == 12 ? 210 : long.contains(day) ? 190 : 60
            let end = String(format: "%02d:%02d", 17 + minutes / 60, minutes % 60)
            events.append(#"{"id": "f\#(day)", "child_id": "c", "type": "feeding", "started_at": "\#(date)T08:00:00\#(offset)", "feeding_type": "breast", "duration_minutes": 15}"#)
            events.append(#"{"id": "d\#(day)", "child_id": "c", "type": "diaper", "occurred_at": "\#(date)T08:30:00\#(offset)", "diaper_type": "both"}"#)
            events.append(#"{"id": "s\#(day)", "child_id": "c", "type": "sleep", "started_at": "\#(date)T12:00:00\#(offset)", "ended_at": "\#(date)T14:00:00\#(offset)"}"#)
            events.append(#"{"id": "c\#(day)", "child_id": "c", "type": "crying", "started_at": "\#(date)T17:00:00\#(offset)", "ended_at": "\#(date)T\#(end):00\#(offset)"}"#)
        }
        events.append(#"{"id": "u", "child_id": "c", "type": "crying", "started_at": "2026-11-20T21:00:00-06:00", "note": "in the car seat"}"#)
        return #"""
            {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00-06:00",
             "settings": {"timezone": "America/Chicago"},
             "children": [{"id": "c", "name": "Ava", "date_of_birth": "2026-10-01", "sex": "female"}],
             "events": [\#(events.joined(separator: ",\n"))]}
            """#
    }()

    static func page(_ path: String, language: String) async throws -> HTMLDocument {
        try await SharedBuilds.shared.archive(export, arguments: ["--language", language]).page(path)
    }

    @Test("the visit summary: crying a day over the summary, the rule of threes as context and the record against each part")
    func visitEnglish() async throws {
        let page = try await Self.page("ava/visit.html", language: "en-US")
        let section = try #require(page.first("section.visit-crying"))
        let text = section.text
        for expected in ["Crying logged on 14 of these 14 days: 31h 40m in all; on those days 2h 16m on average, the most 3h 30m (Thu, Nov 12).",
                         "more than 3 hours a day, on more than 3 days a week, for 3 weeks or more (Wessel, 1954). A record, not a diagnosis.",
                         "In this record: more than 3 hours on 4 of the last 7 days, to Sat, Nov 21; weeks in a row with more than 3 such days: 3.",
                         "1 spell logged without a length is in no hour here."] {
            #expect(text.contains(expected), "\(expected)\n\(text)")
        }
        // The record, never a condition's name.
        #expect(!page.text.lowercased().contains("colic"))
        // Each day's crying in the daily table (at seven weeks, the first page's days of life).
        let daily = try #require(page.first("section.visit-first-weeks table"))
        #expect(daily.first("thead")?.text.contains("Crying") == true)
        #expect(daily.all("tr").contains { $0.text.contains("Nov 12") && $0.text.contains("3h 30m") })
    }

    @Test("the rule's record in German, Japanese and Arabic", arguments: [
        ("de", ["mehr als 3 Stunden an 4 der letzten 7 Tage", "Wochen in Folge mit mehr als 3 solchen Tagen: 3."]),
        ("ja", ["3時間を超えた日は4日", "連続：3週"]),
        ("ar", ["أكثر من 3 ساعات في 4 من آخر 7 أيام", "أسابيع متتالية فيها أكثر من 3 أيام كهذه: 3."]),
    ])
    func visitLanguages(language: String, expected: [String]) async throws {
        let page = try await Self.page("ava/visit.html", language: language)
        let text = try #require(page.first("section.visit-crying")).text
        for phrase in expected {
            #expect(text.contains(phrase), "\(phrase)\n\(text)")
        }
    }

    @Test("a day with crying has a lane of it on the timeline, a bar for each stretch and its icon at each start; a day without has none")
    func timeline() async throws {
        let day = try await Self.page("ava/2026/11/20.html", language: "en-US")
        let wide = try #require(day.first("svg.timeline"))
        #expect(wide.all(".lane-label").map(\.text) == ["Sleep", "Feeds", "Diapers", "Notes", "Crying"])
        #expect(wide.all(".bar-crying").count == 1)
        #expect(wide.all(".mark-crying").count == 2)
        #expect(day.text.contains("9:00 PM · Crying · length not logged · in the car seat"))
        let plain = try await BuiltArchive.build(HealthPagesTests.export(units: "ml").replacingOccurrences(of: "\"type\": \"crying\"", with: "\"type\": \"bath\""))
            .page("ava/2026/11/21.html")
        #expect(try #require(plain.first("svg.timeline")).all(".lane-label").count == 4)
    }
}

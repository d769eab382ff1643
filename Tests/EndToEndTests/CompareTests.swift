import Foundation
import Testing

/// The family's comparison by age: who first slept 6 hours at night at the younger age, as
/// the logs can tell it; each figure a line a child, told apart by style as well as colour.
@Suite struct CompareTests {
    /// Leo (born Jan 1, 2024) and Mia (born Jun 1, 2025), each logged from birth to the export
    /// (Oct 31, 2025, 9 PM UTC): naps 10–11 AM and 2–3 PM; feeds at 7 AM, 11:30 AM, 3:30 PM
    /// and 7 PM, before bed. Nights from 7:30 PM to 6:30 AM, broken at 10:30 PM and 2 AM with
    /// a feed at 10:40 PM and 2:10 AM while young; from 14 weeks for Leo and 9 weeks for Mia
    /// the first stretch lasts to 2 AM (6 h 30 m); from day 200 Leo sleeps through, unfed.
    /// Leo eats banana at noon from day 170; Mia no solid food. Sam has no date of birth.
    static let export = export(leoUnlogged: nil)

    /// The export with Leo's days of `leoUnlogged` (ages in days) not logged at all.
    static func export(leoUnlogged: ClosedRange<Int>?) -> String {
        var events: [String] = []
        let calendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar
        }()
        let formatter = ISO8601DateFormatter()
        func add(_ child: String, _ fields: String) {
            events.append(#"{"id": "e\#(events.count)", "child_id": "\#(child)", \#(fields)}"#)
        }
        let end = formatter.date(from: "2025-10-31T00:00:00Z")!
        func live(_ child: String, born: String, sixHoursAt: Int, lastNightFeedAt: Int, solidsAt: Int?, unlogged: ClosedRange<Int>? = nil) {
            var day = formatter.date(from: born + "T00:00:00Z")!
            var age = -1
            while day <= end {
                defer { day = calendar.date(byAdding: .day, value: 1, to: day)! }
                age += 1
                if unlogged?.contains(age) == true { continue }
                func at(_ hour: Int, _ minute: Int) -> String {
                    formatter.string(from: day.addingTimeInterval(Double(hour * 3_600 + minute * 60)))
                }
                func sleep(_ from: (Int, Int), _ to: (Int, Int)) {
                    add(child, #""type": "sleep", "started_at": "\#(at(from.0, from.1))", "ended_at": "\#(at(to.0, to.1))""#)
                }
                func feed(_ hour: Int, _ minute: Int) {
                    add(child, #""type": "feeding", "started_at": "\#(at(hour, minute))", "feeding_type": "breast", "duration_minutes": 15"#)
                }
                sleep((10, 0), (11, 0))
                sleep((14, 0), (15, 0))
                for (hour, minute) in [(7, 0), (11, 30), (15, 30), (19, 0)] { feed(hour, minute) }
                if let solidsAt, age >= solidsAt { add(child, #""type": "solids", "occurred_at": "\#(at(12, 0))", "food": "banana""#) }
                if day < end {
                    if age < sixHoursAt {
                        sleep((19, 30), (22, 30)); sleep((23, 0), (26, 0)); sleep((26, 30), (30, 30))
                        feed(22, 40); feed(26, 10)
                    } else if age < lastNightFeedAt {
                        sleep((19, 30), (26, 0)); sleep((26, 30), (30, 30))
                        feed(26, 10)
                    } else {
                        sleep((19, 30), (30, 30))
                    }
                }
            }
        }
        live("leo", born: "2024-01-01", sixHoursAt: 98, lastNightFeedAt: 200, solidsAt: 170, unlogged: leoUnlogged)
        live("mia", born: "2025-06-01", sixHoursAt: 63, lastNightFeedAt: .max, solidsAt: nil)
        add("sam", #""type": "feeding", "started_at": "2025-10-30T09:00:00Z", "feeding_type": "bottle", "amount_ml": 120"#)
        return #"""
            {"format": "babybasics-export", "version": 1, "exported_at": "2025-10-31T21:00:00Z",
             "settings": {"timezone": "UTC", "day_start": "06:00"},
             "children": [{"id": "leo", "name": "Leo", "date_of_birth": "2024-01-01", "sex": "male"},
                          {"id": "mia", "name": "Mia", "date_of_birth": "2025-06-01", "sex": "female"},
                          {"id": "sam", "name": "Sam"}],
             "events": [\#(events.joined(separator: ",\n"))]}
            """#
    }

    static func page(_ language: String = "en-US") async throws -> HTMLDocument {
        try await SharedBuilds.shared.archive(export, arguments: ["--language", language]).page("compare.html")
    }

    @Test("the younger child's first 6-hour night, at 9 weeks, reads as the younger age on compare.html")
    func youngerFirstSixHourNight() async throws {
        let page = try await Self.page()
        let rows = page.all(".compare-landmarks tbody tr").map { $0.all("td").map(\.text) }
        #expect(page.all(".compare-landmarks thead th").map(\.text) == ["", "Leo", "Mia"])
        #expect(rows.first == ["First night with 6 hours of sleep", "14 weeks (3 months), Apr 8, 2024", "9 weeks (2 months), Aug 3, 2025"], "\(rows)")
        // Leo's night feeds stopped on day 199 and 14 nights followed; Mia's go on.
        #expect(rows.dropFirst().first == ["Last night feed", "28 weeks 3 days (6 months), Jul 18, 2024", "not yet: one at 21 weeks 4 days (4 months)"], "\(rows)")
        #expect(rows.last == ["First solid food", "24 weeks 2 days (5 months), Jun 19, 2024", "not logged"], "\(rows)")
        #expect(page.texts(".compare-landmarks p") == [
            "First night with 6 hours of sleep: Mia was youngest (9 weeks (2 months), Aug 3, 2025).",
            "Last night feed: the logs cannot tell which child was youngest.",
            "First solid food: the logs cannot tell which child was youngest.",
        ] + [page.texts(".compare-landmarks p").last ?? ""])
        #expect(page.text.contains("Sam has no date of birth in the export, so is not placed by age"))
    }

    @Test("days not logged around a first make it a span of ages, and the youngest is said only when the spans do not overlap")
    func unloggedDays() async throws {
        // Leo not logged from day 90 to day 100: his 6-hour nights began in that gap.
        let page = try await SharedBuilds.shared.archive(Self.export(leoUnlogged: 90...100), arguments: ["--language", "en-US"]).page("compare.html")
        let first = page.all(".compare-landmarks tbody tr").first?.all("td").map(\.text)
        #expect(first == ["First night with 6 hours of sleep", "between 12 weeks 6 days (2 months) and 14 weeks 3 days (3 months) (days not logged)",
                          "9 weeks (2 months), Aug 3, 2025"])
        #expect(page.texts(".compare-landmarks p").first == "First night with 6 hours of sleep: Mia was youngest (9 weeks (2 months), Aug 3, 2025).")
        // Leo not logged from day 40 to day 98: his first may have come on day 40, before Mia's 63.
        let wide = try await SharedBuilds.shared.archive(Self.export(leoUnlogged: 40...98), arguments: ["--language", "en-US"]).page("compare.html")
        #expect(wide.texts(".compare-landmarks p").first == "First night with 6 hours of sleep: the logs cannot tell which child was youngest.")
    }

    @Test("each figure is a line a child by week of age, in the child's palette and a style of its own, its latest common week in words")
    func linesByAge() async throws {
        let page = try await Self.page()
        let section = try #require(page.all("section.trend").first { $0.first("h2")?.text == "Longest stretch" })
        // Mia's last whole week of age is her 21st; Leo's stretch then was 6h 30m too.
        let reading = "At 21 weeks: Leo 6h 30m, Mia 6h 30m."
        #expect(section.first(".trend-reading")?.text == reading)
        #expect(section.first("svg desc")?.text == reading)
        let lines = section.all("svg g.compare-child")
        #expect(lines.map { $0.attribute("class") ?? "" } == ["compare-child compare-style-0", "compare-child compare-style-1"])
        #expect(Set(lines.map { $0.attribute("data-palette") ?? "" }).count >= 1)
        let night = try #require(page.all("section.trend").first { $0.first("h2")?.text == "Night feeds" })
        // The feed at 7 PM, before bed, is no night feed: two a night, then one, then none.
        let rows = night.all("details table tbody tr").map { $0.all("td").map(\.text) }
        #expect(rows.first == ["0 weeks", "2", "2"], "\(rows.prefix(3))")
        #expect(rows.first { $0.first == "30 weeks" } == ["30 weeks", "0", "–"])
        let home = try await SharedBuilds.shared.archive(Self.export, arguments: ["--language", "en-US"]).page("index.html")
        #expect(home.all("a[href=compare.html]").count == 1)
        let alone = try await SharedBuilds.shared.archive(DiaryTests.export, arguments: ["--language", "en-US"])
        #expect(try alone.page("index.html").all("a[href=compare.html]").isEmpty)
    }

    @Test("printed, the sample's comparison takes two pages at most, lines told apart in grey",
          .enabled(if: Browser.available && Poppler.available, "needs Chromium and poppler-utils; scripts/test installs them"))
    func printed() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for language in [PageLanguage.english, .arabic, .japanese] {
            let page = try await language.sample.appendingPathComponent("compare.html")
            let pdf = try await PrintTests.printToPDF(page, in: folder)
            #expect((1...2).contains(try Poppler.info(pdf).pages), "\(language)")
            try? FileManager.default.removeItem(at: pdf)
            // Each child's lines carry a style of their own, whatever the colours.
            let styles = Set(try HTMLDocument(contentsOf: page).all("svg g.compare-child").map { $0.attribute("class") ?? "" })
            #expect(styles == ["compare-child compare-style-0", "compare-child compare-style-1"], "\(language)")
        }
    }
}

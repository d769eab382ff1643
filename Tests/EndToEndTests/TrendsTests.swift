import Foundation
import Testing

/// The trends page: each figure over the whole history, its reading from the first month to
/// the last as days.json's figures give it, its weekly medians, and two printed pages at most.
@Suite struct TrendsTests {
    /// `2h 32m`, as the pages write a duration of `seconds`, to the nearest minute.
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        return minutes % 60 == 0 ? "\(minutes / 60)h" : minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h \(minutes % 60)m"
    }

    /// The median of `values`, halfway between the middle two of an even count.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    @Test("the longest stretch's reading is the median of its first and last month with a week of whole days, as days.json has them")
    func readingFromDaysJSON() async throws {
        let archive = try await PageLanguage.english.sample
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: archive.appendingPathComponent("ava/days.json"))) as! [String: Any]
        let days = json["days"] as! [[String: Any]]
        // Whole days: not the day logging began, nor the export's.
        var months: [(month: String, values: [Double])] = []
        for day in days.dropFirst().dropLast() {
            let sleep = day["sleep"] as! [String: Any]
            guard sleep["logged"] as? Bool == true, let longest = sleep["longest_seconds"] as? Double else { continue }
            let month = String((day["date"] as! String).prefix(7))
            if months.last?.month == month { months[months.count - 1].values.append(longest) } else { months.append((month, [longest])) }
        }
        let full = months.filter { $0.values.count >= 7 }
        let first = try #require(full.first), last = try #require(full.last)
        #expect(first.month == "2026-02" && last.month == "2026-11")
        let expected = "Longest stretch: \(Self.duration(Self.median(first.values))) in February 2026 → \(Self.duration(Self.median(last.values))) in November 2026."
        let page = try HTMLDocument(contentsOf: archive.appendingPathComponent("ava/trends.html"))
        let section = try #require(page.all("section.trend").first { $0.first("h2")?.text == "Longest stretch" })
        #expect(section.first(".trend-reading")?.text == expected)
        // The chart says it in words too, and its weekly medians follow it.
        #expect(section.first("svg desc")?.text == expected)
        #expect(section.all("details table tbody tr").count >= 40)
        #expect(page.all("section.trend h2").map(\.text) == ["Total sleep", "Night sleep", "Longest stretch", "Feeds", "Night feeds", "Bottle",
                                                            "Bottle per kg of weight", "Diapers", "Wake windows"])
    }

    @Test("night feeds come inside the night's sleep; a week's row is its median, middle half and whole days")
    func nightFeeds() async throws {
        let archive = try await SharedBuilds.shared.archive(DiaryTests.export, arguments: ["--language", "en-US"])
        let page = try archive.page("ava/trends.html")
        let section = try #require(page.all("section.trend").first { $0.first("h2")?.text == "Night feeds" })
        // 11:45 PM and 3:25 AM each night; not 7:00 PM, before the night's first sleep at 7:30 PM.
        #expect(section.first(".trend-reading")?.text == "Night feeds: 2 a day in November 2026 (median).")
        let rows = section.all("details table tbody tr").map { $0.all("td").map(\.text) }
        #expect(rows.first == ["Nov 15, 2026", "2", "2 – 2", "6"], "\(rows)")
        // Days with no bottle have no bottle chart.
        #expect(!page.all("section.trend h2").map(\.text).contains("Bottle"))
        #expect(try archive.page("ava/index.html").all("a[href=trends.html]").count == 1)
    }

    @Test("printed, the trends page takes two pages at most",
          .enabled(if: Browser.available && Poppler.available, "needs Chromium and poppler-utils; scripts/test installs them"))
    func printed() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for language in [PageLanguage.english, .arabic, .japanese] {
            let pdf = try await PrintTests.printToPDF(try await language.sample.appendingPathComponent("ava/trends.html"), in: folder)
            #expect((1...2).contains(try Poppler.info(pdf).pages), "\(language)")
            try? FileManager.default.removeItem(at: pdf)
        }
    }
}

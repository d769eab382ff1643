import Foundation
import Testing

/// Every mark of a day's timeline sits at its time, on a phone as at a desk, however busy
/// the day: crowded marks are drawn smaller or as ticks, never moved.
@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"))
struct TimelineMarksTests {
    /// Ava's Nov 20 (from 7:00 AM) with 17 feeds, the evening's every 40 to 50 minutes,
    /// one at the day's first minute and one at its last, and two diapers in one minute.
    static func busyDay(in folder: URL) async throws -> String {
        let times = ["07:00", "08:55", "10:10", "11:14", "12:30", "13:20", "14:45", "15:30", "16:40", "17:25",
                     "18:10", "18:50", "19:35", "20:20", "21:40", "23:30", "06:59"]
        var added: [[String: Any]] = times.enumerated().map { index, time in
            ["id": "busy-\(index)", "type": "feeding", "feeding_type": "bottle", "amount_ml": 60,
             "started_at": "2026-11-\(time < "07:00" ? 21 : 20)T\(time):00-06:00"]
        }
        added += ["pee", "poop"].map { ["id": "same-minute-\($0)", "type": "diaper", "diaper_type": $0, "occurred_at": "2026-11-20T12:00:00-06:00"] }
        return try FamilyExports.sample(in: folder, adding: added) { event in
            event["type"] as? String == "feeding" && ("2026-11-20T07:00" ..< "2026-11-21T07:00").contains(FamilyExports.time(event))
        }
    }

    /// The visible timeline's marks: how many, and those whose centre is more than 4 px
    /// from where their time lies along the lanes.
    static let probe = """
    (() => {
      const svg = [...document.querySelectorAll('svg.timeline')].find(s => s.getBoundingClientRect().width > 0);
      const lane = svg.querySelector('.lane').getBoundingClientRect();
      const marks = svg.querySelector('g.marks');
      const start = Number(marks.dataset.start), end = Number(marks.dataset.end);
      const far = [...marks.querySelectorAll('[data-at]')].map(mark => {
        const box = mark.getBoundingClientRect();
        const expected = lane.left + lane.width * (Number(mark.dataset.at) - start) / (end - start);
        return { at: new Date(Number(mark.dataset.at)).toISOString(), off: Math.round(((box.left + box.right) / 2 - expected) * 10) / 10 };
      }).filter(mark => Math.abs(mark.off) > 4);
      return JSON.stringify({ count: marks.querySelectorAll('[data-at]').length, far });
    })()
    """

    struct Found: Decodable {
        struct Mark: Decodable { let at: String; let off: Double }
        let count: Int
        let far: [Mark]
    }

    @Test("every mark's centre is within 4 px of its time at 360, 390 and 1280 px, in English and Arabic", arguments: [PageLanguage.english, .arabic])
    func marksAtTheirTimes(language: PageLanguage) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try await Self.busyDay(in: folder)
        #expect(try await Tool.run(["build", export, "-o", "out", "-q"] + language.arguments, in: folder).status == 0)
        let page = folder.appendingPathComponent("out/ava/2026/11/20.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        let feeds = (html.components(separatedBy: "data-at=").count - 1) / 2 // wide and narrow drawings
        #expect(feeds >= 17 + 2)
        let browser = try await BrowserContext.open()
        for width in [360, 390, 1280] {
            let load = try await browser.load(page, javascript: true, dark: width < 600, viewport: (width, 900), probe: Self.probe)
            let found = try JSONDecoder().decode(Found.self, from: Data((load.probed ?? "").utf8))
            #expect(found.count == feeds, "\(language) at \(width) px: \(found.count) marks of \(feeds)")
            #expect(found.far.isEmpty, "\(language) at \(width) px, marks away from their times: \(found.far.prefix(6).map { "\($0.at) by \($0.off) px" })")
        }
    }
}
